/**
 * The catastrophic-pattern guard, in memory (the part that runs in browsers). A pattern the shape
 * analysis flags runs directly only on values short enough to be cheap; a longer value is
 * `pattern-skipped` by an engine (or validation) without a pattern guard, and answered in linear
 * time by one given `await loadPatternGuard()`. Loading the guard changes nothing for an engine
 * that was not given it. test/purl/node/pattern-guard-node.test.ts covers the Node adapters and the CLI,
 * which give every engine the guard; test-browser/pattern-guard.browser.test.ts the same in Chromium.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { loadPatternGuard } from '../../../src/purl/index.js';
import { validateDocument, validateText } from '../../../src/index.js';
import { generateDocsSite } from '../../../src/docs/index.js';
import { compilePermittedCharacters } from '../../../src/purl/definitions/pattern-flagger.js';
import { toRe2Syntax } from '../../../src/purl/definitions/re2-syntax.js';
import { ROOT } from '../../support/paths.js';
import { patternWidgetDefinition } from '../../support/widget-definition.js';
import { engineFromDefinitions } from '../../../src/purl/engine/engine-from-definitions.js';

const CARGO = readFileSync(path.join(ROOT, 'corpus/purl-types/cargo-definition.json'), 'utf8');

/** Lowercase letters only, distinct for each i. */
function letters(i: number): string {
  return i.toString(26).replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)]!);
}

/**
 * Hostile patterns, each with a long value it matches, a long value it refuses only after
 * exponential or high-polynomial work by a backtracking engine, and a short value and its answer.
 */
const HOSTILE = [
  { source: '^(a+)+$', matching: 'a'.repeat(100_000), refused: `${'a'.repeat(100_000)}!`, short: ['aaa', true] },
  { source: '^(a|aa)*$', matching: 'a'.repeat(50_000), refused: `${'a'.repeat(50_000)}b`, short: ['aab', false] },
  { source: '(.*a){12}', matching: 'a'.repeat(100_000), refused: 'b'.repeat(100_000), short: ['aaaa', false] },
  { source: '^(\\w+\\s?)*$', matching: 'ab '.repeat(20_000), refused: `${'ab '.repeat(20_000)}!`, short: ['ab cd', true] },
] as const;

/** A hostile pattern the guard cannot run: a backreference. */
const BACKREFERENCE = '^(a+)+\\1$';

/** Examples a backtracking engine could not refuse in time, then ordinary ones (one not canonical). */
function slowExamplesDefinition(): Record<string, any> {
  const definition = JSON.parse(CARGO) as Record<string, any>;
  definition.name_definition.permitted_characters = '^(a|a)+$';
  definition.examples = [
    `pkg:cargo/${'a'.repeat(40)}b@1.0`,
    `pkg:cargo/${'a'.repeat(41)}@1.0`,
    ...Array.from({ length: 500 }, (_, i) => `pkg:cargo/a${letters(i)}@1.0`),
    'pkg:cargo/aaa@1.0?b=1&a=2',
  ];
  return definition;
}

/** A backtracking pattern on a case-insensitive name, and many examples. */
function surveyDefinition(count: number): Record<string, any> {
  const definition = JSON.parse(CARGO) as Record<string, any>;
  definition.name_definition.permitted_characters = '^(?:[a-z0-9]+|(A+)+b)$';
  definition.name_definition.case_sensitive = false;
  definition.examples = Array.from({ length: count }, (_, i) => `pkg:cargo/${'a'.repeat(30)}${letters(i)}@1.0`);
  return definition;
}

/** An engine never given the guard: it skips long values before and after the guard is loaded. */
const unguardedEngine = engineFromDefinitions([patternWidgetDefinition('^(a+)+$')]);
const HOSTILE_PURL = `pkg:widget/${'a'.repeat(60_000)}!`;
/** What an answer without the guard tells the reader to do. */
const GIVE_THE_GUARD = 'give the engine the linear-time pattern guard to check it (patternGuard: await loadPatternGuard(), from teapurl/purl)';

describe('without a pattern guard', () => {
  it.each(HOSTILE)('$source: hostile long values are not run, and say why and what to do', ({ source, matching, refused }) => {
    const pattern = compilePermittedCharacters(source);
    expect(pattern.guarded).toBe(true);
    expect(pattern.test(refused)).toBeNull();
    expect(pattern.test(matching)).toBeNull();
    expect(pattern.unrunReason(refused.length)).toMatch(/can backtrack catastrophically/);
    expect(pattern.unrunReason(refused.length)).toContain(GIVE_THE_GUARD);
  });

  it('a polynomial pattern runs short values directly and names the lengths for a long one', () => {
    const pattern = compilePermittedCharacters('^a*a*a*$');
    expect(pattern.safeLength).toBeGreaterThan(20);
    expect(pattern.safeLength).toBeLessThan(1000);
    expect(pattern.test('a'.repeat(pattern.safeLength))).toBe(true);
    expect(pattern.test(`${'a'.repeat(pattern.safeLength - 1)}b`)).toBe(false);
    expect(pattern.test('a'.repeat(5000))).toBeNull();
    expect(pattern.unrunReason(5000)).toBe(
      `the pattern can backtrack catastrophically and the value is 5000 characters, more than the ${pattern.safeLength} it can safely run on; ${GIVE_THE_GUARD}`,
    );
    // The chrome-extension version pattern is flagged on paper; a real version is short enough to run directly.
    const version = compilePermittedCharacters('^\\d+(\\.\\d+){0,3}$');
    expect(version.test('1.2.3.4')).toBe(true);
    expect(version.test('1.2.3.4.5')).toBe(false);
  });

  it('the engine answers pattern-skipped promptly, saying why and what to do', () => {
    const result = unguardedEngine.validate(HOSTILE_PURL);
    expect(result.valid).toBe(false);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ component: 'name', code: 'pattern-skipped' });
    expect(result.errors[0]!.message).toMatch(
      /^widget name "a{80}…" was not checked against the definition's permitted_characters: the pattern can backtrack catastrophically/,
    );
    expect(result.errors[0]!.message).toContain(GIVE_THE_GUARD);
    expect(() => unguardedEngine.parse(HOSTILE_PURL)).toThrow(/was not checked against the definition's permitted_characters/);
  });

  it('a pattern the guard will not be able to run is skipped all the same: the translation comes with the guard', () => {
    const engine = engineFromDefinitions([patternWidgetDefinition(BACKREFERENCE)]);
    const [issue] = engine.validate(`pkg:widget/${'a'.repeat(30_000)}`).errors;
    expect(issue).toMatchObject({ code: 'pattern-skipped' });
    expect(issue!.message).toContain(GIVE_THE_GUARD);
  });

  it('the validator in memory: examples it could not check are one warning, and their other checks still run', () => {
    const findings = validateDocument(slowExamplesDefinition(), { kind: 'purl-type-definition' }).findings;
    expect(findings.map((f) => [f.rule, f.pointer, f.severity])).toEqual([
      ['purl-type/pattern-backtracking', '/name_definition/permitted_characters', 'warning'],
      ['purl-type/example-valid', '/name_definition/permitted_characters', 'warning'],
      ['purl-type/example-canonical', '/examples/502', 'error'],
    ]);
    expect(findings[0]!.message).toContain('can backtrack catastrophically, taking exponential time on some values');
    expect(findings[0]!.message).toContain('teapurl checks values with its linear-time pattern guard (re2js); other tools may hang');
    expect(findings[1]!.message).toBe(
      `503 examples were not checked against name_definition.permitted_characters: the pattern can backtrack catastrophically (exponential time) on values of any length, so teapurl does not run it directly; ${GIVE_THE_GUARD}`,
    );
  });

  it('the validator in memory: the uppercase probe says it could not check', () => {
    const result = validateText(JSON.stringify(surveyDefinition(50)), { file: 'cargo-definition.json' });
    expect(result.findings.map((f) => [f.rule, f.severity])).toEqual([
      ['purl-type/pattern-backtracking', 'warning'],
      ['purl-type/case-insensitive-pattern', 'warning'],
      ['purl-type/example-valid', 'warning'],
    ]);
    expect(result.findings[1]!.message).toMatch(
      /was not fully checked for uppercase letters: the pattern can backtrack catastrophically .*patternGuard: await loadPatternGuard\(\)/,
    );
    expect(result.valid).toBe(true);
  });

  it('docs: an example the pattern was not run on says so on its page', () => {
    const definition = slowExamplesDefinition();
    const engine = engineFromDefinitions([definition as never]);
    const [page] = generateDocsSite([definition as never], { format: 'md', engine }).filter((f) => f.path.startsWith('types/'));
    expect(page!.content).toContain('was not checked against the definition');
    expect(page!.content).not.toContain('does not match the permitted characters');
  });
});

describe('loadPatternGuard()', () => {
  it('loads re2js once: every call is the same promise, resolving to a guard over re2js', async () => {
    const first = loadPatternGuard();
    expect(loadPatternGuard()).toBe(first);
    const guard = await first;
    expect(guard.compileOnGuard('^a+$')).toBeInstanceOf(RE2JS);
  });

  it('changes nothing for an engine or a validation not given the guard', async () => {
    await loadPatternGuard();
    expect(unguardedEngine.validate(HOSTILE_PURL).errors.map((e) => e.code)).toEqual(['pattern-skipped']);
    const findings = validateDocument(slowExamplesDefinition(), { kind: 'purl-type-definition' }).findings;
    expect(findings.some((f) => f.message.includes('503 examples were not checked'))).toBe(true);
  });
});

describe('with the pattern guard given', () => {
  it.each(HOSTILE)('$source: hostile long values get the real answer, as V8 gives it where V8 is fast', async ({ source, matching, refused, short }) => {
    const pattern = compilePermittedCharacters(source, await loadPatternGuard());
    const native = new RegExp(source, 'u');
    // V8 finds these matches quickly; refusing the others would take it exponential time.
    expect(pattern.test(matching)).toBe(native.test(matching));
    expect(pattern.test(matching)).toBe(true);
    expect(pattern.test(refused)).toBe(false);
    expect(pattern.unrunReason(refused.length)).toBeNull();
    expect(pattern.test(short[0])).toBe(short[1]);
  });

  it('an engine given the guard answers in linear time; the one beside it, without, still skips', async () => {
    const guarded = engineFromDefinitions([patternWidgetDefinition('^(a+)+$')], { patternGuard: await loadPatternGuard() });
    expect(guarded.validate(HOSTILE_PURL).errors.map((e) => e.code)).toEqual(['invalid-characters']);
    expect(guarded.validate(`pkg:widget/${'a'.repeat(60_000)}`).valid).toBe(true);
    expect(unguardedEngine.validate(HOSTILE_PURL).errors.map((e) => e.code)).toEqual(['pattern-skipped']);
  });

  it('a pattern the guard cannot run still stops at its safe length, naming the reason', async () => {
    const guard = await loadPatternGuard();
    const pattern = compilePermittedCharacters(BACKREFERENCE, guard);
    expect(pattern.test('a'.repeat(30_000))).toBeNull();
    expect(pattern.unrunReason(30_000)).toBe(
      'the pattern can backtrack catastrophically (exponential time) on values of any length, so teapurl does not run it directly, and the linear-time pattern guard cannot run this pattern: it uses a backreference, which a linear-time engine cannot run',
    );
    // RE2 refuses a repeat count above 1000: known only once re2js has looked at the pattern.
    const wide = compilePermittedCharacters('^(a|b){2000}$', guard);
    expect(wide.test('a'.repeat(3000))).toBeNull();
    expect(wide.unrunReason(3000)).toMatch(/the linear-time pattern guard cannot run this pattern: re2js refuses it \(.*repeat/);
  });

  it('the validator in memory checks every example', async () => {
    const definition = slowExamplesDefinition();
    const findings = validateDocument(definition, { kind: 'purl-type-definition', patternGuard: await loadPatternGuard() }).findings;
    // ^(a|a)+$ accepts what ^a+$ accepts, which V8 answers without backtracking.
    const refused = (definition.examples as string[]).flatMap((purl, i) => (/^a+$/u.test(/^pkg:cargo\/([^@]*)/.exec(purl)![1]!) ? [] : [`/examples/${i}`]));
    expect(refused).toContain('/examples/0');
    expect(refused).not.toContain('/examples/1');
    expect(findings.filter((f) => f.rule === 'purl-type/example-valid').map((f) => [f.pointer, f.severity])).toEqual(
      refused.map((pointer) => [pointer, 'error']),
    );
    expect(findings.find((f) => f.pointer === '/examples/0')!.message).toContain('does not match the permitted characters ^(a|a)+$');
    expect(findings.filter((f) => f.rule !== 'purl-type/example-valid').map((f) => [f.rule, f.pointer])).toEqual([
      ['purl-type/pattern-backtracking', '/name_definition/permitted_characters'],
      ['purl-type/example-canonical', '/examples/502'],
    ]);
  });

  it('the validator in memory: the uppercase probe runs to the end', async () => {
    const result = validateText(JSON.stringify(surveyDefinition(3000)), { file: 'cargo-definition.json', patternGuard: await loadPatternGuard() });
    expect(result.findings.map((f) => [f.rule, f.severity])).toEqual([['purl-type/pattern-backtracking', 'warning']]);
  });

  it('docs: the examples get the real verdict', async () => {
    const definition = slowExamplesDefinition();
    const engine = engineFromDefinitions([definition as never], { patternGuard: await loadPatternGuard() });
    const [page] = generateDocsSite([definition as never], { format: 'md', engine }).filter((f) => f.path.startsWith('types/'));
    expect(page!.content).toContain('does not match the permitted characters');
    expect(page!.content).not.toContain('was not checked against the definition');
  });
});

describe('the RE2 translation matches what V8 matches', () => {
  /** Characters where ECMA-262 and RE2 disagree unless translated: line terminators, white space, astral, lone surrogates. */
  const UNITS = [
    'a',
    'b',
    'A',
    'Z',
    '0',
    '9',
    '_',
    ' ',
    '-',
    '.',
    '/',
    '[',
    ']',
    '\\',
    '\n',
    '\r',
    '\t',
    '\v',
    '\f',
    '\b',
    '\0',
    '\u00a0',
    '\u2028',
    '\u2029',
    '\ufeff',
    '\u3000',
    'é',
    'ſ',
    'K',
    '😀',
    '\uD83D',
    '\uDE00',
  ];
  const PATTERNS = [
    '^(a+)+$',
    '^(a|aa)*$',
    '(.*a){3}',
    '^(\\w+\\s?)*$',
    '^.$',
    '^.+$',
    '^\\s+$',
    '^\\S+$',
    '^[\\s\\S]$',
    '^[^]$',
    '^[]$',
    '^[^\\s]+$',
    '^[^\\S]+$',
    '^\\w+$',
    '^\\W+$',
    '^[\\w.-]+$',
    '^[^\\w\\s]+$',
    '^\\d*\\D*$',
    'a\\b',
    '\\Ba',
    '\\b',
    'a$',
    '^a',
    '^[a-z]{0,3}?$',
    '^a{2,3}$',
    '^(?:a|)+$',
    '^(?<first>a|b)+$',
    '^[\\u00e0-\\u00ff]+$',
    '^\\u{1F600}+$',
    '^\\uD83D\\uDE00$',
    '^\\uD83D',
    '\\uDE00',
    '^\\x41|\\cJ|\\0$',
    '^[\\b]$',
    '^[\\-\\/\\]\\[\\\\]+$',
    '\\.|\\*|\\+|\\?|\\(|\\)|\\{|\\}|\\||\\^|\\$|\\/',
    '^[^a-z\\d]$',
    '^[😀-😀a]$',
    '^[[:a]+$',
  ];

  it('translates every pattern here', () => {
    for (const source of PATTERNS) expect(toRe2Syntax(source), source).toMatchObject({ ok: true });
  });

  it('random short strings: re2js on the translation answers as RegExp.prototype.test', () => {
    const compiled = PATTERNS.map((source) => {
      const translation = toRe2Syntax(source);
      if (!translation.ok) throw new Error(`${source}: ${translation.reason}`);
      return { source, native: new RegExp(source, 'u'), re2: RE2JS.compile(translation.pattern) };
    });
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...UNITS), maxLength: 10 }), (value) => {
        for (const { source, native, re2 } of compiled) {
          if (re2.test(value) !== native.test(value))
            throw new Error(`${source} on ${JSON.stringify(value)}: re2js ${re2.test(value)}, V8 ${native.test(value)}`);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['^(a+)+\\1$', 'a backreference'],
    ['^(?<x>a)\\k<x>$', 'a backreference'],
    ['^(?=a)a+$', 'lookahead or lookbehind'],
    ['^(?!b)a+$', 'lookahead or lookbehind'],
    ['(?<=a)b', 'lookahead or lookbehind'],
    ['(?<!a)b', 'lookahead or lookbehind'],
    ['^\\p{L}+$', 'Unicode property escape'],
    ['^[\\P{Lu}]+$', 'Unicode property escape'],
  ])('refuses %s (%s)', (source, reason) => {
    expect(new RegExp(source, 'u')).toBeInstanceOf(RegExp);
    const translation = toRe2Syntax(source);
    expect(translation.ok).toBe(false);
    expect(translation.ok ? '' : translation.reason).toContain(reason);
  });
});
