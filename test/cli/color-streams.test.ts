import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.js';
import type { CommandIo } from '../../src/cli/io.js';
import { useColor } from '../../src/cli/color.js';
import { widgetDefinition } from '../support/widget-definition.js';

const dir = mkdtempSync(path.join(tmpdir(), 'teapurl-colour-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// One fixable example and one that needs a person, so the report has a coloured error line.
writeFileSync(
  path.join(dir, 'widget-definition.json'),
  `${JSON.stringify(widgetDefinition(['pkg:widget/a@1?os=linux&arch=arm64', 'pkg:npm/b@1']), null, 2)}\n`,
);

/** Runs the CLI in-process with each stream a terminal or not, as asked. */
async function cli(args: string[], tty: { stdout: boolean; stderr: boolean }, env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIo = {
    stdout: { isTTY: tty.stdout, write: (s: string) => out.push(s) },
    stderr: { isTTY: tty.stderr, write: (s: string) => err.push(s) },
    stdin: (async function* () {})(),
    env,
    cwd: dir,
  };
  const status = await run(args, io);
  return { status, stdout: out.join(''), stderr: err.join('') };
}

const ESC = '\u001b[';
const DRY_RUN = ['validate', '--fix', '--dry-run', 'widget-definition.json'];

describe('colour is decided by the stream the text goes to', () => {
  it('a report on a redirected stderr is plain while stdout is a terminal (teapurl validate --fix --dry-run x.json 2>report)', async () => {
    const r = await cli(DRY_RUN, { stdout: true, stderr: false });
    expect(r.stdout).toMatch(/^--- a\/widget-definition\.json\n/);
    expect(r.stderr).toContain('error');
    expect(r.stderr).not.toContain(ESC);
    expect(r.stdout).not.toContain(ESC);
  });

  it('a report on a terminal stderr is coloured while the diff goes to a file', async () => {
    const r = await cli(DRY_RUN, { stdout: false, stderr: true });
    expect(r.stderr).toContain(`${ESC}31merror`);
    expect(r.stdout).not.toContain(ESC);
  });

  it('NO_COLOR and FORCE_COLOR are honoured, --color wins over both', async () => {
    expect((await cli(DRY_RUN, { stdout: false, stderr: true }, { NO_COLOR: '1' })).stderr).not.toContain(ESC);
    expect((await cli(DRY_RUN, { stdout: false, stderr: false }, { FORCE_COLOR: '1' })).stderr).toContain(ESC);
    expect((await cli(DRY_RUN, { stdout: false, stderr: true }, { FORCE_COLOR: '0' })).stderr).not.toContain(ESC);
    expect((await cli([...DRY_RUN, '--color', 'never'], { stdout: true, stderr: true }, { FORCE_COLOR: '1' })).stderr).not.toContain(ESC);
    expect((await cli([...DRY_RUN, '--color', 'always'], { stdout: false, stderr: false }, { NO_COLOR: '1' })).stderr).toContain(ESC);
    expect(useColor('auto', { isTTY: false }, { NO_COLOR: '1', FORCE_COLOR: '1' })).toBe(false);
  });
});
