/**
 * Issue 34, bad input: a --token-key file that is missing, empty, too short or readable by every
 * user. Each is one clear message naming the file (and, inside it, the line and column), never a
 * stack trace and never the key; a world-readable file is a warning and the server starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run } from '../../src/cli/main.js';
import { serveCommand } from '../../src/cli/serve-command.js';
import { fakeIo as sharedFakeIo } from '../support/fake-io.js';

let dir: string;
const SECRET = randomBytes(32).toString('base64url');
const fakeIo = () => sharedFakeIo(dir);

function file(name: string, content: string, mode = 0o600): string {
  const full = path.join(dir, name);
  writeFileSync(full, content);
  chmodSync(full, mode);
  return name;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'teapurl-token-key-'));
  file('api-keys.json', JSON.stringify([{ keyId: 'ci', secret: 's3cret' }]));
  mkdirSync(path.join(dir, 'a-folder'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const serveArgs = (keyFile: string) => ['serve', '--insecure-http', '--api-keys', 'api-keys.json', '--token-key', keyFile];

/** Runs `teapurl serve` in-process and stops it at once if it starts. */
async function attempt(args: string[]) {
  const fake = fakeIo();
  const controller = new AbortController();
  const exit = serveCommand(args.slice(1), fake.io, { signal: controller.signal });
  const status = await Promise.race([exit, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 1500))]);
  if (status === 'running') {
    controller.abort();
    return { status: 'started' as const, code: await exit, stdout: fake.stdout(), stderr: fake.stderr() };
  }
  return { status, stdout: fake.stdout(), stderr: fake.stderr() };
}

/** Through the CLI's own entry, so a usage error is reported as the user sees it. */
async function cli(args: string[]) {
  const fake = fakeIo();
  const status = await run(args, fake.io);
  return { status, stdout: fake.stdout(), stderr: fake.stderr() };
}

function expectOneClearLine(stderr: string, pattern: RegExp) {
  expect(stderr).toMatch(pattern);
  expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
  expect(stderr).not.toContain(SECRET);
  expect(stderr.trim().split('\n')[0]).toMatch(/^teapurl serve: /);
}

describe('teapurl serve --token-key: bad files', () => {
  it('a missing file, or a folder, is a usage error (exit 2) that says how to make one', async () => {
    const missing = await cli(serveArgs('no-such-key.json'));
    expect(missing.status).toBe(2);
    expectOneClearLine(missing.stderr, /--token-key 'no-such-key\.json' does not exist; make a key set with: \(umask 077; node -e/);
    const folder = await cli(serveArgs('a-folder'));
    expect(folder.status).toBe(2);
    expectOneClearLine(folder.stderr, /--token-key 'a-folder' is a folder, not a file/);
  });

  it('an empty file is refused (exit 1), with the shape it must have', async () => {
    for (const content of ['', '\n  \n']) {
      const result = await cli(serveArgs(file('empty.json', content)));
      expect(result.status).toBe(1);
      expectOneClearLine(result.stderr, /--token-key 'empty\.json' is empty: it must hold a JSON Web Key Set, \{"keys": \[\{"kty": "oct"/);
      expect(result.stdout).toBe('');
    }
  });

  it('a key too short is refused naming the file, line, column and key id, never the key', async () => {
    const short = randomBytes(16).toString('base64url');
    const text = `{"keys": [\n  {"kty": "oct", "kid": "good", "k": "${SECRET}"},\n  {"kty": "oct", "kid": "weak", "k": "${short}"}\n]}\n`;
    const result = await cli(serveArgs(file('short.json', text)));
    expect(result.status).toBe(1);
    expectOneClearLine(result.stderr, /--token-key short\.json:3:38: key 1 \("weak"\): the key is 16 bytes; at least 32 random bytes are needed/);
    expect(result.stderr).not.toContain(short);
  });

  it('a file that is not a key set is refused at its place, never quoting it', async () => {
    const cases: Array<[string, RegExp]> = [
      [`{"keys": [{"kty": "oct", "kid": "a", "k": "${SECRET}"},]}`, /bad\.json:1:\d+: not JSON/],
      [`[{"keyId": "ci", "secret": "${SECRET}"}]`, /bad\.json:1:1: expected a JSON Web Key Set/],
      [`{"keys": [{"kty": "oct", "kid": "a", "k": "${SECRET}", "k": "${SECRET}"}]}`, /bad\.json:1:\d+: an object repeats a member name/],
      [
        `{"keys": [{"kty": "oct", "kid": "a", "k": "${SECRET}"},\n {"kty": "oct", "kid": "a", "k": "${SECRET}"}]}`,
        /bad\.json:2:24: key 1 \("a"\): the key id appears more than once/,
      ],
      [`{"keys": [{"kty": "oct", "kid": "a", "secret": "${SECRET}"}]}`, /bad\.json:1:38: key 0: unknown member/],
    ];
    for (const [content, message] of cases) {
      const result = await cli(serveArgs(file('bad.json', content)));
      expect(result.status, content).toBe(1);
      expectOneClearLine(result.stderr, message);
    }
  });

  it.skipIf(process.platform === 'win32')('a world-readable file is a warning, and the server starts', async () => {
    const name = file('open.json', JSON.stringify({ keys: [{ kty: 'oct', kid: 'k1', k: SECRET }] }), 0o644);
    const result = await attempt(serveArgs(name));
    expect(result.status).toBe('started');
    expect(result.stderr).toMatch(
      /^teapurl serve: warning: --token-key 'open\.json' can be read by every user of this machine \(mode 644\), and whoever reads it can sign tokens: chmod 600 it\n$/,
    );
    expect(result.stdout).toMatch(/signed {6}stateless tokens signed with key "k1" of open\.json/);
    // Kept private, the same file starts without a word.
    chmodSync(path.join(dir, name), 0o600);
    const quiet = await attempt(serveArgs(name));
    expect(quiet.status).toBe('started');
    expect(quiet.stderr).toBe('');
  });

  it('--token-key needs --api-keys, and does not go with the in-memory store limits', async () => {
    const key = file('key.json', JSON.stringify({ keys: [{ kty: 'oct', kid: 'k1', k: SECRET }] }));
    const cases: Array<[string[], RegExp]> = [
      [['serve', '--insecure-http', '--token-key', key], /--token-key needs --api-keys/],
      [[...serveArgs(key), '--max-tokens', '10'], /--max-tokens limits the in-memory token store and does not go with --token-key/],
      [[...serveArgs(key), '--max-tokens-per-key=3'], /--max-tokens-per-key limits the in-memory token store/],
    ];
    for (const [args, message] of cases) {
      const result = await cli(args);
      expect(result.status, args.join(' ')).toBe(2);
      expectOneClearLine(result.stderr, message);
    }
  });
});
