import { PurlError, type PurlEngine, type PurlIssue } from '../purl/index.js';
import { MAX_PURL_LENGTH } from '../purl/syntax/generic-rules.js';
import type { CommandIo } from './io.js';
import { oneOf, UsageError } from './usage-error.js';
import { nearest, parseCommandLine } from './args.js';
import { packageInfo } from './package-info.js';
import { escapeControls, escapeJsonText, quoteArg } from './output/safe-text.js';
import { ENGINE_OPTIONS, loadEngine } from './purl/load-engine.js';
import { eachInput, refuse, type InputAnswer, type RecordFormat } from './purl/each-input.js';
import { loadPurlEngine } from '../purl/index.js';
import { canonicalChanges } from './purl/canonical-changes.js';

export const PURL_HELP = `Usage: teapurl purl <action> [options] [PURL...]

Actions:
  parse        print each PURL's components as one JSON object per line
  canonical    print each PURL's canonical form
  validate     check each PURL: "<PURL>: valid and canonical", or why it is not
  urls         print each PURL's repository, download and version page URLs: teapurl purl urls --help
  from-url     read registry and download URLs back to PURLs: teapurl purl from-url --help
  test-suite   run PURL test documents (purl-test 0.2, or 0.1): teapurl purl test-suite --help

Options:
  --format F       json or text, one record per PURL: parse's default is json (its
                   components), text prints them tab-separated (type, namespace, name,
                   version, qualifiers, subpath; - for none); canonical and
                   validate default to text, json gives {"input", "canonical"} and
                   {"input", "valid", "canonical", "isCanonical", "differences"}
  --types DIR      build the engine from the type definitions in DIR (default: the bundled corpus)
  --strict-types   refuse PURLs of a type no definition describes
  --format F       validate only: text (default) or json, one JSON object per line
                   {"input", "valid", "canonical", "isCanonical", "errors", "warnings"}
  -h, --help       show this help
  -v, --version    print the version

With no PURL arguments, or where an argument is -, PURLs are read from standard
input, one per line, in constant memory; blank lines are skipped. Each result is
printed as soon as the input pauses, so the actions work as filters in a pipe.
Every PURL gets one line of output, in order, so that paste and jq stay aligned:
an invalid one gets an empty line (parse: {"input", "error"}), and is reported
on stderr with its line number (or argument number); processing goes on.
Control characters a PURL or message holds are printed escaped (\\r, \\u202e).
Every action reads a PURL the same way, and so do validate --fix and the docs
site: canonical repairs what ECMA-427 lets a reader repair (the case of the type
and of qualifier keys); validate says why a valid PURL is not canonical (the type
or a qualifier key in uppercase, qualifiers out of order) and gives that form.
parse and validate are strict where ECMA-427 is: a qualifier key that starts
with an uppercase letter is refused, and validate names its repair.
validate also reports what a type definition of ECMA-427's 2nd edition asks for
without requiring it, as warnings that leave the PURL valid: a namespace none of
the type's registered values (unregistered-namespace), a recommended qualifier
missing (missing-recommended-qualifier).
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
  const commandLine = parseCommandLine(rest, io, {
    command: 'purl',
    help: PURL_HELP,
    positionals: true,
    options: { ...ENGINE_OPTIONS, format: { type: 'string' } },
  });
  if (commandLine === null) return 0;
  const { values, positionals } = commandLine;
  // parse has always printed JSON records; the other actions print text unless asked.
  const format: RecordFormat = oneOf(values.format ?? (action === 'parse' ? 'json' : 'text'), FORMATS, 'format');
  const engine = await loadEngine(values.types, values['strict-types'], io.cwd);
  const kind = { noun: 'PURL', refused: 'invalid', maxLength: MAX_PURL_LENGTH, format } as const;
  // The components as written, before any type's rules: what validate compares to say why.
  const generic = action === 'validate' ? await loadPurlEngine([]) : engine;
  return eachInput(io, positionals, kind, (purl) => answerOne(engine, generic, action, format, purl));
}

const FORMATS: readonly RecordFormat[] = ['text', 'json'];

/** The components of a parsed PURL in text, as `purl urls` prints its fields: tab-separated, `-` for a missing one, qualifiers as key=value&… sorted by key. */
function componentsText(parsed: ReturnType<PurlEngine['parse']>): string {
  const qualifiers =
    parsed.qualifiers === null
      ? null
      : Object.entries(parsed.qualifiers)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, value]) => `${key}=${value}`)
          .join('&');
  return [parsed.type, parsed.namespace, parsed.name, parsed.version, qualifiers, parsed.subpath].map((field) => escapeControls(field ?? '-')).join('\t');
}

/** A JSON record, one line, its controls escaped. */
const jsonRecord = (record: object) => escapeJsonText(JSON.stringify(record));

const issueText = (issue: PurlIssue) => `${issue.message} [${issue.component}] (${issue.code})`;

function canonicalOrNull(engine: PurlEngine, purl: string): string | null {
  try {
    return engine.canonicalize(purl);
  } catch (error) {
    if (error instanceof PurlError) return null;
    throw error;
  }
}

/** One PURL's record, or why it has none. */
function answerOne(engine: PurlEngine, generic: PurlEngine, action: Action, format: RecordFormat, purl: string): InputAnswer {
  if (action === 'validate') {
    const result = engine.validate(purl);
    if (!result.valid) {
      // What strict reading refuses may still be what ECMA-427 lets a reader repair: say into what.
      const repaired = canonicalOrNull(engine, purl);
      return refuse(`${result.errors.map(issueText).join('; ')}${repaired === null ? '' : `; canonical form once repaired: ${repaired}`}`);
    }
    const why = result.isCanonical ? [] : canonicalChanges(engine, generic, purl);
    const warned =
      result.warnings.length === 0 ? '' : `; ${result.warnings.length === 1 ? 'warning' : 'warnings'}: ${result.warnings.map(issueText).join('; ')}`;
    if (format === 'json')
      return jsonRecord({
        input: purl,
        valid: true,
        canonical: result.canonical,
        isCanonical: result.isCanonical,
        differences: why,
        warnings: result.warnings,
      });
    if (result.isCanonical) return escapeControls(`${purl}: valid and canonical${warned}`);
    return escapeControls(`${purl}: valid, not canonical${why.length === 0 ? '' : ` (${why.join('; ')})`}; canonical form is ${result.canonical}${warned}`);
  }
  try {
    // A canonical PURL percent-encodes control characters; parse output is JSON, where they are escaped.
    if (action === 'canonical') {
      const canonical = engine.canonicalize(purl);
      return format === 'json' ? jsonRecord({ input: purl, canonical }) : escapeControls(canonical);
    }
    const parsed = engine.parse(purl);
    return format === 'json' ? jsonRecord(parsed) : componentsText(parsed);
  } catch (error) {
    if (error instanceof PurlError) return refuse(issueText(error.toIssue()));
    throw error;
  }
}
