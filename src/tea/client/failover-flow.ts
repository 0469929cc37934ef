/**
 * Request with fallback over ranked endpoints: the next endpoint is tried when one cannot be
 * reached or answers with a server error, never when it refuses the client (401, 403, other 4xx).
 */
import { NetworkError, toNetworkError } from './network-error.js';
import { FailoverError, type FailoverAttempt } from './failover-error.js';

export type { FailoverAttempt } from './failover-error.js';

/**
 * Options for `withFailover`.
 *
 * @example
 * ```ts
 * import { withFailover, type FailoverOptions, type RankedEndpoint } from 'teapurl/tea';
 * declare const ranked: RankedEndpoint[];
 * const options: FailoverOptions = { baseDelayMs: 100, maxDelayMs: 1_000, signal: AbortSignal.timeout(30_000) };
 * await withFailover(ranked, (endpoint) => fetch(`${endpoint.baseUrl}/products`), options);
 * ```
 */
export interface FailoverOptions {
  /** Wait before the second endpoint, doubled for each further one. Default 200 ms. */
  baseDelayMs?: number;
  /** The longest wait between endpoints. Default 5,000 ms. */
  maxDelayMs?: number;
  /** How to wait (tests pass a fake). Default: a timer, cut short by `signal`. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Stops the run between endpoints. */
  signal?: AbortSignal;
  /** The most endpoints tried; the rest are left out, and the error says how many. Default 10. */
  maxEndpoints?: number;
  /** No endpoint is tried, and no wait begins, once this many ms have passed since the first try. Default 60,000 ms. */
  maxTotalMs?: number;
  /** Clock in ms (tests pass a fake with their `sleep`). Default `Date.now`. */
  now?: () => number;
}

function realSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The HTTP status of a result: a `Response`, or an object carrying `status` or `response.status`. */
function statusOf(result: unknown): number | null {
  if (!result || typeof result !== 'object') return null;
  const r = result as { status?: unknown; response?: { status?: unknown } };
  if (typeof r.status === 'number') return r.status;
  if (r.response && typeof r.response.status === 'number') return r.response.status;
  return null;
}

async function discard(result: unknown): Promise<void> {
  const r = result as { body?: { cancel?: () => Promise<void> }; response?: { body?: { cancel?: () => Promise<void> } } };
  await (r.body ?? r.response?.body)?.cancel?.().catch(() => undefined);
}

/** The 5xx status an error carries (a typed call that met a server error), else `null`. */
function serverErrorStatus(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 500 && status <= 599 ? status : null;
}

/** A failure below HTTP: ours, or what a raw `fetch` throws (`TypeError: fetch failed`, timeouts). */
function asNetworkFailure(error: unknown, endpoint: string): NetworkError | null {
  if (error instanceof NetworkError) return error;
  const e = error as { name?: unknown; message?: unknown; cause?: unknown };
  if (error instanceof TypeError && e.message === 'fetch failed') return toNetworkError(error, endpoint);
  if (e?.name === 'TimeoutError') return toNetworkError(error, endpoint);
  return null;
}

/** What `withFailover` (failover.ts, which loads this module on first call) does. */
export async function withFailoverFlow<
  E extends {
    /** The endpoint's API base URL: its name in {@link FailoverAttempt.endpoint}. */
    baseUrl?: string;
    /** The name used when there is no `baseUrl`. */
    url?: string;
  },
  T,
>(ranked: readonly E[], fn: (endpoint: E, index: number) => Promise<T>, options: FailoverOptions = {}): Promise<T> {
  const baseDelay = Math.max(0, options.baseDelayMs ?? 200);
  const maxDelay = Math.max(0, options.maxDelayMs ?? 5_000);
  const sleep = options.sleep ?? realSleep;
  const maxEndpoints = Math.max(1, options.maxEndpoints ?? 10);
  const maxTotalMs = Math.max(0, options.maxTotalMs ?? 60_000);
  const now = options.now ?? Date.now;
  const started = now();
  const attempts: FailoverAttempt[] = [];
  for (let index = 0; index < ranked.length; index++) {
    const endpoint = ranked[index]!;
    const name = endpoint.baseUrl ?? endpoint.url ?? `endpoint ${index + 1}`;
    if (index >= maxEndpoints) throw new FailoverError(attempts, ranked.length - index, 'max-endpoints', maxEndpoints);
    if (index > 0) {
      const wait = Math.min(maxDelay, baseDelay * 2 ** (index - 1));
      // A wait that would end past the deadline is not begun.
      if (now() - started + wait > maxTotalMs) throw new FailoverError(attempts, ranked.length - index, 'max-total-time', maxTotalMs);
      await sleep(wait, options.signal);
    }
    if (options.signal?.aborted) throw options.signal.reason;
    let result: T;
    try {
      result = await fn(endpoint, index);
    } catch (error) {
      const failedStatus = serverErrorStatus(error);
      if (failedStatus !== null) {
        attempts.push({ endpoint: name, outcome: 'server-error', status: failedStatus, detail: `answered ${failedStatus}` });
        continue;
      }
      const network = asNetworkFailure(error, name);
      if (!network) throw error;
      attempts.push({
        endpoint: name,
        outcome: 'network-error',
        error: network,
        detail: network.message.startsWith(name) ? network.message.slice(name.length + 2) : network.message,
      });
      continue;
    }
    const status = statusOf(result);
    if (status !== null && status >= 500 && status <= 599) {
      await discard(result);
      attempts.push({ endpoint: name, outcome: 'server-error', status, detail: `answered ${status}` });
      continue;
    }
    return result;
  }
  throw new FailoverError(attempts);
}
