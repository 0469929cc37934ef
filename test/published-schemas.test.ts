/**
 * Issue 39 item 7: the schemas the package publishes (`teapurl/schemas/*`) compile in any strict
 * JSON Schema validator. Each is checked with ajv in strict mode (with ajv-formats, as ajv-cli
 * loads it) and with a second, independent implementation, @cfworker/json-schema: both compile
 * it, and both give the same verdict on the corpus's documents of that kind. teapurl's own
 * annotations (`x-expected`, `tsType`, the `vers` format) live in schemas/annotated/, the sources
 * `npm run generate` strips into the published copies.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@cfworker/json-schema';
import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { isAnnotation, stripAnnotations } from '../scripts/generate/strip-annotations.js';
import { ROOT } from './support/paths.js';

// A CommonJS module whose function is its `default` export.
const addFormats = ajvFormats.default;
const PUBLISHED = readdirSync(path.join(ROOT, 'schemas')).filter((name) => name.endsWith('.schema.json'));

const json = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as unknown;
const filesIn = (folder: string, pattern: RegExp) =>
  readdirSync(path.join(ROOT, folder))
    .filter((name) => pattern.test(name))
    .map((name) => `${folder}/${name}`);

/** Documents of each schema's kind, valid and invalid, from the corpus. */
const SAMPLES: Readonly<Record<string, readonly string[]>> = {
  'tea-discovery.schema.json': [...filesIn('corpus/discovery/valid', /\.json$/), ...filesIn('corpus/discovery/invalid', /\.json$/)],
  'purl-type-definition.schema.json': filesIn('corpus/purl-types', /-definition\.json$/),
  'purl-type-urls.schema.json': filesIn('corpus/purl-urls', /\.json$/),
  'vers-type-definition.schema.json': filesIn('corpus/vers-types', /-definition\.json$/),
  'cyclonedx-bom.schema.json': filesIn('corpus/sbom/valid', /\.cdx\.json$/),
  'spdx-document.schema.json': filesIn('corpus/sbom/valid', /\.spdx\.json$/),
};

function strictAjv(): { ajv: Ajv; warnings: string[] } {
  const warnings: string[] = [];
  const ajv = new Ajv({
    strict: true,
    allErrors: true,
    logger: { log: () => {}, warn: (...args: unknown[]) => warnings.push(args.join(' ')), error: (...args: unknown[]) => warnings.push(args.join(' ')) },
  });
  addFormats(ajv);
  return { ajv, warnings };
}

/** Every keyword of a schema that is one of teapurl's annotations (a schema without them gives none). */
function annotationsIn(schema: unknown): boolean {
  return JSON.stringify(stripAnnotations(schema)) !== JSON.stringify(schema);
}

describe('the published schemas', () => {
  it('are every schema teapurl validates with, and the sources are not published', () => {
    expect(PUBLISHED.sort()).toEqual(
      readdirSync(path.join(ROOT, 'schemas/annotated'))
        .filter((n) => n.endsWith('.schema.json'))
        .sort(),
    );
    const files = (json('package.json') as { files: string[] }).files;
    expect(files).toContain('schemas/');
    expect(files).toContain('!schemas/annotated/');
  });

  it.each(PUBLISHED)('%s carries no teapurl annotation, and the source it comes from does', (name) => {
    expect(annotationsIn(json(`schemas/${name}`))).toBe(false);
    expect(JSON.stringify(json(`schemas/${name}`))).not.toMatch(/"x-expected"|"tsType"|"format":"vers"/);
  });

  it.each(PUBLISHED)('%s compiles in ajv strict mode with no warning, and in @cfworker/json-schema; both agree on the corpus', (name) => {
    const schema = json(`schemas/${name}`) as Record<string, unknown>;
    const { ajv, warnings } = strictAjv();
    const validate = ajv.compile(schema);
    expect(warnings).toEqual([]);
    const cfworker = new Validator(schema as never, '7', false);
    for (const sample of SAMPLES[name] ?? []) {
      let document: unknown;
      try {
        document = json(sample);
      } catch {
        continue; // not JSON (the corpus has such a document): no schema's business
      }
      expect(cfworker.validate(document as never).valid, `${sample} against ${name}`).toBe(validate(document));
    }
    // The verdicts mean something: a valid document of the kind passes both.
    if (SAMPLES[name]) expect((SAMPLES[name] ?? []).some((sample) => validate(json(sample)))).toBe(true);
  });

  it('the stripping drops annotations only where they are keywords: a property named x-… stays', () => {
    const schema = {
      type: 'object',
      'x-expected': 'a thing',
      properties: { 'x-custom': { type: 'string', 'x-expected': 'text', format: 'vers' }, u: { format: 'uri' } },
      enum: undefined,
    };
    expect(stripAnnotations(schema)).toEqual({ type: 'object', properties: { 'x-custom': { type: 'string' }, u: { format: 'uri' } }, enum: undefined });
    expect(isAnnotation('x-expected')).toBe(true);
    expect(isAnnotation('tsType')).toBe(true);
    expect(isAnnotation('pattern')).toBe(false);
  });

  it('the annotated sources are what teapurl compiles: ajv strict refuses them without the annotation keywords', () => {
    const annotated = readdirSync(path.join(ROOT, 'schemas/annotated')).filter((n) => annotationsIn(json(`schemas/annotated/${n}`)));
    expect(annotated.length).toBeGreaterThan(0);
    const { ajv } = strictAjv();
    expect(() => ajv.compile(json(`schemas/annotated/${annotated[0]}`) as object)).toThrow(/strict mode|unknown format/);
  });
});
