/**
 * Issue 34 item 4: several instances, one token space. Separate `teapurl serve --token-key`
 * processes (the built CLI) share nothing but the key file: a token one issues opens a protected
 * artefact on another; a token signed with another key, an expired one and a tampered one are
 * answered 401 `invalid_token` (5.3.5). The instances' key sets also show a rotation: B signs
 * with a new key and still accepts the old one, A has only the old one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { encodeBasicCredentials } from '../../src/tea/protocol/basic-credentials.js';
import { CLI } from '../support/paths.js';

const ARTIFACT = '6f3f6a52-0f7e-4a43-9d2b-0c1e2f3a4b5c';
const API_KEY = { keyId: 'ci:bot', secret: 'p%ss+wörd' };
const oldKey = { kty: 'oct', kid: '2026-11', k: randomBytes(32).toString('base64url') };
const newKey = { kty: 'oct', kid: '2026-12', k: randomBytes(32).toString('base64url') };
const otherKey = { kty: 'oct', kid: '2026-11', k: randomBytes(32).toString('base64url') };

let dir: string;
const children: ChildProcess[] = [];

function file(name: string, content: unknown): string {
  const full = path.join(dir, name);
  writeFileSync(full, JSON.stringify(content), { mode: 0o600 });
  return full;
}

/** Starts `teapurl serve` in a process of its own; resolves with its URL once it listens. */
function serve(keyFile: string, extra: string[] = []): Promise<string> {
  const child = spawn(
    process.execPath,
    [
      CLI,
      'serve',
      '--samples',
      '--insecure-http',
      '--api-keys',
      path.join(dir, 'api-keys.json'),
      '--token-key',
      keyFile,
      '--protect',
      '/v*/artifact/**',
      ...extra,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start; stderr: ${stderr}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /listening on (\S+)/.exec(stdout)?.[1];
      if (url && /Press Ctrl\+C/.test(stdout)) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}; stderr: ${stderr}`)));
  });
}

async function token(url: string): Promise<string> {
  const answer = await fetch(`${url}/token`, {
    method: 'POST',
    headers: { authorization: encodeBasicCredentials(API_KEY.keyId, API_KEY.secret), 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { access_token: string; token_type: string };
  expect(body.token_type).toBe('Bearer');
  return body.access_token;
}

async function artefact(url: string, bearer: string) {
  const answer = await fetch(`${url}/v1.0.0/artifact/${ARTIFACT}`, { headers: { authorization: `Bearer ${bearer}` } });
  const body = (await answer.json()) as { error?: string; error_description?: string; uuid?: string };
  return { status: answer.status, challenge: answer.headers.get('www-authenticate'), body };
}

/** Expects the 5.3.5 answer: 401, a Bearer challenge with error="invalid_token", the same error in the body. */
function expectInvalidToken(answer: Awaited<ReturnType<typeof artefact>>, description?: RegExp) {
  expect(answer.status).toBe(401);
  expect(answer.challenge).toMatch(/^Bearer realm="tea", error="invalid_token", error_description="/);
  expect(answer.body.error).toBe('invalid_token');
  if (description) expect(answer.body.error_description).toMatch(description);
}

let a: string;
let b: string;
let c: string;
let shortLived: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'teapurl-token-space-'));
  file('api-keys.json', [API_KEY]);
  const oldOnly = file('a-keys.json', { keys: [oldKey] });
  // B has rotated: it signs with the new key and accepts the old one while its tokens drain.
  const rotated = file('b-keys.json', { keys: [newKey, oldKey] });
  // C holds another key under the same kid as A's.
  const other = file('c-keys.json', { keys: [otherKey] });
  [a, b, c, shortLived] = await Promise.all([serve(oldOnly), serve(rotated), serve(other), serve(oldOnly, ['--token-ttl', '1'])]);
}, 60_000);

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  rmSync(dir, { recursive: true, force: true });
});

describe('teapurl serve --token-key: several instances, one token space', () => {
  it('a token from A opens a protected artefact on B, and on A; without a token B asks for one', async () => {
    const fromA = await token(a);
    const onB = await artefact(b, fromA);
    expect(onB.status).toBe(200);
    expect(JSON.stringify(onB.body)).toContain(ARTIFACT);
    expect((await artefact(a, fromA)).status).toBe(200);
    const bare = await fetch(`${b}/v1.0.0/artifact/${ARTIFACT}`);
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toBe('Bearer realm="tea"');
  });

  it('rotation: B signs with the new key; A, not yet given it, refuses those tokens', async () => {
    const fromB = await token(b);
    expect((await artefact(b, fromB)).status).toBe(200);
    expectInvalidToken(await artefact(a, fromB));
  });

  it('a token signed with another key gets 401 invalid_token: from another instance (same kid), or forged', async () => {
    const fromC = await token(c);
    expect((await artefact(c, fromC)).status).toBe(200);
    expectInvalidToken(await artefact(a, fromC));
    expectInvalidToken(await artefact(b, fromC));
    const forged = await new SignJWT({ iss: 'teapurl', aud: 'tea', sub: API_KEY.keyId, jti: 'forged' })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: oldKey.kid })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(randomBytes(32));
    expectInvalidToken(await artefact(a, forged), /not recognised/);
    expectInvalidToken(await artefact(b, forged), /not recognised/);
  });

  it('an expired token gets 401 invalid_token on every instance: the expiry travels inside it', async () => {
    const brief = await token(shortLived);
    expect((await artefact(a, brief)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expectInvalidToken(await artefact(a, brief), /expired/);
    expectInvalidToken(await artefact(b, brief), /expired/);
    expectInvalidToken(await artefact(shortLived, brief), /expired/);
  });

  it('a tampered token gets 401 invalid_token: a claim rewritten, the signature changed, the header swapped', async () => {
    const fromA = await token(a);
    const [header, payload, signature] = fromA.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forever = Buffer.from(JSON.stringify({ ...claims, exp: (claims.exp as number) + 86_400 * 365 })).toString('base64url');
    const someoneElse = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url');
    const newHeader = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'at+jwt', kid: newKey.kid })).toString('base64url');
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    for (const tampered of [
      `${header}.${forever}.${signature}`,
      `${header}.${someoneElse}.${signature}`,
      `${header}.${payload}.${flipped}`,
      `${newHeader}.${payload}.${signature}`,
    ]) {
      expectInvalidToken(await artefact(a, tampered));
      expectInvalidToken(await artefact(b, tampered));
    }
    // The untouched token still works: the refusals were the tampering's.
    expect((await artefact(b, fromA)).status).toBe(200);
  });
});
