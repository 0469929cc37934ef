/**
 * Issue 37's targets on univers' GitLab-notation data (aboutcode-org/univers,
 * tests/data/schema/range/gitlab/*.json), which this repository does not hold: at least 95% of
 * each ecosystem's cases read as univers expects, at least 99% of Composer's. Runs on a local
 * copy of those files named by TEAPURL_UNIVERS_GITLAB (a folder), and is skipped, saying so,
 * without one. docs/vers.md has the figures of the last run.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { measureAdvisoryFolder } from '../../scripts/lib/vers-advisory-figures.js';

const FOLDER = process.env.TEAPURL_UNIVERS_GITLAB;
const HAS_DATA = FOLDER !== undefined && existsSync(FOLDER);
if (!HAS_DATA) console.warn("[teapurl tests] TEAPURL_UNIVERS_GITLAB names no folder of univers' GitLab-notation data: its measure is skipped.");

describe.skipIf(!HAS_DATA)("univers' GitLab-notation data", () => {
  it('reads at least 95% of each ecosystem as univers expects, 99% of Composer', () => {
    const figures = measureAdvisoryFolder(FOLDER!);
    expect(figures.length).toBeGreaterThanOrEqual(6);
    for (const { file, cases, agree } of figures) {
      const target = file.startsWith('composer') ? 0.99 : 0.95;
      expect(agree / cases, file).toBeGreaterThanOrEqual(target);
    }
  });
});
