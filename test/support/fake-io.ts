import type { CommandIo } from '../../src/cli/io.js';

/**
 * A {@link CommandIo} for running a command in-process: output is collected, standard input is
 * empty, and the command sees only `env` and `cwd`.
 */
export function fakeIo(cwd: string, env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIo = {
    stdout: { write: (chunk: string) => out.push(chunk) },
    stderr: { write: (chunk: string) => err.push(chunk) },
    stdin: (async function* () {})(),
    env,
    cwd,
  };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

/**
 * Runs the CLI in-process with `stdin` (lines or chunks) as standard input and `env` as its whole
 * environment; its exit code and output as text.
 */
export async function runInProcess(
  args: string[],
  cwd: string,
  stdin: Iterable<string | Buffer> | AsyncIterable<string | Buffer> = [],
  env: NodeJS.ProcessEnv = {},
) {
  const { run } = await import('../../src/cli/main.js');
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    stdin: (async function* () {
      yield* stdin;
    })(),
    env,
    cwd,
  };
  const status = await run(args, io);
  return { status, stdout, stderr };
}

/** `teapurl purl <args>` run in-process, with `stdin` (lines or chunks) as standard input; output kept as text. */
export function runPurlInProcess(args: string[], stdin: Iterable<string | Buffer> | AsyncIterable<string | Buffer> = [], cwd = process.cwd()) {
  return runInProcess(['purl', ...args], cwd, stdin);
}
