/**
 * For Node users the catastrophic-pattern guard is always at hand: the Node adapters and the CLI
 * give every engine and validation they make the Node pattern guard, which requires re2js the
 * first time a value needs it, so every run gives the real verdicts and nothing is done twice; a
 * run that meets no such value never loads re2js. In-memory engines with and without a guard:
 * test/purl/definitions/pattern-budget.test.ts. The tests in this file run in order: the first needs re2js not
 * loaded yet (each test file runs in a fresh module graph, but Node's require cache is the
 * process's, so it is checked in a child process).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { purlEngineFromDirectory, validateStream } from '../../../src/node/index.js';
import { execFileSync } from 'node:child_process';
import { ROOT } from '../../support/paths.js';
import { runCli } from '../../support/run-cli.js';

const BACKTRACKING = 'test/fixtures/purl-type-checks/pattern-backtracking/widget-definition.json';
const dir = mkdtempSync(path.join(tmpdir(), 'teapurl-guard-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A folder holding one definition: the backtracking fixture, with `pattern` as its name pattern. */
function definitionFolder(name: string, pattern: string, examples?: string[]): string {
  const definition = JSON.parse(readFileSync(path.join(ROOT, BACKTRACKING), 'utf8')) as Record<string, any>;
  definition.name_definition.permitted_characters = pattern;
  if (examples) definition.examples = examples;
  const folder = path.join(dir, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'widget-definition.json'), JSON.stringify(definition, null, 2));
  return folder;
}

const HOSTILE_NAME = `${'a'.repeat(20_000)}!`;

describe('the Node adapters', () => {
  it('validating documents with no flagged pattern, or only short values for one, never loads re2js', () => {
    // A child process: the require cache is the process's, and this test file's own imports may have filled it.
    const script = `
      const { validateFiles } = await import(${JSON.stringify(path.join(ROOT, 'dist/node/index.js'))});
      const report = await validateFiles(['corpus/discovery/valid/*.json', 'corpus/purl-types/*.json'], { cwd: ${JSON.stringify(ROOT)} });
      const loaded = Object.keys((await import('node:module')).createRequire(import.meta.url).cache).filter((f) => f.includes('/re2js/'));
      console.log(JSON.stringify({ valid: report.valid, files: report.results.map((r) => r.file), loaded }));`;
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' })) as {
      valid: boolean;
      files: string[];
      loaded: string[];
    };
    expect(out.valid).toBe(true);
    // corpus/purl-types has chrome-extension, whose version pattern is flagged; its examples are short.
    expect(out.files.some((f) => f.endsWith('chrome-extension-definition.json'))).toBe(true);
    expect(out.loaded).toEqual([]);
  });

  it('validateStream: a definition that needs the guard gets the real verdicts, in one pass', async () => {
    const text = readFileSync(path.join(ROOT, BACKTRACKING), 'utf8');
    const result = await validateStream(Readable.from([text]), { file: 'widget-definition.json' });
    // The real verdicts: examples[2] ends in "1", which [a-z] refuses; the uppercase probes are all refused.
    expect(result.findings.map((f) => [f.rule, f.pointer, f.severity])).toEqual([
      ['purl-type/pattern-backtracking', '/name_definition/permitted_characters', 'warning'],
      ['purl-type/example-valid', '/examples/2', 'error'],
    ]);
    expect(result.findings[1]!.message).toContain('does not match the permitted characters ^([a-z]+)+$');
  });

  it('validateStream with patternGuard: null reports the long examples as not checked', async () => {
    const text = readFileSync(path.join(ROOT, BACKTRACKING), 'utf8');
    const result = await validateStream(Readable.from([text]), { file: 'widget-definition.json', patternGuard: null });
    expect(result.findings.some((f) => f.message.includes('not checked against name_definition.permitted_characters'))).toBe(true);
  });

  it('purlEngineFromDirectory: an engine whose pattern needs the guard checks long values', async () => {
    const engine = await purlEngineFromDirectory(definitionFolder('engine', '^([a-z]+)+$'));
    expect(engine.validate(`pkg:widget/${HOSTILE_NAME}`).errors.map((e) => e.code)).toEqual(['invalid-characters']);
    expect(engine.validate(`pkg:widget/${'a'.repeat(20_000)}`).valid).toBe(true);
  });
});

describe('the CLI (each run a fresh process)', () => {
  it('teapurl validate: the backtracking fixture gets the real verdicts', () => {
    const run = runCli(['validate', BACKTRACKING]);
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toContain('examples[2]');
    expect(run.stdout + run.stderr).toContain('does not match the permitted characters ^([a-z]+)+$');
    expect(run.stdout + run.stderr).not.toContain('not checked');
  });

  it('teapurl validate: a pattern the guard cannot run gives a warning naming why', () => {
    const folder = definitionFolder('backreference', '^([a-z]+)+\\1$', ['pkg:widget/aa']);
    const run = runCli(['validate', path.join(folder, 'widget-definition.json')]);
    const output = run.stdout + run.stderr;
    expect(output).toContain('cannot check values with its linear-time pattern guard, because it uses a backreference');
    expect(output).toContain('1 example was not checked against name_definition.permitted_characters');
    expect(output).not.toContain('await loadPatternGuard()');
  });

  it('teapurl purl validate --types: a hostile value gets its real verdict', () => {
    const folder = definitionFolder('purl-types', '^([a-z]+)+$');
    const refused = runCli(['purl', 'validate', '--types', folder, `pkg:widget/${HOSTILE_NAME}`]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('(invalid-characters)');
    const accepted = runCli(['purl', 'validate', '--types', folder, `pkg:widget/${'a'.repeat(20_000)}`]);
    expect(accepted.stderr).toBe('');
    expect(accepted.status).toBe(0);
  });

  it('teapurl purl validate with the bundled types: a long chrome-extension version is checked on the guard', () => {
    const id = 'a'.repeat(32);
    const run = runCli(['purl', 'validate', `pkg:chrome-extension/${id}@${'1'.repeat(40)}.2`, `pkg:chrome-extension/${id}@${'1'.repeat(40)}.2.`], {
      input: '',
    });
    expect(run.stderr).not.toContain('pattern-skipped');
    expect(run.stderr).toContain('argument 2:');
    expect(run.stderr).not.toContain('argument 1:');
    expect(run.stderr).toContain('(invalid-characters)');
  });

  it('teapurl purl canonical from standard input: the PURL that needed the guard is written once, in order', () => {
    const folder = definitionFolder('stdin', '^([a-z]+)+$');
    const long = 'a'.repeat(3000);
    const run = runCli(['purl', 'canonical', '--types', folder], { input: `pkg:widget/abc\npkg:widget/${long}\npkg:widget/${long}!\npkg:widget/xyz\n` });
    // One record per line: the refused one gets its empty line.
    expect(run.stdout).toBe(`pkg:widget/abc\npkg:widget/${long}\n\npkg:widget/xyz\n`);
    expect(run.stderr).toContain('line 3:');
    expect(run.stderr).toContain('(invalid-characters)');
    expect(run.status).toBe(1);
  });

  it('teapurl docs --types: the examples get their real verdicts', () => {
    const folder = definitionFolder('docs', '^([a-z]+)+$', ['pkg:widget/sprocket', `pkg:widget/${'a'.repeat(100)}1`]);
    const out = path.join(dir, 'site');
    const run = runCli(['docs', '--types', folder, '--out', out, '--format', 'md']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const page = readFileSync(path.join(out, 'types/widget.md'), 'utf8');
    expect(page).toContain('does not match the permitted characters');
    expect(page).not.toContain('was not checked against the definition');
  });
});
