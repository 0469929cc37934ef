/**
 * The real-world corpus (corpus/purls/, written by scripts/generate-purl-corpus.mjs): PURLs made
 * from real package names, spelled the ways tools write them, with the canonical form and the
 * components the generator computed on its own (not with this engine). One test per ecosystem
 * runs every entry and reports the mismatches by kind, with the first few of each.
 *
 * For each entry:
 * - `parse(input)` (strict) gives the expected components;
 * - `canonicalize(input)` gives the expected canonical form;
 * - `build(expected components)` gives the canonical form;
 * - the canonical form parses strictly, to the same components;
 * - `build(parse(canonical)) === canonical` and `canonicalize(canonical) === canonical`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultPurlEngine, type PurlComponents } from '../../src/purl/index.js';
import { ROOT } from '../support/paths.js';

const CORPUS = path.join(ROOT, 'corpus/purls');
/** At least this many entries in all; a corpus that silently shrinks fails. */
const MIN_ENTRIES = 20_000;
/**
 * ECMA-427's permitted characters of a canonical PURL: letters, digits, `.-_~`, `:`, the
 * separators, and `%` only as an escape in uppercase hex. A check on the corpus itself.
 */
const CANONICAL_CHARACTERS = /^pkg:[a-z][a-z0-9.-]*\/(?:[A-Za-z0-9._~:/@?=&#-]|%[0-9A-F]{2})+$/;
const ECOSYSTEMS = ['cargo', 'deb', 'gem', 'github', 'golang', 'maven', 'npm', 'nuget', 'pypi'];

type Entry = [
  spelling: string,
  input: string,
  canonical: string,
  type: string,
  namespace: string | null,
  name: string,
  version: string | null,
  qualifiers: Record<string, string> | null,
  subpath: string | null,
];

function readEcosystem(ecosystem: string): Entry[] {
  const text = readFileSync(path.join(CORPUS, `${ecosystem}.jsonl`), 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Entry);
}

const engine = defaultPurlEngine();

function expectedComponents(e: Entry): PurlComponents {
  const [, , , type, namespace, name, version, qualifiers, subpath] = e;
  return { type, namespace, name, version, qualifiers, subpath };
}

/** Components as a comparable string: qualifiers in key order, a null-prototype record like any other. */
function show(c: PurlComponents): string {
  const qualifiers = c.qualifiers === null ? null : Object.fromEntries(Object.entries(c.qualifiers).sort(([a], [b]) => (a < b ? -1 : 1)));
  return JSON.stringify([c.type, c.namespace, c.name, c.version, qualifiers, c.subpath]);
}

function attempt<T>(run: () => T): T | { error: string } {
  try {
    return run();
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
const failed = (value: unknown): value is { error: string } => typeof value === 'object' && value !== null && 'error' in value;

interface Mismatch {
  check: string;
  spelling: string;
  input: string;
  expected: string;
  actual: string;
}

/** Every check on one entry; returns the mismatches. */
function checkEntry(e: Entry): Mismatch[] {
  const [spelling, input, canonical] = e;
  const want = show(expectedComponents(e));
  const out: Mismatch[] = [];
  const report = (check: string, expected: string, actual: string): void => {
    out.push({ check, spelling, input, expected, actual });
  };

  const parsed = attempt(() => engine.parse(input));
  if (failed(parsed)) report('parse(input)', want, `error: ${parsed.error}`);
  else if (show(parsed) !== want) report('parse(input)', want, show(parsed));

  const canonicalized = attempt(() => engine.canonicalize(input));
  if (failed(canonicalized)) report('canonicalize(input)', canonical, `error: ${canonicalized.error}`);
  else if (canonicalized !== canonical) report('canonicalize(input)', canonical, canonicalized);

  const built = attempt(() => engine.build(expectedComponents(e)));
  if (failed(built)) report('build(expected)', canonical, `error: ${built.error}`);
  else if (built !== canonical) report('build(expected)', canonical, built);

  const reparsed = attempt(() => engine.parse(canonical));
  if (failed(reparsed)) report('parse(canonical)', want, `error: ${reparsed.error}`);
  else {
    if (show(reparsed) !== want) report('parse(canonical)', want, show(reparsed));
    const rebuilt = attempt(() => engine.build(reparsed));
    if (failed(rebuilt) || rebuilt !== canonical) report('build(parse(canonical))', canonical, failed(rebuilt) ? `error: ${rebuilt.error}` : rebuilt);
  }

  const again = attempt(() => engine.canonicalize(canonical));
  if (failed(again) || again !== canonical) report('canonicalize(canonical)', canonical, failed(again) ? `error: ${again.error}` : again);
  return out;
}

/** Mismatches grouped by check and spelling, with the first three examples of each group. */
function summarise(mismatches: Mismatch[]): string {
  const groups = new Map<string, Mismatch[]>();
  for (const m of mismatches) {
    const key = `${m.check} [${m.spelling}]`;
    const group = groups.get(key) ?? [];
    group.push(m);
    groups.set(key, group);
  }
  const lines: string[] = [];
  for (const [key, group] of groups) {
    lines.push(`${key}: ${group.length} mismatches`);
    for (const m of group.slice(0, 3)) lines.push(`  ${m.input}\n    expected ${m.expected}\n    actual   ${m.actual}`);
  }
  return lines.join('\n');
}

describe('real-world PURL corpus (corpus/purls)', () => {
  it('has every ecosystem and at least 20,000 entries, each input once', () => {
    const files = readdirSync(CORPUS)
      .filter((f) => f.endsWith('.jsonl'))
      .sort();
    expect(files).toEqual(ECOSYSTEMS.map((e) => `${e}.jsonl`));
    const inputs = new Set<string>();
    const malformed: string[] = [];
    let total = 0;
    for (const ecosystem of ECOSYSTEMS) {
      const entries = readEcosystem(ecosystem);
      expect(entries.length, ecosystem).toBeGreaterThan(100);
      for (const e of entries) {
        if (!Array.isArray(e) || e.length !== 9 || e[3] !== ecosystem) malformed.push(`${ecosystem}: ${JSON.stringify(e)}`);
        else if (!CANONICAL_CHARACTERS.test(e[2])) malformed.push(`${ecosystem}: canonical ${e[2]} has a character ECMA-427 does not permit there`);
        inputs.add(e[1]);
      }
      total += entries.length;
    }
    expect(malformed.slice(0, 5)).toEqual([]);
    expect(total).toBeGreaterThanOrEqual(MIN_ENTRIES);
    expect(inputs.size).toBe(total);
  });

  for (const ecosystem of ECOSYSTEMS) {
    it(`${ecosystem}: parse, canonicalize, build and the round trips agree with the corpus`, () => {
      const entries = readEcosystem(ecosystem);
      const mismatches = entries.flatMap(checkEntry);
      const failing = new Set(mismatches.map((m) => m.input)).size;
      // The count alone is compared, so that the message (grouped, a few examples each) is the report.
      expect(failing, `${failing} of ${entries.length} ${ecosystem} entries disagree:\n${summarise(mismatches)}`).toBe(0);
    });
  }
});
