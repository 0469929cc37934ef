/**
 * Issue 37 item 4: one canonical verdict. Every VERS that normalizeVers (so `vers canonical` and
 * `validate --fix`) writes is one parseVers, compileVers and `vers contains` accept; what it
 * cannot write is a VersError saying why, never an output the rest refuses. Checked on random
 * constraint lists (any order, repeats, redundant and contradictory constraints), and on the
 * CLI for the two spellings the issue names. Also the reading of a VERS made only of `!=`
 * constraints, which normalizeVers, versContains and versFromNative must share.
 */
import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  compileVers,
  normalizeVers,
  parseVers,
  stringifyVers,
  versContains,
  VersError,
  versFromNative,
  type VersComparator,
} from '../../src/vers/index.js';
import { CLI } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

const COMPARATORS: readonly VersComparator[] = ['=', '!=', '<', '<=', '>', '>='];

/** A small pool per type, with versions equal under the type's order but spelt apart (pypi 1.0 = 1.0.0). */
const POOLS: Readonly<Record<string, readonly string[]>> = {
  npm: ['0.1.0', '1.0.0', '1.0.0-rc.1', '1.2.3', '2.0.0', '3.0.0', '10.0.0'],
  pypi: ['0.1', '1.0', '1.0.0', '1.0a1', '1.0.post1', '2', '2.0.0', '3.1'],
  maven: ['1', '1.0', '1.0-alpha', '1.1', '2.0-SNAPSHOT', '2.0', '3'],
  deb: ['1.0', '1.0~rc1', '1:0.5', '1.0-1', '2.0', '2.0+b1'],
  golang: ['v1.0.0', '1.0.0', 'v1.2.0', 'v2.0.0-rc.1', 'v2.0.0'],
  composer: ['1.0', '1.0.0.0', '1.2.3', '1.2.3.4', '2.0-beta1', '2.0'],
};

const writeConstraint = (c: { comparator: VersComparator; version: string }) => `${c.comparator === '=' ? '' : c.comparator}${c.version}`;

function randomVers(type: string) {
  return fc
    .array(fc.record({ comparator: fc.constantFrom(...COMPARATORS), version: fc.constantFrom(...POOLS[type]!) }), { minLength: 1, maxLength: 8 })
    .map((constraints) => ({
      text: `vers:${type}/${constraints.map(writeConstraint).join('|')}`,
      constraints,
    }));
}

/** Whether one version (under the type's equality) appears with two different comparators. */
function hasConflict(type: string, constraints: readonly { comparator: VersComparator; version: string }[]): boolean {
  return constraints.some((a, i) => constraints.some((b, j) => j > i && a.comparator !== b.comparator && compareVersions(type, a.version, b.version) === 0));
}

describe('normalizeVers writes only what parseVers and versContains accept', () => {
  for (const type of Object.keys(POOLS)) {
    it(`${type}: random constraint lists`, () => {
      fc.assert(
        fc.property(randomVers(type), fc.constantFrom(...POOLS[type]!), ({ text, constraints }, tested) => {
          let canonical: string;
          try {
            canonical = normalizeVers(text);
          } catch (error) {
            // The one refusal: a version under two comparators, which no reading can merge.
            expect(error, text).toBeInstanceOf(VersError);
            expect((error as VersError).rule, text).toBe('duplicate-version');
            expect(hasConflict(type, constraints), text).toBe(true);
            expect((error as VersError).message).toContain('keep one constraint for it');
            return;
          }
          const parsed = parseVers(canonical, { checkVersions: true });
          expect(stringifyVers(parsed), text).toBe(canonical);
          expect(normalizeVers(canonical), text).toBe(canonical);
          expect(normalizeVers(canonical, { simplify: false }), text).toBe(canonical);
          expect(typeof compileVers(canonical).contains(tested)).toBe('boolean');
          // With { simplify: false }: a VERS parseVers accepts (the specification's sequence rules let
          // a redundant `>1|2` stand), or a refusal naming the simplified form.
          let kept: string | undefined;
          try {
            kept = normalizeVers(text, { simplify: false });
          } catch (error) {
            expect(error, text).toBeInstanceOf(VersError);
            expect((error as VersError).message, text).toContain(`simplified, it is '${canonical}'`);
          }
          if (kept !== undefined) {
            expect(stringifyVers(parseVers(kept, { checkVersions: true })), text).toBe(kept);
            expect(normalizeVers(kept), text).toBe(canonical);
          }
        }),
        { numRuns: 400 },
      );
    });
  }

  it('the spellings of the issue', () => {
    expect(normalizeVers('vers:npm/>=1.0.0|>=3.0.0')).toBe('vers:npm/>=1.0.0');
    expect(normalizeVers('vers:npm/=1.0.0|<2.0.0')).toBe('vers:npm/<2.0.0');
    expect(normalizeVers('vers:npm/<2.0.0|>=1.0.0')).toBe('vers:npm/>=1.0.0|<2.0.0');
  });
});

describe('a VERS of != constraints only holds every version but those', () => {
  it('in normalizeVers, versContains and versFromNative alike', () => {
    expect(normalizeVers('vers:npm/!=2.0.0|!=1.0.0')).toBe('vers:npm/!=1.0.0|!=2.0.0');
    expect(versContains('vers:npm/!=1.0.0|!=2.0.0', '3.0.0')).toBe(true);
    expect(versContains('vers:npm/!=1.0.0|!=2.0.0', '0.5.0')).toBe(true);
    expect(versContains('vers:npm/!=1.0.0|!=2.0.0', '2.0.0')).toBe(false);
    expect(versContains('vers:npm/!=1.0.0', '3.0.0')).toBe(true);
    // PEP 440's "!=1.0, !=2.0" is satisfied by 3.0; its VERS must hold 3.0 too.
    const fromPep440 = versFromNative('pypi', '!=1.0, !=2.0');
    expect(fromPep440).toBe('vers:pypi/!=1.0|!=2.0');
    expect(versContains(fromPep440, '3.0')).toBe(true);
    // Adding a != takes out one version only: it never empties the range.
    expect(versContains('vers:npm/!=1.0.0|!=2.0.0|!=4.0.0', '3.0.0')).toBe(versContains('vers:npm/!=1.0.0|!=2.0.0', '3.0.0'));
  });
});

describe.skipIf(!existsSync(CLI))('teapurl vers canonical prints what teapurl vers contains takes', () => {
  it.each(['vers:npm/>=1.0.0|>=3.0.0', 'vers:npm/=1.0.0|<2.0.0', 'vers:pypi/0.0.2|0.0.6|>=0.0.0|0.0.1', 'vers:npm/!=2.0.0|!=1.0.0'])('%s', (input) => {
    const canonical = runCli(['vers', 'canonical', input]);
    expect(canonical.status, canonical.stderr).toBe(0);
    const written = canonical.stdout.trim();
    const contains = runCli(['vers', 'contains', written, '1.5.0']);
    expect([0, 1], contains.stderr).toContain(contains.status);
    expect(contains.stdout.trim()).toBe(`1.5.0 ${versContains(written, '1.5.0') ? 'inside' : 'outside'}`);
  });

  it('--no-simplify refuses with the reason and the simplified VERS', () => {
    const refused = runCli(['vers', 'canonical', '--no-simplify', 'vers:npm/>=1.0.0|>=3.0.0']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("simplified, it is 'vers:npm/>=1.0.0'");
  });
});
