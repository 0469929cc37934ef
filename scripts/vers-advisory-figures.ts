/**
 * The figures of docs/vers.md's "Advisory notations": how many of univers' GitLab-notation
 * from_native cases (aboutcode-org/univers, tests/data/schema/range/gitlab/*.json) versFromNative
 * reads, and how many it reads as univers expects. The data is not part of this repository: pass
 * the folder of a local copy of those files.
 *
 *   node --import tsx scripts/vers-advisory-figures.ts <folder> [--show N]
 *
 * A case agrees when teapurl's VERS has the same constraints as the expected one, comparator for
 * comparator and version for version under the type's equality (golang `v1.2.3` = `1.2.3`), or
 * as the expected VERS normalised (univers writes some lists non-canonically). univers writes a
 * Composer version's fourth number as SemVer build metadata (`2.1.27+10`, which SemVer would
 * ignore); that is read as the fourth number (`2.1.27.10`) it stands for. `--show N` prints the
 * first N cases that are refused or differ, per file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compareVersions, normalizeVers, versFromNative } from '../src/vers/index.js';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { show: { type: 'string', default: '0' } } });
const folder = positionals[0];
if (folder === undefined) {
  console.error('usage: node --import tsx scripts/vers-advisory-figures.ts <folder of univers gitlab/*.json> [--show N]');
  process.exit(2);
}

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

const show = Number(values.show);
for (const file of readdirSync(folder).filter((f) => f.endsWith('.json')).sort()) {
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
  const percent = (n: number) => `${((100 * n) / cases.length).toFixed(1)}%`;
  console.log(`${file}: ${cases.length} cases, ${read} read (${percent(read)}), ${agree} as univers expects (${percent(agree)})`);
  for (const line of shown) console.log(`  ${line}`);
}
