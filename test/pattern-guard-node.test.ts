/**
 * Issue 13, item 3: for Node users the catastrophic-pattern guard is deterministic. The Node
 * adapters and the CLI load it themselves, only when a value was left unchecked for want of it
 * (or, for an engine they hand out, when a flagged pattern was compiled), and redo that file,
 * engine or PURL; a run that meets no such value never loads it. In-memory behaviour before and
 * after loading: test/pattern-budget.test.ts. The tests in this file run in order (module state
 * is per test file): the first ones need the guard not loaded yet.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { purlEngineFromDirectory, validateFiles, validateStream } from '../src/node/index.js';
import { loadedPatternGuard } from '../src/purl/definitions/pattern-guard.js';
import { ROOT } from './support/paths.js';
import { runCli } from './support/run-cli.js';

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
  it('validating documents with no flagged pattern, or only short values for one, never loads the guard', async () => {
    const report = await validateFiles(['corpus/discovery/valid/*.json', 'corpus/purl-types/*.json'], { cwd: ROOT });
    expect(report.valid).toBe(true);
    // corpus/purl-types has chrome-extension, whose version pattern is flagged; its examples are short.
    expect(report.results.some((r) => r.file.endsWith('chrome-extension-definition.json'))).toBe(true);
    expect(loadedPatternGuard()).toBeNull();
  });

  it('validateStream: a definition that needs the guard is validated again with it', async () => {
    const text = readFileSync(path.join(ROOT, BACKTRACKING), 'utf8');
    const result = await validateStream(Readable.from([text]), { file: 'widget-definition.json' });
    expect(loadedPatternGuard()).not.toBeNull();
    // The real verdicts: examples[2] ends in "1", which [a-z] refuses; the uppercase probes are all refused.
    expect(result.findings.map((f) => [f.rule, f.pointer, f.severity])).toEqual([
      ['purl-type/pattern-backtracking', '/name_definition/permitted_characters', 'warning'],
      ['purl-type/example-valid', '/examples/2', 'error'],
    ]);
    expect(result.findings[1]!.message).toContain('does not match the permitted characters ^([a-z]+)+$');
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
    const run = runCli(['purl', 'validate', `pkg:chrome-extension/${id}@${'1'.repeat(40)}.2`, `pkg:chrome-extension/${id}@${'1'.repeat(40)}.2.`], { input: '' });
    expect(run.stderr).not.toContain('pattern-skipped');
    expect(run.stderr).toContain('argument 2:');
    expect(run.stderr).not.toContain('argument 1:');
    expect(run.stderr).toContain('(invalid-characters)');
  });

  it('teapurl purl canonical from standard input: the PURL that needed the guard is written once, in order', () => {
    const folder = definitionFolder('stdin', '^([a-z]+)+$');
    const long = 'a'.repeat(3000);
    const run = runCli(['purl', 'canonical', '--types', folder], { input: `pkg:widget/abc\npkg:widget/${long}\npkg:widget/${long}!\npkg:widget/xyz\n` });
    expect(run.stdout).toBe(`pkg:widget/abc\npkg:widget/${long}\npkg:widget/xyz\n`);
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
