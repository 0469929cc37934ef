/**
 * Issue 23 item 3: `purl canonical`, `purl validate`, the type-definition example checks and
 * `validate --fix` read a PURL the same way. What ECMA-427 lets a reader repair (the case of the
 * type and of qualifier keys) has one canonical form, which all four name and `--fix` writes;
 * what cannot be read has none, and none of them invents one.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateText } from '../../src/index.js';
import { ROOT } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

/** Each with the words the example check and `purl validate` must both give for it; `null` when it is canonical or unreadable. */
const PURLS: readonly [string, readonly string[]][] = [
  ['pkg:npm/@angular/animation@12.3.1?Zeta=1&alpha=2', ['qualifier key "Zeta" must be lowercase ("zeta")', 'qualifiers must be sorted by key']],
  ['pkg:NPM/foobar@12.3.1', ['type must be lowercase ("npm")']],
  ['pkg:npm/foobar@1.0.0?b=1&a=2', ['qualifiers must be sorted by key']],
  ['pkg:Npm/widget@1?B=2', ['type must be lowercase ("npm")', 'qualifier key "B" must be lowercase ("b")']],
  ['pkg:npm/%40babel/core@7.24.0', []],
  ['pkg:npm/dup@1?x=1&X=2', []],
];

let dir: string;
let definition: Record<string, unknown>;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'teapurl-one-verdict-'));
  definition = JSON.parse(readFileSync(path.join(ROOT, 'corpus/purl-types/npm-definition.json'), 'utf8')) as Record<string, unknown>;
  definition.examples = PURLS.map(([purl]) => purl);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What `purl canonical` prints for each PURL, `null` where it refuses one. */
function canonicalForms(): (string | null)[] {
  const r = runCli(['purl', 'canonical'], { cwd: dir, input: PURLS.map(([purl]) => purl).join('\n') });
  return r.stdout
    .split('\n')
    .slice(0, PURLS.length)
    .map((line) => (line === '' ? null : line));
}

describe('one reading of a PURL', () => {
  it('the example checks name the canonical form purl canonical prints, say why in the same words, and fix to it', () => {
    const forms = canonicalForms();
    expect(forms[4]).toBe(PURLS[4]![0]);
    expect(forms[5]).toBeNull();
    const { findings } = validateText(JSON.stringify(definition, null, 2), { file: 'npm-definition.json' });
    PURLS.forEach(([purl, reasons], i) => {
      const at = findings.filter((f) => f.pointer === `/examples/${i}`);
      if (forms[i] === purl) return expect(at, purl).toEqual([]);
      expect(at, purl).toHaveLength(1);
      const [finding] = at;
      if (forms[i] === null) {
        expect(finding!.rule).toBe('purl-type/example-valid');
        return expect(finding!.fix).toBeUndefined();
      }
      // Never the schema's "not a PURL beginning with pkg:<type>/" for an uppercase type: it begins with one.
      expect(finding!.rule, purl).toBe('purl-type/example-canonical');
      expect(finding!.message).toBe(
        `examples[${i}] ${JSON.stringify(purl)} is not canonical: ${reasons.join('; ')}; its canonical form is ${JSON.stringify(forms[i])}`,
      );
      expect(finding!.fix).toEqual({ pointer: `/examples/${i}`, replacement: forms[i] });
    });
  });

  it('purl validate gives the same reasons and the same form: valid ones on stdout, repairs of refused ones on stderr', () => {
    const forms = canonicalForms();
    const r = runCli(['purl', 'validate'], { cwd: dir, input: PURLS.map(([purl]) => purl).join('\n') });
    const records = r.stdout.split('\n');
    PURLS.forEach(([purl, reasons], i) => {
      const strictlyRefused = new RegExp(`^line ${i + 1}: .*\\(uppercase-qualifier-key\\); canonical form once repaired: (.*)$`, 'm').exec(r.stderr);
      if (forms[i] === purl) return expect(records[i]).toBe(`${purl}: valid and canonical`);
      if (forms[i] === null) {
        expect(records[i]).toBe('');
        // Refused, and with no repair named: lowercased, its keys would repeat.
        expect(r.stderr).toMatch(new RegExp(`^line ${i + 1}: `, 'm'));
        return expect(r.stderr).not.toMatch(new RegExp(`^line ${i + 1}: .*repaired`, 'm'));
      }
      if (strictlyRefused !== null) {
        // A key starting with an uppercase letter: refused as ECMA-427's strict reading does, with the repair named.
        expect(records[i]).toBe('');
        return expect(strictlyRefused[1]).toBe(forms[i]);
      }
      expect(records[i]).toBe(`${purl}: valid, not canonical (${reasons.join('; ')}); canonical form is ${forms[i]}`);
    });
  });

  it('teapurl validate --fix writes what purl canonical prints, and leaves the unreadable example to a person', () => {
    const forms = canonicalForms();
    const file = path.join(dir, 'npm-definition.json');
    writeFileSync(file, `${JSON.stringify(definition, null, 2)}\n`);
    const r = runCli(['validate', '--fix', 'npm-definition.json'], { cwd: dir });
    expect(r.status).toBe(1);
    const fixed = JSON.parse(readFileSync(file, 'utf8')) as { examples: string[] };
    expect(fixed.examples).toEqual(PURLS.map(([purl], i) => forms[i] ?? purl));
    expect(r.stdout).toMatch(
      /examples\[5\] "pkg:npm\/dup@1\?x=1&X=2" is not a valid PURL under this definition: .*\n(?:.*\n)*1 finding left is not fixable automatically: it needs a person\n$/,
    );
  });
});
