/**
 * The field tables of the specification, row by row, as a checklist: sections 2.1 (discovery
 * document), 2.2 (endpoint object), 2.3 (token response), the token-endpoint error values of
 * sections 5.2 and 7, 2.5 (PURL type definition: root, repository, component definition and
 * qualifier definition objects) and 8 (limits). Every row has at least one document that passes
 * and one that fails, and a failing document names the rule and the JSON Pointer it breaks.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateDocument, type DocumentKind, type Finding } from '../../src/index.js';
import { validateFiles } from '../../src/node/index.js';
import { HAS_PURL_SPEC, PURL_SPEC } from '../support/paths.js';

/** A document under construction: tests poke at it freely. */
type Draft = any;

/** A deep copy of `base` with `change` applied to it. */
function edit<T>(base: T, change: (draft: Draft) => void): T {
  const copy = structuredClone(base);
  change(copy);
  return copy;
}

interface Pass {
  case: string;
  value: unknown;
  /** Warnings the document must produce, as [rule, pointer]; none when absent. */
  warnings?: [string, string][];
}

interface Fail {
  case: string;
  value: unknown;
  rule: string;
  pointer: string;
}

/** One row of a specification table: documents it accepts and documents it rejects. */
interface Row {
  pass: Pass[];
  fail: Fail[];
}

/**
 * The findings of the schema and of the rules that go with it. A type definition's quality rules
 * (`purl-type/…`: examples canonical under the definition, `$id` naming its file, …) judge more
 * than a table row, and are tested on their own in purl-type-checks.test.ts; one at a value the
 * schema rejects is kept, as it says why in the schema's place.
 */
function rowFindings(value: unknown, kind: DocumentKind): Finding[] {
  const rejected = new Set(validateDocument(value, { kind, checks: {} }).findings.map((f) => f.pointer));
  return validateDocument(value, { kind }).findings.filter((f) => !f.rule.startsWith('purl-type/') || rejected.has(f.pointer));
}

/**
 * Checks a row. A passing document is valid and has exactly the expected warnings (so also no
 * error). A failing document is invalid, has an error with the row's rule at the row's pointer,
 * and every error concerns that same value: the document breaks that row and nothing else.
 */
function checkRow(kind: DocumentKind, row: Row): void {
  if (row.pass.length === 0 || row.fail.length === 0) throw new Error('every specification row needs a passing and a failing case');

  it.each(row.pass)('accepts $case', ({ value, warnings = [] }) => {
    expect(validateDocument(value, { kind }).kind).toBe(kind);
    const findings = rowFindings(value, kind);
    const found = findings.map((f): [string, string] => [f.rule, f.pointer]);
    expect(found.sort()).toEqual([...warnings].sort());
    expect(findings.every((f) => f.severity === 'warning')).toBe(true);
  });

  it.each(row.fail)('rejects $case ($rule at "$pointer")', ({ value, rule, pointer }) => {
    expectRejected(kind, value, rule, pointer);
  });
}

/** The document is invalid, has `rule` at `pointer`, and every error concerns that same value. */
function expectRejected(kind: DocumentKind, value: unknown, rule: string, pointer: string): void {
  expect(validateDocument(value, { kind }).valid).toBe(false);
  const findings = rowFindings(value, kind);
  const errors = findings.filter((f) => f.severity === 'error');
  expect(errors.map((f) => ({ rule: f.rule, pointer: f.pointer }))).toContainEqual({ rule, pointer });
  expect(errors.map((f) => f.pointer)).toEqual(errors.map(() => pointer));
  for (const f of findings) {
    expect(f.line).toBeNull();
    expect(f.column).toBeNull();
    expect(f.message).not.toBe('');
  }
}

// ---------------------------------------------------------------------------------------------
// 2.1 and 2.2: discovery document and endpoint object
// ---------------------------------------------------------------------------------------------

const DISCOVERY = {
  schemaVersion: 1,
  endpoints: [{ url: 'https://tea.example.com', versions: ['1.0.0'] }],
};

const discovery = (change: (d: Draft) => void) => edit(DISCOVERY, change);
const endpoint = (change: (e: Draft) => void) => discovery((d) => change(d.endpoints[0]));

describe('2.1 Discovery document', () => {
  describe('schemaVersion | integer | required | constant 1', () => {
    checkRow('tea-discovery', {
      pass: [
        { case: 'schemaVersion 1', value: DISCOVERY },
        {
          case: 'schemaVersion written 1.0 (the JSON number one)',
          value: JSON.parse('{"schemaVersion": 1.0, "endpoints": [{"url": "https://tea.example.com", "versions": ["1.0.0"]}]}'),
        },
      ],
      fail: [
        { case: 'schemaVersion 2', value: discovery((d) => (d.schemaVersion = 2)), rule: 'schema/const', pointer: '/schemaVersion' },
        { case: 'schemaVersion 0', value: discovery((d) => (d.schemaVersion = 0)), rule: 'schema/const', pointer: '/schemaVersion' },
        { case: 'schemaVersion "1" (a string)', value: discovery((d) => (d.schemaVersion = '1')), rule: 'schema/type', pointer: '/schemaVersion' },
        { case: 'schemaVersion 1.5 (not an integer)', value: discovery((d) => (d.schemaVersion = 1.5)), rule: 'schema/type', pointer: '/schemaVersion' },
        { case: 'schemaVersion missing', value: discovery((d) => delete d.schemaVersion), rule: 'schema/required', pointer: '' },
      ],
    });
  });

  describe('endpoints | array of endpoint objects | required | at least 1 item', () => {
    checkRow('tea-discovery', {
      pass: [
        { case: 'one endpoint', value: DISCOVERY },
        {
          case: 'three endpoints',
          value: discovery((d) =>
            d.endpoints.push({ url: 'https://mirror.example.org/tea', versions: ['1.0.0'] }, { url: 'https://example.net/api/tea', versions: ['1.0.0'] }),
          ),
        },
      ],
      fail: [
        { case: 'no endpoints ([])', value: discovery((d) => (d.endpoints = [])), rule: 'schema/minItems', pointer: '/endpoints' },
        { case: 'endpoints missing', value: discovery((d) => delete d.endpoints), rule: 'schema/required', pointer: '' },
        { case: 'endpoints as an object', value: discovery((d) => (d.endpoints = d.endpoints[0])), rule: 'schema/type', pointer: '/endpoints' },
        {
          case: 'an endpoint that is a string',
          value: discovery((d) => (d.endpoints = ['https://tea.example.com'])),
          rule: 'schema/type',
          pointer: '/endpoints/0',
        },
      ],
    });
  });

  describe('no additional properties', () => {
    checkRow('tea-discovery', {
      pass: [{ case: 'only schemaVersion and endpoints', value: DISCOVERY }],
      fail: [
        {
          case: 'an unknown root property',
          value: discovery((d) => (d.publisher = 'Example Ltd')),
          rule: 'schema/additionalProperties',
          pointer: '/publisher',
        },
        { case: 'a misspelt schemaversion', value: discovery((d) => (d.schemaversion = 1)), rule: 'schema/additionalProperties', pointer: '/schemaversion' },
        { case: 'a document that is an array', value: [DISCOVERY], rule: 'schema/type', pointer: '' },
      ],
    });
  });
});

describe('2.2 Endpoint object', () => {
  describe('url | string, format uri | required | absolute, no trailing slash/userinfo/query/fragment, lowercase scheme, https (http for local tests)', () => {
    const url = (u: unknown) => endpoint((e) => (e.url = u));
    const at = '/endpoints/0/url';
    checkRow('tea-discovery', {
      pass: [
        { case: 'an https host', value: url('https://tea.example.com') },
        { case: 'an https URL with a path', value: url('https://example.com/products/tea') },
        { case: 'an https URL with a port and a path', value: url('https://tea.example.com:8443/api') },
        { case: 'an http URL (allowed for local tests, with a warning)', value: url('http://localhost:8080/tea'), warnings: [['discovery/insecure-url', at]] },
      ],
      fail: [
        { case: 'a trailing slash', value: url('https://tea.example.com/'), rule: 'discovery/base-url', pointer: at },
        { case: 'a trailing slash after a path', value: url('https://tea.example.com/api/'), rule: 'discovery/base-url', pointer: at },
        { case: 'userinfo', value: url('https://user:secret@tea.example.com'), rule: 'discovery/base-url', pointer: at },
        { case: 'a query', value: url('https://tea.example.com/api?v=1'), rule: 'discovery/base-url', pointer: at },
        { case: 'a fragment', value: url('https://tea.example.com/api#v1'), rule: 'discovery/base-url', pointer: at },
        { case: 'an uppercase scheme', value: url('HTTPS://tea.example.com'), rule: 'discovery/base-url', pointer: at },
        { case: 'a mixed-case scheme', value: url('Https://tea.example.com'), rule: 'discovery/base-url', pointer: at },
        { case: 'a non-http scheme', value: url('ftp://tea.example.com'), rule: 'discovery/base-url', pointer: at },
        { case: 'a relative URL', value: url('/api/tea'), rule: 'discovery/base-url', pointer: at },
        { case: 'a host without scheme', value: url('tea.example.com'), rule: 'discovery/base-url', pointer: at },
        { case: 'a number', value: url(443), rule: 'schema/type', pointer: at },
        { case: 'url missing', value: endpoint((e) => delete e.url), rule: 'schema/required', pointer: '/endpoints/0' },
        {
          case: 'the same url twice',
          value: discovery((d) => d.endpoints.push({ url: 'https://tea.example.com', versions: ['2.0.0'] })),
          rule: 'discovery/duplicate-url',
          pointer: '/endpoints/1/url',
        },
      ],
    });
  });

  describe('versions | array of string | required | at least 1 item, full SemVer 2.0.0, no leading v', () => {
    const versions = (v: unknown) => endpoint((e) => (e.versions = v));
    checkRow('tea-discovery', {
      pass: [
        { case: 'MAJOR.MINOR.PATCH', value: versions(['1.0.0']) },
        { case: 'zero components', value: versions(['0.0.0']) },
        { case: 'a prerelease', value: versions(['1.0.0-alpha.1']) },
        { case: 'build metadata', value: versions(['1.0.0+20240601.sha-5114f85']) },
        { case: 'prerelease and build metadata', value: versions(['2.0.0-rc.1+build.42']) },
        { case: 'several versions', value: versions(['1.0.0', '1.1.0', '2.0.0-beta']) },
        {
          case: 'two versions differing only in build metadata (a warning)',
          value: versions(['1.0.0+a', '1.0.0+b']),
          warnings: [['discovery/ambiguous-version', '/endpoints/0/versions/1']],
        },
      ],
      fail: [
        { case: 'no versions ([])', value: versions([]), rule: 'schema/minItems', pointer: '/endpoints/0/versions' },
        { case: 'versions missing', value: endpoint((e) => delete e.versions), rule: 'schema/required', pointer: '/endpoints/0' },
        { case: 'versions as a string', value: versions('1.0.0'), rule: 'schema/type', pointer: '/endpoints/0/versions' },
        { case: 'a number item', value: versions([1]), rule: 'schema/type', pointer: '/endpoints/0/versions/0' },
        { case: 'MAJOR.MINOR only', value: versions(['1.0']), rule: 'schema/pattern', pointer: '/endpoints/0/versions/0' },
        { case: 'a leading v', value: versions(['v1.0.0']), rule: 'schema/pattern', pointer: '/endpoints/0/versions/0' },
        { case: 'a leading zero', value: versions(['1.01.0']), rule: 'schema/pattern', pointer: '/endpoints/0/versions/0' },
        { case: 'a numeric prerelease with a leading zero', value: versions(['1.0.0-01']), rule: 'schema/pattern', pointer: '/endpoints/0/versions/0' },
        { case: 'empty build metadata', value: versions(['1.0.0+']), rule: 'schema/pattern', pointer: '/endpoints/0/versions/0' },
        { case: 'four components', value: versions(['1.0.0.0']), rule: 'schema/pattern', pointer: '/endpoints/0/versions/0' },
        { case: 'the same version twice', value: versions(['1.0.0', '1.0.0']), rule: 'discovery/duplicate-version', pointer: '/endpoints/0/versions/1' },
      ],
    });
  });

  describe('priority | number | optional | minimum 0, maximum 1, default 1', () => {
    const priority = (p: unknown) => endpoint((e) => (e.priority = p));
    const at = '/endpoints/0/priority';
    checkRow('tea-discovery', {
      pass: [
        { case: 'priority omitted', value: DISCOVERY },
        { case: 'priority 0', value: priority(0) },
        { case: 'priority 1', value: priority(1) },
        { case: 'priority 0.25', value: priority(0.25) },
      ],
      fail: [
        { case: 'priority 1.5', value: priority(1.5), rule: 'schema/maximum', pointer: at },
        { case: 'priority 2', value: priority(2), rule: 'schema/maximum', pointer: at },
        { case: 'priority -0.1', value: priority(-0.1), rule: 'schema/minimum', pointer: at },
        { case: 'priority "1" (a string)', value: priority('1'), rule: 'schema/type', pointer: at },
        { case: 'priority null', value: priority(null), rule: 'schema/type', pointer: at },
      ],
    });
  });

  describe('no additional properties', () => {
    checkRow('tea-discovery', {
      pass: [{ case: 'url, versions and priority only', value: endpoint((e) => (e.priority = 0.5)) }],
      fail: [
        {
          case: 'an unknown endpoint property',
          value: endpoint((e) => (e.region = 'eu')),
          rule: 'schema/additionalProperties',
          pointer: '/endpoints/0/region',
        },
        { case: 'a misspelt version', value: endpoint((e) => (e.version = '1.0.0')), rule: 'schema/additionalProperties', pointer: '/endpoints/0/version' },
      ],
    });
  });
});

// ---------------------------------------------------------------------------------------------
// 2.3 Token response, and the token-endpoint error values of 5.2 item 7 and section 7
// ---------------------------------------------------------------------------------------------

const TOKEN = { access_token: 'an-opaque-handle', token_type: 'Bearer', expires_in: 3600 };
const token = (change: (t: Draft) => void) => edit(TOKEN, change);

describe('2.3 Token response', () => {
  describe('access_token | string | required | opaque', () => {
    checkRow('tea-token-response', {
      pass: [
        { case: 'a random handle', value: TOKEN },
        { case: 'a signed token', value: token((t) => (t.access_token = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJjbGllbnQifQ.c2lnbmF0dXJl')) },
      ],
      fail: [
        { case: 'access_token missing', value: token((t) => delete t.access_token), rule: 'schema/required', pointer: '' },
        { case: 'access_token a number', value: token((t) => (t.access_token = 12345)), rule: 'schema/type', pointer: '/access_token' },
        { case: 'access_token empty', value: token((t) => (t.access_token = '')), rule: 'schema/minLength', pointer: '/access_token' },
      ],
    });
  });

  describe('token_type | string | required | the value Bearer', () => {
    checkRow('tea-token-response', {
      pass: [
        { case: 'Bearer', value: TOKEN },
        { case: 'bearer (token types compare case-insensitively)', value: token((t) => (t.token_type = 'bearer')) },
      ],
      fail: [
        { case: 'token_type MAC', value: token((t) => (t.token_type = 'MAC')), rule: 'schema/pattern', pointer: '/token_type' },
        { case: 'token_type Basic', value: token((t) => (t.token_type = 'Basic')), rule: 'schema/pattern', pointer: '/token_type' },
        { case: 'token_type missing', value: token((t) => delete t.token_type), rule: 'schema/required', pointer: '' },
        { case: 'token_type a number', value: token((t) => (t.token_type = 1)), rule: 'schema/type', pointer: '/token_type' },
      ],
    });
  });

  describe('expires_in | number | servers should return it', () => {
    checkRow('tea-token-response', {
      pass: [
        { case: 'expires_in 3600', value: TOKEN },
        { case: 'expires_in 0', value: token((t) => (t.expires_in = 0)) },
        { case: 'expires_in missing (valid, with a warning)', value: token((t) => delete t.expires_in), warnings: [['token/expires-in', '']] },
      ],
      fail: [
        { case: 'expires_in "3600" (a string)', value: token((t) => (t.expires_in = '3600')), rule: 'schema/type', pointer: '/expires_in' },
        { case: 'expires_in null', value: token((t) => (t.expires_in = null)), rule: 'schema/type', pointer: '/expires_in' },
        { case: 'expires_in negative', value: token((t) => (t.expires_in = -1)), rule: 'schema/minimum', pointer: '/expires_in' },
      ],
    });
  });

  describe('further members are allowed', () => {
    checkRow('tea-token-response', {
      pass: [
        { case: 'a scope member', value: token((t) => (t.scope = 'read')) },
        { case: 'a vendor member', value: token((t) => (t['x-vendor'] = { tier: 'gold' })) },
        {
          case: 'a refresh_token (valid, with a warning: 5.3 item 6)',
          value: token((t) => (t.refresh_token = 'r')),
          warnings: [['token/no-refresh-token', '/refresh_token']],
        },
      ],
      fail: [{ case: 'a body that is not an object', value: ['an-opaque-handle'], rule: 'schema/type', pointer: '' }],
    });
  });
});

const TOKEN_ERROR = { error: 'invalid_client' };
const tokenError = (change: (t: Draft) => void) => edit(TOKEN_ERROR, change);

describe('5.2 item 7 and 7: token endpoint error body', () => {
  describe('error | required | invalid_client for a bad API key, unsupported_grant_type for an unknown grant', () => {
    checkRow('tea-token-error', {
      pass: [
        { case: 'invalid_client', value: TOKEN_ERROR },
        { case: 'unsupported_grant_type', value: { error: 'unsupported_grant_type' } },
        { case: 'invalid_request', value: { error: 'invalid_request' } },
        { case: 'invalid_grant', value: { error: 'invalid_grant' } },
      ],
      fail: [
        { case: 'an unknown error code', value: { error: 'bad_api_key' }, rule: 'schema/enum', pointer: '/error' },
        { case: 'invalid_token (a resource-endpoint challenge value)', value: { error: 'invalid_token' }, rule: 'schema/enum', pointer: '/error' },
        { case: 'an uppercase code', value: { error: 'INVALID_CLIENT' }, rule: 'schema/enum', pointer: '/error' },
        { case: 'error a number', value: { error: 401 }, rule: 'schema/type', pointer: '/error' },
        { case: 'error missing', value: { error_description: 'bad key' }, rule: 'schema/required', pointer: '' },
      ],
    });
  });

  describe('error_description | string | optional | printable ASCII', () => {
    checkRow('tea-token-error', {
      pass: [{ case: 'a plain description', value: tokenError((t) => (t.error_description = 'The API key is unknown or revoked.')) }],
      fail: [
        {
          case: 'a double quote',
          value: tokenError((t) => (t.error_description = 'key "abc" unknown')),
          rule: 'schema/pattern',
          pointer: '/error_description',
        },
        {
          case: 'a non-ASCII character',
          value: tokenError((t) => (t.error_description = 'clé inconnue')),
          rule: 'schema/pattern',
          pointer: '/error_description',
        },
        { case: 'a number', value: tokenError((t) => (t.error_description = 42)), rule: 'schema/type', pointer: '/error_description' },
      ],
    });
  });

  describe('error_uri | string, format uri | optional', () => {
    checkRow('tea-token-error', {
      pass: [{ case: 'an absolute URI', value: tokenError((t) => (t.error_uri = 'https://docs.example.com/errors/invalid_client')) }],
      fail: [
        { case: 'a relative reference', value: tokenError((t) => (t.error_uri = '/errors/invalid_client')), rule: 'schema/format', pointer: '/error_uri' },
        { case: 'plain words', value: tokenError((t) => (t.error_uri = 'see the docs')), rule: 'schema/format', pointer: '/error_uri' },
        { case: 'a number', value: tokenError((t) => (t.error_uri = 1)), rule: 'schema/type', pointer: '/error_uri' },
      ],
    });
  });

  describe('further members are allowed', () => {
    checkRow('tea-token-error', {
      pass: [{ case: 'a vendor member', value: tokenError((t) => (t.trace_id = 'abc123')) }],
      fail: [{ case: 'a body that is a string', value: 'invalid_client', rule: 'schema/type', pointer: '' }],
    });
  });
});

// ---------------------------------------------------------------------------------------------
// 2.5 PURL type definition document
// ---------------------------------------------------------------------------------------------

/** A small valid type definition, written for these tests. */
const PURL = {
  type: 'example',
  type_name: 'Example',
  description: 'Packages published to the example.org registry.',
  repository: { use_repository: true },
  namespace_definition: { requirement: 'optional' },
  name_definition: { requirement: 'required' },
  examples: ['pkg:example/acme/widget@1.0.0'],
};
const purl = (change: (d: Draft) => void) => edit(PURL, change);

/** Every property the schema knows, to show that a fully specified definition passes. */
const FULL_PURL = purl((d) => {
  d.repository = { use_repository: true, default_repository_url: 'https://registry.example.org', note: 'Mirrors exist.' };
  d.namespace_definition = {
    requirement: 'optional',
    permitted_characters: '^[a-z0-9._-]+$',
    case_sensitive: false,
    normalization_rules: ['Lowercase the namespace.'],
    native_name: 'organisation',
    note: 'The publishing organisation.',
  };
  d.name_definition = { requirement: 'required', case_sensitive: true, native_name: 'package name' };
  d.version_definition = { requirement: 'optional', native_name: 'release' };
  d.subpath_definition = { requirement: 'optional', note: 'A path inside the archive.' };
  d.qualifiers_definition = [
    { key: 'arch', requirement: 'optional', description: 'The CPU architecture.', default_value: 'noarch', native_name: 'architecture' },
    { key: 'channel', requirement: 'required', description: 'The release channel.' },
  ];
  d.examples = ['pkg:example/acme/widget@1.0.0', 'pkg:example/widget?channel=stable'];
  d.note = 'For tests only.';
  d.reference_urls = ['https://example.org/docs/packages', 'https://example.org/docs/purl'];
});

describe('2.5 PURL type definition: root object', () => {
  it('a fully specified definition is valid', () => {
    expect(rowFindings(FULL_PURL, 'purl-type-definition')).toEqual([]);
  });

  describe('type | string | required | pattern ^[a-z][a-z0-9-\\.]+$', () => {
    const type = (t: unknown) => purl((d) => (d.type = t));
    checkRow('purl-type-definition', {
      pass: [
        { case: 'example', value: PURL },
        { case: 'a type with a digit, dash and dot', value: type('my-type.v2') },
      ],
      fail: [
        { case: 'an uppercase letter', value: type('Example'), rule: 'schema/pattern', pointer: '/type' },
        { case: 'a leading digit', value: type('1example'), rule: 'schema/pattern', pointer: '/type' },
        { case: 'one character', value: type('x'), rule: 'schema/pattern', pointer: '/type' },
        { case: 'an underscore', value: type('my_type'), rule: 'schema/pattern', pointer: '/type' },
        { case: 'a number', value: type(7), rule: 'schema/type', pointer: '/type' },
        { case: 'type missing', value: purl((d) => delete d.type), rule: 'schema/required', pointer: '' },
      ],
    });
  });

  describe.each(['type_name', 'description'])('%s | string | required', (key) => {
    checkRow('purl-type-definition', {
      pass: [{ case: `a ${key} string`, value: purl((d) => (d[key] = 'Some text')) }],
      fail: [
        { case: `${key} missing`, value: purl((d) => delete d[key]), rule: 'schema/required', pointer: '' },
        { case: `${key} a number`, value: purl((d) => (d[key] = 1)), rule: 'schema/type', pointer: `/${key}` },
      ],
    });
  });

  describe('repository | object | required', () => {
    checkRow('purl-type-definition', {
      pass: [{ case: 'a repository object', value: PURL }],
      fail: [
        { case: 'repository missing', value: purl((d) => delete d.repository), rule: 'schema/required', pointer: '' },
        { case: 'repository a boolean', value: purl((d) => (d.repository = true)), rule: 'schema/type', pointer: '/repository' },
      ],
    });
  });

  describe('namespace_definition | object | required | requirement optional, required or prohibited', () => {
    const requirement = (r: unknown) => purl((d) => (d.namespace_definition.requirement = r));
    checkRow('purl-type-definition', {
      pass: [
        { case: 'requirement optional', value: requirement('optional') },
        { case: 'requirement required', value: requirement('required') },
        { case: 'requirement prohibited', value: requirement('prohibited') },
      ],
      fail: [
        { case: 'requirement forbidden', value: requirement('forbidden'), rule: 'schema/enum', pointer: '/namespace_definition/requirement' },
        { case: 'requirement Required (case matters)', value: requirement('Required'), rule: 'schema/enum', pointer: '/namespace_definition/requirement' },
        { case: 'namespace_definition missing', value: purl((d) => delete d.namespace_definition), rule: 'schema/required', pointer: '' },
        {
          case: 'namespace_definition a string',
          value: purl((d) => (d.namespace_definition = 'optional')),
          rule: 'schema/type',
          pointer: '/namespace_definition',
        },
      ],
    });
  });

  describe('name_definition | object | required | requirement only required', () => {
    const requirement = (r: unknown) => purl((d) => (d.name_definition.requirement = r));
    checkRow('purl-type-definition', {
      pass: [{ case: 'requirement required', value: requirement('required') }],
      fail: [
        { case: 'requirement optional', value: requirement('optional'), rule: 'schema/const', pointer: '/name_definition/requirement' },
        { case: 'requirement prohibited', value: requirement('prohibited'), rule: 'schema/const', pointer: '/name_definition/requirement' },
        { case: 'name_definition missing', value: purl((d) => delete d.name_definition), rule: 'schema/required', pointer: '' },
      ],
    });
  });

  describe.each(['version_definition', 'subpath_definition'])('%s | object | optional | requirement only optional', (key) => {
    const requirement = (r: unknown) => purl((d) => (d[key] = { requirement: r }));
    checkRow('purl-type-definition', {
      pass: [
        { case: `${key} omitted`, value: PURL },
        { case: 'requirement optional', value: requirement('optional') },
      ],
      fail: [
        { case: 'requirement required', value: requirement('required'), rule: 'schema/const', pointer: `/${key}/requirement` },
        { case: 'requirement prohibited', value: requirement('prohibited'), rule: 'schema/const', pointer: `/${key}/requirement` },
        { case: 'an empty object (requirement missing)', value: purl((d) => (d[key] = {})), rule: 'schema/required', pointer: `/${key}` },
      ],
    });
  });

  describe('qualifiers_definition | array of qualifier definition objects | optional', () => {
    checkRow('purl-type-definition', {
      pass: [
        { case: 'omitted', value: PURL },
        { case: 'an empty array', value: purl((d) => (d.qualifiers_definition = [])) },
        { case: 'two qualifiers', value: FULL_PURL },
      ],
      fail: [
        {
          case: 'an object instead of an array',
          value: purl((d) => (d.qualifiers_definition = { key: 'arch', description: 'x' })),
          rule: 'schema/type',
          pointer: '/qualifiers_definition',
        },
        {
          case: 'the same qualifier twice',
          value: purl(
            (d) =>
              (d.qualifiers_definition = [
                { key: 'arch', description: 'x' },
                { key: 'arch', description: 'x' },
              ]),
          ),
          rule: 'schema/uniqueItems',
          pointer: '/qualifiers_definition/1',
        },
      ],
    });
  });

  describe('examples | array of string | required | unique, each matches ^pkg:[a-z][a-z0-9-\\.]+/.*$', () => {
    const examples = (e: unknown) => purl((d) => (d.examples = e));
    checkRow('purl-type-definition', {
      pass: [
        { case: 'one example', value: PURL },
        { case: 'several distinct examples', value: examples(['pkg:example/a@1', 'pkg:example/b@1', 'pkg:example/ns/c']) },
      ],
      fail: [
        { case: 'examples missing', value: purl((d) => delete d.examples), rule: 'schema/required', pointer: '' },
        {
          case: 'a repeated example',
          value: examples(['pkg:example/a@1', 'pkg:example/b@1', 'pkg:example/a@1']),
          rule: 'schema/uniqueItems',
          pointer: '/examples/2',
        },
        { case: 'an example without pkg:', value: examples(['example/acme/widget@1.0.0']), rule: 'schema/pattern', pointer: '/examples/0' },
        { case: 'an uppercase type in an example', value: examples(['pkg:Example/widget']), rule: 'purl-type/example-canonical', pointer: '/examples/0' },
        { case: 'an example without a slash after the type', value: examples(['pkg:example']), rule: 'purl-type/example-valid', pointer: '/examples/0' },
        { case: 'a number item', value: examples([1]), rule: 'schema/type', pointer: '/examples/0' },
        { case: 'examples a string', value: examples('pkg:example/a'), rule: 'schema/type', pointer: '/examples' },
      ],
    });
  });

  describe('note | string | optional', () => {
    checkRow('purl-type-definition', {
      pass: [
        { case: 'omitted', value: PURL },
        { case: 'a note', value: purl((d) => (d.note = 'Remarks.')) },
      ],
      fail: [{ case: 'a number', value: purl((d) => (d.note = 1)), rule: 'schema/type', pointer: '/note' }],
    });
  });

  describe('reference_urls | array of string | optional | URIs, unique', () => {
    const urls = (u: unknown) => purl((d) => (d.reference_urls = u));
    checkRow('purl-type-definition', {
      pass: [
        { case: 'omitted', value: PURL },
        { case: 'two distinct URLs', value: urls(['https://example.org/a', 'https://example.org/b']) },
        { case: 'a non-http URI', value: urls(['urn:ietf:rfc:3986']) },
      ],
      fail: [
        { case: 'a repeated URL', value: urls(['https://example.org/a', 'https://example.org/a']), rule: 'schema/uniqueItems', pointer: '/reference_urls/1' },
        { case: 'a relative reference', value: urls(['docs/purl.html']), rule: 'schema/format', pointer: '/reference_urls/0' },
        { case: 'a number item', value: urls([1]), rule: 'schema/type', pointer: '/reference_urls/0' },
      ],
    });
  });

  describe('no other root properties', () => {
    checkRow('purl-type-definition', {
      pass: [{ case: 'only the listed properties', value: FULL_PURL }],
      fail: [
        { case: 'an unknown root property', value: purl((d) => (d.maintainer = 'someone')), rule: 'schema/additionalProperties', pointer: '/maintainer' },
        {
          case: 'a singular qualifier_definition',
          value: purl((d) => (d.qualifier_definition = [])),
          rule: 'schema/additionalProperties',
          pointer: '/qualifier_definition',
        },
      ],
    });
  });
});

describe('2.5 PURL type definition: repository object', () => {
  describe('use_repository | boolean | required', () => {
    checkRow('purl-type-definition', {
      pass: [
        { case: 'true', value: PURL },
        { case: 'false', value: purl((d) => (d.repository = { use_repository: false })) },
      ],
      fail: [
        { case: 'use_repository missing', value: purl((d) => (d.repository = {})), rule: 'schema/required', pointer: '/repository' },
        { case: 'use_repository "yes"', value: purl((d) => (d.repository.use_repository = 'yes')), rule: 'schema/type', pointer: '/repository/use_repository' },
      ],
    });
  });

  describe('default_repository_url | string (URI) | optional', () => {
    checkRow('purl-type-definition', {
      pass: [
        { case: 'omitted', value: PURL },
        { case: 'an https URL', value: purl((d) => (d.repository.default_repository_url = 'https://registry.example.org')) },
      ],
      fail: [
        {
          case: 'a host without scheme',
          value: purl((d) => (d.repository.default_repository_url = 'registry.example.org')),
          rule: 'schema/format',
          pointer: '/repository/default_repository_url',
        },
        { case: 'a number', value: purl((d) => (d.repository.default_repository_url = 1)), rule: 'schema/type', pointer: '/repository/default_repository_url' },
      ],
    });
  });

  describe('note | string | optional', () => {
    checkRow('purl-type-definition', {
      pass: [{ case: 'a note', value: purl((d) => (d.repository.note = 'Mirrors exist.')) }],
      fail: [{ case: 'a number', value: purl((d) => (d.repository.note = 1)), rule: 'schema/type', pointer: '/repository/note' }],
    });
  });

  describe('no other repository properties', () => {
    checkRow('purl-type-definition', {
      pass: [{ case: 'use_repository, default_repository_url and note', value: FULL_PURL }],
      fail: [
        {
          case: 'an unknown property',
          value: purl((d) => (d.repository.mirror = 'https://mirror.example.org')),
          rule: 'schema/additionalProperties',
          pointer: '/repository/mirror',
        },
      ],
    });
  });
});

describe('2.5 PURL type definition: component definition object', () => {
  /** A definition where `key` is present (with its only or first allowed requirement) and then changed. */
  const component = (key: string, change: (c: Draft) => void) =>
    purl((d) => {
      d[key] ??= { requirement: 'optional' };
      change(d[key]);
    });

  describe.each(['namespace_definition', 'name_definition', 'version_definition', 'subpath_definition'])('%s', (key) => {
    describe('requirement | string | required', () => {
      checkRow('purl-type-definition', {
        pass: [{ case: 'requirement present', value: component(key, () => {}) }],
        fail: [{ case: 'requirement missing', value: component(key, (c) => delete c.requirement), rule: 'schema/required', pointer: `/${key}` }],
      });
    });

    describe('permitted_characters | string | optional | ECMA-262 regular expression', () => {
      const chars = (p: unknown) => component(key, (c) => (c.permitted_characters = p));
      checkRow('purl-type-definition', {
        pass: [
          { case: 'a character class', value: chars('^[a-z0-9._-]+$') },
          { case: 'an alternation', value: chars('^(?:[A-Za-z0-9]|%[0-9A-F]{2})+$') },
        ],
        fail: [
          { case: 'an unclosed bracket', value: chars('[a-z'), rule: 'schema/format', pointer: `/${key}/permitted_characters` },
          { case: 'an unbalanced parenthesis', value: chars('(a|b'), rule: 'schema/format', pointer: `/${key}/permitted_characters` },
          { case: 'a number', value: chars(1), rule: 'schema/type', pointer: `/${key}/permitted_characters` },
        ],
      });
    });

    describe('case_sensitive | boolean | optional | default true', () => {
      const cs = (v: unknown) => component(key, (c) => (c.case_sensitive = v));
      checkRow('purl-type-definition', {
        pass: [
          { case: 'omitted', value: component(key, () => {}) },
          { case: 'true', value: cs(true) },
          { case: 'false', value: cs(false) },
        ],
        fail: [
          { case: '"false" (a string)', value: cs('false'), rule: 'schema/type', pointer: `/${key}/case_sensitive` },
          { case: '0', value: cs(0), rule: 'schema/type', pointer: `/${key}/case_sensitive` },
        ],
      });
    });

    describe('normalization_rules | array of string | optional | unique', () => {
      const rules = (r: unknown) => component(key, (c) => (c.normalization_rules = r));
      checkRow('purl-type-definition', {
        pass: [
          { case: 'distinct rules', value: rules(['Lowercase it.', 'Replace _ with -.']) },
          { case: 'an empty list', value: rules([]) },
        ],
        fail: [
          { case: 'a repeated rule', value: rules(['Lowercase it.', 'Lowercase it.']), rule: 'schema/uniqueItems', pointer: `/${key}/normalization_rules/1` },
          { case: 'a number item', value: rules([1]), rule: 'schema/type', pointer: `/${key}/normalization_rules/0` },
          { case: 'a string instead of an array', value: rules('Lowercase it.'), rule: 'schema/type', pointer: `/${key}/normalization_rules` },
        ],
      });
    });

    describe.each(['native_name', 'note'])('%s | string | optional', (property) => {
      checkRow('purl-type-definition', {
        pass: [{ case: 'a string', value: component(key, (c) => (c[property] = 'groupId')) }],
        fail: [{ case: 'a number', value: component(key, (c) => (c[property] = 1)), rule: 'schema/type', pointer: `/${key}/${property}` }],
      });
    });

    describe('no other properties', () => {
      checkRow('purl-type-definition', {
        pass: [{ case: 'only listed properties', value: component(key, (c) => (c.note = 'n')) }],
        fail: [
          {
            case: 'an unknown property',
            value: component(key, (c) => (c.max_length = 214)),
            rule: 'schema/additionalProperties',
            pointer: `/${key}/max_length`,
          },
          {
            case: 'a camel-case caseSensitive',
            value: component(key, (c) => (c.caseSensitive = false)),
            rule: 'schema/additionalProperties',
            pointer: `/${key}/caseSensitive`,
          },
        ],
      });
    });
  });
});

describe('2.5 PURL type definition: qualifier definition object', () => {
  const qualifier = (change: (q: Draft) => void) =>
    purl((d) => {
      d.qualifiers_definition = [{ key: 'arch', description: 'The CPU architecture.' }];
      change(d.qualifiers_definition[0]);
    });
  const at = (p: string) => `/qualifiers_definition/0${p}`;

  describe('key | string | required', () => {
    checkRow('purl-type-definition', {
      pass: [{ case: 'a key', value: qualifier(() => {}) }],
      fail: [
        { case: 'key missing', value: qualifier((q) => delete q.key), rule: 'schema/required', pointer: at('') },
        { case: 'key a number', value: qualifier((q) => (q.key = 1)), rule: 'schema/type', pointer: at('/key') },
      ],
    });
  });

  describe('requirement | string | optional | optional or required', () => {
    checkRow('purl-type-definition', {
      pass: [
        { case: 'omitted', value: qualifier(() => {}) },
        { case: 'optional', value: qualifier((q) => (q.requirement = 'optional')) },
        { case: 'required (a qualifier key may be required for a type)', value: qualifier((q) => (q.requirement = 'required')) },
      ],
      fail: [
        { case: 'prohibited', value: qualifier((q) => (q.requirement = 'prohibited')), rule: 'schema/enum', pointer: at('/requirement') },
        { case: 'true', value: qualifier((q) => (q.requirement = true)), rule: 'schema/type', pointer: at('/requirement') },
      ],
    });
  });

  describe('description | string | required', () => {
    checkRow('purl-type-definition', {
      pass: [{ case: 'a description', value: qualifier(() => {}) }],
      fail: [
        { case: 'description missing', value: qualifier((q) => delete q.description), rule: 'schema/required', pointer: at('') },
        { case: 'description a number', value: qualifier((q) => (q.description = 1)), rule: 'schema/type', pointer: at('/description') },
      ],
    });
  });

  describe.each(['default_value', 'native_name'])('%s | string | optional', (property) => {
    checkRow('purl-type-definition', {
      pass: [
        { case: 'omitted', value: qualifier(() => {}) },
        { case: 'a string', value: qualifier((q) => (q[property] = 'x86_64')) },
      ],
      fail: [{ case: 'a number', value: qualifier((q) => (q[property] = 64)), rule: 'schema/type', pointer: at(`/${property}`) }],
    });
  });

  describe('no other properties', () => {
    checkRow('purl-type-definition', {
      pass: [{ case: 'all listed properties', value: qualifier((q) => Object.assign(q, { requirement: 'required', default_value: 'a', native_name: 'b' })) }],
      fail: [
        { case: 'an unknown property', value: qualifier((q) => (q.values = ['x86_64'])), rule: 'schema/additionalProperties', pointer: at('/values') },
        {
          case: 'a qualifier that is a string',
          value: purl((d) => (d.qualifiers_definition = ['arch'])),
          rule: 'schema/type',
          pointer: '/qualifiers_definition/0',
        },
      ],
    });
  });
});

// ---------------------------------------------------------------------------------------------
// 8 Limits. "Retry after invalid_token: once per request" constrains client behaviour at run
// time, not a document, so it has no row here.
// ---------------------------------------------------------------------------------------------

describe('8. Limits', () => {
  describe('minimum items | endpoints array of the discovery document | 1', () => {
    checkRow('tea-discovery', {
      pass: [{ case: 'exactly 1 endpoint', value: DISCOVERY }],
      fail: [{ case: '0 endpoints', value: discovery((d) => (d.endpoints = [])), rule: 'schema/minItems', pointer: '/endpoints' }],
    });
  });

  describe('minimum items | versions array of an endpoint object | 1', () => {
    checkRow('tea-discovery', {
      pass: [{ case: 'exactly 1 version', value: DISCOVERY }],
      fail: [{ case: '0 versions', value: endpoint((e) => (e.versions = [])), rule: 'schema/minItems', pointer: '/endpoints/0/versions' }],
    });
  });

  describe('range | priority | 0 to 1 inclusive, default 1', () => {
    const priority = (p: number) => endpoint((e) => (e.priority = p));
    checkRow('tea-discovery', {
      pass: [
        { case: 'the lower bound 0', value: priority(0) },
        { case: 'the upper bound 1', value: priority(1) },
        { case: 'omitted (default 1)', value: DISCOVERY },
      ],
      fail: [
        { case: 'just below 0', value: priority(-Number.EPSILON), rule: 'schema/minimum', pointer: '/endpoints/0/priority' },
        { case: 'just above 1', value: priority(1 + Number.EPSILON), rule: 'schema/maximum', pointer: '/endpoints/0/priority' },
      ],
    });
  });

  describe('unique items | examples, reference_urls, normalization_rules | required', () => {
    checkRow('purl-type-definition', {
      pass: [{ case: 'distinct items in all three', value: FULL_PURL }],
      fail: [
        { case: 'a repeated example', value: purl((d) => d.examples.push(d.examples[0])), rule: 'schema/uniqueItems', pointer: '/examples/1' },
        {
          case: 'a repeated reference URL',
          value: purl((d) => (d.reference_urls = ['https://example.org/a', 'https://example.org/b', 'https://example.org/a'])),
          rule: 'schema/uniqueItems',
          pointer: '/reference_urls/2',
        },
        {
          case: 'a repeated normalization rule',
          value: purl((d) => (d.name_definition.normalization_rules = ['Trim it.', 'Trim it.'])),
          rule: 'schema/uniqueItems',
          pointer: '/name_definition/normalization_rules/1',
        },
      ],
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The PURL specification's own published type definitions
// ---------------------------------------------------------------------------------------------

describe.skipIf(!HAS_PURL_SPEC)('published PURL type definitions (../shared/purl-spec/types)', () => {
  const definitions = HAS_PURL_SPEC
    ? readdirSync(path.join(PURL_SPEC, 'types'))
        .filter((name) => name.endsWith('-definition.json'))
        .sort()
    : [];

  it('there are some', () => {
    expect(definitions.length).toBeGreaterThan(0);
  });

  // The schema accepts every published definition unchanged; what the quality rules find in
  // some of them is asserted in purl-type-checks.test.ts.
  const schemaErrors = (findings: readonly Finding[]) => findings.filter((f) => f.severity === 'error' && !f.rule.startsWith('purl-type/'));

  it('validateFiles finds every one of them and reports no schema error', async () => {
    const report = await validateFiles(['types/*-definition.json'], { cwd: PURL_SPEC });
    expect(report.unmatched).toEqual([]);
    expect(report.results.map((r) => path.basename(r.file)).sort()).toEqual(definitions);
    expect(report.results.flatMap((r) => schemaErrors(r.findings))).toEqual([]);
  });

  it.each(definitions)('%s is a purl-type-definition the schema accepts', async (name) => {
    const report = await validateFiles([`types/${name}`], { cwd: PURL_SPEC });
    const [result] = report.results;
    expect(result?.kind).toBe('purl-type-definition');
    expect(schemaErrors(result?.findings ?? [])).toEqual([]);
  });
});
