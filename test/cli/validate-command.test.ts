import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const VALID = JSON.stringify({ schemaVersion: 1, endpoints: [{ url: 'https://tea.example.com', versions: ['1.0.0'] }] }, null, 2);
const HTTP_ONLY = JSON.stringify({ schemaVersion: 1, endpoints: [{ url: 'http://localhost:8080', versions: ['1.0.0'] }] }, null, 2);
const BAD_VERSION = '{\n  "schemaVersion": 1,\n  "endpoints": [\n    { "url": "https://tea.example.com", "versions": ["1.0"] }\n  ]\n}\n';
/** Where "1.0" stands in BAD_VERSION, as line:column. */
const BAD_AT = `4:${BAD_VERSION.split('\n')[3]!.indexOf('"1.0"') + 1}`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'teapurl-cli-'));
  writeFileSync(path.join(dir, 'valid.json'), VALID);
  writeFileSync(path.join(dir, 'local.json'), HTTP_ONLY);
  writeFileSync(path.join(dir, 'bad, "odd".json'), BAD_VERSION);
  writeFileSync(path.join(dir, 'bad.json'), BAD_VERSION);
  mkdirSync(path.join(dir, 'folder'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[], input?: string, env?: NodeJS.ProcessEnv) => runCli(args, { cwd: dir, ...(input ? { input } : {}), ...(env ? { env } : {}) });

describe('teapurl validate', () => {
  it('exits 0 and prints a one-line summary when every document is valid', () => {
    const r = cli(['validate', 'valid.json']);
    expect(r).toMatchObject({ status: 0, stderr: '' });
    expect(r.stdout).toBe('✔ 1 file valid\n');
  });

  it('prints file:line:col: severity message [pointer] (rule) and exits 1 on an invalid document', () => {
    const r = cli(['validate', 'bad.json', 'valid.json']);
    expect(r.status).toBe(1);
    const [first, summary] = r.stdout.trim().split('\n');
    expect(first).toMatch(new RegExp(`^bad\\.json:${BAD_AT}: error`));
    expect(first).toMatch(/ error endpoints\[0\]\.versions\[0\] "1\.0" is not a full semantic version .* \[\/endpoints\/0\/versions\/0\] \(schema\/pattern\)$/);
    expect(summary).toBe('✖ 1 of 2 files invalid (1 error)');
  });

  it('allows warnings, unless --strict', () => {
    const lenient = cli(['validate', 'local.json']);
    expect(lenient.status).toBe(0);
    expect(lenient.stdout).toMatch(/^local\.json:\d+:\d+: warning .*allowed for local testing only/m);
    expect(cli(['validate', '--strict', 'local.json']).status).toBe(1);
  });

  it('--quiet prints errors only', () => {
    expect(cli(['validate', '--quiet', 'local.json', 'valid.json']).stdout).toBe('');
    const r = cli(['validate', '--quiet', 'local.json', 'bad.json']);
    expect(r.stdout).not.toContain('warning');
    expect(r.stdout).toContain('error');
  });

  it('reads one document from standard input with -', () => {
    expect(cli(['validate', '-'], VALID)).toMatchObject({ status: 0, stdout: '✔ 1 file valid\n' });
    const r = cli(['validate', '--kind', 'discovery', '-'], BAD_VERSION);
    expect(r.status).toBe(1);
    expect(r.stdout.startsWith(`<stdin>:${BAD_AT}: error `)).toBe(true);
  });

  it('adds the --kind hint to a document whose kind nothing tells, which the library leaves out', () => {
    const r = cli(['validate', '-'], '{"hello": "world"}');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('cannot tell what kind of document this is; name its kind (tea-discovery, ');
    expect(r.stdout).toContain('on the command line, pass --kind NAME');
  });

  it('--format json gives one object per file with its findings', () => {
    const r = cli(['validate', '--format', 'json', 'valid.json', 'bad.json']);
    expect(r.status).toBe(1);
    const files = JSON.parse(r.stdout) as { file: string; kind: string; valid: boolean; findings: { rule: string; line: number; pointer: string }[] }[];
    expect(files.map((f) => [f.file, f.kind, f.valid])).toEqual([
      ['valid.json', 'tea-discovery', true],
      ['bad.json', 'tea-discovery', false],
    ]);
    expect(files[1]!.findings[0]).toMatchObject({ rule: 'schema/pattern', line: 4, pointer: '/endpoints/0/versions/0', severity: 'error' });
  });

  it('--format github writes workflow annotations with escaped properties', () => {
    const r = cli(['validate', '--format', 'github', 'bad, "odd".json']);
    expect(r.status).toBe(1);
    expect(r.stdout.startsWith(`::error file=bad%2C "odd".json,line=4,col=${BAD_AT.split(':')[1]},title=teapurl schema/pattern::endpoints[0]`)).toBe(true);
  });

  it('colours only a terminal or when asked, and honours NO_COLOR', () => {
    expect(cli(['validate', 'bad.json']).stdout).not.toContain('\u001b[');
    expect(cli(['validate', '--color', 'always', 'bad.json']).stdout).toContain('\u001b[31merror');
    expect(cli(['validate', '--color', 'never', 'bad.json'], undefined, { NO_COLOR: '' }).stdout).not.toContain('\u001b[');
  });

  it('exits 2 when a path or glob names nothing, naming it, still reports the rest, and closes without a success mark', () => {
    const r = cli(['validate', 'valid.json', 'nope/*.json', 'missing.json']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("teapurl validate: 'nope/*.json' matches no file\nteapurl validate: 'missing.json' does not exist\nSee 'teapurl validate --help'\n");
    expect(r.stdout).toBe('✖ 2 arguments named nothing to check (1 file checked, valid)\n');
    const invalidToo = cli(['validate', 'bad.json', 'missing.json']);
    expect(invalidToo.status).toBe(2);
    expect(invalidToo.stdout.trimEnd().split('\n').at(-1)).toBe('✖ 1 of 1 file invalid (1 error); 1 argument named nothing to check');
  });

  it('a folder that holds no document teapurl recognises is a usage error in one line, never a stack trace', () => {
    const r = cli(['validate', 'folder', 'valid.json']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      "teapurl validate: 'folder' is a folder that holds no document teapurl recognises (by name or content); name the files and pass --kind\nSee 'teapurl validate --help'\n",
    );
    expect(r.stdout).toBe('✖ 1 argument named nothing to check (1 file checked, valid)\n');
    const alone = cli(['validate', 'folder']);
    expect(alone).toMatchObject({ status: 2, stdout: '✖ 1 argument named nothing to check; no file checked\n' });
  });

  it.each([
    [['validate'], /name at least one file/],
    [['validate', '--format', 'xml', 'x'], /--format must be one of text, json, github, sarif/],
    [['validate', '--kind', 'bogus', 'x'], /unknown document kind "bogus"/],
    [['validate', '--bogus', 'x'], /^teapurl validate: unknown option '--bogus'\nSee 'teapurl validate --help'\n$/],
    [['frobnicate'], /^teapurl: unknown command 'frobnicate'\nSee 'teapurl --help'\n$/],
  ])('exits 2 with one line on the usage error %j', (args, message) => {
    const r = cli(args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('prints help and version', () => {
    expect(cli(['--help'])).toMatchObject({ status: 0, stdout: expect.stringContaining('Usage: teapurl <command>') });
    expect(cli(['validate', '--help'])).toMatchObject({ status: 0, stdout: expect.stringContaining('--format F') });
    expect(cli(['--version']).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const bare = cli([]);
    expect(bare).toMatchObject({ status: 2, stdout: '' });
    expect(bare.stderr).toContain('Usage: teapurl <command>');
  });
});
