/**
 * Issue 35 item 1: a server that sends 200 and its headers, then never finishes the body. Every
 * read of the TEA client is bounded (idle and total): `tea get`, `tea check`, `download` (a
 * product release URL and a TEI) and `resolveTei` give up with a timeout instead of hanging,
 * and so do the two transports on their own.
 */
import type { ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback, type LoopbackServer } from '../support/loopback-server.js';
import { runInProcess } from '../support/fake-io.js';
import { tlsTransport } from '../../src/tea/node/tls-transport.js';
import { TeaClient } from '../../src/tea/client/tea-client.js';
import { TeaApi } from '../../src/tea/client/tea-api.js';
import { resolveTei } from '../../src/tea/client/resolve-tei.js';
import { NetworkError } from '../../src/tea/client/network-error.js';

const PR = '123e4567-e89b-12d3-a456-426614174000';
const TEI = 'urn:tei:uuid:products.example.com:d4d9f54a-abcf-11ee-ac79-1a52914d44b1';

let loopback: LoopbackServer;
let origin: string;
let scratch: string;

/** Headers, the first bytes of a JSON body, then silence. */
function stall(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"uuid": "');
}

/** Bytes that keep coming, one every 100 ms, never ending: only a total limit stops it. */
function drip(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('[');
  const timer = setInterval(() => res.write(' '), 100);
  res.on('close', () => clearInterval(timer));
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-stall-'));
  loopback = await listenOnLoopback((req, res) => {
    const url = req.url ?? '';
    if (url === '/.well-known/tea') {
      const text = JSON.stringify({ schemaVersion: 1, endpoints: [{ url: origin, versions: ['1.0.0'] }] });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      return res.end(text);
    }
    if (url.startsWith('/drip/')) return drip(res);
    return stall(res);
  });
  origin = loopback.origin;
});
afterAll(async () => {
  await loopback.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs the CLI in-process and says how long it took. */
async function timed(args: string[]) {
  const start = Date.now();
  const run = await runInProcess(args, scratch);
  return { ...run, ms: Date.now() - start };
}

describe('a body that stalls after the headers', () => {
  it('tea get gives up after --timeout with a timeout message', async () => {
    const run = await timed(['tea', 'get', `${origin}/v1.0.0/product/${PR}`, '--allow-http', '--timeout', '500']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/timed out.*no bytes of the answer for 500 ms/);
    expect(run.ms).toBeLessThan(5_000);
  });

  it('tea check gives up too', async () => {
    const run = await timed(['tea', 'check', `${origin}/v1.0.0`, '--allow-http', '--timeout', '300']);
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/no bytes of the answer for 300 ms/);
    expect(run.ms).toBeLessThan(15_000);
  });

  it('download of a product release URL gives up', async () => {
    const run = await timed(['download', `${origin}/v1.0.0/productRelease/${PR}`, '--out', path.join(scratch, 'a'), '--allow-http', '--timeout', '500']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/no bytes of the answer for 500 ms/);
    expect(run.ms).toBeLessThan(5_000);
  });

  it('download of a TEI (GET /discovery?tei= stalls) gives up', async () => {
    const run = await timed(['download', TEI, '--discovery-origin', origin, '--out', path.join(scratch, 'b'), '--allow-http', '--timeout', '500']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/no bytes of the answer for 500 ms/);
    expect(run.ms).toBeLessThan(5_000);
  });

  it('resolveTei rejects with a timeout NetworkError', async () => {
    const transport = tlsTransport();
    try {
      const error = await resolveTei(TEI, { discoveryOrigin: origin, allowInsecureHttp: true, timeoutMs: 400, transport }).catch((e: unknown) => e);
      // Failover gives up on the one endpoint: its attempt is the timeout.
      expect(String((error as Error).message)).toMatch(/no bytes of the answer for 400 ms/);
    } finally {
      await transport.close?.();
    }
  });

  it('a body that drips without end is stopped by the total limit', async () => {
    const client = new TeaClient({ baseUrl: `${origin}/drip/v1.0.0`, allowInsecureHttp: true, timeoutMs: 1_000, bodyTimeoutMs: 700 });
    const start = Date.now();
    const error = await new TeaApi(client).product(PR).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('timeout');
    expect((error as Error).message).toMatch(/took longer than 700 ms to read/);
    expect(Date.now() - start).toBeLessThan(4_000);
  });

  it('the TLS transport on its own closes a connection silent for its idle limit', async () => {
    const transport = tlsTransport({ idleTimeoutMs: 300 });
    try {
      const response = await transport.send(`${origin}/v1.0.0/product/${PR}`, { method: 'GET', headers: new Headers(), toService: true });
      const start = Date.now();
      const error = await response.text().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(Date.now() - start).toBeLessThan(3_000);
    } finally {
      await transport.close?.();
    }
  });

  it('the platform fetch transport is bounded by the client', async () => {
    const client = new TeaClient({ baseUrl: `${origin}/v1.0.0`, allowInsecureHttp: true, timeoutMs: 300 });
    const result = await client.request(`/product/${PR}`);
    const error = await result.response.text().catch((e: unknown) => e);
    expect((error as Error).name).toBe('TimeoutError');
  });
});
