import { readFileSync } from 'node:fs';
import { UsageError } from './usage-error.js';
import { ClosedOutputError, processIo, type CommandIo } from './io.js';

const HELP = `Usage: teapurl <command> [options]

Commands:
  validate <file|glob|->...   check discovery documents, token bodies and PURL type definitions
  purl <action> [PURL...]     parse, canonicalise or validate PURLs; run PURL test suites
  serve [options]             run a local TEA test server (discovery, POST /token, protected resources)
  discover <host|url|tei>     read /.well-known/tea and print the chosen API base URL and the ranked list
  auth-check <base-url>       probe a TEA server against the authentication profile (section 5)
  docs --out DIR              generate a documentation site (HTML, Markdown) for PURL type definitions

Options:
  -h, --help                  show help (also: teapurl <command> --help)
  -v, --version               print the version

Documentation: README.md in the teapurl package.
`;

type Command = (argv: string[], io: CommandIo) => Promise<number>;

// Commands are imported on demand so that start-up only loads the one that runs.
const COMMANDS: Record<string, () => Promise<Command>> = {
  validate: async () => (await import('./validate-command.js')).validateCommand,
  purl: async () => (await import('./purl-command.js')).purlCommand,
  serve: async () => (await import('./serve-command.js')).serveCommand,
  discover: async () => (await import('./discover-command.js')).discoverCommand,
  'auth-check': async () => (await import('./auth-check-command.js')).authCheckCommand,
  docs: async () => (await import('./docs-command.js')).docsCommand,
};

/** The version in teapurl's package.json, found upwards from this module (bundled or not). */
function version(): string {
  let dir = new URL('.', import.meta.url);
  for (let depth = 0; depth < 4; depth++, dir = new URL('..', dir)) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'teapurl' && pkg.version) return pkg.version;
    } catch {
      // not here: look one level up
    }
  }
  return 'unknown';
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
    io.stdout.write(`${version()}\n`);
    return 0;
  }
  const load = COMMANDS[name];
  if (!load) {
    io.stderr.write(`teapurl: unknown command ${JSON.stringify(name)}; see teapurl --help\n`);
    return 2;
  }
  try {
    return await (await load())(rest, io);
  } catch (error) {
    const err = error as Error & { code?: string };
    if (error instanceof ClosedOutputError) return 0;
    if (error instanceof UsageError || err.code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr.write(`teapurl ${name}: ${err.message}\nSee teapurl ${name} --help\n`);
      return 2;
    }
    io.stderr.write(`teapurl ${name}: internal error: ${err.message}\n`);
    if (io.env.TEAPURL_DEBUG) io.stderr.write(`${err.stack ?? ''}\n`);
    return 70;
  }
}
