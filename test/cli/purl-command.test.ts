import { copyFileSync, mkdtempSync, rmSync, writeFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { run } from '../../src/cli/main.js';
import { ClosedOutputError, type CommandIo } from '../../src/cli/io.js';
import { CLI, HAS_PURL_SPEC, PURL_SPEC } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';
import { runPurlInProcess } from '../support/fake-io.js';
import { npmPurlLines, runCliWithCappedHeap } from '../support/bounded-heap.js';

const purl = runPurlInProcess;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'teapurl-purl-cli-'));
  mkdirSync(path.join(dir, 'types'));
  writeFileSync(
    path.join(dir, 'types', 'widget-definition.json'),
    JSON.stringify({
      type: 'widget',
      type_name: 'Widget',
      description: 'A made-up type for this test.',
      repository: { use_repository: false },
      namespace_definition: { requirement: 'prohibited' },
      name_definition: { requirement: 'required', case_sensitive: false },
      examples: ['pkg:widget/gear@1'],
    }),
  );
  mkdirSync(path.join(dir, 'broken'));
  writeFileSync(path.join(dir, 'broken', 'bad-definition.json'), '{"type": "bad",');
  writeFileSync(
    path.join(dir, 'suite.json'),
    JSON.stringify({
      tests: [
        { description: 'folds the name', test_group: 'required', test_type: 'validate', input: 'pkg:widget/Gear', expected_output: 'pkg:widget/gear' },
        {
          description: 'a deliberately wrong expectation',
          test_group: 'required',
          test_type: 'parse',
          input: 'pkg:widget/gear',
          expected_output: { type: 'widget', namespace: null, name: 'cog', version: null, qualifiers: null, subpath: null },
        },
        {
          description: 'namespace is prohibited',
          test_group: 'required',
          test_type: 'build',
          input: { type: 'widget', namespace: 'x', name: 'gear' },
          expected_failure: true,
        },
      ],
    }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('teapurl purl parse|canonical|validate', () => {
  it('canonicalises PURLs given as arguments, one per line', async () => {
    const r = await purl(['canonical', 'pkg:PYPI/Django_Package@1.0', 'pkg:npm/@babel/core?B=2&a=1']);
    expect(r).toEqual({ status: 0, stdout: 'pkg:pypi/django-package@1.0\npkg:npm/%40babel/core?a=1&b=2\n', stderr: '' });
  });

  it('prints components as one JSON object per line', async () => {
    const r = await purl(['parse', 'pkg:maven/org.apache.commons/io@1.3.4?type=pom']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      type: 'maven',
      namespace: 'org.apache.commons',
      name: 'io',
      version: '1.3.4',
      qualifiers: { type: 'pom' },
      subpath: null,
    });
  });

  it('reports an invalid argument on stderr with its number, goes on, and exits 1', async () => {
    const r = await purl(['canonical', 'pkg:cargo/rand', 'pkg:vcpkg/boost/asio', 'pkg:cargo/serde']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('pkg:cargo/rand\n\npkg:cargo/serde\n');
    expect(r.stderr).toContain('argument 2: vcpkg PURLs have no namespace');
    expect(r.stderr).toContain('(prohibited)');
    expect(r.stderr).toContain('1 of 3 PURLs invalid');
  });

  it('streams standard input line by line, with line numbers for invalid lines', async () => {
    const r = await purl(['canonical'], ['pkg:cargo/RAND\r\n\npkg:julia/Dates@1.9', '.0\nnot a purl\npkg:gem/rails']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('pkg:cargo/RAND\n\n\npkg:gem/rails\n');
    expect(r.stderr).toMatch(/^line 3: julia PURLs require the qualifier "uuid"/m);
    expect(r.stderr).toMatch(/^line 4: .*does not start with the scheme/m);
    expect(r.stderr).toContain('2 of 4 PURLs invalid');
  });

  it('validate says a canonical PURL is one, and names the canonical form of the others', async () => {
    const r = await purl(['validate', 'pkg:cargo/rand@0.8.5', 'pkg:npm/@babel/core']);
    expect(r).toEqual({
      status: 0,
      stdout:
        'pkg:cargo/rand@0.8.5: valid and canonical\npkg:npm/@babel/core: valid, not canonical (written with other percent-encoding or separators than the canonical form); canonical form is pkg:npm/%40babel/core\n',
      stderr: '',
    });
  });

  it('validate says why a PURL is not canonical, in the words the example checks use', async () => {
    const r = await purl(['validate', 'pkg:NPM/left-pad@1.3.0?b=1&a=2', 'pkg:npm/x@1?sHa=1']);
    expect(r.stdout).toBe(
      [
        'pkg:NPM/left-pad@1.3.0?b=1&a=2: valid, not canonical (type must be lowercase ("npm"); qualifiers must be sorted by key); canonical form is pkg:npm/left-pad@1.3.0?a=2&b=1',
        'pkg:npm/x@1?sHa=1: valid, not canonical (qualifier key "sHa" must be lowercase ("sha")); canonical form is pkg:npm/x@1?sha=1',
        '',
      ].join('\n'),
    );
  });

  it('parse is strict where canonical repairs: an uppercase first letter in a qualifier key', async () => {
    expect((await purl(['canonical', 'pkg:gem/rails?Platform=java'])).stdout).toBe('pkg:gem/rails?platform=java\n');
    const strict = await purl(['parse', 'pkg:gem/rails?Platform=java']);
    expect(strict.status).toBe(1);
    expect(strict.stderr).toContain('(uppercase-qualifier-key)');
    // validate refuses it as parse does, and names the same repair canonical makes.
    const validate = await purl(['validate', 'pkg:gem/rails?Platform=java']);
    expect(validate.status).toBe(1);
    expect(validate.stderr).toMatch(/^argument 1: .*\(uppercase-qualifier-key\); canonical form once repaired: pkg:gem\/rails\?platform=java$/m);
  });

  it('skips a line longer than the limit without keeping it, and says so', async () => {
    const huge = `pkg:generic/${'a'.repeat(200_000)}`;
    const r = await purl(['canonical'], ['pkg:cargo/rand\n', huge.slice(0, 100_000), huge.slice(100_000), '\npkg:cargo/serde\n']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('pkg:cargo/rand\n\npkg:cargo/serde\n');
    expect(r.stderr).toContain('line 2: longer than 65536 characters; skipped');
  });

  it('reports a line with bytes that are not UTF-8 as an error for that line, never as U+FFFD', async () => {
    const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
    const r = await purl(
      ['canonical'],
      [
        bytes('pkg:generic/a', [0xff], '@1\n', 'pkg:generic/caf', [0xc3]),
        // é split across two chunks is fine; so is a real U+FFFD (EF BF BD), which is valid UTF-8.
        bytes([0xa9], '@1\r\npkg:generic/', [0xef, 0xbf, 0xbd], '\npkg:generic/b', [0xc3, 0x28], '\n'),
      ],
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('\npkg:generic/caf%C3%A9@1\npkg:generic/%EF%BF%BD\n\n');
    expect(r.stderr).toBe('line 1: not valid UTF-8 text; skipped\nline 4: not valid UTF-8 text; skipped\n2 of 4 PURLs invalid\n');
  });

  it('keeps the exit status it earned when the reader of its output goes away (EPIPE)', async () => {
    const closing = async (lines: string[]) => {
      let stderr = '';
      const io: CommandIo = {
        stdout: {
          write: () => {
            throw new ClosedOutputError('output closed');
          },
        },
        stderr: { write: (s: string) => (stderr += s) },
        stdin: (async function* () {
          yield lines.join('\n');
        })(),
        env: {},
        cwd: process.cwd(),
      };
      return { status: await run(['purl', 'canonical'], io), stderr };
    };
    const invalidFirst = await closing(['not a purl', 'pkg:cargo/rand']);
    expect(invalidFirst.status).toBe(1);
    expect(invalidFirst.stderr).toContain('line 1: ');
    expect((await closing(['pkg:cargo/rand', 'pkg:cargo/serde'])).status).toBe(0);
  });

  it('exits 1 through a real closed pipe when an invalid line came first: teapurl purl canonical | head -c 10', () => {
    const lines = ['not a purl', ...Array.from({ length: 100_000 }, (_, i) => `pkg:npm/package-${i}@1.0.${i}`)];
    const result = spawnSync('bash', ['-c', 'set -o pipefail; "$0" "$1" purl canonical | head -c 10 >/dev/null', process.execPath, CLI], {
      input: `${lines.join('\n')}\n`,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr).toContain('line 1: ');
    expect(result.status).toBe(1);
  });

  it('handles half a million lines in bounded memory', () => {
    const r = runCliWithCappedHeap(['purl', 'canonical'], npmPurlLines(500_000));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.lines).toBe(500_000);
  }, 120_000);

  it('builds the engine from --types DIR and honours --strict-types', async () => {
    const ok = await purl(['canonical', '--types', path.join(dir, 'types'), 'pkg:widget/GEAR', 'pkg:other/Thing']);
    expect(ok).toEqual({ status: 0, stdout: 'pkg:widget/gear\npkg:other/Thing\n', stderr: '' });
    const strict = await purl(['canonical', '--types', path.join(dir, 'types'), '--strict-types', 'pkg:other/Thing']);
    expect(strict.status).toBe(1);
    expect(strict.stderr).toContain('(unknown-type)');
  });

  it('refuses an unusable --types directory naming the file (exit 2)', async () => {
    const r = await purl(['canonical', '--types', path.join(dir, 'broken'), 'pkg:cargo/rand']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('bad-definition.json');
    const empty = await purl(['canonical', '--types', path.join(dir, 'nowhere'), 'pkg:cargo/rand']);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain("--types '" + path.join(dir, 'nowhere') + "' does not exist");
  });

  it('treats an unknown action or option as a usage error', async () => {
    expect((await purl(['frobnicate'])).status).toBe(2);
    expect((await purl(['canonical', '--frob'])).status).toBe(2);
    expect((await purl([])).status).toBe(2);
    expect((await purl(['--help'])).stdout).toContain('Usage: teapurl purl');
  });
});

describe('teapurl purl test-suite', () => {
  it('prints counts per group and type, lists failures with descriptions, ends with the totals, exits 1', async () => {
    const r = await purl(['test-suite', '--types', 'types', 'suite.json'], [], dir);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/required\/validate\s+1\s+0/);
    expect(r.stdout).toMatch(/required\/parse\s+0\s+1/);
    expect(r.stdout).toMatch(/required\/build\s+1\s+0/);
    expect(r.stdout).toContain('a deliberately wrong expectation');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('2 passed, 1 failed');
  });

  it('reports a document that is not a test suite by name', async () => {
    const r = await purl(['test-suite', 'types/widget-definition.json'], [], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('widget-definition.json: not a PURL test document');
  });

  it('a glob matching nothing is a usage error', async () => {
    expect((await purl(['test-suite', 'nothing/*.json'], [], dir)).status).toBe(2);
  });

  it('walks a glob through link cycles once and names a matching link loop, exit 1', async () => {
    const suites = path.join(dir, 'suites');
    mkdirSync(path.join(suites, 'sub'), { recursive: true });
    copyFileSync(path.join(dir, 'suite.json'), path.join(suites, 'sub', 'suite.json'));
    symlinkSync('..', path.join(suites, 'sub', 'up'));
    symlinkSync('loop.json', path.join(suites, 'loop.json'));
    const r = await purl(['test-suite', '--types', 'types', 'suites/**/*.json'], [], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('suites/loop.json: cannot be read: a symbolic link loop (ELOOP)\n');
    const once = await purl(['test-suite', '--types', 'types', 'suite.json'], [], dir);
    // The same cases as the suite run once: the cycle did not repeat them; the loop is counted as unreadable.
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(`${once.stdout.trimEnd().split('\n').at(-1)}; 1 document could not be read`);
  });

  describe.skipIf(!HAS_PURL_SPEC)('on the PURL specification conformance suite (built CLI)', () => {
    it('passes all 586 cases with the bundled corpus and with the published definitions', () => {
      const suite = [`${PURL_SPEC}/tests/spec/*.json`, `${PURL_SPEC}/tests/types/*.json`];
      for (const extra of [[], ['--types', `${PURL_SPEC}/types`]]) {
        const r = runCli(['purl', 'test-suite', ...extra, ...suite]);
        expect(r.stderr).toBe('');
        expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('586 passed, 0 failed');
        expect(r.status).toBe(0);
      }
    }, 60_000);
  });
});
