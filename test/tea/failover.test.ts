import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FailoverError, withFailover } from '../../src/tea/client/failover.js';
import { tlsTransport } from '../../src/tea/node/tls-transport.js';
import type { TeaTransport } from '../../src/tea/client/transport.js';

/** A GET through `transport`, as a program without TeaClient would send it. */
function get(transport: TeaTransport, url: string): Promise<Response> {
  return transport.send(url, { method: 'GET', headers: new Headers(), toService: true });
}
import { NetworkError } from '../../src/tea/client/network-error.js';
import { TeaClient } from '../../src/tea/client/tea-client.js';
import { otherCertificates, testCertificates, type TestCertificates } from '../support/tls.js';
import { closedPort, sendJson, startHttps, type TestServer } from './helpers/https-server.js';

let certs: TestCertificates;
let ok: TestServer;
let unavailable: TestServer;
let unauthorized: TestServer;
let forbidden: TestServer;
let wrongCa: TestServer;
let refusedUrl: string;

beforeAll(async () => {
  certs = await testCertificates();
  const other = await otherCertificates();
  ok = await startHttps((_q, res) => sendJson(res, 200, { server: 'ok' }), certs.server);
  unavailable = await startHttps((_q, res) => sendJson(res, 503, { error: 'down' }), certs.server);
  unauthorized = await startHttps((_q, res) => sendJson(res, 401, {}, { 'www-authenticate': 'Bearer realm="tea"' }), certs.server);
  forbidden = await startHttps((_q, res) => sendJson(res, 403, {}), certs.server);
  wrongCa = await startHttps((_q, res) => sendJson(res, 200, {}), other.server);
  refusedUrl = `https://127.0.0.1:${await closedPort()}`;
});
afterAll(async () => {
  await Promise.all([ok, unavailable, unauthorized, forbidden, wrongCa].map((s) => s.close()));
});

const entry = (url: string) => ({ baseUrl: `${url}/v1.0.0`, url });

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('withFailover', () => {
  it('moves past a refused connection, a TLS failure and a 5xx to the next endpoint, in order', async () => {
    const agent = tlsTransport({ ca: certs.ca });
    const { waits, sleep } = recordingSleep();
    const tried: string[] = [];
    const response = await withFailover(
      [entry(refusedUrl), entry(wrongCa.url), entry(unavailable.url), entry(ok.url)],
      async (endpoint) => {
        tried.push(endpoint.url);
        return get(agent, `${endpoint.baseUrl}/product/x`);
      },
      { baseDelayMs: 100, maxDelayMs: 250, sleep },
    );
    await agent.close!();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ server: 'ok' });
    expect(tried).toEqual([refusedUrl, wrongCa.url, unavailable.url, ok.url]);
    // Bounded exponential backoff: 100, 200, then capped at 250.
    expect(waits).toEqual([100, 200, 250]);
  });

  it('works with TeaClient results and NetworkError', async () => {
    const transport = tlsTransport({ ca: certs.ca });
    const result = await withFailover(
      [entry(refusedUrl), entry(ok.url)],
      (endpoint) => new TeaClient({ baseUrl: endpoint.baseUrl, transport }).request('/product/x'),
      {
        sleep: async () => undefined,
      },
    );
    expect(result.outcome).toBe('ok');
    await transport.close!();
  });

  it.each([
    ['401', () => unauthorized.url, 401],
    ['403', () => forbidden.url, 403],
  ])('never moves on after %s (section 5.7)', async (_name, url, status) => {
    const agent = tlsTransport({ ca: certs.ca });
    const tried: string[] = [];
    const response = await withFailover(
      [entry(url()), entry(ok.url)],
      async (endpoint) => {
        tried.push(endpoint.url);
        return get(agent, endpoint.baseUrl);
      },
      { sleep: async () => undefined },
    );
    await agent.close!();
    expect(response.status).toBe(status);
    expect(tried).toEqual([url()]);
  });

  it('does not move on for other errors: they are thrown as they are', async () => {
    const boom = new RangeError('a bug in the callback');
    const tried: string[] = [];
    await expect(
      withFailover([entry(ok.url), entry(ok.url)], async (e) => {
        tried.push(e.url);
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(tried).toHaveLength(1);
  });

  it('throws a FailoverError listing what each endpoint did when all fail', async () => {
    const agent = tlsTransport({ ca: certs.ca });
    let error: unknown;
    try {
      await withFailover([entry(refusedUrl), entry(unavailable.url), entry(wrongCa.url)], (e) => get(agent, e.baseUrl), {
        sleep: async () => undefined,
      });
    } catch (e) {
      error = e;
    }
    await agent.close!();
    expect(error).toBeInstanceOf(FailoverError);
    const failure = error as FailoverError;
    expect(failure.attempts.map((a) => [a.endpoint, a.outcome, a.status ?? a.error?.kind])).toEqual([
      [`${refusedUrl}/v1.0.0`, 'network-error', 'connection-refused'],
      [`${unavailable.url}/v1.0.0`, 'server-error', 503],
      [`${wrongCa.url}/v1.0.0`, 'network-error', 'tls'],
    ]);
    expect(failure.message).toContain(`${unavailable.url}/v1.0.0: answered 503`);
    expect(failure.message).toContain('connection was refused');
    expect(failure.errors).toHaveLength(3);
    expect(failure.attempts[0]!.error).toBeInstanceOf(NetworkError);
  });

  it('an empty list is a FailoverError too', async () => {
    await expect(withFailover([], async () => 1)).rejects.toThrow(/no endpoint to try/);
  });

  it('stops waiting when the signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const run = withFailover([entry(refusedUrl), entry(ok.url)], () => globalThis.fetch(refusedUrl), { baseDelayMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stop')), 50);
    await expect(run).rejects.toThrow('stop');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('issue 35 item 6: failover is capped in endpoints tried and in total time', () => {
  const many = Array.from({ length: 3_000 }, (_, i) => ({ baseUrl: `https://e${i}.example.com/v1.0.0` }));
  const unavailable = async () => new Response('', { status: 503 });

  it('tries at most 10 of 3,000 endpoints that all answer 503, and the message says how many were left', async () => {
    const tried: string[] = [];
    const error = await withFailover(many, async (e) => (tried.push(e.baseUrl), unavailable()), { sleep: async () => undefined }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FailoverError);
    expect(tried).toHaveLength(10);
    expect((error as FailoverError).untried).toBe(2_990);
    expect((error as Error).message).toMatch(
      /^10 endpoints failed and 2990 more were not tried \(at most 10 are tried\): https:\/\/e0\.example\.com\/v1\.0\.0: answered 503; /,
    );
  });

  it('gives up once the waits would pass the total time allowed, 60 s by default', async () => {
    let clock = 0;
    const sleep = async (ms: number) => void (clock += ms);
    const error = await withFailover(many, unavailable, { sleep, now: () => clock, maxEndpoints: 1_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FailoverError);
    // Waits of 200, 400, …, 3,200 ms, then 5,000 each: the last wait begun ends by 60 s.
    expect(clock).toBeLessThanOrEqual(60_000);
    expect(clock).toBeGreaterThan(55_000);
    expect((error as Error).message).toMatch(/^\d+ endpoints failed and \d+ more were not tried: failover gives up after 60000 ms: /);
  });

  it('both limits can be set', async () => {
    const tried: string[] = [];
    await withFailover(many, async (e) => (tried.push(e.baseUrl), unavailable()), { sleep: async () => undefined, maxEndpoints: 3 }).catch(() => undefined);
    expect(tried).toHaveLength(3);
    let clock = 0;
    const error = await withFailover(many, unavailable, { sleep: async (ms) => void (clock += ms), now: () => clock, maxTotalMs: 1_000 }).catch(
      (e: unknown) => e,
    );
    expect((error as FailoverError).stoppedBy).toBe('max-total-time');
    expect((error as FailoverError).attempts).toHaveLength(3);
  });
});
