/**
 * Issue 33's error contract, through the public entries (from the sources): each entry is driven
 * into its errors, and each error is an instance of the one base class `TeapurlError` (the same
 * class whichever entry exports it), is recognised by `isTeapurlError`, carries the string `code`
 * its class documents, and names no command-line flag in its message.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as validator from '../../src/index.js';
import * as purl from '../../src/purl/index.js';
import * as vers from '../../src/vers/index.js';
import * as node from '../../src/node/index.js';
import * as docs from '../../src/docs/index.js';
import * as client from '../../src/tea/client/index.js';
import * as server from '../../src/tea/server/index.js';
import * as tea from '../../src/tea/index.js';
import { ROOT } from '../support/paths.js';

const ENTRIES = {
  teapurl: validator,
  'teapurl/purl': purl,
  'teapurl/vers': vers,
  'teapurl/node': node,
  'teapurl/docs': docs,
  'teapurl/tea/client': client,
  'teapurl/tea/server': server,
  'teapurl/tea': tea,
};
const { TeapurlError, isTeapurlError } = validator;

const scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-errors-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What `run` threw (or rejected with); fails when it returned. */
async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error, got none');
}

/** A transport that answers every request with `answer(url)`, or throws what it throws. */
function transport(answer: (url: string) => Response): client.TeaTransport {
  return { send: async (url) => answer(url) };
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const BASE = 'https://tea.example.com/v1.0.0';
const RELEASE = JSON.parse(readFileSync(path.join(ROOT, 'test/fixtures/tea-content/log4j-2.24.3.tea-product-release.json'), 'utf8')) as { uuid: string };

/** Each case: the entry, what is done wrong, the class and the code it must throw. */
const CASES: Array<{ entry: keyof typeof ENTRIES; what: string; name: string; code: string; run: () => unknown }> = [
  { entry: 'teapurl/purl', what: 'a bad PURL', name: 'PurlError', code: 'missing-scheme', run: () => purl.parsePurl('not a purl') },
  {
    entry: 'teapurl/purl',
    what: 'a PURL of a type without a namespace',
    name: 'PurlError',
    code: 'prohibited',
    run: () => purl.parsePurl('pkg:vcpkg/boost/asio'),
  },
  {
    entry: 'teapurl/purl',
    what: 'a definition set defining a type twice',
    name: 'DefinitionSetError',
    code: 'duplicate-type',
    run: async () => {
      const cargo = (await purl.loadPurlDefinitions()).find((d) => d.type === 'cargo')!;
      return purl.loadPurlEngine([cargo, cargo]);
    },
  },
  {
    entry: 'teapurl/purl',
    what: 'a definition breaking the schema',
    name: 'DefinitionSetError',
    code: 'invalid-definition',
    run: () => purl.loadPurlEngine([{ type: 'widget' } as never]),
  },
  {
    entry: 'teapurl/purl',
    what: 'a bad URL document',
    name: 'UrlDocumentError',
    code: 'invalid-document',
    run: () => purl.loadPurlUrls({ documents: [{ type: 'npm', repository: [{ template: 'https://www.npmjs.com/package/{nme}' }], examples: [] } as never] }),
  },
  {
    entry: 'teapurl/purl',
    what: 'URL documents that are not an array',
    name: 'UrlDocumentError',
    code: 'unreadable',
    run: () => purl.loadPurlUrls({ documents: 'npm' as never }),
  },
  {
    entry: 'teapurl/purl',
    what: 'engine options that are not an object',
    name: 'InvalidArgumentError',
    code: 'invalid-argument',
    run: () => purl.bundledPurlEngine({ rules: 'x' as never }),
  },
  { entry: 'teapurl/vers', what: 'a bad VERS', name: 'VersError', code: 'unsorted', run: () => vers.parseVers('vers:npm/>=2.0.0|<1.0.0') },
  {
    entry: 'teapurl/vers',
    what: 'a VERS with an empty constraint',
    name: 'VersError',
    code: 'consecutive-pipes',
    run: () => vers.parseVers('vers:npm/1.0.0||2.0.0'),
  },
  {
    entry: 'teapurl',
    what: 'an invalid document parsed as its kind',
    name: 'DocumentError',
    code: 'invalid-document',
    run: () => validator.parseDocument('{"error": "nope"}', 'tea-token-error', 'error.json'),
  },
  { entry: 'teapurl/tea/client', what: 'a bad TEI', name: 'TeiError', code: 'identifier', run: () => client.parseTei('tei://tea.example.com/uuid/not-a-uuid') },
  {
    entry: 'teapurl/tea/client',
    what: 'a bad discovery document',
    name: 'InvalidDiscoveryDocumentError',
    code: 'invalid-document',
    run: () => client.rankEndpoints({ schemaVersion: 1, endpoints: [] } as never, ['1.0.0']),
  },
  {
    entry: 'teapurl/tea/client',
    what: 'no shared API version',
    name: 'NoSharedVersionError',
    code: 'no-shared-version',
    run: () => client.selectEndpoint({ schemaVersion: 1, endpoints: [{ url: 'https://tea.example.com', versions: ['1.0.0'] }] }, ['2.0.0']),
  },
  {
    entry: 'teapurl/tea/client',
    what: 'a bad base URL',
    name: 'InvalidArgumentError',
    code: 'invalid-argument',
    run: () => new client.TeaClient({ baseUrl: 'ftp://tea.example.com' }),
  },
  {
    entry: 'teapurl/tea/client',
    what: 'a refused token request',
    name: 'TokenRequestError',
    code: 'oauth-error',
    run: () => client.requestToken(`${BASE}/token`, { keyId: 'id', secret: 'wrong' }, { transport: transport(() => json({ error: 'invalid_client' }, 401)) }),
  },
  {
    entry: 'teapurl/tea/client',
    what: 'a token request that gets no answer',
    name: 'NetworkError',
    code: 'connection-refused',
    run: () =>
      client.requestToken(
        `${BASE}/token`,
        { keyId: 'id', secret: 's' },
        {
          transport: {
            send: async () =>
              Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) })),
          },
        },
      ),
  },
  {
    entry: 'teapurl/tea/client',
    what: 'a discovery answered 500',
    name: 'DiscoveryError',
    code: 'http-status',
    run: () => client.discover('tea.example.com', { transport: transport(() => new Response('down', { status: 500 })) }),
  },
  {
    entry: 'teapurl/tea/client',
    what: 'a typed call answered 404',
    name: 'TeaApiError',
    code: 'not-found',
    run: () =>
      new client.TeaApi({ baseUrl: BASE, transport: transport(() => new Response('', { status: 404 })) }).product('09e8c73b-ac45-4475-acac-33e6a7314e6d'),
  },
  {
    entry: 'teapurl/tea/client',
    what: 'a redirect to plain HTTP',
    name: 'RedirectError',
    code: 'insecure-redirect',
    run: () =>
      new client.TeaClient({
        baseUrl: BASE,
        transport: transport(() => new Response(null, { status: 302, headers: { location: 'http://tea.example.com/elsewhere' } })),
      }).request('/products'),
  },
  {
    entry: 'teapurl/tea/client',
    what: 'failover without endpoints',
    name: 'FailoverError',
    code: 'no-endpoint',
    run: () => client.withFailover([], async () => new Response('')),
  },
  {
    entry: 'teapurl/tea/server',
    what: 'a token store with no lifetime',
    name: 'InvalidArgumentError',
    code: 'out-of-range',
    run: () => new server.MemoryTokenStore({ ttlSeconds: 0 }),
  },
  {
    entry: 'teapurl/tea/server',
    what: 'a path glob without a leading slash',
    name: 'InvalidArgumentError',
    code: 'invalid-argument',
    run: () => server.pathGlob('v1.0.0/**'),
  },
  {
    entry: 'teapurl/node',
    what: 'a definition folder that is not there',
    name: 'DefinitionSetError',
    code: 'unreadable',
    run: () => node.purlEngineFromDirectory(path.join(scratch, 'absent')),
  },
  {
    entry: 'teapurl/node',
    what: 'a download into a folder whose manifest teapurl did not write',
    name: 'TeaDownloadError',
    code: 'exists',
    run: () => {
      const out = path.join(scratch, 'download');
      rmSync(out, { recursive: true, force: true });
      writeFileSync(path.join(scratch, 'placeholder'), '');
      const api = new client.TeaApi({
        baseUrl: BASE,
        transport: transport((url) => (url.endsWith(`/productRelease/${RELEASE.uuid}`) ? json(RELEASE) : new Response('', { status: 404 }))),
      });
      return import('node:fs').then(({ mkdirSync }) => {
        mkdirSync(out, { recursive: true });
        writeFileSync(path.join(out, 'teapurl-download.json'), '{"tool": "someone else"}');
        return node.downloadProductRelease(api, RELEASE.uuid, { out });
      });
    },
  },
  {
    entry: 'teapurl/docs',
    what: 'a site written into a folder teapurl did not write',
    name: 'DocsSiteError',
    code: 'not-ours',
    run: () => {
      const out = path.join(scratch, 'site');
      rmSync(out, { recursive: true, force: true });
      return import('node:fs').then(({ mkdirSync }) => {
        mkdirSync(out, { recursive: true });
        writeFileSync(path.join(out, 'mine.txt'), 'not teapurl');
        return docs.writeDocsSite(out, [{ path: 'index.html', content: '<p>x</p>' }], 'html');
      });
    },
  },
  {
    entry: 'teapurl/docs',
    what: 'an unknown documentation format',
    name: 'InvalidArgumentError',
    code: 'invalid-argument',
    run: () => docs.generateDocsSite([], { format: 'pdf' as never }),
  },
];

describe('every error the public entries throw is a TeapurlError with a string code', () => {
  it('each entry exports the same TeapurlError, isTeapurlError and InvalidArgumentError', () => {
    for (const [name, entry] of Object.entries(ENTRIES)) {
      expect(entry.TeapurlError, name).toBe(TeapurlError);
      expect(entry.isTeapurlError, name).toBe(isTeapurlError);
      expect(entry.InvalidArgumentError, name).toBe(validator.InvalidArgumentError);
    }
  });

  it.each(CASES)('$entry: $what throws a $name with code $code', async ({ entry, name, code, run }) => {
    const error = await thrown(run);
    expect(error).toBeInstanceOf(ENTRIES[entry].TeapurlError);
    expect(isTeapurlError(error)).toBe(true);
    expect(error).toMatchObject({ name, code });
    expect(typeof (error as { code: unknown }).code).toBe('string');
    const exported = Object.values(ENTRIES)
      .map((e) => (e as Record<string, unknown>)[name])
      .find((value) => value !== undefined);
    expect(error).toBeInstanceOf(exported as new () => unknown);
    // The library names its options; only the command line names flags.
    expect((error as Error).message).not.toMatch(/(^|[\s(])--[a-z]/);
  });

  it('isTeapurlError tells teapurl errors from others, and recognises a copy of the class by its shape', () => {
    expect(isTeapurlError(new Error('x'))).toBe(false);
    expect(isTeapurlError(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBe(false);
    expect(isTeapurlError({ name: 'TeapurlError', code: 'x', message: 'x' })).toBe(false);
    // A second copy of the package (a bundle beside an install) has a class of the same name.
    class TeapurlErrorCopy extends Error {
      readonly code = 'copied';
    }
    Object.defineProperty(TeapurlErrorCopy, 'name', { value: 'TeapurlError' });
    class FromCopy extends TeapurlErrorCopy {}
    expect(new FromCopy('x') instanceof TeapurlError).toBe(false);
    expect(isTeapurlError(new FromCopy('x'))).toBe(true);
  });

  it('the deprecated aliases still answer as before, and equal code', async () => {
    const versError = (await thrown(() => vers.parseVers('vers:npm/>=2.0.0|<1.0.0'))) as vers.VersError;
    expect(versError.rule).toBe(versError.code);
    const teiError = (await thrown(() => client.parseTei('tei://tea.example.com/uuid/x'))) as client.TeiError;
    expect(teiError.part).toBe(teiError.code);
    const docsError = new docs.DocsSiteError('symlink', 'site/x', 'site/x is a link');
    expect([docsError.code, docsError.problem]).toEqual(['symlink', 'symlink']);
    const network = client.toNetworkError(
      new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND x'), { code: 'ENOTFOUND' }) }),
      'https://x',
    );
    expect([network.code, network.kind, network.systemCode]).toEqual(['dns', 'dns', 'ENOTFOUND']);
    // TeaDownloadError's positional form, kept for one minor version.
    const positional = new node.TeaDownloadError('checksum-mismatch', 'artefact a', 'https://x/a', 'mismatch', 'SHA-256', 'aa', 'bb');
    const withOptions = new node.TeaDownloadError('mismatch', {
      code: 'checksum-mismatch',
      artifact: 'artefact a',
      url: 'https://x/a',
      algorithm: 'SHA-256',
      expected: 'aa',
      actual: 'bb',
    });
    for (const error of [positional, withOptions]) {
      expect({ ...error, message: error.message, name: error.name }).toEqual({
        name: 'TeaDownloadError',
        code: 'checksum-mismatch',
        message: 'mismatch',
        artifact: 'artefact a',
        url: 'https://x/a',
        algorithm: 'SHA-256',
        expected: 'aa',
        actual: 'bb',
      });
    }
  });
});
