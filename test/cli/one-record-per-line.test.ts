/**
 * The line-oriented `teapurl purl` actions as filters in a pipe (issue 23 item 2): the built CLI,
 * run in an empty temporary folder, is fed 14 non-blank lines (and blank ones, which are
 * skipped) of which several fail, and must print exactly one record per line, in input order, in
 * every format: the answer, or for a failed line an empty line (text) or `{"input", "error"}`
 * (JSON), while each failure is still reported on stderr with its line number.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const TOO_LONG = `pkg:generic/${'a'.repeat(70_000)}`;

/** 14 PURL lines, with blank lines among them; the ones every action must refuse, by their place among the 14. */
const PURL_LINES = [
  'pkg:npm/left-pad@1.3.0',
  'pkg:NPM/%40babel/core@7.24.0',
  'not a purl',
  'pkg:pypi/Django_Rest@1.0',
  'pkg:vcpkg/boost/asio',
  '',
  'pkg:maven/org.apache.commons/commons-lang3@3.12.0',
  'pkg:gem/rails?Platform=java',
  'pkg:cargo/rand',
  'pkg:julia/Dates@1.9.0',
  TOO_LONG,
  '   ',
  'pkg:golang/github.com/gorilla/mux@v1.8.0',
  'pkg:',
  'pkg:npm/%40babel/core@7.24.0',
  'pkg:github/package-url/purl-spec@244fd47e07d1004f0aed9c',
];
const PURL_BAD = [2, 4, 8, 9, 11];
const PURL_GOOD = [0, 5, 7, 12];

const URL_LINES = [
  'https://www.npmjs.com/package/left-pad',
  'https://example.com/nothing/here',
  'https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz',
  'not a url',
  '',
  'https://pypi.org/project/django/',
  'https://crates.io/crates/rand',
  `https://registry.npmjs.org/${'a'.repeat(20_000)}`,
  'https://rubygems.org/gems/rails',
  'ftp://ftp.example.com/pub/x.tar.gz',
  'https://www.npmjs.com/package/@babel/core/v/7.24.0',
  'https://repo.maven.apache.org/maven2/org/apache/commons/commons-lang3/3.12.0/commons-lang3-3.12.0.jar',
  '',
  'https://pkg.go.dev/github.com/gorilla/mux',
  'https://github.com/package-url/purl-spec',
  'https://hex.pm/packages/phoenix',
];
const URL_BAD = [1, 3, 6, 8];
const URL_GOOD = [0, 2, 4, 5, 9, 10];

const VERS_LINES = [
  'vers:npm/>=1.0.0|<2.0.0',
  'vers:pypi/0.0.2|0.0.1',
  'not-a-vers',
  '',
  'VERS:NPM/<2.0.0|>=1.0.0',
  'vers:npm/>=2.0.0|<1.0.0',
  'vers:gem/>=2.2.0|!= 2.2.1|<2.3.0',
  'vers:deb/>=1.0-1',
  `vers:npm/${'1'.repeat(70_000)}`,
  'vers:foo/1',
  'vers:maven/>=1.0|<2.0',
  'vers:npm/*',
  'vers:',
  'vers:golang/>=v1.2.3',
  'vers:cargo/<1.0.0',
];
const VERS_BAD = [2, 7, 8, 11];
const VERS_GOOD = [0, 1, 3, 6, 9];

/** The lines that hold something: what gets a record, with its line number in the input. */
function nonBlank(lines: readonly string[]): { text: string; number: number }[] {
  return lines.flatMap((line, i) => (line.trim() === '' ? [] : [{ text: line.trim(), number: i + 1 }]));
}

let cwd: string;
beforeAll(() => {
  cwd = mkdtempSync(path.join(tmpdir(), 'teapurl-records-'));
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const CASES = [
  { args: ['purl', 'parse'], format: 'json', lines: PURL_LINES, bad: PURL_BAD, good: PURL_GOOD, noun: 'PURLs invalid', maxLength: 65_536 },
  { args: ['purl', 'canonical'], format: 'text', lines: PURL_LINES, bad: PURL_BAD, good: PURL_GOOD, noun: 'PURLs invalid', maxLength: 65_536 },
  { args: ['purl', 'validate'], format: 'text', lines: PURL_LINES, bad: PURL_BAD, good: PURL_GOOD, noun: 'PURLs invalid', maxLength: 65_536 },
  { args: ['purl', 'urls'], format: 'text', lines: PURL_LINES, bad: PURL_BAD, good: PURL_GOOD, noun: 'PURLs invalid', maxLength: 65_536 },
  { args: ['purl', 'urls', '--format', 'json'], format: 'json', lines: PURL_LINES, bad: PURL_BAD, good: PURL_GOOD, noun: 'PURLs invalid', maxLength: 65_536 },
  { args: ['purl', 'from-url'], format: 'text', lines: URL_LINES, bad: URL_BAD, good: URL_GOOD, noun: 'URLs not recognised', maxLength: 8192 },
  {
    args: ['purl', 'from-url', '--format', 'json'],
    format: 'json',
    lines: URL_LINES,
    bad: URL_BAD,
    good: URL_GOOD,
    noun: 'URLs not recognised',
    maxLength: 8192,
  },
  { args: ['vers', 'canonical'], format: 'text', lines: VERS_LINES, bad: VERS_BAD, good: VERS_GOOD, noun: 'ranges invalid', maxLength: 65_536 },
  {
    args: ['vers', 'canonical', '--format', 'json'],
    format: 'json',
    lines: VERS_LINES,
    bad: VERS_BAD,
    good: VERS_GOOD,
    noun: 'ranges invalid',
    maxLength: 65_536,
  },
] as const;

describe('every line-oriented purl and vers action prints one record per non-blank input line', () => {
  it.each(CASES.map((c) => ({ ...c, name: c.args.join(' ') })))(
    'teapurl $name: 14 lines in, 14 records out, failures said on stderr',
    ({ args, format, lines, bad, good, noun, maxLength }) => {
      const inputs = nonBlank(lines);
      expect(inputs).toHaveLength(14);
      const r = runCli([...args], { cwd, input: `${lines.join('\n')}\n` });
      expect(r.status).toBe(1);
      const records = r.stdout.split('\n');
      expect(records.pop()).toBe('');
      expect(records).toHaveLength(14);

      // Which lines failed, by their line numbers on stderr.
      const failedNumbers = new Set([...r.stderr.matchAll(/^line (\d+): /gm)].map((m) => Number(m[1])));
      const failed = inputs.map((input) => failedNumbers.has(input.number));
      for (const i of bad) expect(failed[i], `${inputs[i]!.text.slice(0, 60)} fails`).toBe(true);
      for (const i of good) expect(failed[i], `${inputs[i]!.text.slice(0, 60)} passes`).toBe(false);
      expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(`${failed.filter(Boolean).length} of 14 ${noun}`);

      records.forEach((record, i) => {
        const input = inputs[i]!;
        if (format === 'text') {
          expect(record === '', `record ${i + 1} (${record.slice(0, 60)}) is empty exactly when its line failed`).toBe(failed[i]);
          return;
        }
        const value = JSON.parse(record) as Record<string, unknown>;
        if (failed[i]) {
          // A line too long to keep has no input to echo.
          expect(value).toEqual({ input: input.text.length > maxLength ? null : input.text, error: expect.any(String) });
          expect(r.stderr).toContain(`line ${input.number}: ${value.error as string}`);
        } else {
          expect(value).not.toHaveProperty('error');
          // Each answer names what it answers: the input itself, or for parse its type.
          if (args[0] === 'vers') expect(value.input, `record ${i + 1}`).toBe(input.text);
          else if (args[1] === 'parse') expect(value.type, `record ${i + 1}`).toBe(/^pkg:([^/]+)\//.exec(input.text)![1]!.toLowerCase());
          else expect(value[args[1] === 'urls' ? 'purl' : 'url'], `record ${i + 1}`).toBe(input.text);
        }
      });
    },
  );

  it('arguments get a record each too, and - reads standard input in its place', () => {
    const r = runCli(['purl', 'from-url', '--format', 'json', 'https://example.com/x', '-', 'https://crates.io/crates/rand'], {
      cwd,
      input: 'https://www.npmjs.com/package/left-pad\n\nnot a url\n',
    });
    expect(r.status).toBe(1);
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { input: 'https://example.com/x', error: 'no URL template of any type reads this URL back to a PURL' },
      { url: 'https://www.npmjs.com/package/left-pad', purl: 'pkg:npm/left-pad' },
      { input: 'not a url', error: 'not an absolute URL' },
      { url: 'https://crates.io/crates/rand', purl: 'pkg:cargo/rand' },
    ]);
    expect(r.stderr).toBe('argument 1: no URL template of any type reads this URL back to a PURL\nline 3: not an absolute URL\n2 of 4 URLs not recognised\n');
  });

  it('paste keeps each input beside its answer', () => {
    const inputs = nonBlank(PURL_LINES).map((input) => input.text);
    const r = runCli(['purl', 'canonical'], { cwd, input: `${inputs.join('\n')}\n` });
    const pasted = inputs.map((input, i) => [input, r.stdout.split('\n')[i]!] as const);
    expect(pasted.find(([input]) => input === 'pkg:pypi/Django_Rest@1.0')?.[1]).toBe('pkg:pypi/django-rest@1.0');
    expect(pasted.find(([input]) => input === 'pkg:vcpkg/boost/asio')?.[1]).toBe('');
    expect(pasted.at(-1)![1]).toBe('pkg:github/package-url/purl-spec@244fd47e07d1004f0aed9c');
  });
});
