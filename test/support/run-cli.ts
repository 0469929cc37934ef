import { spawnSync } from 'node:child_process';
import { CLI, ROOT } from './paths.js';

/** The outcome of one CLI run. */
export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `teapurl` CLI as a child process, the way a shell or a hook would. */
export function runCli(args: string[], options: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {}): CliRun {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.input ?? '',
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * How to run the CLI where folder permissions hold. Root ignores them, so as root the CLI runs as
 * `nobody` through util-linux's `setpriv`; `reason` says why that is impossible when it is.
 */
export function unprivilegedRunner(): { run: typeof runCli; reason: null } | { run: null; reason: string } {
  if (typeof process.getuid !== 'function') return { run: null, reason: 'no POSIX user ids on this platform' };
  if (process.getuid() !== 0) return { run: runCli, reason: null };
  const probe = spawnSync('setpriv', [
    '--reuid=65534',
    '--regid=65534',
    '--clear-groups',
    process.execPath,
    '-e',
    'process.exit(process.getuid() === 65534 ? 0 : 1)',
  ]);
  if (probe.error || probe.status !== 0)
    return { run: null, reason: 'the tests run as root, which ignores folder permissions, and setpriv cannot drop to nobody here' };
  const run: typeof runCli = (args, options = {}) => {
    const result = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, CLI, ...args], {
      cwd: options.cwd ?? ROOT,
      input: options.input ?? '',
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', ...options.env },
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  return { run, reason: null };
}
