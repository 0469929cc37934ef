import { UsageError, usageText } from './usage-error.js';
import { ClosedOutputError, processIo, type CommandIo } from './io.js';
import { packageInfo } from './package-info.js';
import { nearest } from './args.js';
import { escapeControls, quoteArg } from './output/safe-text.js';

const HELP = `Usage: teapurl <command> [options]

Commands:
  validate <file|glob|->...   check TEA documents and objects, PURL and VERS type definitions,
                              URL documents, and the PURLs in SBOMs (CycloneDX, SPDX)
  purl <action> [PURL...]     parse, canonicalise or validate PURLs; their repository, download
                              and version page URLs, and URLs back to PURLs; run PURL test suites
  vers <action> [ARG...]      version ranges: containment, canonical form, native ranges, test suites
  serve [options]             run a local TEA test server (discovery, POST /token, protected resources)
  discover <host|url|tei>     read /.well-known/tea and print the chosen API base URL and the ranked list
  auth-check <base-url>       probe a TEA server against the authentication profile (section 5)
  download <tei|url> --out D  download a product release's artefacts, every checksum verified
                              (and, with --keyring, every signature)
  verify FILE --signature SIG verify an OpenPGP detached signature with --keyring KEYS
  tea get|check <url>         print one TEA object as JSON, validated; check what a server serves
  docs --out DIR              generate a documentation site (HTML, Markdown) for PURL type definitions
                              and their URL templates

Options:
  -h, --help                  show help (also: teapurl <command> --help)
  -v, --version               print the version (also after a command)

Documentation: README.md in the teapurl package.
`;

type Command = (argv: string[], io: CommandIo) => Promise<number>;

// Commands are imported on demand so that start-up only loads the one that runs.
const COMMANDS: Record<string, () => Promise<Command>> = {
  validate: async () => (await import('./validate-command.js')).validateCommand,
  purl: async () => (await import('./purl-command.js')).purlCommand,
  vers: async () => (await import('./vers-command.js')).versCommand,
  serve: async () => (await import('./serve-command.js')).serveCommand,
  discover: async () => (await import('./discover-command.js')).discoverCommand,
  'auth-check': async () => (await import('./auth-check-command.js')).authCheckCommand,
  download: async () => (await import('./download-command.js')).downloadCommand,
  verify: async () => (await import('./verify-command.js')).verifyCommand,
  tea: async () => (await import('./tea-command.js')).teaCommand,
  docs: async () => (await import('./docs-command.js')).docsCommand,
};

/** Why the first argument is not a command, in the words `parseCommandLine` uses for options. */
function unknownFirst(name: string): string {
  const [option, value] = name.startsWith('--') ? name.slice(2).split(/=(.*)/s, 2) : [undefined, undefined];
  if (option === 'help' || option === 'version') return value === undefined ? `unknown option ${quoteArg(name)}` : `option '--${option}' takes no value`;
  if (option !== undefined) {
    const near = nearest(option, ['help', 'version']);
    return `unknown option ${quoteArg(name)}${near ? `; did you mean '--${near}'?` : ''}`;
  }
  if (name.startsWith('-')) return `unknown option ${quoteArg(name)}`;
  const near = nearest(name, Object.keys(COMMANDS));
  return `unknown command ${quoteArg(name)}${near ? `; did you mean '${near}'?` : ''}`;
}

/** Runs the CLI with `argv` (without `node` and the script) and returns the exit code. */
export async function run(argv: string[], io: CommandIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    // Called without a command: a usage error, so the help goes where errors go.
    io.stderr.write(HELP);
    return 2;
  }
  if (name === '-h' || name === '--help' || name === 'help') {
    io.stdout.write(HELP);
    return 0;
  }
  if (name === '-v' || name === '--version') {
    io.stdout.write(`${packageInfo().version}\n`);
    return 0;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) {
    io.stderr.write(`teapurl: ${unknownFirst(name)}\nSee 'teapurl --help'\n`);
    return 2;
  }
  try {
    return await (await load())(rest, io);
  } catch (error) {
    if (error instanceof ClosedOutputError) return 0;
    if (error instanceof UsageError) {
      io.stderr.write(usageText(error.command ?? name, error.problems));
      return 2;
    }
    io.stderr.write(`teapurl ${name}: internal error: ${escapeControls(error instanceof Error ? error.message : String(error))}\n`);
    if (io.env.TEAPURL_DEBUG) io.stderr.write(`${(error as Error).stack ?? ''}\n`);
    return 70;
  }
}
