/**
 * The examples of the TEA OpenAPI description as merged upstream, validated one by one with the
 * kind that matches each: the facts of each example are typed into
 * test/fixtures/tea-upstream/openapi-examples.json with the error rules teapurl reports for it.
 * The wrong ones are asserted as findings (and corrected, to show the finding is all that is
 * wrong) and named in docs/tea.md. Then every example of `../shared/tea-spec/spec/openapi.yaml`,
 * read at test time, goes through its kind the same way.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseTei, TeiError } from '../../src/tea/client/tei.js';
import { validateText } from '../../src/validator/index.js';
import { HAS_TEA_SPEC, ROOT, TEA_SPEC } from '../support/paths.js';

interface UpstreamExample {
  name: string;
  schema: string;
  kind: string;
  upstream: string;
  /** Where a fragment goes in the smallest document of its kind. */
  wrap?: 'distributions' | 'events' | 'support' | 'results';
  value: unknown;
  /** The error rules teapurl reports, in order; empty when the example is valid. */
  errors: string[];
  note?: string;
}
interface Fixture {
  'tei-parameter': { value: string; part: string };
  'tei-examples': { values: string[] };
  examples: UpstreamExample[];
}

const FIXTURE: Fixture = JSON.parse(readFileSync(path.join(ROOT, 'test/fixtures/tea-upstream/openapi-examples.json'), 'utf8'));

/** A fragment in the smallest document of its kind; a whole document as it is. */
function documentOf(value: unknown, wrap: UpstreamExample['wrap']): unknown {
  switch (wrap) {
    case 'distributions':
      return { uuid: '605d0ecb-1057-40e4-9abf-c400b10f0345', version: '1', createdDate: '2025-05-07T18:08:00Z', distributions: [value] };
    case 'events':
      return { events: [value] };
    case 'support':
      return { events: [], definitions: { support: [value] } };
    case 'results':
      return { ...(value as object), results: [] };
    default:
      return value;
  }
}

const errorsOf = (document: unknown, kind: string) =>
  validateText(JSON.stringify(document), { kind: kind as never }).findings.filter((f) => f.severity === 'error');

/** What an upstream author would change in each wrong example: the finding is all that is wrong. */
const CORRECTIONS: Record<string, (text: string) => string> = {
  'tea/tei-identifier': (text) => text.replace('tei:vendor:product@2.24.3', 'tei://vendor.example/uuid/123e4567-e89b-12d3-a456-426614174000'),
  'schema/enum': (text) => text.replaceAll('"SHA_256"', '"SHA-256"').replaceAll('"SHA_512"', '"SHA-512"'),
  'schema/pattern': (text) => text.replace('d4d9f54a-abcf-11ee-ac79-1a52914d44b"', 'd4d9f54a-abcf-11ee-ac79-1a52914d44b1"'),
};

describe('the merged upstream examples, each with its kind', () => {
  it('covers the page, discovery, 404, token and object kinds', () => {
    const kinds = new Set(FIXTURE.examples.map((e) => e.kind));
    for (const kind of [
      'tea-product-page',
      'tea-product-release-page',
      'tea-component-page',
      'tea-component-release-page',
      'tea-collection-page',
      'tea-discovery-info',
      'tea-error',
      'tea-token-response',
    ])
      expect(kinds, kind).toContain(kind);
  });

  for (const example of FIXTURE.examples) {
    it(`${example.schema}: ${example.name} ${example.errors.length === 0 ? 'is valid' : `is refused (${[...new Set(example.errors)].join(', ')})`}`, () => {
      const document = documentOf(example.value, example.wrap);
      const errors = errorsOf(document, example.kind);
      expect(
        errors.map((f) => f.rule),
        errors.map((f) => f.message).join('\n'),
      ).toEqual(example.errors);
      if (example.errors.length === 0) return;
      // Each finding says where: the member of the example it is about.
      for (const f of errors) expect(f.message).toMatch(/^(\[\d+\]|[a-zA-Z])[\w.[\]]*\b/);
      // Corrected the way the finding says, the example is valid: nothing else is wrong with it.
      let text = JSON.stringify(document);
      for (const rule of new Set(example.errors)) text = CORRECTIONS[rule]!(text);
      expect(errorsOf(JSON.parse(text), example.kind)).toEqual([]);
    });
  }

  it('names every wrong upstream example in docs/tea.md', () => {
    const doc = readFileSync(path.join(ROOT, 'docs/tea.md'), 'utf8');
    const start = doc.indexOf('### The upstream examples');
    expect(start).toBeGreaterThan(0);
    const section = doc.slice(start, doc.indexOf('\n## ', start));
    for (const example of FIXTURE.examples.filter((e) => e.errors.length > 0)) expect(section, example.name).toContain(`\`${example.name}\``);
  });

  it('reads every TEI example of the merged discovery text (#261), a PURL one to its PURL', () => {
    for (const tei of FIXTURE['tei-examples'].values) {
      const parsed = parseTei(tei);
      expect(parsed.form, tei).toBe('tei-url');
      if (parsed.type === 'purl') expect(parsed.purl, tei).toMatch(/^pkg:[a-z]+\//);
    }
  });

  it("refuses the discovery example's TEI: its uuid identifier is no UUID", () => {
    const { value, part } = FIXTURE['tei-parameter'];
    const error = (() => {
      try {
        parseTei(decodeURIComponent(value));
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(TeiError);
    expect((error as TeiError).part).toBe(part);
    expect(parseTei(decodeURIComponent(value).replace(/44b$/, '44b1')).domain).toBe('products.example.com');
  });
});

/**
 * The kind (and the place of a fragment) for each schema of the OpenAPI description that carries
 * examples. A schema with examples missing here fails the test, so no example is left out unseen.
 */
const SCHEMA_KINDS: Record<string, { kind: string; wrap?: UpstreamExample['wrap']; list?: true }> = {
  product: { kind: 'tea-product' },
  productRelease: { kind: 'tea-product-release' },
  component: { kind: 'tea-component' },
  release: { kind: 'tea-component-release' },
  'release-distribution': { kind: 'tea-component-release', wrap: 'distributions' },
  'component-release-with-collection': { kind: 'tea-component-release-with-collection' },
  collection: { kind: 'tea-collection' },
  artifact: { kind: 'tea-artifact' },
  cle: { kind: 'tea-cle' },
  'cle-event': { kind: 'tea-cle', wrap: 'events' },
  'cle-support-definition': { kind: 'tea-cle', wrap: 'support' },
  'pagination-details': { kind: 'tea-product-page', wrap: 'results' },
  'paginated-product-response': { kind: 'tea-product-page' },
  'paginated-product-release-response': { kind: 'tea-product-release-page' },
  'paginated-component-response': { kind: 'tea-component-page' },
  'paginated-component-release-response': { kind: 'tea-component-release-page' },
  'paginated-collection-response': { kind: 'tea-collection-page' },
  'discovery-info': { kind: 'tea-discovery-info', list: true },
  'error-response': { kind: 'tea-error' },
  'token-response': { kind: 'tea-token-response' },
  'token-error-response': { kind: 'tea-token-error' },
};

/**
 * What teapurl reports for the wrong examples of the description in `../shared/tea-spec` (the
 * March 2026 snapshot), by schema and index: the same defects as the merged text's (docs/tea.md).
 * Every other example must be valid.
 */
const SHARED_DEFECTS: Record<string, string[]> = {
  'productRelease[0]': ['tea/tei-identifier'],
  'release[0]': ['schema/enum', 'schema/enum', 'schema/enum', 'schema/enum'],
  'release-distribution[0]': ['schema/enum'],
  'release-distribution[1]': ['schema/enum'],
  'release-distribution[2]': ['schema/enum'],
  'release-distribution[3]': ['schema/enum'],
};

describe.skipIf(!HAS_TEA_SPEC)(`every example of ${path.join(TEA_SPEC, 'spec/openapi.yaml')}`, () => {
  const readExamples = () => {
    const openapi = parse(readFileSync(path.join(TEA_SPEC, 'spec/openapi.yaml'), 'utf8')) as {
      components: { schemas: Record<string, { examples?: unknown[] }> };
    };
    return Object.entries(openapi.components.schemas).flatMap(([schema, definition]) =>
      (definition.examples ?? []).map((value, index) => ({ schema, index, value })),
    );
  };

  it('has a kind for every schema that carries examples', () => {
    const examples = readExamples();
    expect(examples.length).toBeGreaterThan(10);
    expect([...new Set(examples.map((e) => e.schema))].filter((schema) => !(schema in SCHEMA_KINDS))).toEqual([]);
  });

  it('validates each with its kind: the known defects are reported, every other example is valid', () => {
    const outcomes = readExamples().map(({ schema, index, value }) => {
      const { kind, wrap, list } = SCHEMA_KINDS[schema]!;
      const document = documentOf(list ? [value] : value, wrap);
      return { example: `${schema}[${index}]`, errors: errorsOf(document, kind).map((f) => f.rule) };
    });
    expect(Object.fromEntries(outcomes.map((o) => [o.example, o.errors]))).toEqual(
      Object.fromEntries(outcomes.map((o) => [o.example, SHARED_DEFECTS[o.example] ?? []])),
    );
    // The table names only examples that are there.
    expect(Object.keys(SHARED_DEFECTS).filter((k) => !outcomes.some((o) => o.example === k))).toEqual([]);
  });
});
