/**
 * The VERS specification project's published test suite (`../shared/vers-spec/tests`), every
 * case through teapurl/vers's public functions (src/vers/test-suite/run-case.ts says which
 * function each test type uses). Every `required` case must pass; the `recommended` cases that
 * fail are pinned here one by one with the reason teapurl's answer differs, so a change in either
 * direction is a deliberate change. The number of cases is pinned too, so a suite that silently
 * shrinks fails.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readVersSuiteCases, type VersSuiteCase } from '../../src/vers/test-suite/suite-case.js';
import { runVersSuiteCase, type VersCaseOutcome } from '../../src/vers/test-suite/run-case.js';
import { HAS_VERS_SPEC, VERS_SPEC } from '../support/paths.js';

const EXPECTED_CASES = 2701;

/**
 * The recommended cases teapurl answers differently, by file and index, with why. Each is a
 * place where the expected output is not canonical by the specification's text (a repeated
 * version, a redundant constraint, an empty VERS) or misreads node-semver's notation.
 */
const DIFFERENT: Readonly<Record<string, string>> = {
  'conan_range_from_native_test.json#58': 'an empty native range is Conan\'s "*", >=0.0.0; "vers:conan/" has no constraints, which the specification refuses',
  'conan_range_from_native_test.json#191': '"<0.33.1|>0.33.1" repeats 0.33.1; the canonical form of "all but 0.33.1, below 0.34.1" is !=0.33.1|<0.34.1',
  'nginx_range_from_native_test.json#3': '[1.4.1,1.5.0) and [1.5.0,∞) adjoin: one interval, >=1.4.1, not a repeated 1.5.0',
  'npm_range_from_native_test.json#54': 'node-semver reads "<= 1.0" as <1.1.0-0 (a partial version is an x-range), not <=1.0.0',
  'npm_range_from_native_test.json#165': '~0.8.0-pre lies inside >=0.2.0 <=0.9.6: the union is >=0.2.0|<=0.9.6',
  'npm_range_from_native_test.json#173': 'node-semver reads ">= 2.2.x" as >=2.2.0, with no upper bound',
  'npm_range_from_native_test.json#174': '2.0.x || 2.1.x adjoin: >=2.0.0|<2.2.0, not a repeated 2.1.0',
  'npm_range_from_native_test.json#187': 'the expected output repeats <4.0.0 and overlapping intervals; merged: >=2.0.18|<3.0.0|>=3.0.16|<4.0.0|>=4.0.8|<6.0.0',
  'npm_range_from_native_test.json#188': 'an OR of upper bounds is the highest one: <5.0.0-beta.5',
  'npm_range_from_native_test.json#243':
    'space is AND in node-semver: >=5.0.3 and >=4.2.1 is >=5.0.3 (the expected output is >=4.2.1|>=5.0.3, an invalid sequence)',
  'npm_range_from_native_test.json#252': 'node-semver reads ">= 1.x" as >=1.0.0, with no upper bound',
  'npm_range_from_native_test.json#329': 'an OR of upper bounds is the highest one: <2.0.1',
  'npm_range_from_native_test.json#463': '<=6.0.0 and >=6.0.0 overlap: one interval >=5.2.1|<=6.0.2',
  'npm_range_from_native_test.json#482': 'node-semver reads "2.1" as the x-range >=2.1.0 <2.2.0-0, not the version 2.1.0',
  'npm_range_from_native_test.json#483': 'space is AND in node-semver: "1.1.2 1.2.2" matches no version (empty-range)',
  'npm_range_from_native_test.json#484': 'node-semver reads "<=2.1" as <2.2.0-0 (a partial version is an x-range), not <=2.1.0',
};

function loadCases(): VersSuiteCase[] {
  const dir = path.join(VERS_SPEC, 'tests');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => readVersSuiteCases(JSON.parse(readFileSync(path.join(dir, f), 'utf8')), f));
}

const OUTCOMES: VersCaseOutcome[] = HAS_VERS_SPEC ? loadCases().map(runVersSuiteCase) : [];
const key = (o: VersCaseOutcome) => `${o.case.file}#${o.case.index}`;

describe.skipIf(!HAS_VERS_SPEC)('the published VERS test suite (vers-test 0.2)', () => {
  it(`has ${EXPECTED_CASES} cases`, () => {
    expect(OUTCOMES.length).toBe(EXPECTED_CASES);
  });

  it('passes every required case, per file', () => {
    const failed = OUTCOMES.filter((o) => o.case.group === 'required' && !o.passed).map((o) => `${key(o)}: ${o.reason}`);
    expect(failed).toEqual([]);
  });

  it('fails exactly the pinned recommended cases, each for its stated reason', () => {
    const failed = OUTCOMES.filter((o) => !o.passed)
      .map(key)
      .sort();
    expect(failed).toEqual(Object.keys(DIFFERENT).sort());
  });

  it('reports per file and test group', () => {
    const rows = new Map<string, [number, number]>();
    for (const o of OUTCOMES) {
      const row = `${o.case.file} ${o.case.group}`;
      const counts = rows.get(row) ?? [0, 0];
      counts[o.passed ? 0 : 1]++;
      rows.set(row, counts);
    }
    console.log([...rows].map(([row, [p, f]]) => `${row.padEnd(55)} ${String(p).padStart(5)} passed ${String(f).padStart(3)} failed`).join('\n'));
    // The comparison cases also sort to the suite's exact strings, except where the suite respells a version (NuGet lowercases labels).
    const respelled = OUTCOMES.filter((o) => o.case.testType === 'comparison' && o.exact === false).map((o) => o.case.file);
    expect(new Set(respelled)).toEqual(new Set(['nuget_version_cmp_test.json']));
    expect(rows.size).toBeGreaterThan(20);
  });
});
