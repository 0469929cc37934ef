import { parseArgs } from 'node:util';
import type { CommandIo } from './io.js';
import { packageInfo } from './package-info.js';
import { UsageError } from './usage-error.js';
import { quoteArg } from './output/safe-text.js';

/** One option in `node:util` parseArgs form. */
type OptionSpec = { type: 'string' | 'boolean'; short?: string; multiple?: boolean; default?: string | boolean | string[] | boolean[] };
type OptionSpecs = Record<string, OptionSpec>;

/** Options every command takes: `teapurl validate --version` prints the version, as `teapurl --version` does. */
const COMMON_OPTIONS = {
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', short: 'v', default: false },
} as const;

/** A command's command line: its name as `See 'teapurl <name> --help'` shows it, its help text and options. */
export interface CommandLineSpec<O extends OptionSpecs> {
  /** `validate`, `purl test-suite`, … */
  command: string;
  /** Printed for `--help` / `-h`. */
  help: string;
  options: O;
  /** Whether the command takes arguments besides options; `false` makes one a usage error. */
  positionals: boolean;
}

type ParseConfig<O extends OptionSpecs> = { args: string[]; options: O & typeof COMMON_OPTIONS; allowPositionals: boolean; strict: true };

/** What a command reads from its command line once `--help` and `--version` have been dealt with. */
export type CommandLine<O extends OptionSpecs> = ReturnType<typeof parseArgs<ParseConfig<O>>>;

/**
 * Parses a command's arguments with `node:util` parseArgs. `--help` and `--version` print and
 * give `null` (the command returns 0); every mistake is a {@link UsageError} in teapurl's own
 * words, naming the option: `unknown option '--bogus'`, `option '--format' needs a value`,
 * `option '--strict' takes no value`, `unexpected argument 'x'`, never parseArgs's text.
 */
export function parseCommandLine<const O extends OptionSpecs>(argv: string[], io: CommandIo, spec: CommandLineSpec<O>): CommandLine<O> | null {
  const options = { ...spec.options, ...COMMON_OPTIONS };
  let parsed: CommandLine<O>;
  try {
    parsed = parseArgs<ParseConfig<O>>({ args: argv, options, allowPositionals: spec.positionals, strict: true });
  } catch (error) {
    if (!String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS')) throw error;
    throw new UsageError(diagnose(argv, options, spec.positionals), { command: spec.command });
  }
  const values = parsed.values as { help?: boolean; version?: boolean };
  if (values.help) {
    io.stdout.write(spec.help);
    return null;
  }
  if (values.version) {
    io.stdout.write(`${packageInfo().version}\n`);
    return null;
  }
  return parsed;
}

/**
 * The first mistake on the command line, found by reading it again without strict checks and
 * looking at each token: parseArgs's own messages quote unevenly and suggest shell syntax.
 * A value is never quoted in the message: it may be a secret (`--secret -x`).
 */
function diagnose(argv: string[], options: OptionSpecs, positionals: boolean): string {
  const { tokens } = parseArgs({ args: argv, options, allowPositionals: true, strict: false, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'positional') {
      if (!positionals) return `unexpected argument ${quoteArg(token.value)}: this command takes options only`;
      continue;
    }
    if (token.kind !== 'option') continue;
    const spec = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    if (spec === undefined) {
      const near = token.rawName.startsWith('--') ? nearest(token.name, Object.keys(options)) : undefined;
      return `unknown option ${quoteArg(token.rawName)}${near ? `; did you mean '--${near}'?` : ''}`;
    }
    const name = `--${token.name}`;
    if (spec.type === 'boolean' && token.value !== undefined) return `option '${name}' takes no value`;
    if (spec.type === 'string') {
      if (token.value === undefined) return `option '${name}' needs a value`;
      // parseArgs refuses `--format -x`: a forgotten value is likelier than one that starts with a dash.
      if (!token.inlineValue && token.value.startsWith('-')) return `option '${name}' needs a value (for one that starts with '-', write ${name}=-…)`;
    }
  }
  return 'cannot read the command line';
}

/** The name closest to a mistyped one (an option, a command, an action), when it is a likely typo (at most two edits away). */
export function nearest(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const d = editDistance(name, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2 || a.length > 64 || b.length > 64) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}
