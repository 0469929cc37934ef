/**
 * Items 3 and 12 of issue 29: `--fix` wrote the fixed text over the file in place and then cut it
 * to length, so a SIGTERM (or a SIGKILL) in between left the new text followed by the old tail;
 * and between "content unchanged?" and the write, an editor's save could be overwritten. The
 * interruption and the editor are injected deterministically: a preloaded script wraps the CLI's
 * own calls to node:fs (the bundle looks each one up on the module at call time).
 */
import { spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../support/paths.js';
import { widgetDefinition } from '../support/widget-definition.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-fix-interrupted-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Each example spells a letter percent-encoded: its fix is two characters shorter, so the fixed
// text is shorter than the file and must be cut to length.
const EXAMPLES = Array.from({ length: 2000 }, (_, i) => `pkg:widget/%61bc-${i}@1.0`);
const BROKEN = `${JSON.stringify(widgetDefinition(EXAMPLES), null, 2)}\n`;
const FIXED = BROKEN.replace(/%61/g, 'a');
const EDITED = `${JSON.stringify(widgetDefinition(['pkg:widget/edited-by-a-person@2.0']), null, 2)}\n`;

/**
 * Wraps the fs functions named in HOOK_AT: the first call that writes to or replaces a file
 * (not standard output) first does HOOK_DO: send itself a signal, or play an editor saving
 * HOOK_TEXT to HOOK_FILE, in place or by renaming a new file over it.
 */
const PRELOAD = `
const fs = require('node:fs');
const { renameSync, writeFileSync } = fs;
let done = false;
for (const name of process.env.HOOK_AT.split(',')) {
  const original = fs[name];
  fs[name] = function (...args) {
    if (!done && !(name === 'writeSync' && args[0] <= 2)) {
      done = true;
      const { HOOK_DO: action, HOOK_FILE: file, HOOK_TEXT: text } = process.env;
      if (action === 'edit-in-place') writeFileSync(file, text);
      else if (action === 'edit-by-rename') {
        writeFileSync(file + '.editor-swap', text);
        renameSync(file + '.editor-swap', file);
      } else process.kill(process.pid, action);
    }
    return original.apply(this, args);
  };
}
`;

let counter = 0;
function folder(): string {
  const dir = path.join(scratch, `case-${counter++}`);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'widget-definition.json'), BROKEN);
  writeFileSync(path.join(dir, '..preload.cjs'), PRELOAD);
  return dir;
}

function fix(dir: string, hook: { at: string; do: string; text?: string }) {
  const file = path.join(dir, 'widget-definition.json');
  const run = spawnSync(process.execPath, ['-r', path.join(dir, '..preload.cjs'), CLI, 'validate', '--fix', 'widget-definition.json'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '1', HOOK_AT: hook.at, HOOK_DO: hook.do, HOOK_FILE: file, HOOK_TEXT: hook.text ?? '' },
  });
  return { status: run.status, signal: run.signal, stdout: run.stdout, stderr: run.stderr, text: readFileSync(file, 'utf8') };
}

describe('issue 29 item 3: --fix interrupted never leaves a broken file', () => {
  it('SIGTERM while the file is replaced: the run ends by the signal once the file is whole (the fixed text), no temporary file left', () => {
    const dir = folder();
    const run = fix(dir, { at: 'renameSync,ftruncateSync', do: 'SIGTERM' });
    expect(run.text).toBe(FIXED);
    expect(run.signal).toBe('SIGTERM');
    expect(readdirSync(dir).sort()).toEqual(['..preload.cjs', 'widget-definition.json']);
  });

  it('SIGTERM between the write and the cut of a hard-linked file (written in place, so both links see the fix): held off until it is whole', () => {
    const dir = folder();
    linkSync(path.join(dir, 'widget-definition.json'), path.join(dir, 'other-name.json'));
    const run = fix(dir, { at: 'ftruncateSync', do: 'SIGTERM' });
    expect(run.text).toBe(FIXED);
    expect(readFileSync(path.join(dir, 'other-name.json'), 'utf8')).toBe(FIXED);
    expect(statSync(path.join(dir, 'other-name.json')).nlink).toBe(2);
    expect(run.signal).toBe('SIGTERM');
  });

  it('SIGKILL, which cannot be held off, just before the new file takes the old one’s place: the file is as it was', () => {
    const dir = folder();
    const run = fix(dir, { at: 'renameSync,ftruncateSync', do: 'SIGKILL' });
    expect(run.signal).toBe('SIGKILL');
    expect(run.text).toBe(BROKEN);
  });
});

describe('issue 29 item 12: --fix never overwrites an edit made while it works', () => {
  it('an edit saved in place after teapurl read the file, while it writes the fixed copy: the edit stays, the fixes are not applied', () => {
    const dir = folder();
    const run = fix(dir, { at: 'writeSync', do: 'edit-in-place', text: EDITED });
    expect(run.text).toBe(EDITED);
    expect(run.stdout).toContain('widget-definition.json: not written: it changed on disk since teapurl read it');
    expect(run.status).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(['..preload.cjs', 'widget-definition.json']);
  });

  it('an editor that saves by renaming a new file over it, at the same moment: the edit stays, and the run says so', () => {
    const dir = folder();
    const run = fix(dir, { at: 'writeSync', do: 'edit-by-rename', text: EDITED });
    expect(run.text).toBe(EDITED);
    expect(run.stdout).toContain('not written: it changed on disk since teapurl read it');
    expect(run.stdout).not.toMatch(/^fixed /m);
  });

  it('an edit saved in place in the instant between the last comparison and the rename: put back whole, the fixes dropped', () => {
    const dir = folder();
    const run = fix(dir, { at: 'renameSync', do: 'edit-in-place', text: EDITED });
    expect(run.text).toBe(EDITED);
    expect(run.stdout).toContain('not written: it changed on disk while teapurl wrote it; the edit was kept');
    expect(readdirSync(dir).sort()).toEqual(['..preload.cjs', 'widget-definition.json']);
  });
});
