import type { ValidationResult } from '../../validator/index.js';

/** Counts for the closing line of a run. */
export interface Tally {
  files: number;
  invalidFiles: number;
  errors: number;
  warnings: number;
}

/** Counts files, invalid files, errors and warnings; with `strict`, a warning makes its file invalid. */
export function tally(results: readonly ValidationResult[], strict: boolean): Tally {
  let errors = 0;
  let warnings = 0;
  let invalidFiles = 0;
  for (const r of results) {
    const e = r.findings.filter((f) => f.severity === 'error').length;
    const w = r.findings.length - e;
    errors += e;
    warnings += w;
    if (e > 0 || (strict && w > 0)) invalidFiles++;
  }
  return { files: results.length, invalidFiles, errors, warnings };
}
