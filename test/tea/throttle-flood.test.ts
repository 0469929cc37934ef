/**
 * Item 6 of issue 29: the throttle kept 10,000 key ids and forgot the least recent even while it
 * was blocked, so a flood of failures with made-up key ids from many loopback addresses (each
 * under its own allowance) made a blocked key id guessable again. Against `teapurl serve` as a
 * user runs it (a child process, plain HTTP on 127.0.0.0/8), with its default limits: the flood is
 * 10,108 requests, a few seconds on loopback.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBasicCredentials } from '../../src/tea/protocol/basic-credentials.js';
import { CLI } from '../support/paths.js';
import { FORM } from './server-kit-helpers.js';

const KEYS = [
  { keyId: 'alice', secret: 'alice secret' },
  { keyId: 'bob', secret: 'bob secret' },
];
// serve's defaults: 10,000 key ids tracked, 5 failures free per key id and 20 per address.
const TRACKED = 10_000;
const PER_ADDRESS = 19;
const ADDRESSES = Math.ceil((TRACKED + 100) / PER_ADDRESS);

let dir: string;
let child: ChildProcess;
let origin: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'teapurl-flood-'));
  writeFileSync(path.join(dir, 'keys.json'), JSON.stringify(KEYS));
  child = spawn(process.execPath, [CLI, 'serve', '--insecure-http', '--api-keys', 'keys.json'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (\S+)/.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
  });
});

afterAll(() => {
  child?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

/** POST /token from `localAddress` with these credentials, over a kept-alive connection of `agent`. */
function post(agent: Agent, localAddress: string, keyId: string, secret: string): Promise<{ status: number; retryAfter: string | undefined }> {
  const body = 'grant_type=client_credentials';
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/token`, {
      method: 'POST',
      agent,
      localAddress,
      headers: { authorization: encodeBasicCredentials(keyId, secret), 'content-type': FORM, 'content-length': body.length },
    });
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined }));
    });
    req.end(body);
  });
}

describe('issue 29 item 6: the throttle never forgets a blocked key id to make room (teapurl serve)', () => {
  it('a flood of made-up key ids from many addresses leaves a blocked key id blocked, and new key ids are refused once the table is full', {
    timeout: 120_000,
  }, async () => {
    const own = new Agent({ keepAlive: true, maxSockets: 1 });
    // alice is blocked: five failures are free, the sixth starts the back-off.
    for (let i = 0; i < 6; i++) expect((await post(own, '127.0.0.1', 'alice', 'wrong')).status).toBe(401);
    expect((await post(own, '127.0.0.1', 'alice', 'wrong')).status).toBe(429);

    const statuses = new Map<number, number>();
    let next = 0;
    // A few addresses at a time, each on its own connection, each staying under its allowance.
    const worker = async () => {
      for (let a = next++; a < ADDRESSES; a = next++) {
        const address = `127.0.${1 + Math.floor(a / 250)}.${1 + (a % 250)}`;
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        for (let i = 0; i < PER_ADDRESS; i++) {
          const { status } = await post(agent, address, `made-up-${a}-${i}`, 'wrong');
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
        agent.destroy();
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));

    // alice is still remembered: blocked, or (once her block ran out during the flood) one more
    // failure blocks her again at once. Forgotten, she would get five more free guesses.
    const after: number[] = [];
    for (let i = 0; i < 3; i++) after.push((await post(own, '127.0.0.1', 'alice', 'wrong')).status);
    expect(after.filter((status) => status === 401).length).toBeLessThanOrEqual(1);
    expect(after[2]).toBe(429);
    // Room for every key id but alice's; the rest of the flood was refused, not let in.
    expect(Object.fromEntries(statuses)).toEqual({ 401: TRACKED - 1, 429: ADDRESSES * PER_ADDRESS - (TRACKED - 1) });
    // Fail closed: a key id the full table does not hold is refused rather than checked.
    const fresh = await post(own, '127.0.0.2', 'bob', 'bob secret');
    expect(fresh.status).toBe(429);
    expect(Number(fresh.retryAfter)).toBeGreaterThan(0);
    own.destroy();
  });
});
