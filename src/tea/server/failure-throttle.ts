/**
 * Throttling of failed credentials at the token endpoint: per key id and per client address,
 * with a back-off that doubles with each failure past a free allowance (RFC 6749 section 10.10
 * asks servers to make guessing secrets impractical; RFC 6585 section 4 gives the 429 answer).
 *
 * @module
 */
import { isIP } from 'node:net';
import { InvalidArgumentError } from '../../shared/errors.js';

/**
 * Options for the token endpoint's throttling of failed credentials (`throttle` of
 * {@link TokenHandlerOptions}). Every member has a default.
 *
 * @example
 * ```ts
 * const throttle: ThrottleOptions = { freeFailuresPerKey: 3, maxDelaySeconds: 600 };
 * createTokenHandler({ verifyApiKey, issueToken, throttle });
 * ```
 */
export interface ThrottleOptions {
  /** Failed attempts for one key id before the back-off starts. Default 5. */
  freeFailuresPerKey?: number;
  /** Failed attempts from one client address before the back-off starts. Default 20 (addresses may be shared). */
  freeFailuresPerAddress?: number;
  /** The first delay, in seconds; each further failure doubles it. Default 1. */
  initialDelaySeconds?: number;
  /** The longest delay, in seconds. Default 60. */
  maxDelaySeconds?: number;
  /** A key id or address with no failure for this long starts afresh, in seconds. Default 900. */
  forgetAfterSeconds?: number;
  /**
   * Key ids and addresses tracked, each. A key id or address is never forgotten while it is
   * blocked or has failed within `forgetAfterSeconds`: when the table is full of such entries, an
   * attempt with a key id (or from an address) it does not hold is refused with 429 until one of
   * them is forgotten, rather than letting a flood of made-up key ids wipe a blocked one. Default 10,000.
   */
  maxTracked?: number;
  /** The clock, in milliseconds. Default `Date.now`. */
  now?: () => number;
}

interface Tally {
  failures: number;
  lastFailure: number;
  blockedUntil: number;
  inFlight: number;
}

/** Why an attempt may not be made now: retry after this many milliseconds. */
export interface ThrottleRefusal {
  retryAfterMs: number;
}

/** A claim on an attempt: settle it with the outcome once the credentials are checked. */
export interface ThrottleTicket {
  succeeded(): void;
  failed(): void;
  /** Neither: the check itself could not be made (a server error). */
  abandoned(): void;
}

function positive(value: number, name: string, integer = false): number {
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isSafeInteger(value))) {
    throw new InvalidArgumentError(`throttle.${name} must be a positive ${integer ? 'whole number' : 'number'}`, { code: 'out-of-range' });
  }
  return value;
}

/**
 * The throttling key of a client address: IPv4-mapped IPv6 is read as IPv4, and an IPv6 address
 * stands for its /64 network, the block one subscriber is usually given.
 */
export function addressKey(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Failed-credential bookkeeping for one token endpoint. */
export class FailureThrottle {
  private readonly perKey = new Map<string, Tally>();
  private readonly perAddress = new Map<string, Tally>();
  private readonly freePerKey: number;
  private readonly freePerAddress: number;
  private readonly initialMs: number;
  private readonly maxMs: number;
  private readonly forgetMs: number;
  private readonly maxTracked: number;
  private readonly now: () => number;

  constructor(options: ThrottleOptions = {}) {
    this.freePerKey = positive(options.freeFailuresPerKey ?? 5, 'freeFailuresPerKey', true);
    this.freePerAddress = positive(options.freeFailuresPerAddress ?? 20, 'freeFailuresPerAddress', true);
    this.initialMs = positive(options.initialDelaySeconds ?? 1, 'initialDelaySeconds') * 1000;
    this.maxMs = positive(options.maxDelaySeconds ?? 60, 'maxDelaySeconds') * 1000;
    this.forgetMs = positive(options.forgetAfterSeconds ?? 900, 'forgetAfterSeconds') * 1000;
    this.maxTracked = positive(options.maxTracked ?? 10_000, 'maxTracked', true);
    this.now = options.now ?? (() => Date.now());
    if (this.maxMs < this.initialMs)
      throw new InvalidArgumentError('throttle.maxDelaySeconds must not be less than initialDelaySeconds', { code: 'out-of-range' });
  }

  /**
   * Claims an attempt for `keyId` from `address` (either may be unknown), or says how long to
   * wait. The same work is done whether or not the key id exists, so the answer's timing tells
   * nothing about it.
   */
  attempt(keyId: string | undefined, address: string | undefined): ThrottleTicket | ThrottleRefusal {
    const now = this.now();
    const address64 = addressKey(address);
    const knownKey = keyId === undefined ? undefined : this.current(this.perKey, keyId, now);
    const knownAddress = address64 === undefined ? undefined : this.current(this.perAddress, address64, now);
    const wait = Math.max(
      this.waitFor(knownKey, this.freePerKey, now),
      this.waitFor(knownAddress, this.freePerAddress, now),
      // The attempt's entries are made now, so that its failure is counted without pushing anything out.
      keyId !== undefined && knownKey === undefined ? this.waitForRoom(this.perKey, now) : 0,
      address64 !== undefined && knownAddress === undefined ? this.waitForRoom(this.perAddress, now) : 0,
    );
    if (wait > 0) return { retryAfterMs: wait };
    const keyTally = keyId === undefined ? undefined : (knownKey ?? this.track(this.perKey, keyId, now));
    const addressTally = address64 === undefined ? undefined : (knownAddress ?? this.track(this.perAddress, address64, now));
    if (keyTally) keyTally.inFlight++;
    if (addressTally) addressTally.inFlight++;
    let settled = false;
    const settle = (outcome: 'succeeded' | 'failed' | 'abandoned') => {
      if (settled) return;
      settled = true;
      if (keyTally) keyTally.inFlight--;
      if (addressTally) addressTally.inFlight--;
      if (outcome === 'failed') {
        const at = this.now();
        if (keyTally) this.fail(this.perKey, keyId!, keyTally, this.freePerKey, at);
        if (addressTally) this.fail(this.perAddress, address64!, addressTally, this.freePerAddress, at);
        return;
      }
      // The key's owner got in: earlier failures were typos, not an attack on the key. The
      // address keeps its count, so an attacker's own valid key cannot wipe it.
      if (outcome === 'succeeded' && keyTally) keyTally.failures = keyTally.blockedUntil = 0;
      if (keyTally) this.dropIfClean(this.perKey, keyId!, keyTally);
      if (addressTally) this.dropIfClean(this.perAddress, address64!, addressTally);
    };
    return { succeeded: () => settle('succeeded'), failed: () => settle('failed'), abandoned: () => settle('abandoned') };
  }

  /**
   * Records a failure that had no key id to claim beforehand (malformed credentials), against the
   * address only. An address the table has no room for is not recorded: its next attempt is
   * refused all the same, for want of room.
   */
  failedWithoutKey(address: string | undefined): void {
    const address64 = addressKey(address);
    if (address64 === undefined) return;
    const now = this.now();
    const known = this.current(this.perAddress, address64, now);
    if (known === undefined && this.waitForRoom(this.perAddress, now) > 0) return;
    this.fail(this.perAddress, address64, known ?? this.track(this.perAddress, address64, now), this.freePerAddress, now);
  }

  /** How many key ids and addresses are tracked (for tests and monitoring). */
  get tracked(): { keys: number; addresses: number } {
    return { keys: this.perKey.size, addresses: this.perAddress.size };
  }

  /** When a tally may be forgotten: never while an attempt is in flight, nor while blocked or within `forgetAfterSeconds` of its last failure. */
  private forgettableAt(tally: Tally, now: number): number {
    if (tally.inFlight > 0) return now + this.initialMs;
    return tally.failures === 0 ? tally.blockedUntil : Math.max(tally.blockedUntil, tally.lastFailure + this.forgetMs);
  }

  /** The tally for `id`, or undefined when there is none or it has been forgotten. */
  private current(map: Map<string, Tally>, id: string, now: number): Tally | undefined {
    const tally = map.get(id);
    if (tally && now >= this.forgettableAt(tally, now)) {
      map.delete(id);
      return undefined;
    }
    return tally;
  }

  /**
   * 0 when `map` has room for one more entry, after forgetting what may be forgotten; else how
   * long until its oldest entry may be. The table is kept least recently failing first, so only
   * its head is looked at: a full table costs no more per attempt than an empty one.
   */
  private waitForRoom(map: Map<string, Tally>, now: number): number {
    while (map.size >= this.maxTracked) {
      const [id, oldest] = map.entries().next().value as [string, Tally];
      const at = this.forgettableAt(oldest, now);
      if (at > now) return at - now;
      map.delete(id);
    }
    return 0;
  }

  /** A new entry for `id`, with no failure yet (room was made for it). */
  private track(map: Map<string, Tally>, id: string, now: number): Tally {
    const tally: Tally = { failures: 0, lastFailure: now, blockedUntil: 0, inFlight: 0 };
    map.set(id, tally);
    return tally;
  }

  /** Forgets an entry that holds nothing worth keeping: no failure, no attempt in flight. */
  private dropIfClean(map: Map<string, Tally>, id: string, tally: Tally): void {
    if (tally.failures === 0 && tally.inFlight === 0 && map.get(id) === tally) map.delete(id);
  }

  private waitFor(tally: Tally | undefined, free: number, now: number): number {
    if (!tally) return 0;
    if (now < tally.blockedUntil) return tally.blockedUntil - now;
    // Only a key id or address that has failed before is held to this: at most the remaining
    // allowance of attempts in flight at once (one, once it is used up), so a burst of parallel
    // guesses cannot all pass the check before the first failure is counted.
    if (tally.failures > 0 && tally.inFlight >= Math.max(1, free - tally.failures)) return this.initialMs;
    return 0;
  }

  private fail(map: Map<string, Tally>, id: string, tally: Tally, free: number, now: number): void {
    tally.failures++;
    tally.lastFailure = now;
    if (tally.failures > free) {
      const doublings = Math.min(tally.failures - free - 1, 30);
      tally.blockedUntil = now + Math.min(this.initialMs * 2 ** doublings, this.maxMs);
    }
    // Most recently failing last, so the head is the first that may be forgotten. The tally is
    // the one the attempt claimed: it is in the table (nothing forgets a tally in flight).
    map.delete(id);
    map.set(id, tally);
  }
}
