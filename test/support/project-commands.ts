import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { expect } from 'vitest';

/** What a command run in a test project printed (stdout, stderr and a spawn error, in that order) and its status. */
export interface CommandRun {
  status: number | null;
  output: string;
}

/**
 * Runs commands in a project folder a test sets up in `beforeAll`; `where` is asked at each call,
 * so the folder and environment can be made after the runner is.
 */
export function projectCommands(where: () => { cwd: string; env: NodeJS.ProcessEnv }) {
  function run(command: string, args: string[], options: SpawnSyncOptions = {}): CommandRun {
    const { cwd, env } = where();
    const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', ...options });
    return { status: r.status, output: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
  }
  /** Runs a command that must succeed, and returns its output. */
  function ok(command: string, ...args: string[]): string {
    const r = run(command, args);
    expect(r.status, `${command} ${args.join(' ')}\n${r.output}`).toBe(0);
    return r.output;
  }
  return { run, ok };
}
