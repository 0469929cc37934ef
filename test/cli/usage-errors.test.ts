import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.js';
import type { CommandIo } from '../../src/cli/io.js';
import { fakeIo } from '../support/fake-io.js';
import { ROOT } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'teapurl-usage-'));
  mkdirSync(path.join(dir, 'somedir'));
  writeFileSync(path.join(dir, 'file.json'), '{}');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[]) {
  const fake = fakeIo(dir);
  const status = await run(args, fake.io);
  return { status, stdout: fake.stdout(), stderr: fake.stderr() };
}

/** [arguments, the command whose help is pointed at, the problem line after `teapurl <command>: `] */
const CASES: Array<[string[], string, RegExp]> = [
  // validate
  [['validate', '--bogus', 'file.json'], 'validate', /^unknown option '--bogus'$/],
  [['validate', '--fromat', 'json', 'file.json'], 'validate', /^unknown option '--fromat'; did you mean '--format'\?$/],
  [['validate', '-x', 'file.json'], 'validate', /^unknown option '-x'$/],
  [['validate', 'file.json', '--format'], 'validate', /^option '--format' needs a value$/],
  [['validate', '--format', '--strict', 'file.json'], 'validate', /^option '--format' needs a value \(for one that starts with '-', write --format=-…\)$/],
  [['validate', '--strict=yes', 'file.json'], 'validate', /^option '--strict' takes no value$/],
  [['validate', '--format', 'xml', 'file.json'], 'validate', /^--format must be one of text, json, github, sarif, not "xml"$/],
  [['validate'], 'validate', /^name at least one file, glob, or - for standard input$/],
  // purl and its actions
  [['purl'], 'purl', /^name an action: parse, canonical, validate, urls, from-url or test-suite$/],
  [['purl', 'frobnicate'], 'purl', /^unknown action 'frobnicate': name one of parse, canonical, validate, urls, from-url or test-suite first$/],
  [['purl', '--types', 'x', 'parse'], 'purl', /^'--types' before an action/],
  [['purl', 'parse', '--bogus', 'pkg:npm/a'], 'purl', /^unknown option '--bogus'$/],
  [['purl', 'canonical', '--types'], 'purl', /^option '--types' needs a value$/],
  [['purl', 'validate', '--types', 'nope', 'pkg:npm/a'], 'purl', /^--types 'nope' does not exist$/],
  [['purl', 'parse', '--types', 'file.json', 'pkg:npm/a'], 'purl', /^--types 'file.json' is a file, not a folder$/],
  [['purl', 'test-suite', '--bogus', 'file.json'], 'purl test-suite', /^unknown option '--bogus'$/],
  [['purl', 'test-suite', '--types'], 'purl test-suite', /^option '--types' needs a value$/],
  [['purl', 'test-suite', '--types', 'nope', 'file.json'], 'purl test-suite', /^--types 'nope' does not exist$/],
  [['purl', 'test-suite', 'nope.json'], 'purl test-suite', /^'nope.json' does not exist$/],
  [['purl', 'test-suite', 'somedir'], 'purl test-suite', /^'somedir' is a folder, not a file$/],
  [['purl', 'test-suite', 'nothing/*.json'], 'purl test-suite', /^'nothing\/\*\.json' matches no file$/],
  [['purl', 'test-suite'], 'purl test-suite', /^name at least one test document or glob$/],
  // serve
  [['serve', '--bogus'], 'serve', /^unknown option '--bogus'$/],
  [['serve', '--insecure-http', '--port'], 'serve', /^option '--port' needs a value$/],
  [['serve', '--insecure-http', 'extra'], 'serve', /^unexpected argument 'extra': this command takes options only$/],
  [['serve', '--insecure-http', '--api-keys', 'somedir'], 'serve', /^--api-keys 'somedir' is a folder, not a file$/],
  [['serve', '--insecure-http', '--discovery', 'nope.json'], 'serve', /^--discovery 'nope.json' does not exist$/],
  [['serve', '--tls-cert', 'somedir', '--tls-key', 'file.json'], 'serve', /^--tls-cert 'somedir' is a folder, not a file$/],
  // discover
  [['discover', '--bogus', 'tea.example.com'], 'discover', /^unknown option '--bogus'$/],
  [['discover', 'tea.example.com', '--timeout'], 'discover', /^option '--timeout' needs a value$/],
  [['discover', 'not a host'], 'discover', /^"not a host" is not a host name, an https:\/\/ URL or a TEI/],
  [['discover', 'tea.example.com', '--ca', 'somedir'], 'discover', /^--ca 'somedir' is a folder, not a file$/],
  [['discover', 'tea.example.com', '--ca', 'nope.pem'], 'discover', /^--ca 'nope.pem' does not exist$/],
  [['discover', 'tea.example.com', '--ca', 'file.json'], 'discover', /^--ca 'file.json' holds no PEM certificate$/],
  // auth-check
  [['auth-check', '--bogus', 'https://tea.example.com'], 'auth-check', /^unknown option '--bogus'$/],
  [['auth-check', 'https://tea.example.com', '--key-id'], 'auth-check', /^option '--key-id' needs a value$/],
  [['auth-check', 'https://tea.example.com', '--ca', 'somedir'], 'auth-check', /^--ca 'somedir' is a folder, not a file$/],
  [['auth-check', 'not a url'], 'auth-check', /^'not a url' is not an absolute URL$/],
  // docs
  [['docs', '--bogus'], 'docs', /^unknown option '--bogus'$/],
  [['docs', '--out'], 'docs', /^option '--out' needs a value$/],
  [['docs', '--out', 'site', 'extra'], 'docs', /^unexpected argument 'extra': this command takes options only$/],
  [['docs', '--types', 'nope', '--out', 'site'], 'docs', /^--types 'nope' does not exist$/],
  [['docs', '--types', 'file.json', '--out', 'site'], 'docs', /^--types 'file.json' is a file, not a folder$/],
  [['docs', '--out', 'file.json'], 'docs', /^--out 'file.json' is a file, not a folder$/],
  // a file where a folder would have to be, and a --types folder without definitions: the same
  // usage error in docs and purl, naming the path once
  [['docs', '--out', 'file.json/sub'], 'docs', /^--out 'file.json\/sub' cannot be a folder: 'file.json' is a file$/],
  [['docs', '--types', 'somedir', '--out', 'site'], 'docs', /^--types 'somedir': no \*\.json type definitions found$/],
  [['purl', 'parse', '--types', 'somedir', 'pkg:npm/a'], 'purl', /^--types 'somedir': no \*\.json type definitions found$/],
  [['purl', 'urls', '--types', 'somedir', 'pkg:npm/a'], 'purl urls', /^--types 'somedir': no \*\.json type definitions found$/],
  // a path picomatch cannot compile as a glob is a path
  [['purl', 'test-suite', '['], 'purl test-suite', /^'\[' does not exist$/],
  [['purl', 'test-suite', 'd/[abc'], 'purl test-suite', /^'d\/\[abc' does not exist$/],
  // a mistyped action, and - named twice
  [['purl', 'pars', 'pkg:npm/a'], 'purl', /^unknown action 'pars'; did you mean 'parse'\?$/],
  [['purl', 'canonical', '-', '-'], 'purl', /^- \(standard input\) is named more than once/],
];

describe('usage errors: one line naming the problem, then where the help is; exit 2; nothing on stdout', () => {
  it.each(CASES)('%j', async (args, command, problem) => {
    const r = await cli(args);
    expect(r.status).toBe(2);
    const lines = r.stderr.split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(3);
    expect(lines[0]!.startsWith(`teapurl ${command}: `), lines[0]).toBe(true);
    expect(lines[0]!.slice(`teapurl ${command}: `.length)).toMatch(problem);
    expect(lines[1]).toBe(`See 'teapurl ${command} --help'`);
    // No success mark, empty table or tally after an error.
    expect(r.stdout).toBe('');
  });

  it('never shows parseArgs text or an error code', async () => {
    for (const [args] of CASES) {
      const { stderr } = await cli(args);
      expect(stderr).not.toMatch(/ERR_|Unknown option|To specify a positional|ENOENT|EISDIR|\n\s+at /);
    }
  });

  it('does not echo the value of an option that swallowed the next one: it may be a secret', async () => {
    const r = await cli(['auth-check', 'https://tea.example.com', '--key-id', 'k', '--secret', '-s3cr3t']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("option '--secret' needs a value");
    expect(r.stderr).not.toContain('s3cr3t');
  });

  it('lists every argument that names nothing before the help line (purl test-suite runs nothing)', async () => {
    const r = await cli(['purl', 'test-suite', 'nope.json', 'somedir', 'file.json']);
    expect(r).toEqual({
      status: 2,
      stdout: '',
      stderr:
        "teapurl purl test-suite: 'nope.json' does not exist\nteapurl purl test-suite: 'somedir' is a folder, not a file\nSee 'teapurl purl test-suite --help'\n",
    });
  });

  it('escapes control characters in the arguments it quotes', async () => {
    const r = await cli(['validate', '--bo\r\ngus', 'file.json']);
    expect(r.stderr).toBe("teapurl validate: unknown option '--bo\\r\\ngus'\nSee 'teapurl validate --help'\n");
    const missing = await cli(['validate', 'no\u202etxt.json']);
    expect(missing.stderr.split('\n')[0]).toBe("teapurl validate: 'no\\u202etxt.json' does not exist");
  });

  it('an unknown command or option before any command points at the general help', async () => {
    expect(await cli(['frobnicate'])).toEqual({ status: 2, stdout: '', stderr: "teapurl: unknown command 'frobnicate'\nSee 'teapurl --help'\n" });
    expect(await cli(['--bogus'])).toEqual({ status: 2, stdout: '', stderr: "teapurl: unknown option '--bogus'\nSee 'teapurl --help'\n" });
  });

  it('before any command, words a mistake as after one: a value given to a flag, a likely typo', async () => {
    for (const flag of ['version', 'help']) {
      expect(await cli([`--${flag}=1`])).toEqual({ status: 2, stdout: '', stderr: `teapurl: option '--${flag}' takes no value\nSee 'teapurl --help'\n` });
    }
    expect(await cli(['validat', 'file.json'])).toEqual({
      status: 2,
      stdout: '',
      stderr: "teapurl: unknown command 'validat'; did you mean 'validate'?\nSee 'teapurl --help'\n",
    });
    expect(await cli(['--verison'])).toEqual({
      status: 2,
      stdout: '',
      stderr: "teapurl: unknown option '--verison'; did you mean '--version'?\nSee 'teapurl --help'\n",
    });
    // An inherited name is no command.
    expect((await cli(['constructor'])).stderr).toBe("teapurl: unknown command 'constructor'\nSee 'teapurl --help'\n");
  });
});

const COMMANDS: Array<[string[], string]> = [
  [['validate'], 'Usage: teapurl validate'],
  [['purl'], 'Usage: teapurl purl'],
  [['purl', 'parse'], 'Usage: teapurl purl'],
  [['purl', 'canonical'], 'Usage: teapurl purl'],
  [['purl', 'validate'], 'Usage: teapurl purl'],
  [['purl', 'test-suite'], 'Usage: teapurl purl test-suite'],
  [['serve'], 'Usage: teapurl serve'],
  [['discover'], 'Usage: teapurl discover'],
  [['auth-check'], 'Usage: teapurl auth-check'],
  [['docs'], 'Usage: teapurl docs'],
];

describe('--version and --help after any command', () => {
  it.each(COMMANDS)('%j --version, -v, --help, -h', async (command, usage) => {
    for (const flag of ['--version', '-v']) {
      // After other options too: the version wins over what the command would do.
      expect(await cli([...command, flag]), flag).toEqual({ status: 0, stdout: `${VERSION}\n`, stderr: '' });
    }
    for (const flag of ['--help', '-h']) {
      const r = await cli([...command, flag]);
      expect(r.status, flag).toBe(0);
      expect(r.stdout.startsWith(usage), r.stdout.slice(0, 60)).toBe(true);
      expect(r.stdout).toMatch(/-v, --version {2,}print the version/);
      expect(r.stderr).toBe('');
    }
  });

  it('the built CLI accepts them too', () => {
    expect(runCli(['validate', '--version'], { cwd: dir })).toEqual({ status: 0, stdout: `${VERSION}\n`, stderr: '' });
    expect(runCli(['purl', 'test-suite', '-v'], { cwd: dir })).toEqual({ status: 0, stdout: `${VERSION}\n`, stderr: '' });
    const bogus = runCli(['docs', '--bogus'], { cwd: dir });
    expect(bogus).toEqual({ status: 2, stdout: '', stderr: "teapurl docs: unknown option '--bogus'\nSee 'teapurl docs --help'\n" });
  });
});

describe('a fault inside teapurl', () => {
  it('is one line with exit 70, not a usage error, its message escaped', async () => {
    const fake = fakeIo(dir);
    const io: CommandIo = {
      ...fake.io,
      stdout: {
        write: () => {
          throw new Error('disk on fire\r\nforged line');
        },
      },
    };
    expect(await run(['validate', 'file.json'], io)).toBe(70);
    expect(fake.stderr()).toBe('teapurl validate: internal error: disk on fire\\r\\nforged line\n');
  });
});
