/**
 * Issue 35 item 9, the commands besides `tea get` and `download`: `tea check`, `auth-check` and
 * `discover` print text a server chose (names, header parameters, error descriptions, values
 * quoted in findings) with U+202E, U+2066, U+2028, DEL and C1 controls escaped, in text and in
 * JSON, while the JSON stays the same value.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback, type LoopbackServer } from '../support/loopback-server.js';
import { runInProcess } from '../support/fake-io.js';

/** What a terminal must not get raw: RLO, LRI, LINE SEPARATOR, DEL, a C1 control (CSI). */
const HOSTILE = 'Shop\u202eexe.txt\u2066x\u2028y\u007fz\u009b31m';
const RAW = /[\u202e\u2066\u2028\u007f\u009b]/;
const PRODUCT = '6f3f6a52-0f7e-4a43-9d2b-0c1e2f3a4b5c';

let loopback: LoopbackServer;
let origin: string;
let scratch: string;

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** A server whose every answer carries the hostile text somewhere a command prints. */
function hostile(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', origin);
  if (url.pathname === '/.well-known/tea') {
    // An endpoint URL that is no URL: discovery quotes it in its finding.
    return json(res, 200, { schemaVersion: 1, endpoints: [{ url: `${origin}/${HOSTILE}`, versions: ['1.0.0'] }] });
  }
  if (url.pathname === '/auth/v1.0.0/products' || url.pathname.startsWith('/auth/v1.0.0/product/')) {
    // A challenge whose realm holds a C1 control (a header may carry Latin-1), and an error body of the server's choosing.
    return json(res, 401, { error: 'invalid_token', error_description: HOSTILE }, { 'www-authenticate': `Bearer realm="tea\u009b31m", error="invalid_token"` });
  }
  if (url.pathname === '/api/v1.0.0/products') {
    return json(res, 200, {
      timestamp: '2025-01-01T00:00:00Z',
      pageSize: 100,
      hasNext: false,
      results: [{ uuid: PRODUCT, name: HOSTILE, identifiers: [{ idType: HOSTILE, idValue: HOSTILE }] }],
    });
  }
  if (url.pathname === `/api/v1.0.0/product/${PRODUCT}`)
    return json(res, 200, { uuid: PRODUCT, name: HOSTILE, identifiers: [{ idType: HOSTILE, idValue: HOSTILE }] });
  return json(res, 404, { error: 'OBJECT_UNKNOWN', message: HOSTILE });
}

const cli = (args: string[]) => runInProcess(args, scratch);

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-hostile-text-'));
  loopback = await listenOnLoopback(hostile);
  origin = loopback.origin;
});
afterAll(async () => {
  await loopback.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('item 9: tea check, auth-check and discover escape what the server chose', () => {
  it('tea check, text and json: the finding quotes the value escaped', async () => {
    for (const format of ['text', 'json']) {
      const r = await cli(['tea', 'check', `${origin}/api/v1.0.0`, '--allow-http', '--format', format]);
      expect(r.status, r.stderr).toBe(1);
      expect(r.stdout + r.stderr).not.toMatch(RAW);
      expect(r.stdout).toMatch(/\\u202e/);
      if (format === 'json') expect(JSON.stringify(JSON.parse(r.stdout))).toContain('\u202e');
    }
  });

  it('auth-check, text and json: the challenge and the error description escaped', async () => {
    for (const format of ['text', 'json']) {
      const r = await cli(['auth-check', `${origin}/auth/v1.0.0`, '--allow-http', '--format', format]);
      expect(r.stdout + r.stderr).not.toMatch(RAW);
      expect(r.stdout + r.stderr).toMatch(/\\u009b|\\u202e/);
    }
  });

  it('discover, text and json: the endpoint URL quoted escaped', async () => {
    for (const format of ['text', 'json']) {
      const r = await cli(['discover', origin, '--allow-http', '--format', format]);
      expect(r.status).toBe(1);
      expect(r.stdout + r.stderr).not.toMatch(RAW);
      expect(r.stdout + r.stderr).toMatch(/\\u202e/);
    }
  });
});
