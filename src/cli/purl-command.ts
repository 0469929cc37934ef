import { PurlError, type PurlEngine } from '../purl/index.js';
import { MAX_PURL_LENGTH } from '../purl/syntax/generic-rules.js';
import type { CommandIo } from './io.js';
import { UsageError } from './usage-error.js';
import { nearest, parseCommandLine } from './args.js';
import { packageInfo } from './package-info.js';
import { escapeControls, escapeJsonText, quoteArg } from './output/safe-text.js';
import { ENGINE_OPTIONS, loadEngine } from './purl/load-engine.js';
import type { BufferedOutput } from './purl/buffered-output.js';
import { eachInput } from './purl/each-input.js';

export const PURL_HELP = `Usage: teapurl purl <action> [options] [PURL...]

Actions:
  parse        print each PURL's components as one JSON object per line
  canonical    print each PURL's canonical form
  validate     check each PURL; print nothing for a valid canonical one
  urls         print each PURL's repository, download and version page URLs: teapurl purl urls --help
  from-url     read registry and download URLs back to PURLs: teapurl purl from-url --help
  test-suite   run PURL test documents (purl-test format 0.2): teapurl purl test-suite --help

Options:
  --types DIR      build the engine from the type definitions in DIR (default: the bundled corpus)
  --strict-types   refuse PURLs of a type no definition describes
  -h, --help       show this help
  -v, --version    print the version

With no PURL arguments, or where an argument is -, PURLs are read from standard
input, one per line, in constant memory; blank lines are skipped. Each result is
printed as soon as the input pauses, so the actions work as filters in a pipe.
An invalid PURL is reported on stderr with its line number (or argument number)
and processing goes on. Control characters a PURL or message holds are printed
escaped (\\r, \\u202e).
canonical repairs what ECMA-427 lets a reader repair (uppercase qualifier keys);
parse and validate are strict.
Exit status: 0 all valid, 1 some PURL invalid, 2 usage error or unusable --types.
`;

type Action = 'parse' | 'canonical' | 'validate';

const ACTIONS = 'parse, canonical, validate, urls, from-url or test-suite';

type Subcommand = (argv: string[], io: CommandIo) => Promise<number>;

/** Actions with options and help of their own, loaded only when they run. */
const SUBCOMMANDS: Readonly<Record<string, () => Promise<Subcommand>>> = Object.assign(Object.create(null) as object, {
  'test-suite': async () => (await import('./purl/test-suite-command.js')).testSuiteCommand,
  urls: async () => (await import('./purl/urls-command.js')).urlsCommand,
  'from-url': async () => (await import('./purl/urls-command.js')).fromUrlCommand,
});

/** `teapurl purl`: returns the exit code. */
export async function purlCommand(argv: string[], io: CommandIo): Promise<number> {
  const [action, ...rest] = argv;
  if (action === undefined) throw new UsageError(`name an action: ${ACTIONS}`);
  if (action === '-h' || action === '--help') {
    io.stdout.write(PURL_HELP);
    return 0;
  }
  if (action === '-v' || action === '--version') {
    io.stdout.write(`${packageInfo().version}\n`);
    return 0;
  }
  const subcommand = SUBCOMMANDS[action];
  if (subcommand !== undefined) {
    try {
      return await (await subcommand())(rest, io);
    } catch (error) {
      // Their usage errors point at their own help.
      if (error instanceof UsageError) error.command ??= `purl ${action}`;
      throw error;
    }
  }
  if (action !== 'parse' && action !== 'canonical' && action !== 'validate') {
    if (action.startsWith('-')) throw new UsageError(`${quoteArg(action)} before an action: name one of ${ACTIONS} first`);
    const near = nearest(action, ['parse', 'canonical', 'validate', ...Object.keys(SUBCOMMANDS)]);
    throw new UsageError(`unknown action ${quoteArg(action)}${near ? `; did you mean '${near}'?` : `: name one of ${ACTIONS} first`}`);
  }
  const commandLine = parseCommandLine(rest, io, { command: 'purl', help: PURL_HELP, positionals: true, options: ENGINE_OPTIONS });
  if (commandLine === null) return 0;
  const { values, positionals } = commandLine;
  const engine = await loadEngine(values.types, values['strict-types'], io.cwd);
  return eachInput(io, positionals, { noun: 'PURL', refused: 'invalid', maxLength: MAX_PURL_LENGTH }, (purl, out) => processOne(engine, action, purl, out));
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
