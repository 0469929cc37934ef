import { resolveKind, passes, KIND_NAMES, type ValidationResult } from '../validator/index.js';
import { validateFilesWith, validateStream, DEFAULT_MAX_BYTES } from '../validator/node/validate-files.js';
import { palette, useColor, type ColorMode } from './color.js';
import { formatText } from './output/text.js';
import { formatJson } from './output/json.js';
import { formatGithub } from './output/github.js';
import { formatSarif, type SarifFixes } from './output/sarif.js';
import { ClosedOutputError, type CommandIo, type Output } from './io.js';
import { oneOf, UsageError, usageText } from './usage-error.js';
import { parseMaxBytes } from './max-bytes.js';
import { parseCommandLine } from './args.js';
import { inputProblems } from './input-problems.js';
import { packageInfo } from './package-info.js';
import { withCliHints } from './output/cli-hints.js';
import { JOBS_THRESHOLD, parseJobs, workerRunner } from './validate-jobs.js';

/** The kind names for --help, wrapped under the option's description. */
function kindList(indent: number, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const name of KIND_NAMES) {
    const next = line === '' ? name : `${line}, ${name}`;
    if (indent + next.length + 1 > width && line !== '') {
      lines.push(`${line},`);
      line = name;
    } else {
      line = next;
    }
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

export const VALIDATE_HELP = `Usage: teapurl validate [options] <file|folder|glob|->...

Checks TEA discovery documents, token responses and errors, and PURL type
definitions against teapurl's schemas and the rules a schema cannot express,
and the PURLs in SBOMs (CycloneDX JSON and XML, SPDX JSON and tag-value) where
they stand.

Options:
  --kind K             treat every document as kind K, or one of its aliases
                       (cyclonedx, spdx, …), among
                       ${kindList(23, 82)}
                       (default: from $schema, bomFormat or spdxVersion, the file
                       name, then the shape)
  --format F           text (default), json, github (workflow annotations) or
                       sarif (SARIF 2.1.0, for code scanning)
  --strict             warnings make a document invalid
  --quiet              print errors only
  --color WHEN         auto (default), always or never; NO_COLOR is honoured
  --max-bytes N        refuse files larger than N bytes (default ${DEFAULT_MAX_BYTES}, and for an
                       SBOM 1/32 of Node's heap limit); at most what Node's heap can
                       hold (1/128 of its limit)
  --fix                rewrite each finding that has exactly one correct rewrite (PURL
                       type examples and SBOM PURLs not in canonical form, an endpoint
                       url's trailing slash or uppercase scheme, in place, in the
                       document's own syntax); report what is left. A file is written
                       when named by its path, or found by a glob inside the working
                       directory; never through a link leading out of the folder it was
                       named in. Each is replaced whole (never half-written), and only
                       if unchanged since read
  --dry-run            with --fix: print the fixes as a unified diff, write nothing
  --jobs N             validate on N threads, the main one and N-1 workers (default
                       auto: the available parallelism from ${JOBS_THRESHOLD} files on, one
                       thread below); the report is the same, in the same order. --fix
                       runs on one thread
  -h, --help           show this help
  -v, --version        print the version

A folder stands for every file under it whose name or content teapurl recognises
(node_modules and .git are not entered); the others are counted as skipped.
Use - to read one document from standard input (with --fix: the fixed document goes to
standard output, the report to standard error).
Where --fix writes: standard output carries the report in the chosen format, the
fixes inside it (json: "fixed"; sarif: the run's properties; github: notices).
With --dry-run, the diff goes to standard output and the report to standard error
in text format; with json the diff is in each file's "diff"; with sarif or github
the report stays on standard output and the diff goes to standard error. A diff
names each file relative to the working directory (a link by the file it leads
to), for 'patch -p1' or 'git apply'.
Exit status: 0 all valid, 1 some document invalid, 2 usage error, or an argument
that names nothing to check (the others are still checked and reported).
`;

const FORMATS = ['text', 'json', 'github', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

/** The name a document read from standard input is reported under. */
const STDIN_NAME = '<stdin>';

/** The line that counts the files of named folders left out because teapurl does not know what they are. */
function skippedNote(count: number): string {
  return `${count === 1 ? '1 file' : `${count} files`} in the folders named skipped as unrecognised (nothing in the name or content says what kind of document it is; --kind K checks every file as K)`;
}

/** `teapurl validate`: returns the exit code. */
export async function validateCommand(argv: string[], io: CommandIo): Promise<number> {
  const commandLine = parseCommandLine(argv, io, {
    command: 'validate',
    help: VALIDATE_HELP,
    positionals: true,
    options: {
      kind: { type: 'string' },
      format: { type: 'string', default: 'text' },
      strict: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      color: { type: 'string', default: 'auto' },
      'max-bytes': { type: 'string' },
      fix: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      jobs: { type: 'string' },
    },
  });
  if (commandLine === null) return 0;
  const { values, positionals } = commandLine;
  const format: Format = oneOf(values.format, FORMATS, 'format');
  const colorMode: ColorMode = oneOf(values.color, ['auto', 'always', 'never'] as const, 'color');
  if (values.kind !== undefined) {
    try {
      resolveKind(values.kind);
    } catch (error) {
      throw new UsageError(`--kind: ${(error as Error).message}`);
    }
  }
  const maxBytes = parseMaxBytes(values['max-bytes']);
  const jobs = parseJobs(values.jobs);
  if (positionals.length === 0) throw new UsageError('name at least one file, glob, or - for standard input');

  if (values['dry-run'] && !values.fix) throw new UsageError('--dry-run goes with --fix: it prints the fixes as a diff instead of writing them');

  const patterns = positionals.filter((p) => p !== '-');
  const readsStdin = patterns.length !== positionals.length;
  // One rendering of results for plain validation and for what --fix leaves. Colour is decided
  // by the stream the text goes to: a report on a terminal's stderr is coloured while stdout is
  // redirected, and never the other way round.
  const render = (given: ValidationResult[], problems: readonly string[], out: Output, fixes?: SarifFixes): string => {
    const results = withCliHints(given);
    if (format === 'json') return formatJson(results, values.strict);
    if (format === 'github') return formatGithub(results, values.quiet);
    if (format === 'sarif')
      return formatSarif(results, {
        cwd: io.cwd,
        quiet: values.quiet,
        stdinName: STDIN_NAME,
        problems: [...problems],
        ...packageInfo(),
        ...(fixes ? { fixes } : {}),
      });
    return formatText(results, { quiet: values.quiet, strict: values.strict, palette: palette(useColor(colorMode, out, io.env)), notChecked: problems.length });
  };
  if (values.fix) {
    const request = { patterns, readsStdin, maxBytes, dryRun: values['dry-run'], strict: values.strict, format, render };
    return (await import('./validate-fix.js')).validateFix(values.kind ? { ...request, kind: values.kind } : request, io);
  }
  const setup = { cwd: io.cwd, ...(maxBytes === undefined ? {} : { maxBytes }), ...(values.kind ? { kind: values.kind } : {}) };
  const report = await validateFilesWith(patterns, setup, workerRunner(jobs, setup) ?? undefined);
  const stdin = readsStdin
    ? [await validateStream(io.stdin, { file: STDIN_NAME, ...(maxBytes === undefined ? {} : { maxBytes }), ...(values.kind ? { kind: values.kind } : {}) })]
    : [];
  const { kept: files, problems } = inputProblems(report.unmatched, report.results, (result) => result, io.cwd);
  const results = [...stdin, ...files];

  const status = problems.length > 0 ? 2 : results.every((r) => passes(r.findings, values.strict)) ? 0 : 1;
  try {
    if (problems.length > 0) io.stderr.write(usageText('validate', problems));
    io.stdout.write(render(results, problems, io.stdout));
    if (report.unrecognised.length > 0) io.stderr.write(`teapurl validate: ${skippedNote(report.unrecognised.length)}\n`);
  } catch (error) {
    // A reader that stops early (`| head`) does not change the verdict.
    if (!(error instanceof ClosedOutputError)) throw error;
  }
  return status;
}
