import { compileVers, MAX_VERS_LENGTH, nativeVersTypes, normalizeVers, VersError, versFromNative, versTypes } from '../vers/index.js';
import type { CommandIo } from './io.js';
import { UsageError, oneOf } from './usage-error.js';
import { nearest, parseCommandLine } from './args.js';
import { packageInfo } from './package-info.js';
import { escapeControls, escapeJsonText, quoteArg } from './output/safe-text.js';
import { eachInput, negative, refuse, type InputAnswer, type RecordFormat } from './purl/each-input.js';

export const VERS_HELP = `Usage: teapurl vers <action> [options] [ARG...]

Actions:
  contains <vers> <version>...   say whether each version is inside the range
  canonical [VERS...]            print each VERS in canonical form: constraints sorted,
                                 repeated and redundant ones dropped
  from-native <type> [RANGE...]  convert native ranges (npm, pypi, gem, nuget, maven,
                                 conan, cargo, composer, golang, openssl, nginx, and
                                 GitLab advisories' forms of them) to VERS
  from-osv <file|glob>...        each affected package of OSV records: "<purl> <vers>"
                                 (json: {"file", "id", "affected", "purl", "vers"})
  test-suite <file|glob>...      run VERS test documents (vers-test format 0.2):
                                 teapurl vers test-suite --help

Options:
  --format F     text (default) or json: one JSON object per input
  --no-simplify  canonical: refuse a VERS that needs constraints dropped, naming
                 them, rather than drop them (--simplify, the default, drops them)
  -h, --help     show this help
  -v, --version  print the version

With no inputs after the action's own arguments, or where an input is -, inputs are
read from standard input, one per line, in constant memory; blank lines are skipped.
Every input gets one line of output, so pipelines stay aligned: a refused input
prints an empty line in text format, {"input": …, "error": …} in json, and is
reported on stderr with its line number (or argument number), as in teapurl purl.
contains prints "<version> inside" or "<version> outside" for each version.
from-osv reads the files it names (an OSV record, or a list of them), never standard
input; a GIT range beside others is left out with a note on stderr.
Exit status: 0 all answered (contains: every version inside), 1 some input refused
(contains: some version outside or invalid), 2 usage error or an invalid VERS for contains.
`;

const ACTIONS = ['contains', 'canonical', 'from-native', 'from-osv', 'test-suite'];

const OPTIONS = {
  format: { type: 'string', default: 'text' },
  simplify: { type: 'boolean', default: false },
  'no-simplify': { type: 'boolean', default: false },
} as const;

const FORMATS: readonly RecordFormat[] = ['text', 'json'];

/** `teapurl vers`: returns the exit code. */
export async function versCommand(argv: string[], io: CommandIo): Promise<number> {
  const [action, ...rest] = argv;
  if (action === undefined) throw new UsageError(`name an action: ${ACTIONS.join(', ')}`);
  if (action === '-h' || action === '--help') {
    io.stdout.write(VERS_HELP);
    return 0;
  }
  if (action === '-v' || action === '--version') {
    io.stdout.write(`${packageInfo().version}\n`);
    return 0;
  }
  if (action === 'test-suite') {
    try {
      return await (await import('./vers/test-suite-command.js')).versTestSuiteCommand(rest, io);
    } catch (error) {
      if (error instanceof UsageError) error.command ??= 'vers test-suite';
      throw error;
    }
  }
  if (!ACTIONS.includes(action)) {
    if (action.startsWith('-')) throw new UsageError(`${quoteArg(action)} before an action: name one of ${ACTIONS.join(', ')} first`);
    const near = nearest(action, ACTIONS);
    throw new UsageError(`unknown action ${quoteArg(action)}${near ? `; did you mean '${near}'?` : `: name one of ${ACTIONS.join(', ')}`}`);
  }
  const commandLine = parseCommandLine(rest, io, { command: 'vers', help: VERS_HELP, positionals: true, options: OPTIONS });
  if (commandLine === null) return 0;
  const { values, positionals } = commandLine;
  const format = oneOf(values.format, FORMATS, 'format');
  if ((values.simplify || values['no-simplify']) && action !== 'canonical')
    throw new UsageError(`--${values.simplify ? 'simplify' : 'no-simplify'} applies to canonical only`);
  if (values.simplify && values['no-simplify']) throw new UsageError('--simplify and --no-simplify contradict each other: name one');

  if (action === 'canonical') {
    return eachVersInput(io, positionals, format, 'range', (vers) => {
      const canonical = normalizeVers(vers, { simplify: !values['no-simplify'] });
      return versRecord(format, vers, canonical, { canonical });
    });
  }
  if (action === 'from-osv') {
    return (await import('./vers/from-osv-command.js')).versFromOsvCommand(positionals, format, io);
  }
  if (action === 'from-native') {
    const [type, ...ranges] = positionals;
    if (type === undefined) throw new UsageError(`name the type of the native ranges: ${nativeVersTypes().join(', ')}`);
    if (!nativeVersTypes().includes(type)) {
      const near = nearest(type, nativeVersTypes());
      throw new UsageError(`no native notation for ${quoteArg(type)}${near ? `; did you mean '${near}'?` : `: one of ${nativeVersTypes().join(', ')}`}`);
    }
    const fromNative = (range: string) => {
      const vers = versFromNative(type, range);
      return versRecord(format, range, vers, { vers });
    };
    return eachVersInput(io, ranges, format, 'range', fromNative, 2);
  }
  const [vers, ...versions] = positionals;
  if (vers === undefined) throw new UsageError('name a VERS, then the versions to test (or - to read them from standard input)');
  let range: ReturnType<typeof compileVers>;
  try {
    range = compileVers(vers);
  } catch (error) {
    if (!(error instanceof VersError)) throw error;
    const known = error.code === 'unknown-type' ? `; known types: ${versTypes().join(', ')}` : '';
    throw new UsageError(`invalid VERS ${quoteArg(vers)}: ${error.message}${known}${canonicalHint(vers)}`);
  }
  return eachVersInput(
    io,
    versions,
    format,
    'version',
    (version) => {
      const inside = range.contains(version);
      const record = versRecord(format, version, `${version} ${inside ? 'inside' : 'outside'}`, { contains: inside });
      return inside ? record : negative(record);
    },
    2,
  );
}

/** `; its canonical form is '…' (teapurl vers canonical)` when normalizeVers can repair the VERS; else nothing. */
function canonicalHint(vers: string): string {
  try {
    const canonical = normalizeVers(vers);
    return canonical === vers ? '' : `; its canonical form is ${quoteArg(canonical)} (what teapurl vers canonical prints)`;
  } catch {
    return '';
  }
}

/** One input's record: its text line, or in JSON `{"input", …fields}`. */
function versRecord(format: RecordFormat, input: string, text: string, fields: Readonly<Record<string, unknown>>): string {
  return format === 'json' ? escapeJsonText(JSON.stringify({ input, ...fields })) : escapeControls(text);
}

/** The line loop every action shares (one record per input), with a `VersError` as the input's refusal. */
function eachVersInput(
  io: CommandIo,
  inputs: readonly string[],
  format: RecordFormat,
  noun: string,
  answer: (input: string) => InputAnswer,
  firstArgument = 1,
): Promise<number> {
  return eachInput(io, inputs, { noun, refused: 'invalid', maxLength: MAX_VERS_LENGTH, format, firstArgument }, (input) => {
    try {
      return answer(input);
    } catch (error) {
      if (error instanceof VersError) return refuse(error.message);
      throw error;
    }
  });
}
