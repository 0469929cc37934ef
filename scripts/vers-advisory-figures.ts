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
import { parseArgs } from 'node:util';
import { measureAdvisoryFolder } from './lib/vers-advisory-figures.js';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { show: { type: 'string', default: '0' } } });
const folder = positionals[0];
if (folder === undefined) {
  console.error('usage: node --import tsx scripts/vers-advisory-figures.ts <folder of univers gitlab/*.json> [--show N]');
  process.exit(2);
}
for (const { file, cases, read, agree, shown } of measureAdvisoryFolder(folder, Number(values.show))) {
  const percent = (n: number) => `${((100 * n) / cases).toFixed(1)}%`;
  console.log(`${file}: ${cases} cases, ${read} read (${percent(read)}), ${agree} as univers expects (${percent(agree)})`);
  for (const line of shown) console.log(`  ${line}`);
}
