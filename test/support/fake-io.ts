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
