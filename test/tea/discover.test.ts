import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discover, discoveryOrigin, DiscoveryError } from '../../src/tea/client/discover.js';
import { otherCertificates, testCertificates, type TestCertificates } from '../support/tls.js';
import { closedPort, loopbackTransport, sendJson, startHttp, startHttps, type Handler, type TestServer } from './helpers/https-server.js';
import { tlsTransport } from '../../src/tea/node/tls-transport.js';

let certs: TestCertificates;
let other: TestCertificates;
const servers: TestServer[] = [];

beforeAll(async () => {
  [certs, other] = await Promise.all([testCertificates(), otherCertificates()]);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function serve(handler: Handler, tls?: { cert: string; key: string }): Promise<TestServer> {
  const server = await startHttps(handler, tls ?? certs.server);
  servers.push(server);
  return server;
}

const goodDoc = (url: string) => ({
  schemaVersion: 1,
  endpoints: [
    { url: `${url}/backup`, versions: ['1.0.0'], priority: 0.5 },
    { url: `${url}/api`, versions: ['0.9.0', '1.0.0+build.3'] },
  ],
});

async function failure(promise: Promise<unknown>): Promise<DiscoveryError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DiscoveryError);
    return error as DiscoveryError;
  }
  throw new Error('expected discovery to fail');
}

describe('discoveryOrigin: what to fetch for a target', () => {
  it.each([
    ['tea.example.com', 'https://tea.example.com'],
    ['TEA.Example.com', 'https://tea.example.com'],
    ['tea.example.com:8443', 'https://tea.example.com:8443'],
    ['https://tea.example.com:8443/api/v1.0.0?x=1#f', 'https://tea.example.com:8443'],
    ['https://tea.example.com:443/', 'https://tea.example.com'],
    ['urn:tei:uuid:products.example.com:d4d9f54a-abcf-11ee-ac79-1a52914d44b1', 'https://products.example.com'],
    ['urn:tei:purl:tea.example.com:pkg:npm/left-pad@1.3.0', 'https://tea.example.com'],
    ['URN:TEI:hash:Tea.Example.com:SHA256:abc', 'https://tea.example.com'],
    ['127.0.0.1:9443', 'https://127.0.0.1:9443'],
    ['[::1]:9443', 'https://[::1]:9443'],
  ])('%s → %s', (target, origin) => {
    expect(discoveryOrigin(target)).toBe(origin);
  });

  it.each([
    ['', 'bad-target'],
    ['urn:tei:uuid', 'bad-target'],
    ['urn:tei:uuid::abc', 'bad-target'],
    ['urn:tei:uuid:not a host:abc', 'bad-target'],
    ['ftp://tea.example.com', 'bad-target'],
    ['https://user:pw@tea.example.com', 'bad-target'],
    ['tea.example.com/path', 'bad-target'],
    ['http://tea.example.com', 'insecure-target'],
  ])('refuses %j (%s)', (target, code) => {
    expect(() => discoveryOrigin(target)).toThrow(DiscoveryError);
    try {
      discoveryOrigin(target);
    } catch (error) {
      expect((error as DiscoveryError).code).toBe(code);
    }
  });

  it('5.4: http:// only with allowInsecureHttp', () => {
    expect(discoveryOrigin('http://localhost:8080/x', { allowInsecureHttp: true })).toBe('http://localhost:8080');
  });
});

describe('discover against real HTTPS servers', () => {
  it('fetches /.well-known/tea, validates and ranks (section 9)', async () => {
    let origin = '';
    const server = await serve((req, res) => {
      if (req.url === '/.well-known/tea') sendJson(res, 200, goodDoc(origin));
      else sendJson(res, 404, {});
    });
    origin = server.url;
    const result = await discover(server.url, { transport: tlsTransport({ ca: certs.ca }), clientVersions: ['1.0.0', '0.9.0'] });
    expect(result.url).toBe(`${server.url}/.well-known/tea`);
    expect(result.selected.baseUrl).toBe(`${server.url}/api/v1.0.0+build.3`);
    expect(result.ranked.map((e) => e.baseUrl)).toEqual([`${server.url}/api/v1.0.0+build.3`, `${server.url}/backup/v1.0.0`]);
    expect(server.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/.well-known/tea']]);
  });

  it('reads a host:port target over https', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, goodDoc('https://tea.example.com')));
    const result = await discover(`localhost:${server.port}`, { transport: tlsTransport({ ca: certs.ca }) });
    expect(result.url).toBe(`https://localhost:${server.port}/.well-known/tea`);
    expect(result.selected.baseUrl).toBe('https://tea.example.com/api/v1.0.0+build.3');
  });

  it('reads a TEI: the domain is the host, the id (with colons) is ignored', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, goodDoc('https://tea.example.com')));
    const transport = loopbackTransport(server.port, certs.ca);
    const result = await discover('urn:tei:purl:localhost:pkg:maven/org.example/lib@1.0?type=jar', { transport });
    await transport.close();
    expect(result.url).toBe('https://localhost/.well-known/tea');
    expect(server.requests.at(-1)!.headers.host).toBe('localhost');
  });

  it('reads a TEI in the current tei://<domain>/<type>/<identifier> form (the PURL may hold / and ?)', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, goodDoc('https://tea.example.com')));
    const transport = loopbackTransport(server.port, certs.ca);
    const result = await discover('tei://LocalHost/purl/pkg:pypi/cyclonedx-python-lib@8.4.0?extension=whl', { transport });
    await transport.close();
    expect(result.url).toBe('https://localhost/.well-known/tea');
    expect(server.requests.at(-1)!.path).toBe('/.well-known/tea');
  });

  it('accepts a +json content type and a UTF-8 byte order mark', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/tea+json; charset=utf-8' });
      res.end(`\ufeff${JSON.stringify(goodDoc('https://tea.example.com'))}`);
    });
    await expect(discover(server.url, { transport: tlsTransport({ ca: certs.ca }) })).resolves.toMatchObject({ selected: { version: '1.0.0+build.3' } });
  });

  it('returns the validator warnings (an http endpoint beside https ones with allowInsecureHttp)', async () => {
    const server = await serve((_req, res) =>
      sendJson(res, 200, {
        schemaVersion: 1,
        endpoints: [
          { url: 'http://localhost:1', versions: ['1.0.0'] },
          { url: 'https://tea.example.com', versions: ['1.0.0'], priority: 0.1 },
        ],
      }),
    );
    const result = await discover(server.url, { transport: tlsTransport({ ca: certs.ca }) });
    expect(result.ranked.map((e) => e.url)).toEqual(['https://tea.example.com']);
    expect(result.warnings.map((w) => w.rule)).toEqual(['discovery/insecure-url']);
  });

  it('follows an https redirect', async () => {
    const target = await serve((_req, res) => sendJson(res, 200, goodDoc('https://tea.example.com')));
    const server = await serve((_req, res) => {
      res.writeHead(301, { location: `${target.url}/.well-known/tea` });
      res.end();
    });
    const result = await discover(server.url, { transport: tlsTransport({ ca: certs.ca }) });
    expect(result.url).toBe(`${target.url}/.well-known/tea`);
  });

  it.each<[string, Handler, DiscoveryError['code'], RegExp]>([
    ['404', (_q, res) => sendJson(res, 404, { error: 'nope' }), 'http-status', /answered 404, not 200 \(no discovery document is published there\)/],
    ['500', (_q, res) => sendJson(res, 500, {}), 'http-status', /answered 500, not 200/],
    [
      'HTML content type',
      (_q, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html></html>');
      },
      'content-type',
      /content type "text\/html", not application\/json/,
    ],
    [
      'no content type',
      (_q, res) => {
        res.removeHeader('content-type');
        res.end('{}');
      },
      'content-type',
      /content type "\(none\)"/,
    ],
    [
      'malformed JSON',
      (_q, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"schemaVersion": 1, "endpoints": [');
      },
      'bad-json',
      /not valid JSON: https:\/\/127\.0\.0\.1:\d+\/\.well-known\/tea:1:\d+: .*\(json\/syntax\)/,
    ],
    [
      'bytes that are not UTF-8',
      (_q, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
      },
      'bad-json',
      /not UTF-8/,
    ],
    [
      'an invalid document',
      (_q, res) => sendJson(res, 200, { schemaVersion: 1, endpoints: [{ url: 'https://a.example.com', versions: ['1.0'] }] }),
      'invalid-document',
      /invalid discovery document: https:\/\/127\.0\.0\.1:\d+\/\.well-known\/tea:1:\d+: endpoints\[0\]\.versions\[0\] .*\(schema\/pattern\)/,
    ],
    [
      'a duplicate key',
      (_q, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"schemaVersion": 1, "schemaVersion": 1, "endpoints": [{"url": "https://a.example.com", "versions": ["1.0.0"]}]}');
      },
      'invalid-document',
      /json\/duplicate-key/,
    ],
    [
      'no shared version',
      (_q, res) => sendJson(res, 200, { schemaVersion: 1, endpoints: [{ url: 'https://a.example.com', versions: ['2.0.0'] }] }),
      'no-shared-version',
      /the client speaks 1\.0\.0; https:\/\/a\.example\.com offers 2\.0\.0/,
    ],
    [
      'a body over the size limit',
      (_q, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`{"pad": "${'x'.repeat(5000)}"}`);
      },
      'too-large',
      /larger than 1000 bytes/,
    ],
    [
      'a chunked body over the size limit',
      (_q, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
        for (let i = 0; i < 10; i++) res.write(' '.repeat(500));
        res.end('{}');
      },
      'too-large',
      /larger than 1000 bytes/,
    ],
  ])('fails clearly on %s', async (_name, handler, code, message) => {
    const server = await serve(handler);
    const error = await failure(discover(server.url, { transport: tlsTransport({ ca: certs.ca }), maxBytes: 1000 }));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expect(error.message).not.toMatch(/\n/);
  });

  it('5.4: a certificate from an unknown CA is a TLS failure', async () => {
    const server = await serve((_q, res) => sendJson(res, 200, goodDoc('https://x.example.com')), other.server);
    const error = await failure(discover(server.url, { transport: tlsTransport({ ca: certs.ca }) }));
    expect(error.code).toBe('tls');
    expect(error.message).toMatch(/TLS handshake or certificate verification failed/);
  });

  it('5.4: without the private CA the test certificate is not trusted', async () => {
    const server = await serve((_q, res) => sendJson(res, 200, goodDoc('https://x.example.com')));
    expect((await failure(discover(server.url))).code).toBe('tls');
  });

  it('5.4: RFC 9525 identity check: a certificate for another name is refused', async () => {
    // The test certificate names localhost and 127.0.0.1; reach it as 127.0.0.2 instead.
    const server = await serve((_q, res) => sendJson(res, 200, goodDoc('https://x.example.com')));
    const transport = loopbackTransport(server.port, certs.ca);
    const error = await failure(discover('urn:tei:uuid:tea.example.com:d4d9f54a-abcf-11ee-ac79-1a52914d44b1', { transport }));
    await transport.close();
    expect(error.code).toBe('tls');
    expect(error.message).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID/);
  });

  it('5.4: refuses a redirect from https to http', async () => {
    const plain = await startHttp((_q, res) => sendJson(res, 200, goodDoc('https://x.example.com')));
    servers.push(plain);
    const server = await serve((_q, res) => {
      res.writeHead(302, { location: `${plain.url}/.well-known/tea` });
      res.end();
    });
    const error = await failure(discover(server.url, { transport: tlsTransport({ ca: certs.ca }) }));
    expect(error.code).toBe('redirect');
    expect(error.message).toMatch(/not https; refused \(section 5\.4\)/);
    expect(plain.requests).toHaveLength(0);
  });

  it('stops after too many redirects', async () => {
    const server = await serve((req, res) => {
      res.writeHead(307, { location: `/.well-known/tea?${Number((req.url ?? '').split('?')[1] ?? 0) + 1}` });
      res.end();
    });
    const error = await failure(discover(server.url, { transport: tlsTransport({ ca: certs.ca }), maxRedirects: 3 }));
    expect(error.code).toBe('redirect');
    expect(server.requests).toHaveLength(4);
  });

  it('a refused connection', async () => {
    const port = await closedPort();
    const error = await failure(discover(`https://127.0.0.1:${port}`, { transport: tlsTransport({ ca: certs.ca }) }));
    expect(error.code).toBe('connection-refused');
    expect(error.message).toMatch(/connection was refused: nothing listens on that host and port \(ECONNREFUSED/);
  });

  it('a host name that does not resolve', async () => {
    // The real resolver: with none reachable, glibc retries for several seconds before EAI_AGAIN,
    // which must not be cut short by the request's own time limit.
    const error = await failure(discover('tea.nothing-here.invalid', { timeoutMs: 60_000 }));
    expect(error.code).toBe('dns');
  }, 90_000);

  it('a server that never answers times out', async () => {
    const server = await serve(() => undefined);
    const started = Date.now();
    const error = await failure(discover(server.url, { transport: tlsTransport({ ca: certs.ca }), timeoutMs: 300 }));
    expect(error.code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('5.4: http:// targets are refused before any request', async () => {
    const plain = await startHttp((_q, res) => sendJson(res, 200, goodDoc('http://x.example.com')));
    servers.push(plain);
    expect((await failure(discover(plain.url))).code).toBe('insecure-target');
    expect(plain.requests).toHaveLength(0);
    const allowed = await discover(plain.url, { allowInsecureHttp: true });
    expect(allowed.selected.baseUrl).toBe('http://x.example.com/api/v1.0.0+build.3');
  });
});
