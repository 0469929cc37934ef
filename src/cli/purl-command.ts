import { PurlError, type PurlEngine } from '../purl/index.js';
import { MAX_PURL_LENGTH } from '../purl/syntax/generic-rules.js';
import { ClosedOutputError, type CommandIo } from './io.js';
import { UsageError } from './usage-error.js';
import { parseCommandLine } from './args.js';
import { packageInfo } from './package-info.js';
import { escapeControls, escapeJsonText, quoteArg } from './output/safe-text.js';
import { ENGINE_OPTIONS, loadEngine } from './purl/load-engine.js';
import { readLines } from './purl/read-lines.js';
import { BufferedOutput } from './purl/buffered-output.js';
import { guardNeededSince, patternGuardMark, redoWithPatternGuard } from '../node/with-pattern-guard.js';

export const PURL_HELP = `Usage: teapurl purl <action> [options] [PURL...]

Actions:
  parse        print each PURL's components as one JSON object per line
  canonical    print each PURL's canonical form
  validate     check each PURL; print nothing for a valid canonical one
  test-suite   run PURL test documents (purl-test format 0.2): teapurl purl test-suite --help

Options:
  --types DIR      build the engine from the type definitions in DIR (default: the bundled corpus)
  --strict-types   refuse PURLs of a type no definition describes
  -h, --help       show this help
  -v, --version    print the version

With no PURL arguments, PURLs are read from standard input, one per line, in
constant memory; blank lines are skipped. An invalid PURL is reported on stderr
with its line number (or argument number) and processing goes on. Control
characters a PURL or message holds are printed escaped (\r, \u202e).
canonical repairs what ECMA-427 lets a reader repair (uppercase qualifier keys);
parse and validate are strict.
Exit status: 0 all valid, 1 some PURL invalid, 2 usage error or unusable --types.
`;

type Action = 'parse' | 'canonical' | 'validate';

/** `teapurl purl`: returns the exit code. */
export async function purlCommand(argv: string[], io: CommandIo): Promise<number> {
  const [action, ...rest] = argv;
  if (action === undefined) throw new UsageError('name an action: parse, canonical, validate or test-suite');
  if (action === '-h' || action === '--help') {
    io.stdout.write(PURL_HELP);
    return 0;
  }
  if (action === '-v' || action === '--version') {
    io.stdout.write(`${packageInfo().version}\n`);
    return 0;
  }
  if (action === 'test-suite') {
    const { testSuiteCommand } = await import('./purl/test-suite-command.js');
    try {
      return await testSuiteCommand(rest, io);
    } catch (error) {
      // Its usage errors point at its own help.
      if (error instanceof UsageError) error.command ??= 'purl test-suite';
      throw error;
    }
  }
  if (action !== 'parse' && action !== 'canonical' && action !== 'validate') {
    const what = action.startsWith('-') ? `${quoteArg(action)} before an action` : `unknown action ${quoteArg(action)}`;
    throw new UsageError(`${what}: name one of parse, canonical, validate or test-suite first`);
  }
  const commandLine = parseCommandLine(rest, io, { command: 'purl', help: PURL_HELP, positionals: true, options: ENGINE_OPTIONS });
  if (commandLine === null) return 0;
  const { values, positionals } = commandLine;
  const engine = await loadEngine(values.types, values['strict-types'], io.cwd);
  const out = new BufferedOutput(io.stdout);
  const err = new BufferedOutput(io.stderr, 4096);
  let invalid = 0;
  let count = 0;
  const report = (problem: string | null, where: string) => {
    if (problem !== null) {
      invalid++;
      err.write(`${where}: ${escapeControls(problem)}\n`);
    }
  };
  /** Handles one PURL; a promise only when it must wait for the pattern guard. */
  const handle = (purl: string, where: string): Promise<void> | undefined => {
    count++;
    const mark = patternGuardMark();
    const problem = processOne(engine, action, purl, out);
    // processOne writes nothing for a PURL it refuses, so a PURL whose long value was left
    // unchecked for want of the pattern guard runs again once the guard is loaded.
    if (problem !== null && guardNeededSince(mark)) {
      return redoWithPatternGuard(mark, problem, () => processOne(engine, action, purl, out)).then((again) => report(again, where));
    }
    report(problem, where);
    return undefined;
  };
  try {
    if (positionals.length > 0) {
      for (const [i, purl] of positionals.entries()) await handle(purl, `argument ${i + 1}`);
    } else {
      for await (const line of readLines(io.stdin, MAX_PURL_LENGTH)) {
        if ('tooLong' in line || 'invalidUtf8' in line) {
          count++;
          invalid++;
          const why = 'tooLong' in line ? `longer than ${MAX_PURL_LENGTH} characters` : 'not valid UTF-8 text';
          err.write(`line ${line.number}: ${why}; skipped\n`);
          continue;
        }
        const text = line.text.trim();
        if (text !== '') {
          const waiting = handle(text, `line ${line.number}`);
          if (waiting) await waiting;
        }
      }
    }
    out.flush();
  } catch (error) {
    // The reader of our output left (`| head`): stop reading, but keep the status already earned.
    if (!(error instanceof ClosedOutputError)) {
      err.flush();
      throw error;
    }
  }
  try {
    err.flush();
    if (invalid > 0) io.stderr.write(`${invalid} of ${count} PURL${count === 1 ? '' : 's'} invalid\n`);
  } catch (error) {
    if (!(error instanceof ClosedOutputError)) throw error;
  }
  return invalid > 0 ? 1 : 0;
}

/** Handles one PURL; returns the problem to report, or `null`. */
function processOne(engine: PurlEngine, action: Action, purl: string, out: BufferedOutput): string | null {
  if (action === 'validate') {
    const result = engine.validate(purl);
    if (!result.valid) return result.errors.map((e) => `${e.message} [${e.component}] (${e.code})`).join('; ');
    if (!result.isCanonical) out.write(`${escapeControls(purl)}: valid; canonical form is ${escapeControls(String(result.canonical))}\n`);
    return null;
  }
  try {
    // A canonical PURL percent-encodes control characters; parse output is JSON, where they are escaped.
    if (action === 'canonical') out.write(`${escapeControls(engine.canonicalize(purl))}\n`);
    else out.write(`${escapeJsonText(JSON.stringify(engine.parse(purl)))}\n`);
    return null;
  } catch (error) {
    if (error instanceof PurlError) return `${error.message} [${error.component}] (${error.code})`;
    throw error;
  }
}
