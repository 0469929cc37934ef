/**
 * Item 9 of issue 29: GitHub Actions runs any log line that starts, past its leading white space,
 * with "::" as a workflow command. Text output starts lines with file names (and other text a
 * document or an argument chose), so a file named "::error title=X::….json" or
 * "::stop-commands::tok.json" injected commands into an Actions log.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliRun } from '../support/run-cli.js';
import { widgetDefinition } from '../support/widget-definition.js';

const NAMES = ['::error title=X::widget.json', '::stop-commands::tok.json', ' ::warning::spaced.json'];
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'teapurl-workflow-'));
  // Fixable (an example not in canonical form) and with findings left for a person.
  for (const name of NAMES)
    writeFileSync(path.join(dir, name), `${JSON.stringify(widgetDefinition(['pkg:widget/ABC?os=linux&arch=x86', 'not a purl']), null, 2)}\n`);
  writeFileSync(path.join(dir, '::error::suite.txt'), '{"not": "a suite"}');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The lines of both streams that GitHub Actions would run as workflow commands. */
function commandLines(run: CliRun): string[] {
  return `${run.stdout}\n${run.stderr}`.split(/\r\n|\r|\n/).filter((line) => /^\s*::/.test(line));
}

describe('no text output line reads as a workflow command', () => {
  it.each([
    ['validate', ['validate', ...NAMES]],
    ['validate --quiet', ['validate', '--quiet', '--kind', 'purl-type', '*.json']],
    ['validate --fix --dry-run', ['validate', '--fix', '--dry-run', '*.json']],
    ['validate --fix', ['validate', '--fix', '*.json']],
    ['purl test-suite', ['purl', 'test-suite', '::error::suite.txt']],
    ['vers test-suite', ['vers', 'test-suite', '::error::suite.txt']],
    ['docs --check', ['docs', '--check', '--out', '::error::site']],
    ['serve with an invalid --discovery', ['serve', '--insecure-http', '--discovery', NAMES[1]!]],
  ])('%s', (_name, args) => {
    const run = runCli(args, { cwd: dir });
    expect(run.stdout + run.stderr).toContain('::');
    expect(commandLines(run)).toEqual([]);
  });

  it('a file name that would start a command is written ./::…, which names the same file', () => {
    const run = runCli(['validate', NAMES[0]!], { cwd: dir });
    expect(run.stdout).toMatch(/^\.\/::error title=X::widget\.json:\d+:\d+: error /m);
  });

  it('--format github: the only command lines are teapurl’s own annotations, the file names escaped in them', () => {
    for (const args of [
      ['validate', '--format', 'github', '*.json'],
      ['validate', '--fix', '--dry-run', '--format', 'github', '*.json'],
    ]) {
      const run = runCli(args, { cwd: dir });
      const lines = commandLines(run);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line).toMatch(/^::(?:error|warning|notice) (?:file=[^,]*,(?:line=\d+,col=\d+,)?)?title=[^,:]*::/);
        // The file property escapes ":" (and ","), so a name cannot end the properties early.
        expect(/file=([^,]*)/.exec(line)?.[1] ?? '').not.toContain(':');
      }
    }
  });
});
