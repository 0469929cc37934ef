/**
 * Item 4 of issue 10: a bounded token store. Vitest's fake timers drive both the store's clock
 * (Date.now) and its sweep timer, so lifetimes of a second cost no waiting.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { MemoryTokenStore } from '../../src/tea/server/token-store.js';
import { InvalidArgumentError } from '../../src/shared/errors.js';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('MemoryTokenStore bounds', () => {
  it('200,000 tokens with a 1 s lifetime: all held while live, none left once they expire (periodic sweep)', () => {
    const store = new MemoryTokenStore({ ttlSeconds: 1, maxTokens: 250_000, sweepIntervalSeconds: 1 });
    const sample: string[] = [];
    for (let i = 0; i < 200_000; i++) {
      const { access_token: token } = store.issue(`key-${i % 400}`);
      if (i % 20_000 === 0) sample.push(token);
    }
    expect(store.size).toBe(200_000);
    expect(store.liveCount('key-7')).toBe(500);
    for (const token of sample) expect(store.verify(token).valid).toBe(true);
    vi.advanceTimersByTime(999);
    expect(store.size).toBe(200_000);
    vi.advanceTimersByTime(1);
    // The sweep ran at the moment they expired: nothing is held, not even per-key bookkeeping.
    expect(store.size).toBe(0);
    expect(store.liveCount()).toBe(0);
    expect(store.liveCount('key-7')).toBe(0);
    for (const token of sample) expect(store.verify(token)).toEqual({ valid: false, reason: 'unknown' });
    store.close();
  });

  it('200,000 tokens with default-like caps: never more than the caps held, oldest revoked first', () => {
    const store = new MemoryTokenStore({ ttlSeconds: 1, maxTokens: 5_000, maxTokensPerSubject: 100, sweepIntervalSeconds: 1 });
    let largest = 0;
    const first = store.issue('key-0').access_token;
    let last = '';
    for (let i = 1; i < 200_000; i++) {
      last = store.issue(`key-${i % 1000}`).access_token;
      if (i % 5_000 === 0) largest = Math.max(largest, store.size);
    }
    // Live tokens are capped at maxTokens; remembered revocations at as many again.
    expect(store.liveCount()).toBe(5_000);
    expect(largest).toBeLessThanOrEqual(10_000);
    expect(store.size).toBeLessThanOrEqual(10_000);
    expect(store.verify(first).valid).toBe(false);
    expect(store.verify(last).valid).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(store.size).toBe(0);
    store.close();
  });

  it('a key over its cap loses its oldest token ("revoked"), other keys keep theirs', () => {
    const store = new MemoryTokenStore({ ttlSeconds: 60, maxTokensPerSubject: 3, sweepIntervalSeconds: false });
    const other = store.issue('other').access_token;
    const mine = [1, 2, 3, 4, 5].map(() => store.issue('mine').access_token);
    expect(store.liveCount('mine')).toBe(3);
    expect(store.verify(mine[0]!)).toEqual({ valid: false, reason: 'revoked' });
    expect(store.verify(mine[1]!)).toEqual({ valid: false, reason: 'revoked' });
    for (const token of mine.slice(2)) expect(store.verify(token).valid).toBe(true);
    expect(store.verify(other).valid).toBe(true);
  });

  it('the total cap revokes the oldest token of all', () => {
    const store = new MemoryTokenStore({ ttlSeconds: 60, maxTokens: 3, sweepIntervalSeconds: false });
    const tokens = ['a', 'b', 'c', 'd'].map((subject) => store.issue(subject).access_token);
    expect(store.liveCount()).toBe(3);
    expect(store.verify(tokens[0]!)).toEqual({ valid: false, reason: 'revoked' });
    expect(store.verify(tokens[3]!).valid).toBe(true);
  });

  it('without a timer, an expired token is dropped when it is presented', () => {
    const store = new MemoryTokenStore({ ttlSeconds: 1, sweepIntervalSeconds: false });
    const token = store.issue('k').access_token;
    vi.advanceTimersByTime(1000);
    expect(store.size).toBe(1);
    expect(store.verify(token)).toEqual({ valid: false, reason: 'expired' });
    expect(store.size).toBe(0);
    expect(store.verify(token)).toEqual({ valid: false, reason: 'unknown' });
  });

  it('revocations are remembered only until the token would have expired', () => {
    const store = new MemoryTokenStore({ ttlSeconds: 10, sweepIntervalSeconds: 5 });
    const token = store.issue('k').access_token;
    store.revokeAll();
    expect(store.verify(token)).toEqual({ valid: false, reason: 'revoked' });
    expect(store.size).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(store.size).toBe(0);
    store.close();
  });

  it('close() stops the sweep timer; a store with the timer off starts none', () => {
    expect(vi.getTimerCount()).toBe(0);
    const store = new MemoryTokenStore();
    expect(vi.getTimerCount()).toBe(1);
    store.close();
    expect(vi.getTimerCount()).toBe(0);
    new MemoryTokenStore({ sweepIntervalSeconds: false });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('refuses caps and intervals that make no sense', () => {
    for (const options of [{ maxTokens: 0 }, { maxTokensPerSubject: 1.5 }, { sweepIntervalSeconds: 0 }, { sweepIntervalSeconds: Number.NaN }]) {
      expect(() => new MemoryTokenStore(options)).toThrow(InvalidArgumentError);
    }
  });
});

describe('MemoryTokenStore sweep timer', () => {
  it('never keeps a process alive (unref)', () => {
    vi.useRealTimers();
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        "import('./src/tea/server/token-store.ts').then(({ MemoryTokenStore }) => { new MemoryTokenStore({ sweepIntervalSeconds: 1 }); })",
      ],
      {
        cwd: process.cwd(),
        timeout: 20_000,
        encoding: 'utf8',
      },
    );
    // A timer that kept the process alive would run into the spawn timeout (signal SIGTERM).
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
  });
});
