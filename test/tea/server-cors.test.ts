/**
 * The test server's CORS option: off by default (no header, a preflight is not answered as one),
 * and for a listed page origin only: its preflight is answered before any token check, and its
 * requests may read WWW-Authenticate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTeaServer, type RunningTeaServer } from '../../src/tea/server/test-server.js';

const PAGE = 'http://127.0.0.1:5173';
const KEY = { keyId: 'k', secret: 's' };
let closed: RunningTeaServer;
let open: RunningTeaServer;

beforeAll(async () => {
  closed = await startTeaServer({ tls: false, apiKeys: [KEY] });
  open = await startTeaServer({ tls: false, apiKeys: [KEY], cors: { origins: [PAGE] } });
});
afterAll(async () => {
  await Promise.all([closed.close(), open.close()]);
});

const preflight = (server: RunningTeaServer, origin: string) =>
  fetch(`${server.url}/v1.0.0/token`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
  });

describe('the test server and CORS', () => {
  it('sends no CORS header without the option, and a preflight meets the token check like any request', async () => {
    const answer = await preflight(closed, PAGE);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.status).not.toBe(204);
    const get = await fetch(`${closed.url}/v1.0.0/products`, { headers: { origin: PAGE } });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("answers a listed origin's preflight before the token check, and lets its page read the challenge", async () => {
    const answer = await preflight(open, PAGE);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(answer.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    const get = await fetch(`${open.url}/v1.0.0/products`, { headers: { origin: PAGE } });
    expect(get.status).toBe(401);
    expect(get.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(get.headers.get('access-control-expose-headers')).toMatch(/WWW-Authenticate/);
  });

  it('gives an origin it does not list nothing', async () => {
    const answer = await preflight(open, 'http://127.0.0.1:9999');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.status).not.toBe(204);
  });
});
