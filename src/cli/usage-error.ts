import { escapeControls } from './output/safe-text.js';
import { TeapurlError } from '../shared/errors.js';

/**
 * A mistake in how the command was called: each problem reported in one line, then where the
 * help is; exit code 2. `command` is the command whose help to point at (`purl test-suite`);
 * without it, the command that was run.
 */
// The command line runs as several bundles (one per command), each with its own copy of this
// class: a brand in the global symbol registry lets `instanceof` hold across them.
const USAGE_ERROR = Symbol.for('teapurl.cli.UsageError');

export class UsageError extends TeapurlError<'usage'> {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[USAGE_ERROR] === true;
  }
  readonly [USAGE_ERROR] = true;
  override name = 'UsageError';
  /** One line each; most usage errors have one. */
  readonly problems: readonly string[];
  command: string | undefined;

  constructor(problems: string | readonly string[], options: { command?: string } = {}) {
    const list = typeof problems === 'string' ? [problems] : problems;
    super(list.join('; '), { code: 'usage' });
    this.problems = list;
    this.command = options.command;
  }
}

/**
 * What stderr shows for usage problems: `teapurl <command>: <problem>` a line, then
 * `See 'teapurl <command> --help'`. Control characters in the problems are escaped, so an
 * argument holding a line break cannot forge a line.
 */
export function usageText(command: string, problems: readonly string[]): string {
  const lines = problems.map((problem) => `teapurl ${command}: ${escapeControls(problem)}`);
  return `${lines.join('\n')}\nSee 'teapurl ${command} --help'\n`;
}

/** `value` when it is one of `allowed`, else a {@link UsageError} naming `--option` and the choices. */
export function oneOf<T extends string>(value: string, allowed: readonly T[], option: string): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${option} must be one of ${allowed.join(', ')}, not ${JSON.stringify(value)}`);
}
