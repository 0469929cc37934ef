/**
 * Issue 39 item 8: `import type … from 'teapurl/types'` in a CommonJS TypeScript file. Under
 * `module: node16` TypeScript refused it (TS1541: a type-only import of an ES module from
 * CommonJS needs a resolution-mode) until the entry gained `require` types (types/*.d.cts,
 * generated). The consumer is test/types/cjs-types-consumer.cts, compiled in a project of its own
 * that has teapurl in node_modules (a link to this checkout), for node16 and nodenext.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/paths.js';

let project: string;
beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), 'teapurl-cts-'));
  mkdirSync(path.join(project, 'node_modules'));
  symlinkSync(ROOT, path.join(project, 'node_modules/teapurl'), 'dir');
  writeFileSync(path.join(project, 'package.json'), '{"name": "consumer", "version": "1.0.0"}\n');
  copyFileSync(path.join(ROOT, 'test/types/cjs-types-consumer.cts'), path.join(project, 'consumer.cts'));
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('teapurl/types from CommonJS TypeScript', () => {
  it.each(['node16', 'nodenext'])(
    'module %s: import type compiles',
    (mode) => {
      writeFileSync(
        path.join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: { module: mode, moduleResolution: mode, strict: true, noEmit: true, types: [], skipLibCheck: true },
          files: ['consumer.cts'],
        }),
      );
      const tsc = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8' });
      expect(tsc.stdout + tsc.stderr).toBe('');
      expect(tsc.status).toBe(0);
    },
    60_000,
  );
});
