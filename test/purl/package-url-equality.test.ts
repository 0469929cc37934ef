/**
 * The `PackageURL` class and the functional API give the same answers: on every case of the PURL
 * specification's conformance suite (`../shared/purl-spec/tests`; skipped, with a warning from
 * test/support/paths.ts, when it is absent) and on every entry of the real-world corpus
 * (corpus/purls/). `fromString` reads as `parsePurl(s, { lenient: true })`, the constructor
 * builds as `buildPurl`, and `toString()` writes what `buildPurl` writes for the same components.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PackageURL, PurlError, buildPurl, parsePurl, type PurlComponents, type PurlComponentsInput } from '../../src/purl/index.js';
import { readSuiteCases, type SuiteCase } from '../../src/purl/test-suite/suite-case.js';
import { HAS_PURL_SPEC, PURL_SPEC, ROOT } from '../support/paths.js';

/** The suite's size, as test/purl/conformance.test.ts pins it. */
const EXPECTED_CASES = 586;

type Outcome = { ok: true; value: unknown } | { ok: false; component: string; code: string };

/** The answer of `run`, or the component and code of the PurlError it threw (anything else thrown fails the test). */
function outcome(run: () => unknown): Outcome {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    if (!(error instanceof PurlError)) throw error;
    return { ok: false, component: error.component, code: error.code };
  }
}

/** Parsed components as the class holds them: `undefined` for absent, qualifiers spread. */
function asFields(c: PurlComponents): Record<string, unknown> {
  // Plain objects, not null-prototype records: deep equality compares prototypes.
  return {
    type: c.type,
    name: c.name,
    namespace: c.namespace ?? undefined,
    version: c.version ?? undefined,
    qualifiers: c.qualifiers === null ? undefined : { ...c.qualifiers },
    subpath: c.subpath ?? undefined,
  };
}

function instanceFields(p: PackageURL): Record<string, unknown> {
  return { ...p, qualifiers: p.qualifiers === undefined ? undefined : { ...p.qualifiers } };
}

/** Checks the class against the functional API on one PURL string; returns whether it was accepted. */
function agreeOnString(input: string): boolean {
  const functional = outcome(() => {
    const c = parsePurl(input, { lenient: true });
    return { fields: asFields(c), built: buildPurl(c) };
  });
  const viaClass = outcome(() => {
    const p = PackageURL.fromString(input);
    return { fields: instanceFields(p), built: p.toString() };
  });
  expect(viaClass).toEqual(functional);
  if (!functional.ok) {
    expect(outcome(() => PackageURL.parseString(input))).toEqual(functional);
    return false;
  }
  const { built } = functional.value as { built: string };
  const args = PackageURL.parseString(input);
  expect(new PackageURL(...args).toString()).toBe(built);
  return true;
}

/** Checks `new PackageURL(...)` against `buildPurl` on components; returns whether they were accepted. */
function agreeOnComponents(input: PurlComponentsInput): boolean {
  const functional = outcome(() => buildPurl(input));
  const viaClass = outcome(() =>
    new PackageURL(
      input.type as string,
      input.namespace as string,
      input.name as string,
      input.version as string,
      input.qualifiers as Record<string, string>,
      input.subpath as string,
    ).toString(),
  );
  expect(viaClass).toEqual(functional);
  return functional.ok;
}

function loadSuite(): SuiteCase[] {
  const typesDir = path.join(PURL_SPEC, 'tests/types');
  const files = [
    path.join(PURL_SPEC, 'tests/spec/specification-test.json'),
    ...readdirSync(typesDir)
      .filter((f) => f.endsWith('-test.json'))
      .sort()
      .map((f) => path.join(typesDir, f)),
  ];
  return files.flatMap((file) => readSuiteCases(JSON.parse(readFileSync(file, 'utf8')), path.relative(PURL_SPEC, file)));
}

describe.skipIf(!HAS_PURL_SPEC)('PackageURL and the functional API agree on the conformance suite', () => {
  const cases = HAS_PURL_SPEC ? loadSuite() : [];

  it(`on all ${EXPECTED_CASES} cases`, () => {
    expect(cases).toHaveLength(EXPECTED_CASES);
    let accepted = 0;
    for (const c of cases) {
      const ok = typeof c.input === 'string' ? agreeOnString(c.input) : agreeOnComponents(c.input);
      if (ok) accepted++;
    }
    // Both outcomes are exercised: most cases are accepted, the expected failures are refused.
    expect(accepted).toBeGreaterThan(400);
    expect(accepted).toBeLessThan(cases.length);
  });

  it('and the class meets every expected output of the suite that lenient reading keeps', () => {
    const misses: string[] = [];
    for (const c of cases) {
      if (c.expectedFailure || typeof c.input !== 'string') continue;
      const p = PackageURL.fromString(c.input);
      if (c.testType === 'parse') {
        const expected = c.expectedOutput as PurlComponents;
        if (!isDeepStrictEqual(instanceFields(p), asFields({ ...expected, qualifiers: expected.qualifiers ?? null }))) misses.push(`${c.file} #${c.index}`);
      } else if (p.toString() !== c.expectedOutput) {
        misses.push(`${c.file} #${c.index}`);
      }
    }
    expect(misses).toEqual([]);
  });
});

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

describe('PackageURL and the functional API agree on the real-world corpus', () => {
  const dir = path.join(ROOT, 'corpus/purls');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();

  it.each(files)('%s', (file) => {
    const entries = readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Entry);
    expect(entries.length).toBeGreaterThan(100);
    for (const [, input, canonical, type, namespace, name, version, qualifiers, subpath] of entries) {
      expect(agreeOnString(input), input).toBe(true);
      expect(PackageURL.fromString(input).toString(), input).toBe(canonical);
      expect(agreeOnComponents({ type, namespace, name, version, qualifiers, subpath })).toBe(true);
      expect(new PackageURL(type, namespace, name, version, qualifiers, subpath).toString(), input).toBe(canonical);
    }
  });
});
