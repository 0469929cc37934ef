import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/fake-io.js';
import { escapeControls, escapeJsonText } from '../../src/cli/output/safe-text.js';
import { runCli } from '../support/run-cli.js';

/** A discovery document with an unknown member whose name holds CR LF, a bidi override and ESC. */
const HOSTILE_KEY =
  '{\n  "schemaVersion": 1,\n  "endpoints": [{ "url": "https://tea.example.com", "versions": ["1.0.0"] }],\n  "x\\r\\ny\\u202ez\\u001b[31m": 1\n}\n';
const BAD = '{\n  "schemaVersion": 1,\n  "endpoints": [{ "url": "https://tea.example.com", "versions": ["1.0"] }]\n}\n';
const CRLF_NAME = 'evil\r\nfile.json';
const BIDI_NAME = 'txt\u202egnp.json';

/** Characters that must never reach the terminal raw (besides the line feed that ends each line). */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'teapurl-safe-'));
  writeFileSync(path.join(dir, 'key.json'), HOSTILE_KEY);
  writeFileSync(path.join(dir, CRLF_NAME), BAD);
  writeFileSync(path.join(dir, BIDI_NAME), BAD);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[]) => runCli(args, { cwd: dir });

describe('escapeControls', () => {
  it('escapes C0, DEL, C1, line and paragraph separators and bidi controls, and nothing else', () => {
    expect(escapeControls('a\r\nb\tc')).toBe('a\\r\\nb\\tc');
    expect(escapeControls('\u0000\u001b\u007f\u0085\u009f')).toBe('\\u0000\\u001b\\u007f\\u0085\\u009f');
    expect(escapeControls('\u2028\u2029\u202a\u202e\u2066\u2069')).toBe('\\u2028\\u2029\\u202a\\u202e\\u2066\\u2069');
    const plain = 'café ü 日本 "quoted" C:\\path\\file.json \u200d 🎉';
    expect(escapeControls(plain)).toBe(plain);
  });

  it('escapeJsonText keeps the JSON value and leaves no raw unsafe character', () => {
    const value = { k: 'a\u2028b\u202ec\u0085d\u007f', 'x\u2066': ['\r\n'] };
    const text = escapeJsonText(JSON.stringify(value, null, 2));
    expect(JSON.parse(text)).toEqual(value);
    expect(text.replace(/\n/g, '')).not.toMatch(RAW_CONTROL);
  });
});

describe('text output: one finding is one line', () => {
  it('a key holding CR LF, a bidi override and ESC is escaped in the pointer and the message', () => {
    const r = cli(['validate', 'key.json']);
    expect(r.status).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^key\.json:4:3: error .*x\\r\\ny\\u202ez\\u001b\[31m.* \[\/x\\r\\ny\\u202ez\\u001b\[31m\] \(schema\/additionalProperties\)$/);
    expect(r.stdout.replace(/\n/g, '')).not.toMatch(RAW_CONTROL);
  });

  it('a file name holding CR LF or a bidi override is escaped', () => {
    const r = cli(['validate', CRLF_NAME, BIDI_NAME]);
    expect(r.status).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]!.startsWith('evil\\r\\nfile.json:3:')).toBe(true);
    expect(lines[1]!.startsWith('txt\\u202egnp.json:3:')).toBe(true);
    expect(r.stdout.replace(/\n/g, '')).not.toMatch(RAW_CONTROL);
  });

  it('colour codes are still written when asked for: only the data is escaped', () => {
    const r = cli(['validate', '--color', 'always', 'key.json']);
    expect(r.stdout).toContain('\u001b[31merror\u001b[39m');
    expect(r.stdout).toContain('x\\r\\ny\\u202ez\\u001b[31m');
  });
});

describe('github output', () => {
  it('escapes control characters in file, message and pointer; one annotation a line', () => {
    const r = cli(['validate', '--format', 'github', 'key.json', CRLF_NAME]);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^::error file=key\.json,line=4,col=3,title=teapurl schema\/additionalProperties::.*\[\/x\\r\\ny\\u202ez\\u001b\[31m\]$/);
    expect(lines[1]!.startsWith('::error file=evil\\r\\nfile.json,line=3,')).toBe(true);
    expect(r.stdout.replace(/\n/g, '')).not.toMatch(RAW_CONTROL);
  });
});

describe('json output', () => {
  it('keeps the pointer exact as data, with no raw unsafe character', () => {
    const r = cli(['validate', '--format', 'json', 'key.json']);
    const [file] = JSON.parse(r.stdout) as { findings: { pointer: string }[] }[];
    expect(file!.findings[0]!.pointer).toBe('/x\r\ny\u202ez\u001b[31m');
    expect(r.stdout.replace(/\n/g, '')).not.toMatch(RAW_CONTROL);
  });
});

describe('teapurl purl echoes input escaped', () => {
  const purl = (args: string[], stdin: string[] = []) => runInProcess(['purl', ...args], dir, stdin);

  it('validate: a non-canonical PURL and invalid ones with control characters stay on their lines', async () => {
    const r = await purl(['validate', 'pkg:NPM/a?b=\u202ec', 'pkg:npm/\u001b[2Jx\r\nforged', 'pkg:n\u001bpm\r\n/x']);
    expect(r.stdout).toBe('pkg:NPM/a?b=\\u202ec: valid, not canonical (type must be lowercase ("npm")); canonical form is pkg:npm/a?b=%E2%80%AEc\n\n\n');
    const errors = r.stderr.trimEnd().split('\n');
    // A raw control character is no PURL character (issue 16): refused, and shown escaped.
    expect(errors[0]).toMatch(/^argument 2: name has "\\u001b" at offset 8: .*\(invalid-characters\)$/);
    expect(errors[1]).toMatch(/^argument 3: .*n\\u001bpm\\r\\n.*\(/);
    expect(errors).toHaveLength(3); // the problems, then the count
    expect(r.stdout.replace(/\n/g, '') + r.stderr.replace(/\n/g, '')).not.toMatch(RAW_CONTROL);
  });

  it('parse: JSON lines with unsafe characters as \\u escapes, the same values', async () => {
    const r = await purl(['parse'], ['pkg:generic/a\u2028b@1?x=\u202e\n']);
    expect(r.status).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stdout.replace(/\n/g, '')).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(r.stdout)).toMatchObject({ type: 'generic', name: 'a\u2028b', qualifiers: { x: '\u202e' } });
  });
});
