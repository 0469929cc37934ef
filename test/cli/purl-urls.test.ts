import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { CLI, ROOT } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';
import { runPurlInProcess } from '../support/fake-io.js';
import { npmPurlLines, runCliWithCappedHeap } from '../support/bounded-heap.js';

const purl = runPurlInProcess;

const LEFT_PAD = 'pkg:npm/left-pad@1.3.0';
const LEFT_PAD_REPO = 'https://www.npmjs.com/package/left-pad';
const LEFT_PAD_TGZ = 'https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz';
const LANG3 = 'pkg:maven/org.apache.commons/commons-lang3@3.12.0';
const LANG3_REPO = 'https://central.sonatype.com/artifact/org.apache.commons/commons-lang3';
const LANG3_JAR = 'https://repo.maven.apache.org/maven2/org/apache/commons/commons-lang3/3.12.0/commons-lang3-3.12.0.jar';
const LEFT_PAD_PAGE = 'https://www.npmjs.com/package/left-pad/v/1.3.0';
const LANG3_PAGE = 'https://central.sonatype.com/artifact/org.apache.commons/commons-lang3/3.12.0';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'teapurl-purl-urls-'));
  // A folder of URL documents of our own: a made-up layout for npm.
  mkdirSync(path.join(dir, 'urls'));
  writeFileSync(
    path.join(dir, 'urls', 'npm-urls.json'),
    JSON.stringify({
      type: 'npm',
      default_registry: 'https://npm.example.org',
      repository: [{ template: 'https://pages.example.org/{name}' }],
      download: [{ template: '{+registry}/{name}/{version}.tgz' }],
      examples: [{ purl: 'pkg:npm/left-pad@1.3.0', repository: 'https://pages.example.org/left-pad', download: 'https://npm.example.org/left-pad/1.3.0.tgz' }],
    }),
  );
  mkdirSync(path.join(dir, 'broken-json'));
  writeFileSync(path.join(dir, 'broken-json', 'npm-urls.json'), '{"type": "npm",');
  mkdirSync(path.join(dir, 'broken-schema'));
  writeFileSync(path.join(dir, 'broken-schema', 'npm-urls.json'), JSON.stringify({ type: 'npm', repository: [{ template: 'ftp://x/{name}' }], examples: [] }));
  mkdirSync(path.join(dir, 'empty'));
  writeFileSync(path.join(dir, 'file.json'), '{}');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('teapurl purl urls', () => {
  it('prints the PURL, its repository URL and its download URL, tab-separated, for each argument', async () => {
    const r = await purl(['urls', LEFT_PAD, LANG3]);
    expect(r).toEqual({
      status: 0,
      stdout: `${LEFT_PAD}\t${LEFT_PAD_REPO}\t${LEFT_PAD_TGZ}\t${LEFT_PAD_PAGE}\n${LANG3}\t${LANG3_REPO}\t${LANG3_JAR}\t${LANG3_PAGE}\n`,
      stderr: '',
    });
  });

  it("writes '-' where no URL applies: no version, or a type without URL templates", async () => {
    const r = await purl(['urls', 'pkg:npm/left-pad', 'pkg:generic/thing@1.0']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`pkg:npm/left-pad\t${LEFT_PAD_REPO}\t-\t-\npkg:generic/thing@1.0\t-\t-\t-\n`);
  });

  it('--format json gives one object per line, null for none', async () => {
    const r = await purl(['urls', '--format', 'json', LEFT_PAD, 'pkg:npm/left-pad']);
    expect(r.status).toBe(0);
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { purl: LEFT_PAD, repository: LEFT_PAD_REPO, download: LEFT_PAD_TGZ, versionPage: LEFT_PAD_PAGE },
      { purl: 'pkg:npm/left-pad', repository: LEFT_PAD_REPO, download: null, versionPage: null },
    ]);
  });

  it('streams standard input, reports an invalid line with its number, goes on and exits 1', async () => {
    const r = await purl(['urls'], [`${LEFT_PAD}\r\n\nnot a pu`, `rl\npkg:vcpkg/boost/asio\n${LANG3}`]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe(`${LEFT_PAD}\t${LEFT_PAD_REPO}\t${LEFT_PAD_TGZ}\t${LEFT_PAD_PAGE}\n\n\n${LANG3}\t${LANG3_REPO}\t${LANG3_JAR}\t${LANG3_PAGE}\n`);
    expect(r.stderr).toMatch(/^line 3: .*does not start with the scheme/m);
    expect(r.stderr).toMatch(/^line 4: vcpkg PURLs have no namespace/m);
    expect(r.stderr).toMatch(/2 of 4 PURLs invalid\n$/);
  });

  it('keeps hostile input inert: control characters escaped, a tab cannot add a column, a hostile name stays in its segment', async () => {
    const r = await purl(['urls', 'pkg:npm/evil%0A%1B%5B31m\u202e@1', 'pkg:npm/a\tb@1', 'pkg:npm/..%2F..%2Fjavascript:alert(1)%3F%23@1']);
    const lines = r.stdout.split('\n').slice(0, -1);
    expect(lines).toHaveLength(3);
    // A PURL the engine refuses has an empty line; every other has its four columns.
    for (const line of lines) if (line !== '') expect(line.split('\t')).toHaveLength(4);
    // Nothing raw but the tabs between columns and the newlines between lines.
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u202e]/);
    const hostile = lines.at(-1)!.split('\t');
    expect(hostile[2]).toMatch(/^https:\/\/registry\.npmjs\.org\/[^/?#]+\/-\/[^/?#]+\.tgz$/);
    expect(new URL(hostile[2]!).pathname.split('/')).toHaveLength(4);
    expect(r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u202e]/);
  });

  it('honours --urls DIR: the URL documents of that folder replace the bundled ones', async () => {
    const r = await purl(['urls', '--urls', 'urls', LEFT_PAD, LANG3], [], dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${LEFT_PAD}\thttps://pages.example.org/left-pad\thttps://npm.example.org/left-pad/1.3.0.tgz\t-\n${LANG3}\t-\t-\t-\n`);
  });

  it('builds the engine from --types DIR with the bundled URL documents', async () => {
    const types = path.join(dir, 'types');
    mkdirSync(types, { recursive: true });
    writeFileSync(path.join(types, 'npm-definition.json'), readFileSync(path.join(ROOT, 'corpus/purl-types/npm-definition.json')));
    const r = await purl(['urls', '--types', types, '--strict-types', LEFT_PAD, 'pkg:cargo/rand@1']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe(`${LEFT_PAD}\t${LEFT_PAD_REPO}\t${LEFT_PAD_TGZ}\t${LEFT_PAD_PAGE}\n\n`);
    expect(r.stderr).toContain('argument 2: ');
    expect(r.stderr).toContain('(unknown-type)');
  });

  it('refuses an unusable --urls folder in one line naming the file (exit 2)', async () => {
    for (const [folder, expected] of [
      ['broken-json', /npm-urls\.json:1:\d+: malformed JSON: .*\(json\/syntax\)/],
      ['broken-schema', /npm-urls\.json:1:\d+: .*\(schema\/pattern\)/],
      ['empty', /no \*\.json URL documents/],
    ] as const) {
      const r = await purl(['urls', '--urls', folder, LEFT_PAD], [], dir);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n')[0]).toMatch(/^teapurl purl urls: --urls /);
      expect(r.stderr.split('\n')[0]).toMatch(expected);
      expect(r.stderr).toContain("See 'teapurl purl urls --help'");
    }
  });

  it('handles 200,000 lines from standard input in bounded memory', () => {
    // Each output line holds a PURL and two URLs: keeping 200,000 of them would overrun the cap.
    const r = runCliWithCappedHeap(['purl', 'urls'], npmPurlLines(200_000));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.lines).toBe(200_000);
  }, 120_000);
});

describe('teapurl purl from-url', () => {
  it('reads registry pages and download URLs back to canonical PURLs', async () => {
    const r = await purl(['from-url', LEFT_PAD_TGZ, 'https://www.npmjs.com/package/@babel/core/v/7.24.0', LANG3_JAR]);
    expect(r).toEqual({ status: 0, stdout: `${LEFT_PAD}\npkg:npm/%40babel/core@7.24.0\n${LANG3}\n`, stderr: '' });
  });

  it('round-trips with purl urls: the download URL reads back to the PURL', async () => {
    const urls = await purl(['urls', LEFT_PAD, LANG3]);
    const downloads = urls.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t')[2]!);
    const back = await purl(['from-url'], [downloads.join('\n')]);
    expect(back).toEqual({ status: 0, stdout: `${LEFT_PAD}\n${LANG3}\n`, stderr: '' });
  });

  it('reports a URL that maps to nothing on stderr with its line number, goes on and exits 1', async () => {
    const r = await purl(['from-url'], [`https://example.com/nothing\n${LEFT_PAD_TGZ}\nnot a url\n`]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe(`\n${LEFT_PAD}\n\n`);
    expect(r.stderr).toBe('line 1: no URL template of any type reads this URL back to a PURL\nline 3: not an absolute URL\n2 of 3 URLs not recognised\n');
  });

  it('--format json gives {url, purl} per line; hostile input is escaped', async () => {
    const r = await purl(['from-url', '--format', 'json', LEFT_PAD_TGZ, 'https://x.test/\u001b[2J\u202e']);
    expect(r.status).toBe(1);
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { url: LEFT_PAD_TGZ, purl: LEFT_PAD },
      { input: 'https://x.test/\u001b[2J\u202e', error: 'no URL template of any type reads this URL back to a PURL' },
    ]);
    expect(r.stdout).not.toMatch(/[\u001b\u202e]/);
    expect(r.stderr).toMatch(/^argument 2: /m);
    expect(r.stderr).not.toMatch(/[\u001b\u202e]/);
  });

  it('skips a line longer than its limit and says so', async () => {
    const r = await purl(['from-url'], [`https://registry.npmjs.org/${'a'.repeat(20_000)}\n${LEFT_PAD_TGZ}\n`]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe(`\n${LEFT_PAD}\n`);
    expect(r.stderr).toContain('line 1: longer than 8192 characters; skipped');
  });

  it('honours --urls DIR', async () => {
    const r = await purl(['from-url', '--urls', 'urls', 'https://npm.example.org/left-pad/1.3.0.tgz', LEFT_PAD_TGZ], [], dir);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe(`${LEFT_PAD}\n\n`);
    expect(r.stderr).toMatch(/^argument 2: no URL template/m);
  });
});

describe('teapurl purl urls|from-url: help and usage errors', () => {
  it('has help of its own, listed in the purl help and the main help', async () => {
    expect((await purl(['urls', '--help'])).stdout).toMatch(/^Usage: teapurl purl urls /);
    expect((await purl(['from-url', '-h'])).stdout).toMatch(/^Usage: teapurl purl from-url /);
    const help = (await purl(['--help'])).stdout;
    expect(help).toMatch(/^ {2}urls /m);
    expect(help).toMatch(/^ {2}from-url /m);
    expect(runCli(['--help']).stdout).toContain('repository, download');
  });

  it.each([
    [['urls', '--format', 'xml', LEFT_PAD], 'purl urls', /^--format must be one of text, json, not "xml"$/],
    [['urls', '--bogus'], 'purl urls', /^unknown option '--bogus'$/],
    [['urls', '--url', 'x'], 'purl urls', /^unknown option '--url'; did you mean '--urls'\?$/],
    [['urls', '--urls'], 'purl urls', /^option '--urls' needs a value$/],
    [['urls', '--urls', 'nope', LEFT_PAD], 'purl urls', /^--urls 'nope' does not exist$/],
    [['urls', '--urls', 'file.json', LEFT_PAD], 'purl urls', /^--urls 'file.json' is a file, not a folder$/],
    [['from-url', '--types', 'nope', LEFT_PAD_TGZ], 'purl from-url', /^--types 'nope' does not exist$/],
    [['from-url', '--format'], 'purl from-url', /^option '--format' needs a value$/],
  ])('%j is a usage error (exit 2) pointing at its help', async (args, command, problem) => {
    const r = await purl(args, [], dir);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const [first, second] = r.stderr.trimEnd().split('\n');
    expect(first!.slice(`teapurl ${command}: `.length)).toMatch(problem);
    expect(first!.startsWith(`teapurl ${command}: `)).toBe(true);
    expect(second).toBe(`See 'teapurl ${command} --help'`);
  });

  it('works from the built CLI over a real pipe', () => {
    const r = runCli(['purl', 'urls'], { input: `${LEFT_PAD}\n` });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${LEFT_PAD}\t${LEFT_PAD_REPO}\t${LEFT_PAD_TGZ}\t${LEFT_PAD_PAGE}\n`);
    const back = runCli(['purl', 'from-url', LEFT_PAD_TGZ]);
    expect(back.stdout).toBe(`${LEFT_PAD}\n`);
  });
});

describe('teapurl purl: standard input as a filter', () => {
  it('- reads standard input in its place, for every action that reads lines, as validate - does', async () => {
    const lines = [`${LEFT_PAD}\n`, `${LANG3}\n`];
    const urls = await purl(['urls', '-'], lines);
    expect([urls.status, urls.stdout]).toEqual([
      0,
      `${LEFT_PAD}\t${LEFT_PAD_REPO}\t${LEFT_PAD_TGZ}\t${LEFT_PAD_PAGE}\n${LANG3}\t${LANG3_REPO}\t${LANG3_JAR}\t${LANG3_PAGE}\n`,
    ]);
    const back = await purl(['from-url', '-'], [`${LEFT_PAD_TGZ}\n`]);
    expect([back.status, back.stdout]).toEqual([0, `${LEFT_PAD}\n`]);
    // Arguments and standard input in the order given.
    const mixed = await purl(['canonical', 'pkg:NPM/a@1', '-', 'pkg:npm/c@3'], ['pkg:NPM/b@2\n']);
    expect([mixed.status, mixed.stdout, mixed.stderr]).toEqual([0, 'pkg:npm/a@1\npkg:npm/b@2\npkg:npm/c@3\n', '']);
    for (const action of ['parse', 'canonical', 'validate', 'urls', 'from-url']) {
      expect((await purl([action, '--help'])).stdout, action).toMatch(/or where an argument is -,/);
    }
  });

  it('says which files --urls DIR reads: every *.json there', async () => {
    for (const action of ['urls', 'from-url']) expect((await purl([action, '--help'])).stdout).toMatch(/every \*\.json file in DIR and its subfolders/);
  });

  /**
   * Feeds the built CLI one line, waits for its answer before writing the next: the answer must
   * come while the input is still open (within a generous bound), not when it ends.
   */
  function answersBeforeTheNextLine(args: string[], first: string, second: string): Promise<{ early: string; all: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, 'purl', ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      let early: string | null = null;
      const timer = setTimeout(() => {
        child.kill();
        reject(new Error(`no output 20 s after the first line was written (so far: ${JSON.stringify(out)})`));
      }, 20_000);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        if (early === null && out.includes('\n')) {
          early = out;
          clearTimeout(timer);
          child.stdin.end(`${second}\n`);
        }
      });
      child.on('error', reject);
      child.on('close', () => (early === null ? reject(new Error('ended before answering')) : resolve({ early, all: out })));
      child.stdin.write(`${first}\n`);
    });
  }

  it('answers each line as it comes when the input pauses (purl urls, canonical, from-url)', async () => {
    const [urls, canonical, fromUrl] = await Promise.all([
      answersBeforeTheNextLine(['urls'], LEFT_PAD, LANG3),
      answersBeforeTheNextLine(['canonical'], 'pkg:NPM/a@1', 'pkg:npm/b@2'),
      answersBeforeTheNextLine(['from-url', '-'], LEFT_PAD_TGZ, LANG3_JAR),
    ]);
    expect(urls).toEqual({
      early: `${LEFT_PAD}\t${LEFT_PAD_REPO}\t${LEFT_PAD_TGZ}\t${LEFT_PAD_PAGE}\n`,
      all: `${LEFT_PAD}\t${LEFT_PAD_REPO}\t${LEFT_PAD_TGZ}\t${LEFT_PAD_PAGE}\n${LANG3}\t${LANG3_REPO}\t${LANG3_JAR}\t${LANG3_PAGE}\n`,
    });
    expect(canonical).toEqual({ early: 'pkg:npm/a@1\n', all: 'pkg:npm/a@1\npkg:npm/b@2\n' });
    expect(fromUrl).toEqual({ early: `${LEFT_PAD}\n`, all: `${LEFT_PAD}\n${LANG3}\n` });
  }, 30_000);
});
