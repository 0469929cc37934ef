import type { FilesReport } from '../node/validate-files.js';
import { isGlob } from '../node/expand-glob.js';
import type { ValidationResult } from '../validate/index.js';
import { quoteArg } from './output/safe-text.js';

/**
 * Splits what `validateFiles` found into the files to report and the arguments that named nothing
 * to check: a path that does not exist, a glob that matches no file, a folder named where files
 * are wanted. Those are usage problems (exit 2); the files the other arguments named are still
 * validated and reported.
 */
export function inputProblems(report: FilesReport): { results: ValidationResult[]; problems: string[] } {
  const problems = report.unmatched.map((pattern) => (isGlob(pattern) ? `${quoteArg(pattern)} matches no file` : `${quoteArg(pattern)} does not exist`));
  const results: ValidationResult[] = [];
  for (const result of report.results) {
    // A folder can only be reached by naming it: a glob's walk yields files.
    if (result.findings.length === 1 && result.findings[0]!.rule === 'file/directory') {
      problems.push(`${quoteArg(result.file)} is a folder, not a file; name the files in it, e.g. ${quoteArg(`${result.file.replace(/\/+$/, '')}/**/*.json`)}`);
    } else {
      results.push(result);
    }
  }
  return { results, problems };
}
