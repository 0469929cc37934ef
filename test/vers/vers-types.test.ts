/**
 * corpus/vers-types: one VERS type definition (vers-type-definition 0.2) per type teapurl
 * supports, and the types index (vers-types-index 0.1). Each is valid against the specification
 * project's schema, each example is a canonical VERS the engine accepts, each native example
 * converts to its VERS, and the definitions, the index and the engine's types are the same set.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { nativeVersTypes, normalizeVers, parseVers, versFromNative, versTypes } from '../../src/vers/index.js';
import { HAS_VERS_SPEC, ROOT, VERS_SPEC } from '../support/paths.js';

interface Definition {
  type: string;
  vers_examples: string[];
  native_and_vers_equivalent_examples?: { native_range: string; vers_range: string }[];
}

const DIR = path.join(ROOT, 'corpus/vers-types');
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('-definition.json'))
  .sort();
const DEFINITIONS: Definition[] = FILES.map((f) => JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as Definition);
const INDEX = JSON.parse(readFileSync(path.join(DIR, 'index.json'), 'utf8')) as string[];

describe('corpus/vers-types', () => {
  it('has a definition for every type the engine supports, and none other; the index lists them', () => {
    expect(DEFINITIONS.map((d) => d.type)).toEqual([...versTypes()]);
    expect(FILES).toEqual(versTypes().map((t) => `${t}-definition.json`));
    expect(INDEX).toEqual([...versTypes()]);
  });

  it.each(DEFINITIONS.map((d) => [d.type, d] as const))('%s: each example parses, with its versions valid, and is already canonical', (_type, definition) => {
    for (const example of definition.vers_examples) {
      expect(parseVers(example, { checkVersions: true }).scheme).toBe(definition.type);
      expect(normalizeVers(example)).toBe(example);
    }
    for (const { native_range: native, vers_range: vers } of definition.native_and_vers_equivalent_examples ?? []) {
      expect(versFromNative(definition.type, native)).toBe(vers);
    }
    if (nativeVersTypes().includes(definition.type)) expect(definition.native_and_vers_equivalent_examples?.length).toBeGreaterThan(0);
  });

  it.skipIf(!HAS_VERS_SPEC)("is valid against the specification project's schemas", () => {
    const ajv = new Ajv2020.default({ allErrors: true, strict: false });
    addFormats.default(ajv);
    // The index schema names its meta-schema with http://, which Ajv does not know; each is draft 2020-12.
    const schema = (name: string) => {
      const { $schema: _meta, ...rest } = JSON.parse(readFileSync(path.join(VERS_SPEC, 'schemas', name), 'utf8')) as Record<string, unknown>;
      return rest;
    };
    const definition = ajv.compile(schema('vers-type-definition.schema-0.2.json'));
    for (const [i, d] of DEFINITIONS.entries()) expect(definition(d) ? [] : definition.errors, FILES[i]).toEqual([]);
    const index = ajv.compile(schema('vers-types-index.schema-0.1.json'));
    expect(index(INDEX) ? [] : index.errors).toEqual([]);
  });
});
