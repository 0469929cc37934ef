import { describe, expect, it } from 'vitest';
import { InvalidDiscoveryDocumentError, NoSharedVersionError, rankEndpoints, selectEndpoint } from '../../src/tea/client/rank-endpoints.js';

type Endpoint = { url: string; versions: string[]; priority?: number };
const doc = (...endpoints: Endpoint[]) => ({ schemaVersion: 1, endpoints });
const urls = (ranked: { baseUrl: string }[]) => ranked.map((e) => e.baseUrl);

describe('rankEndpoints: section 9 table', () => {
  it.each<[string, Endpoint[], string[], string[]]>([
    [
      'highest shared version wins over priority (9.3 before 9.4)',
      [
        { url: 'https://a.example.com', versions: ['1.0.0'], priority: 1 },
        { url: 'https://b.example.com', versions: ['1.0.0', '1.1.0'], priority: 0.1 },
      ],
      ['1.0.0', '1.1.0'],
      ['https://b.example.com/v1.1.0', 'https://a.example.com/v1.0.0'],
    ],
    [
      'a version the client does not speak does not count',
      [
        { url: 'https://a.example.com', versions: ['1.0.0'] },
        { url: 'https://b.example.com', versions: ['1.0.0', '2.0.0'], priority: 0.5 },
      ],
      ['1.0.0'],
      ['https://a.example.com/v1.0.0', 'https://b.example.com/v1.0.0'],
    ],
    [
      'prerelease is lower than the release',
      [
        { url: 'https://pre.example.com', versions: ['1.1.0-rc.1'] },
        { url: 'https://rel.example.com', versions: ['1.1.0'], priority: 0 },
      ],
      ['1.1.0-rc.1', '1.1.0'],
      ['https://rel.example.com/v1.1.0', 'https://pre.example.com/v1.1.0-rc.1'],
    ],
    [
      'a prerelease is above the previous release',
      [
        { url: 'https://old.example.com', versions: ['1.0.0'] },
        { url: 'https://pre.example.com', versions: ['1.1.0-beta.2'], priority: 0.2 },
      ],
      ['1.0.0', '1.1.0-beta.2'],
      ['https://pre.example.com/v1.1.0-beta.2', 'https://old.example.com/v1.0.0'],
    ],
    [
      'prerelease identifiers: numeric compare as numbers',
      [
        { url: 'https://two.example.com', versions: ['1.0.0-beta.2'] },
        { url: 'https://eleven.example.com', versions: ['1.0.0-beta.11'] },
      ],
      ['1.0.0-beta.2', '1.0.0-beta.11'],
      ['https://eleven.example.com/v1.0.0-beta.11', 'https://two.example.com/v1.0.0-beta.2'],
    ],
    [
      'build metadata: ignored for matching and ordering, kept in baseUrl',
      [
        { url: 'https://a.example.com', versions: ['1.0.0+build.7'], priority: 0.5 },
        { url: 'https://b.example.com', versions: ['1.0.0+build.1'] },
      ],
      ['1.0.0'],
      ['https://b.example.com/v1.0.0+build.1', 'https://a.example.com/v1.0.0+build.7'],
    ],
    [
      'build metadata on the client side is ignored too',
      [{ url: 'https://a.example.com', versions: ['1.0.0'] }],
      ['1.0.0+client.3'],
      ['https://a.example.com/v1.0.0'],
    ],
    [
      'absent priority counts as 1 (section 2.2)',
      [
        { url: 'https://explicit.example.com', versions: ['1.0.0'], priority: 0.99 },
        { url: 'https://absent.example.com', versions: ['1.0.0'] },
      ],
      ['1.0.0'],
      ['https://absent.example.com/v1.0.0', 'https://explicit.example.com/v1.0.0'],
    ],
    [
      'ties keep document order: absent and 1 are equal',
      [
        { url: 'https://first.example.com', versions: ['1.0.0'] },
        { url: 'https://second.example.com', versions: ['1.0.0'], priority: 1 },
        { url: 'https://third.example.com', versions: ['1.0.0'] },
      ],
      ['1.0.0'],
      ['https://first.example.com/v1.0.0', 'https://second.example.com/v1.0.0', 'https://third.example.com/v1.0.0'],
    ],
    [
      'ties at priority 0 keep document order',
      [
        { url: 'https://z.example.com', versions: ['1.0.0'], priority: 0 },
        { url: 'https://a.example.com', versions: ['1.0.0'], priority: 0 },
      ],
      ['1.0.0'],
      ['https://z.example.com/v1.0.0', 'https://a.example.com/v1.0.0'],
    ],
    [
      'an endpoint url with a path gets /v<version> appended',
      [{ url: 'https://example.com/api/tea', versions: ['1.0.0'] }],
      ['1.0.0'],
      ['https://example.com/api/tea/v1.0.0'],
    ],
    [
      'endpoints sharing nothing are left out',
      [
        { url: 'https://new.example.com', versions: ['2.0.0'] },
        { url: 'https://old.example.com', versions: ['1.0.0'], priority: 0 },
      ],
      ['1.0.0'],
      ['https://old.example.com/v1.0.0'],
    ],
  ])('%s', (_name, endpoints, clientVersions, expected) => {
    expect(urls(rankEndpoints(doc(...endpoints), clientVersions))).toEqual(expected);
  });

  it('gives every entry url, version, baseUrl, priority, clientVersion and index', () => {
    const ranked = rankEndpoints(doc({ url: 'https://a.example.com', versions: ['0.9.0', '1.0.0+b'], priority: 0.3 }), ['1.0.0', '0.9.0']);
    expect(ranked).toEqual([
      {
        url: 'https://a.example.com',
        version: '1.0.0+b',
        baseUrl: 'https://a.example.com/v1.0.0+b',
        priority: 0.3,
        clientVersion: '1.0.0',
        index: 0,
        versions: ['0.9.0', '1.0.0+b'],
      },
    ]);
  });

  it('selectEndpoint returns the first ranked entry', () => {
    const document = doc({ url: 'https://a.example.com', versions: ['1.0.0'], priority: 0.2 }, { url: 'https://b.example.com', versions: ['1.0.0'] });
    expect(selectEndpoint(document, ['1.0.0']).baseUrl).toBe('https://b.example.com/v1.0.0');
  });
});

describe('rankEndpoints: failures', () => {
  it('no shared version: the error lists what each side offered', () => {
    const document = doc({ url: 'https://a.example.com', versions: ['2.0.0', '2.1.0'] }, { url: 'https://b.example.com', versions: ['3.0.0-rc.1'] });
    let error: unknown;
    try {
      selectEndpoint(document, ['1.0.0', '1.1.0']);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(NoSharedVersionError);
    const e = error as NoSharedVersionError;
    expect(e.message).toBe(
      'no API version is shared: the client speaks 1.0.0, 1.1.0; https://a.example.com offers 2.0.0, 2.1.0; https://b.example.com offers 3.0.0-rc.1',
    );
    expect(e.clientVersions).toEqual(['1.0.0', '1.1.0']);
    expect(e.endpoints).toEqual([
      { url: 'https://a.example.com', versions: ['2.0.0', '2.1.0'] },
      { url: 'https://b.example.com', versions: ['3.0.0-rc.1'] },
    ]);
  });

  it('a prerelease client version does not match the release', () => {
    expect(() => rankEndpoints(doc({ url: 'https://a.example.com', versions: ['1.0.0'] }), ['1.0.0-rc.1'])).toThrow(NoSharedVersionError);
  });

  it.each<[string, unknown, string, string]>([
    ['version without patch (2.2)', doc({ url: 'https://a.example.com', versions: ['1.0'] }), 'schema/pattern', '/endpoints/0/versions/0'],
    ['priority above 1 (section 8)', doc({ url: 'https://a.example.com', versions: ['1.0.0'], priority: 2 }), 'schema/maximum', '/endpoints/0/priority'],
    ['empty endpoints (section 8)', { schemaVersion: 1, endpoints: [] }, 'schema/minItems', '/endpoints'],
    ['schemaVersion 2 (9.1)', { schemaVersion: 2, endpoints: [{ url: 'https://a.example.com', versions: ['1.0.0'] }] }, 'schema/const', '/schemaVersion'],
    ['trailing slash (2.2)', doc({ url: 'https://a.example.com/', versions: ['1.0.0'] }), 'discovery/base-url', '/endpoints/0/url'],
    [
      'duplicate url',
      doc({ url: 'https://a.example.com', versions: ['1.0.0'] }, { url: 'https://A.example.com', versions: ['1.0.0'] }),
      'discovery/duplicate-url',
      '/endpoints/1/url',
    ],
  ])('an invalid document is an error naming the rule: %s', (_name, document, rule, pointer) => {
    let error: unknown;
    try {
      rankEndpoints(document, ['1.0.0']);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidDiscoveryDocumentError);
    expect((error as InvalidDiscoveryDocumentError).rule).toBe(rule);
    expect((error as InvalidDiscoveryDocumentError).pointer).toBe(pointer);
    expect((error as Error).message).toContain(`at ${pointer || '/'}: `);
    expect((error as Error).message).toContain(`(${rule})`);
  });

  it.each([null, 'text', 42, [], {}])('a document that is not one (%j) is an InvalidDiscoveryDocumentError', (value) => {
    expect(() => rankEndpoints(value, ['1.0.0'])).toThrow(InvalidDiscoveryDocumentError);
  });

  it('refuses client versions that are not SemVer, and an empty list', () => {
    const document = doc({ url: 'https://a.example.com', versions: ['1.0.0'] });
    expect(() => rankEndpoints(document, ['v1.0.0'])).toThrow(/client version "v1.0.0" is not a semantic version/);
    expect(() => rankEndpoints(document, [])).toThrow(/at least one/);
  });

  it('5.4: http:// endpoints are left out unless allowInsecureHttp', () => {
    const document = doc({ url: 'http://local.example.com', versions: ['1.0.0'] }, { url: 'https://tls.example.com', versions: ['1.0.0'], priority: 0 });
    expect(urls(rankEndpoints(document, ['1.0.0']))).toEqual(['https://tls.example.com/v1.0.0']);
    expect(urls(rankEndpoints(document, ['1.0.0'], { allowInsecureHttp: true }))).toEqual([
      'http://local.example.com/v1.0.0',
      'https://tls.example.com/v1.0.0',
    ]);
    expect(() => rankEndpoints(doc({ url: 'http://local.example.com', versions: ['1.0.0'] }), ['1.0.0'])).toThrow(/every endpoint uses http:\/\/.*section 5.4/);
  });
});
