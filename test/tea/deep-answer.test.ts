/**
 * Issue 35 item 7: a 16 MB `[[[[…` answer went to JSON.parse before the depth check: about 900 MB
 * of RSS, and on a 256 MB heap `tea get` died with "JavaScript heap out of memory". The depth is
 * now measured as the bytes arrive, and the size limit follows the heap as `validate`'s does.
 * The built CLI runs in a child Node with a 256 MB heap against a local server.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../support/paths.js';
import { TeaApi, TeaApiError } from '../../src/tea/client/tea-api.js';

const PR = '123e4567-e89b-12d3-a456-426614174000';
const SIZE = 16 * 1024 * 1024;
let server: Server;
let origin: string;
const sent: Record<string, number> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const deep = (req.url ?? '').startsWith('/deep/');
    // A deep body of '[' only, or a wide one: one array of small numbers, as large.
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, deep ? '[' : '0,');
    let left = SIZE;
    const key = deep ? 'deep' : 'wide';
    sent[key] = 0;
    if (!deep) res.write('[');
    const pump = () => {
      while (left > 0) {
        left -= chunk.length;
        sent[key]! += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end(deep ? '' : '0]');
    };
    res.on('error', () => undefined);
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The built CLI in a child with a 256 MB old-space heap. */
function cliOnSmallHeap(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--max-old-space-size=256', CLI, ...args], { env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('a 16 MB answer on a 256 MB heap', () => {
  it('nested 16 million levels deep: tea get reports the nesting, having read a few hundred bytes', async () => {
    const r = await cliOnSmallHeap(['tea', 'get', `${origin}/deep/v1.0.0/productRelease/${PR}`, '--allow-http']);
    expect(r.stderr).not.toMatch(/heap out of memory/);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/nests arrays and objects more than 256 levels deep; teapurl reads at most 256 \[json\/too-deep\]/);
    expect(sent.deep).toBeLessThan(SIZE);
  }, 60_000);

  it('wide (eight million numbers): refused as larger than this heap can take, not a crash', async () => {
    const r = await cliOnSmallHeap(['tea', 'get', `${origin}/wide/v1.0.0/productRelease/${PR}`, '--allow-http']);
    expect(r.stderr).not.toMatch(/heap out of memory/);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/answered more than 2097152 bytes/);
  }, 60_000);

  it('the library stops at the depth limit as well', async () => {
    const api = new TeaApi({ baseUrl: `${origin}/deep/v1.0.0`, allowInsecureHttp: true });
    const error = await api.productRelease(PR).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TeaApiError);
    expect((error as TeaApiError).code).toBe('invalid-answer');
    expect((error as Error).message).toMatch(/\[json\/too-deep\]/);
  });
});
