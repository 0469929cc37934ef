import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT } from './support/paths.js';

interface Hook {
  id: string;
  entry: string;
  language: string;
  files: string;
}

const hooks = parse(readFileSync(path.join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];

/** Runs a hook the way pre-commit does: its entry, then every staged file its `files` pattern selects. */
function runHook(hook: Hook, repo: string, staged: string[]) {
  const selected = staged.filter((f) => new RegExp(hook.files).test(f));
  const [command, ...args] = hook.entry.split(/\s+/);
  expect(command).toBe('teapurl');
  const r = spawnSync(process.execPath, [CLI, ...args, ...selected], { cwd: repo, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { selected, status: r.status, output: r.stdout + r.stderr };
}

let repo: string;
let staged: string[];
beforeAll(() => {
  repo = mkdtempSync(path.join(tmpdir(), 'teapurl-hooks-'));
  mkdirSync(path.join(repo, 'site/.well-known'), { recursive: true });
  cpSync(path.join(ROOT, 'corpus/discovery/valid'), path.join(repo, 'docs'), { recursive: true });
  const firstValid = readdirSync(path.join(repo, 'docs')).find((f) => f.endsWith('.json'))!;
  cpSync(path.join(repo, 'docs', firstValid), path.join(repo, 'site/.well-known/tea'));
  cpSync(path.join(ROOT, 'test/fixtures/purl-types'), path.join(repo, 'types'), { recursive: true });
  cpSync(path.join(ROOT, 'corpus/purl-urls'), path.join(repo, 'urls'), { recursive: true });
  cpSync(path.join(ROOT, 'corpus/sbom/valid'), path.join(repo, 'sbom'), { recursive: true });
  cpSync(path.join(ROOT, 'corpus/sbom/valid/every-place.cdx.xml'), path.join(repo, 'dist/bom.xml'));
  staged = [
    ...readdirSync(path.join(repo, 'sbom')).map((f) => `sbom/${f}`),
    'dist/bom.xml',
    'package.json',
    ...readdirSync(path.join(repo, 'urls')).map((f) => `urls/${f}`),
    'site/.well-known/tea',
    'README.md',
    ...readdirSync(path.join(repo, 'types')).map((f) => `types/${f}`),
    ...readdirSync(path.join(repo, 'docs')).map((f) => `docs/${f}`),
  ];
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('.pre-commit-hooks.yaml', () => {
  it('declares node hooks for discovery documents, type definitions, URL documents and SBOMs', () => {
    expect(hooks.map((h) => [h.id, h.language])).toEqual([
      ['teapurl-discovery', 'node'],
      ['teapurl-purl-types', 'node'],
      ['teapurl-purl-urls', 'node'],
      ['teapurl-sbom', 'node'],
    ]);
  });

  it('teapurl-sbom selects the SBOMs by their usual names in all four formats, passes them, and fails one whose PURL is invalid', () => {
    const hook = hooks.find((h) => h.id === 'teapurl-sbom')!;
    const ok = runHook(hook, repo, staged);
    expect(ok.selected).toEqual([...readdirSync(path.join(repo, 'sbom')).map((f) => `sbom/${f}`), 'dist/bom.xml']);
    for (const ending of ['.cdx.json', '.cdx.xml', '.spdx.json', '.spdx']) expect(ok.selected.some((f) => f.endsWith(ending))).toBe(true);
    expect(ok.status, ok.output).toBe(0);
    const victim = path.join(repo, 'dist/bom.xml');
    writeFileSync(victim, readFileSync(victim, 'utf8').replace('<purl>pkg:npm/shop-ui@1.4.0</purl>', '<purl>npm/shop-ui@1.4.0</purl>'));
    const bad = runHook(hook, repo, staged);
    expect(bad.status, bad.output).toBe(1);
    expect(bad.output).toMatch(/dist\/bom\.xml:\d+:\d+: error .*is not a valid PURL/);
  });

  it('teapurl-discovery selects .well-known/tea, passes it, and fails once it is broken', () => {
    const hook = hooks.find((h) => h.id === 'teapurl-discovery')!;
    const ok = runHook(hook, repo, staged);
    expect(ok.selected).toEqual(['site/.well-known/tea']);
    expect(ok.status).toBe(0);
    writeFileSync(path.join(repo, 'site/.well-known/tea'), '{"schemaVersion": 1, "endpoints": []}');
    const bad = runHook(hook, repo, staged);
    expect(bad.status).toBe(1);
    expect(bad.output).toContain('site/.well-known/tea:1:');
  });

  it('teapurl-purl-types selects every *-definition.json, passes the corpus, and fails a broken one', () => {
    const hook = hooks.find((h) => h.id === 'teapurl-purl-types')!;
    const ok = runHook(hook, repo, staged);
    expect(ok.selected.length).toBeGreaterThan(0);
    expect(ok.selected.every((f) => f.endsWith('-definition.json'))).toBe(true);
    expect(ok.status, ok.output).toBe(0);
    const victim = path.join(repo, ok.selected[0]!);
    writeFileSync(victim, readFileSync(victim, 'utf8').replace('"name_definition"', '"name_definitio"'));
    const bad = runHook(hook, repo, staged);
    expect(bad.status).toBe(1);
    expect(bad.output).toContain('unknown property "name_definitio"');
  });

  it('teapurl-purl-urls selects every *-urls.json, passes the corpus, and fails a document whose example is wrong', () => {
    const hook = hooks.find((h) => h.id === 'teapurl-purl-urls')!;
    const ok = runHook(hook, repo, staged);
    expect(ok.selected.length).toBeGreaterThanOrEqual(30);
    expect(ok.selected.every((f) => f.startsWith('urls/') && f.endsWith('-urls.json'))).toBe(true);
    expect(ok.status, ok.output).toBe(0);
    const victim = path.join(repo, 'urls/cargo-urls.json');
    writeFileSync(victim, readFileSync(victim, 'utf8').replace('https://crates.io/crates/', 'https://crates.io/krates/'));
    const bad = runHook(hook, repo, staged);
    expect(bad.status, bad.output).toBe(1);
    expect(bad.output).toMatch(/urls\/cargo-urls\.json:\d+:\d+: error/);
  });
});
