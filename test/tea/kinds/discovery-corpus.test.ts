/**
 * The discovery corpus: every document in corpus/discovery/valid/ passes with no finding at all,
 * and every document in corpus/discovery/invalid/ breaks exactly the one rule its table row names,
 * at the pointer, line and column given there. The table and the folder must list the same files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateText, type Finding } from '../../../src/index.js';
import { ROOT } from '../../support/paths.js';

const VALID_DIR = path.join(ROOT, 'corpus/discovery/valid');
const INVALID_DIR = path.join(ROOT, 'corpus/discovery/invalid');

function jsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
}

/** The file name findings carry: relative to the repository root, and free of `.well-known`. */
function relative(dir: string, name: string): string {
  return path.relative(ROOT, path.join(dir, name)).split(path.sep).join('/');
}

function validate(dir: string, name: string, kind: 'tea-discovery' | undefined = 'tea-discovery') {
  const file = relative(dir, name);
  const text = readFileSync(path.join(dir, name), 'utf8');
  return validateText(text, kind ? { file, kind } : { file });
}

/** What an invalid document is expected to produce. */
interface Expected {
  /** The rule the document breaks. */
  rule: string;
  /** JSON Pointer of the offending value ('' for the whole document). */
  pointer: string;
  /** 1-based position of the finding, or null when the text has none (an empty file). */
  line: number | null;
  column: number | null;
}

// Positions: a value's first character; an unknown or repeated property's key (its opening quote);
// a missing required property the object that lacks it (its opening brace).
const INVALID: Record<string, Expected> = {
  // 2.1 discovery document
  'schema-version-2.json': { rule: 'schema/const', pointer: '/schemaVersion', line: 2, column: 20 },
  'schema-version-string.json': { rule: 'schema/type', pointer: '/schemaVersion', line: 2, column: 20 },
  'schema-version-missing.json': { rule: 'schema/required', pointer: '', line: 1, column: 1 },
  'endpoints-empty.json': { rule: 'schema/minItems', pointer: '/endpoints', line: 3, column: 16 },
  'endpoints-missing.json': { rule: 'schema/required', pointer: '', line: 1, column: 1 },
  'endpoints-not-array.json': { rule: 'schema/type', pointer: '/endpoints', line: 3, column: 16 },
  'endpoint-not-object.json': { rule: 'schema/type', pointer: '/endpoints/0', line: 3, column: 17 },
  'unknown-root-property.json': { rule: 'schema/additionalProperties', pointer: '/publisher', line: 9, column: 3 },
  'root-not-object.json': { rule: 'schema/type', pointer: '', line: 1, column: 1 },

  // 2.2 endpoint object: url
  'url-trailing-slash.json': { rule: 'discovery/base-url', pointer: '/endpoints/0/url', line: 5, column: 14 },
  'url-with-query.json': { rule: 'discovery/base-url', pointer: '/endpoints/0/url', line: 5, column: 14 },
  'url-with-fragment.json': { rule: 'discovery/base-url', pointer: '/endpoints/0/url', line: 5, column: 14 },
  'url-with-userinfo.json': { rule: 'discovery/base-url', pointer: '/endpoints/0/url', line: 5, column: 14 },
  'url-uppercase-scheme.json': { rule: 'discovery/base-url', pointer: '/endpoints/0/url', line: 5, column: 14 },
  'url-ftp-scheme.json': { rule: 'discovery/base-url', pointer: '/endpoints/0/url', line: 5, column: 14 },
  'url-relative.json': { rule: 'discovery/base-url', pointer: '/endpoints/0/url', line: 5, column: 14 },
  'url-with-whitespace.json': { rule: 'discovery/base-url', pointer: '/endpoints/0/url', line: 5, column: 14 },
  'url-missing.json': { rule: 'schema/required', pointer: '/endpoints/0', line: 4, column: 5 },
  'url-not-string.json': { rule: 'schema/type', pointer: '/endpoints/0/url', line: 5, column: 14 },

  // 2.2 endpoint object: versions
  'versions-not-full-semver.json': { rule: 'schema/pattern', pointer: '/endpoints/0/versions/1', line: 6, column: 29 },
  'versions-leading-v.json': { rule: 'schema/pattern', pointer: '/endpoints/0/versions/1', line: 6, column: 29 },
  'versions-leading-zero.json': { rule: 'schema/pattern', pointer: '/endpoints/0/versions/1', line: 6, column: 29 },
  'versions-prerelease-leading-zero.json': { rule: 'schema/pattern', pointer: '/endpoints/0/versions/1', line: 6, column: 29 },
  'versions-empty-build.json': { rule: 'schema/pattern', pointer: '/endpoints/0/versions/1', line: 6, column: 29 },
  'versions-empty.json': { rule: 'schema/minItems', pointer: '/endpoints/0/versions', line: 6, column: 19 },
  'versions-missing.json': { rule: 'schema/required', pointer: '/endpoints/0', line: 4, column: 5 },
  'versions-not-array.json': { rule: 'schema/type', pointer: '/endpoints/0/versions', line: 6, column: 19 },
  'versions-item-number.json': { rule: 'schema/type', pointer: '/endpoints/0/versions/0', line: 6, column: 20 },

  // 2.2 endpoint object: priority
  'priority-above-1.json': { rule: 'schema/maximum', pointer: '/endpoints/0/priority', line: 7, column: 19 },
  'priority-negative.json': { rule: 'schema/minimum', pointer: '/endpoints/0/priority', line: 7, column: 19 },
  'priority-string.json': { rule: 'schema/type', pointer: '/endpoints/0/priority', line: 7, column: 19 },
  'priority-null.json': { rule: 'schema/type', pointer: '/endpoints/0/priority', line: 7, column: 19 },
  'unknown-endpoint-property.json': { rule: 'schema/additionalProperties', pointer: '/endpoints/0/region', line: 7, column: 7 },

  // Rules beyond the schema
  'duplicate-url.json': { rule: 'discovery/duplicate-url', pointer: '/endpoints/1/url', line: 9, column: 14 },
  'duplicate-url-host-case.json': { rule: 'discovery/duplicate-url', pointer: '/endpoints/1/url', line: 9, column: 14 },
  'duplicate-url-default-port.json': { rule: 'discovery/duplicate-url', pointer: '/endpoints/1/url', line: 9, column: 14 },
  'duplicate-version.json': { rule: 'discovery/duplicate-version', pointer: '/endpoints/0/versions/2', line: 6, column: 38 },

  // JSON text
  'duplicate-key.json': { rule: 'json/duplicate-key', pointer: '/endpoints/0/url', line: 7, column: 7 },
  'malformed-json.json': { rule: 'json/syntax', pointer: '', line: 7, column: 5 },
  'json-comment.json': { rule: 'json/syntax', pointer: '', line: 3, column: 3 },
  'empty-file.json': { rule: 'file/empty', pointer: '', line: null, column: null },
};

type Shape = Pick<Finding, 'rule' | 'pointer' | 'line' | 'column' | 'severity'>;

function shape(f: Finding): Shape {
  return { rule: f.rule, pointer: f.pointer, line: f.line, column: f.column, severity: f.severity };
}

describe('corpus/discovery/valid', () => {
  const files = jsonFiles(VALID_DIR);

  it('holds between 5 and 8 documents', () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
    expect(files.length).toBeLessThanOrEqual(8);
  });

  it.each(files)('%s is valid with no finding at all', (name) => {
    const result = validate(VALID_DIR, name);
    expect(result.findings).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.kind).toBe('tea-discovery');
    expect(result.file).toBe(relative(VALID_DIR, name));
  });

  it.each(files)('%s is recognised as a discovery document by its shape alone', (name) => {
    const result = validate(VALID_DIR, name, undefined);
    expect(result.kind).toBe('tea-discovery');
    expect(result.findings).toEqual([]);
  });
});

describe('corpus/discovery/invalid', () => {
  const files = readdirSync(INVALID_DIR).sort();

  it('has a table row for every file, and a file for every table row', () => {
    const unlisted = files.filter((name) => !Object.hasOwn(INVALID, name));
    const missing = Object.keys(INVALID).filter((name) => !files.includes(name));
    expect({ unlisted, missing }).toEqual({ unlisted: [], missing: [] });
  });

  it('holds at least 20 documents', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
  });

  // Iterate over the folder, not the table, so a file without a row is also exercised (and fails).
  it.each(files)('%s breaks exactly the rule its row names', (name) => {
    const expected = INVALID[name];
    if (!expected) throw new Error(`${name} has no row in the INVALID table of test/tea/kinds/discovery-corpus.test.ts`);
    const result = validate(INVALID_DIR, name);
    expect(result.valid).toBe(false);
    const { rule, pointer, line, column } = expected;
    // One broken value, one finding: keywords it breaks as a consequence are not reported again.
    expect(result.findings.map(shape)).toEqual([{ rule, pointer, line, column, severity: 'error' }]);
    for (const finding of result.findings) {
      expect(finding.file).toBe(relative(INVALID_DIR, name));
      expect(finding.message).not.toBe('');
    }
  });
});
