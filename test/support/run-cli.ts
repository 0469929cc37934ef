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
    env: { ...process.env, NO_COLOR: '1', TEAPURL_NO_CACHE: '1', ...options.env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
