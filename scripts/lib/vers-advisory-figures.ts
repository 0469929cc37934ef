/**
 * How many of univers' GitLab-notation from_native cases versFromNative reads, and how many as
 * univers expects: the measure behind scripts/vers-advisory-figures.ts and
 * test/vers/univers-gitlab.test.ts (see the script for what counts as agreeing).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compareVersions, normalizeVers, versFromNative } from '../../src/vers/index.js';

/** GitLab's package types, as univers names them, and the VERS type teapurl reads each with. */
const VERS_TYPE: Readonly<Record<string, string>> = { packagist: 'composer' };

function constraints(vers: string): [string, string][] {
  const body = vers.slice(vers.indexOf('/') + 1);
  if (body === '*') return [['*', '']];
  return body.split('|').map((c) => {
    const m = /^(>=|<=|!=|<|>)?(.*)$/.exec(c)!;
    return [m[1] ?? '=', decodeURIComponent(m[2]!)];
  });
}

function equal(type: string, a: string, b: string): boolean {
  try {
    return compareVersions(type, a, b) === 0;
  } catch {
    return false;
  }
}

function same(type: string, a: string, b: string): boolean {
  const x = constraints(a);
  const y = constraints(b);
  return x.length === y.length && x.every(([c, v], i) => c === y[i]![0] && (c === '*' || equal(type, v, y[i]![1])));
}

/** One file's figures, and the first `show` cases refused or read otherwise. */
export interface AdvisoryFigures {
  readonly file: string;
  readonly cases: number;
  readonly read: number;
  readonly agree: number;
  readonly shown: readonly string[];
}

/** Measures every `*.json` of `folder` (univers' tests/data/schema/range/gitlab). */
export function measureAdvisoryFolder(folder: string, show = 0): AdvisoryFigures[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const cases = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as { input: { native_range: string; scheme: string }; expected_output: string }[];
      let read = 0;
      let agree = 0;
      const shown: string[] = [];
      for (const c of cases) {
        const type = VERS_TYPE[c.input.scheme] ?? c.input.scheme;
        const expected = type === 'composer' ? c.expected_output.replace(/(\d+\.\d+\.\d+)\+(\d+)/g, '$1.$2') : c.expected_output;
        let actual: string;
        try {
          actual = versFromNative(type, c.input.native_range);
          read++;
        } catch (error) {
          if (shown.length < show) shown.push(`refused ${JSON.stringify(c.input.native_range)}: ${(error as Error).message}`);
          continue;
        }
        let normalized = expected;
        try {
          normalized = normalizeVers(expected);
        } catch {
          // univers' output is not always a VERS teapurl can normalise; compared as written.
        }
        if (same(type, actual, expected) || same(type, actual, normalized)) agree++;
        else if (shown.length < show) shown.push(`differs ${JSON.stringify(c.input.native_range)}: univers ${c.expected_output}, teapurl ${actual}`);
      }
      return { file, cases: cases.length, read, agree, shown };
    });
}
