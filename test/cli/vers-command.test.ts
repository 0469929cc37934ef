import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/fake-io.js';
import { HAS_VERS_SPEC, VERS_SPEC } from '../support/paths.js';

const vers = (args: string[], stdin: string[] = [], cwd = process.cwd()) => runInProcess(['vers', ...args], cwd, stdin);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'teapurl-vers-cli-'));
  writeFileSync(
    path.join(dir, 'suite.json'),
    JSON.stringify({
      tests: [
        {
          description: 'sorts',
          test_group: 'required',
          test_type: 'comparison',
          input: { input_type: 'pypi', versions: ['1.0', '1.0a1'] },
          expected_output: ['1.0a1', '1.0'],
        },
        {
          description: 'a wrong expectation',
          test_group: 'required',
          test_type: 'equality',
          input: { input_type: 'npm', versions: ['1.0.0', '1.0.1'] },
          expected_output: true,
        },
        {
          description: 'refuses whitespace',
          test_group: 'recommended',
          test_type: 'parse',
          input: 'vers:npm/ 1.0.0',
          expected_failure: true,
          expected_message: 'whitespace',
        },
      ],
    }),
  );
  writeFileSync(path.join(dir, 'broken.json'), '{"tests": [');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('teapurl vers --help', () => {
  it.each([[], ['contains'], ['canonical'], ['from-native'], ['test-suite']])(
    'teapurl vers %s --help prints its usage, with no control character',
    async (...action) => {
      const r = await vers([...action, '--help']);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/^Usage: teapurl vers/);
      expect(r.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    },
  );

  it('is listed in teapurl --help', async () => {
    expect((await runInProcess(['--help'], process.cwd())).stdout).toMatch(/^ {2}vers <action>/m);
  });
});

describe('teapurl vers contains', () => {
  it('prints one line per version and exits 0 when every version is inside', async () => {
    expect(await vers(['contains', 'vers:npm/>=1.0.0|<2.0.0', '1.0.0', '1.9.9'])).toEqual({ status: 0, stdout: '1.0.0 inside\n1.9.9 inside\n', stderr: '' });
  });

  it('exits 1 when a version is outside or invalid, keeping one output line per version', async () => {
    const r = await vers(['contains', 'vers:npm/>=1.0.0|<2.0.0', '2.0.0', 'x.y', '1.5.0']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('2.0.0 outside\n\n1.5.0 inside\n');
    expect(r.stderr).toMatch(/^argument 3: 'x\.y' is not a node-semver version/m);
    // Outside is an answer, not a refusal: only the invalid one is counted.
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('1 of 3 versions invalid');
  });

  it('reads versions from standard input with -, and writes JSON records', async () => {
    const r = await vers(['contains', '--format', 'json', 'vers:pypi/>=1.0|<2.0', '-'], ['1.5\n\n2.0\r\nbad!\n']);
    expect(r.status).toBe(1);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { input: '1.5', contains: true },
      { input: '2.0', contains: false },
      { input: 'bad!', error: expect.stringContaining('not a PEP 440 version') },
    ]);
  });

  it('makes an invalid VERS or a missing one a usage error (exit 2)', async () => {
    const r = await vers(['contains', 'vers:npm/>=2.0.0|<1.0.0', '1.0.0']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^teapurl vers: invalid VERS .*not sorted by version/m);
    expect(r.stderr).toContain("its canonical form is 'vers:npm/<1.0.0|>=2.0.0' (what teapurl vers canonical prints)");
    expect(r.stderr).toContain("See 'teapurl vers --help'");
    expect((await vers(['contains'])).status).toBe(2);
    expect((await vers(['contains', 'vers:foo/1', '1'])).stderr).toContain('known types:');
  });
});

describe('teapurl vers canonical and from-native', () => {
  it('canonicalises each line, one record per non-blank line, with errors in place', async () => {
    const r = await vers(['canonical'], ['vers:pypi/0.0.2|0.0.1\n\nnot-a-vers\nVERS:NPM/<2.0.0|>=1.0.0\n']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('vers:pypi/0.0.1|0.0.2\n\nvers:npm/>=1.0.0|<2.0.0\n');
    expect(r.stderr).toBe("line 3: a VERS starts with 'vers:' (at offset 0)\n1 of 3 ranges invalid\n");
    expect((await vers(['canonical', '--simplify', 'vers:pypi/>=1|>=1|<2'])).stdout).toBe('vers:pypi/>=1|<2\n');
  });

  it('converts native ranges, as text or JSON', async () => {
    expect(await vers(['from-native', 'npm', '^1.2.3', '~2.1'])).toEqual({
      status: 0,
      stdout: 'vers:npm/>=1.2.3|<2.0.0\nvers:npm/>=2.1.0|<2.2.0\n',
      stderr: '',
    });
    const r = await vers(['from-native', 'maven', '--format=json'], ['[1.0,2.0)\n[1.0\n']);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { input: '[1.0,2.0)', vers: 'vers:maven/>=1.0|<2.0' },
      { input: '[1.0', error: expect.stringContaining('is not closed') },
    ]);
  });

  it('refuses a type with no native notation, an unknown action or option, as usage errors', async () => {
    const noNative = await vers(['from-native', 'deb', '>= 1.0']);
    expect(noNative.status).toBe(2);
    expect(noNative.stderr).toMatch(/no native notation for 'deb'/);
    expect((await vers(['contain', 'x'])).stderr).toContain("did you mean 'contains'?");
    expect((await vers(['canonical', '--format', 'yaml'])).stderr).toContain('--format must be one of text, json');
    expect((await vers(['contains', '--simplify', 'vers:npm/*', '1.0.0'])).status).toBe(2);
    expect((await vers(['canonical', '-', '-'])).status).toBe(2);
  });

  it('names a refused input by its argument or line number, and lets no control character of it reach the terminal', async () => {
    const r = await vers(['canonical', 'vers:npm/1.0.0\u001b[31m']);
    expect(r.stderr).toMatch(/^argument 1: .*U\+001B/m);
    expect(r.stderr).not.toContain('\u001b');
    const json = await vers(['canonical', '--format', 'json', 'vers:npm/1.0.0\u001b[31m']);
    expect(JSON.parse(json.stdout)).toMatchObject({ input: 'vers:npm/1.0.0\u001b[31m' });
    expect(json.stdout).toContain('\\u001b[31m');
  });
});

describe('teapurl vers test-suite', () => {
  it('prints counts per test group and file, the failures, and the closing line', async () => {
    const r = await vers(['test-suite', path.join(dir, 'suite.json')]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^required\/comparison\s+1\s+0$/m);
    expect(r.stdout).toMatch(/^required\/equality\s+0\s+1$/m);
    expect(r.stdout).toMatch(/^recommended\/parse\s+1\s+0$/m);
    expect(r.stdout).toContain('a wrong expectation');
    expect(r.stdout.trimEnd().endsWith('2 passed, 1 failed')).toBe(true);
    expect((await vers(['test-suite', '--group', 'recommended', path.join(dir, 'suite.json')])).stdout.trimEnd().endsWith('1 passed, 0 failed')).toBe(true);
  });

  it('reports an unreadable document and a missing path', async () => {
    const r = await vers(['test-suite', path.join(dir, 'broken.json'), path.join(dir, 'suite.json')]);
    expect(r.stderr).toContain('broken.json: not JSON');
    expect(r.stdout).toContain('1 document could not be read');
    expect((await vers(['test-suite', path.join(dir, 'nope.json')])).status).toBe(2);
  });

  it.skipIf(!HAS_VERS_SPEC)('runs the published suite: every required case passes', async () => {
    const r = await vers(['test-suite', '--group', 'required', path.join(VERS_SPEC, 'tests/*.json')]);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('1977 passed, 0 failed');
    expect(r.status).toBe(0);
  });
});
