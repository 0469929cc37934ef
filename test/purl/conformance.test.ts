/**
 * The PURL specification project's conformance suite (`../shared/purl-spec/tests`: the
 * specification file and every type file), one test per case, against the default engine (built
 * from teapurl's own corpus) and against an engine built from the specification project's
 * published definitions. A summary test per engine pins the number of cases, so a suite that
 * silently shrinks (a file not found, a file read as empty) fails too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultPurlEngine, type PurlEngine, PurlError, type PurlComponents } from '../../src/purl/index.js';
import { purlEngineFromDirectory } from '../../src/node/index.js';
import { readSuiteCases, type SuiteCase } from '../../src/purl/test-suite/suite-case.js';
import { runSuiteCase } from '../../src/purl/test-suite/run-case.js';
import { HAS_PURL_SPEC, PURL_SPEC } from '../support/paths.js';

/** The number of cases in the suite; a change in the suite must be a deliberate change here. */
const EXPECTED_CASES = 586;

function suiteFiles(): string[] {
  const spec = path.join(PURL_SPEC, 'tests/spec/specification-test.json');
  const typesDir = path.join(PURL_SPEC, 'tests/types');
  const typeFiles = readdirSync(typesDir)
    .filter((f) => f.endsWith('-test.json'))
    .sort()
    .map((f) => path.join(typesDir, f));
  return [spec, ...typeFiles];
}

function loadCases(): SuiteCase[] {
  const cases: SuiteCase[] = [];
  for (const file of suiteFiles()) {
    const shown = path.relative(PURL_SPEC, file);
    cases.push(...readSuiteCases(JSON.parse(readFileSync(file, 'utf8')), shown));
  }
  return cases;
}

const CASES: SuiteCase[] = HAS_PURL_SPEC ? loadCases() : [];

function caseName(c: SuiteCase): string {
  const outcome = c.expectedFailure ? 'fails' : 'succeeds';
  return `${c.file} #${c.index} [${c.group} ${c.testType}, ${outcome}] ${c.description} :: ${JSON.stringify(c.input)}`;
}

const NAMED = CASES.map((c) => ({ name: caseName(c), c }));

/** Components as a plain object with the six members, as the suite writes them. */
function plain(c: PurlComponents): Record<string, unknown> {
  return {
    type: c.type,
    namespace: c.namespace,
    name: c.name,
    version: c.version,
    qualifiers: c.qualifiers === null ? null : { ...c.qualifiers },
    subpath: c.subpath,
  };
}

/** Expects `run` to throw a PurlError (anything else thrown is a crash, not a refusal). */
function expectRefusal(run: () => unknown): void {
  let thrown: unknown;
  let result: unknown;
  try {
    result = run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `expected a PurlError, got ${JSON.stringify(result)}`).toBeInstanceOf(PurlError);
}

/**
 * Checks one case directly against the engine's public API, independently of the project's own
 * runner: `required` cases with strict parsing, `recommended` ones (repairs of common mistakes)
 * with lenient parsing, as the suite's schema describes the two groups. Required string cases are
 * also checked through `validate`, which must agree with `parse`.
 */
function judge(engine: PurlEngine, c: SuiteCase): void {
  const lenient = c.group === 'recommended';
  if (c.testType === 'build') {
    if (c.expectedFailure) expectRefusal(() => engine.build(c.input as object));
    else expect(engine.build(c.input as object)).toBe(c.expectedOutput);
    return;
  }
  const input = c.input as string;
  if (c.testType === 'parse') {
    if (c.expectedFailure) expectRefusal(() => engine.parse(input, { lenient }));
    else {
      const parsed = engine.parse(input, { lenient });
      expect(plain(parsed)).toEqual(plain(c.expectedOutput as PurlComponents));
      if (parsed.qualifiers !== null) expect(Object.getPrototypeOf(parsed.qualifiers)).toBeNull();
    }
  } else if (c.expectedFailure) {
    expectRefusal(() => (lenient ? engine.canonicalize(input) : engine.build(engine.parse(input))));
  } else if (lenient) {
    expect(engine.canonicalize(input)).toBe(c.expectedOutput);
  } else {
    expect(engine.build(engine.parse(input))).toBe(c.expectedOutput);
    expect(engine.canonicalize(input)).toBe(c.expectedOutput);
  }
  if (!lenient) {
    const validation = engine.validate(input);
    expect(validation.valid, JSON.stringify(validation.errors)).toBe(!c.expectedFailure);
    if (c.testType === 'validate' && !c.expectedFailure) expect(validation.canonical).toBe(c.expectedOutput);
  }
}

function describeEngine(label: string, makeEngine: () => PurlEngine | Promise<PurlEngine>): void {
  describe.skipIf(!HAS_PURL_SPEC)(`PURL conformance suite: ${label}`, () => {
    let engine: PurlEngine;
    beforeAll(async () => {
      engine = await makeEngine();
    });

    it.each(NAMED)('$name', ({ c }) => {
      judge(engine, c);
      // The runner behind `teapurl purl test-suite` reaches the same verdict.
      const outcome = runSuiteCase(engine, c);
      expect(outcome.reason, `actual: ${JSON.stringify(outcome.actual)}`).toBeNull();
      expect(outcome.passed).toBe(true);
    });

    it(`passes all ${EXPECTED_CASES} cases (the suite neither shrank nor grew)`, () => {
      expect(CASES.length).toBe(EXPECTED_CASES);
      const failures = CASES.map((c) => runSuiteCase(engine, c))
        .filter((o) => !o.passed)
        .map((o) => `${caseName(o.case)}: ${o.reason}`);
      expect(failures).toEqual([]);
      // Every file of the suite contributes cases: a file read as empty would shrink the count.
      const files = new Set(CASES.map((c) => c.file));
      expect(files.size).toBe(suiteFiles().length);
      expect(files.has(path.join('tests', 'spec', 'specification-test.json'))).toBe(true);
    });
  });
}

describeEngine('default engine (teapurl corpus)', () => defaultPurlEngine());
describeEngine('engine from ../shared/purl-spec/types', () => purlEngineFromDirectory(path.join(PURL_SPEC, 'types')));
