/**
 * Issue 11, item 4: a pattern's time limit is a budget per definition, not per example. A
 * pattern that runs out of time once is not run again for that definition; the checks and pages
 * it no longer serves say so. Speed (100,000 examples in under 2 s) is measured by
 * scripts/bench-findings.mjs, not here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PurlEngine, validateDocument, validateText } from '../src/index.js';
import { generateDocsSite } from '../src/node/index.js';
import { compilePermittedCharacters, forEachUnderPatternTimeLimit } from '../src/purl/definitions/permitted-characters.js';
import { ROOT } from './support/paths.js';

const CARGO = readFileSync(path.join(ROOT, 'corpus/purl-types/cargo-definition.json'), 'utf8');

/** Lowercase letters only, distinct for each i. */
function letters(i: number): string {
  return i.toString(26).replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)]!);
}

/** The survey's definition: a backtracking pattern on a case-insensitive name, and many examples. */
function surveyDefinition(count: number): Record<string, any> {
  const definition = JSON.parse(CARGO) as Record<string, any>;
  definition.name_definition.permitted_characters = '^(?:[a-z0-9]+|(A+)+b)$';
  definition.name_definition.case_sensitive = false;
  definition.examples = Array.from({ length: count }, (_, i) => `pkg:cargo/${'a'.repeat(30)}${letters(i)}@1.0`);
  return definition;
}

/** Examples on which the pattern itself runs out of time, then ordinary ones (one not canonical). */
function slowExamplesDefinition(): Record<string, any> {
  const definition = JSON.parse(CARGO) as Record<string, any>;
  definition.name_definition.permitted_characters = '^(a|a)+$';
  definition.examples = [
    `pkg:cargo/${'a'.repeat(40)}b@1.0`,
    `pkg:cargo/${'a'.repeat(41)}b@1.0`,
    ...Array.from({ length: 500 }, (_, i) => `pkg:cargo/a${letters(i)}@1.0`),
    'pkg:cargo/aaa@1.0?b=1&a=2',
  ];
  return definition;
}

describe('validating a definition whose pattern runs out of time', () => {
  it('the survey definition: the uppercase probe runs out of time once, and nothing else is paid or reported per example', () => {
    const result = validateText(JSON.stringify(surveyDefinition(3000)), { file: 'cargo-definition.json' });
    expect(result.findings.map((f) => [f.rule, f.severity])).toEqual([
      ['purl-type/pattern-backtracking', 'warning'],
      ['purl-type/case-insensitive-pattern', 'warning'],
    ]);
    expect(result.findings[1]!.message).toMatch(/not fully checked for uppercase letters: it ran out of time .* on "AAAA.*does not run it again for this definition/);
    expect(result.valid).toBe(true);
  });

  it('examples the pattern ran out of time on: the first is an error, the rest are one notice, and their other checks still run', () => {
    const findings = validateDocument(slowExamplesDefinition(), { kind: 'purl-type-definition' }).findings;
    const byRule = (rule: string) => findings.filter((f) => f.rule === rule);
    expect(byRule('purl-type/example-valid').map((f) => [f.pointer, f.severity])).toEqual([
      ['/examples/0', 'error'],
      ['/name_definition/permitted_characters', 'warning'],
    ]);
    expect(byRule('purl-type/example-valid')[0]!.message).toContain('took too long and was stopped');
    expect(byRule('purl-type/example-valid')[1]!.message).toMatch(/^502 examples were not checked against name_definition\.permitted_characters: it ran out of time .* on "a{40}b"/);
    // Canonical form and uniqueness do not depend on the pattern: still checked.
    expect(byRule('purl-type/example-canonical').map((f) => f.pointer)).toEqual(['/examples/502']);
  });

  it('fromDefinitions builds the engine, and that engine refuses values its slow pattern can no longer check', () => {
    const engine = PurlEngine.fromDefinitions([slowExamplesDefinition()]);
    expect(engine.validate('pkg:cargo/abc').valid).toBe(false); // "b" and "c" are not permitted
    expect(engine.validate('pkg:cargo/aaa').valid).toBe(true);
    const slow = `pkg:cargo/${'a'.repeat(40)}c`;
    expect(engine.validate(slow).errors.map((e) => e.code)).toEqual(['pattern-timeout']);
    // Once out of time, the pattern is not run again by this engine: later values are refused, saying why.
    const after = engine.validate('pkg:cargo/aaa');
    expect(after.valid).toBe(false);
    expect(after.errors[0]).toMatchObject({ component: 'name', code: 'pattern-skipped' });
    expect(after.errors[0]!.message).toContain(`took too long on "${'a'.repeat(40)}c"`);
    expect(() => engine.parse('pkg:cargo/aaa')).toThrow(/was not checked against the definition's permitted_characters/);
  });

  it('docs: the examples are broken down under one budget; later examples say their pattern was no longer run', () => {
    const definition = slowExamplesDefinition();
    const engine = PurlEngine.fromCheckedDefinitions([definition as never]);
    const [page] = generateDocsSite([definition as never], { format: 'md', engine }).filter((f) => f.path.startsWith('types/'));
    expect(page!.content).toContain('took too long and was stopped');
    expect(page!.content).toContain('was not checked against the definition');
  });
});

describe('docs pages of a definition with very many examples', () => {
  it('break down the first 1,000 examples and count the rest', () => {
    const definition = surveyDefinition(1500);
    const engine = PurlEngine.fromCheckedDefinitions([definition as never]);
    const files = generateDocsSite([definition as never], { format: 'both', engine }).filter((f) => f.path.startsWith('types/'));
    for (const page of files) {
      expect(page.content).toContain('500 more examples are not shown: a page breaks down the first 1000.');
      expect(page.content).toContain(`${'a'.repeat(30)}${letters(999)}`);
      expect(page.content).not.toContain(`${'a'.repeat(30)}${letters(1000)}@`);
    }
  });
});

describe('forEachUnderPatternTimeLimit', () => {
  it('answers every value of a guarded pattern, as running each alone does', () => {
    const shared = compilePermittedCharacters('^(?:[a-z]+|(A+)+b)$');
    const alone = compilePermittedCharacters('^(?:[a-z]+|(A+)+b)$');
    expect(shared.guarded).toBe(true);
    const values = Array.from({ length: 2000 }, (_, i) => (i % 7 === 0 ? `A${letters(i)}` : letters(i)));
    const answers: (boolean | null)[] = [];
    forEachUnderPatternTimeLimit(values.length, (i) => {
      answers[i] = shared.test(values[i]!);
    });
    expect(answers).toEqual(values.map((value) => alone.test(value)));
    expect(shared.slowOn).toBeNull();
  });

  it('marks a pattern slow on the value that keeps it busy, and goes on with the other steps', () => {
    const pattern = compilePermittedCharacters('^(a+)+$');
    const values = ['aaa', `${'a'.repeat(40)}!`, 'aa', 'a'];
    const answers: (boolean | null)[] = [];
    const runs: number[] = values.map(() => 0);
    forEachUnderPatternTimeLimit(values.length, (i) => {
      runs[i]!++;
      answers[i] = pattern.test(values[i]!);
    });
    expect(pattern.slowOn).toBe(values[1]);
    expect(answers).toEqual([true, null, null, null]);
    expect(runs[1]).toBe(3); // interrupted twice on the same value (so it alone used the limit), then run without the pattern
  });

  it('finishes a step that outlasts the limit without any pattern being to blame', () => {
    let done = 0;
    forEachUnderPatternTimeLimit(3, () => {
      const until = performance.now() + 80;
      while (performance.now() < until);
      done++;
    });
    expect(done).toBeGreaterThanOrEqual(3);
  });
});
