/**
 * Request with fallback over ranked endpoints: the next endpoint is tried when one cannot be
 * reached or answers with a server error, never when it refuses the client (401, 403, other 4xx).
 */
import { NetworkError, toNetworkError } from './network-error.js';
import { TeapurlError } from '../../shared/errors.js';

/**
 * What one endpoint did in a {@link withFailover} run.
 *
 * @example
 * ```ts
 * import type { FailoverAttempt } from 'teapurl/tea';
 * const attempt: FailoverAttempt = { endpoint: 'https://a.example.com/v1.0.0', outcome: 'server-error', status: 503, detail: 'answered 503' };
 * ```
 */
export interface FailoverAttempt {
  /** The endpoint's `baseUrl` (or `url`). */
  endpoint: string;
  /** `network-error`: no HTTP answer; `server-error`: a 5xx answer. */
  outcome: 'network-error' | 'server-error';
  /** For `server-error`: the HTTP status. */
  status?: number;
  /** For `network-error`: the error. */
  error?: NetworkError;
  /** One line: what happened. */
  detail: string;
}

/**
 * Every endpoint failed; `attempts` says how, in order. `code` is `'no-endpoint'` when there was
 * none to try, else `'every-endpoint-failed'`; `errors` holds each attempt's error, as an
 * `AggregateError`'s would.
 *
 * @example
 * ```ts
 * import { discover, withFailover, FailoverError, TeaClient } from 'teapurl/tea';
 * const { ranked } = await discover('tea.example.com');
 * try {
 *   await withFailover(ranked, (e) => new TeaClient({ baseUrl: e.baseUrl }).request('/products'));
 * } catch (e) {
 *   if (e instanceof FailoverError) for (const a of e.attempts) console.log(a.endpoint, a.detail);
 *   else throw e;
 * }
 * ```
 */
export class FailoverError extends TeapurlError<'no-endpoint' | 'every-endpoint-failed'> {
  /** Always `'FailoverError'`. */
  override name = 'FailoverError';
  /** Each attempt's error: its `NetworkError`, or an `Error` with its detail. */
  readonly errors: readonly Error[];

  constructor(
    /** What each endpoint did, in the order they were tried. */
    readonly attempts: readonly FailoverAttempt[],
    /** Endpoints left untried because a limit was reached (`maxEndpoints` or `maxTotalMs`). */
    readonly untried = 0,
    /** Which limit stopped the run, when one did. */
    readonly stoppedBy: 'max-endpoints' | 'max-total-time' | null = null,
    limit = 0,
  ) {
    const list = attempts.map((a) => `${a.endpoint}: ${a.detail}`).join('; ');
    const why =
      stoppedBy === 'max-endpoints'
        ? `${attempts.length} endpoints failed and ${untried} more were not tried (at most ${limit} are tried)`
        : stoppedBy === 'max-total-time'
          ? `${attempts.length} endpoint${attempts.length === 1 ? '' : 's'} failed and ${untried} more were not tried: failover gives up after ${limit} ms`
          : 'every endpoint failed';
    super(attempts.length === 0 && stoppedBy === null ? 'no endpoint to try' : `${why}: ${list}`, {
      code: attempts.length === 0 && stoppedBy === null ? 'no-endpoint' : 'every-endpoint-failed',
    });
    this.errors = attempts.map((a) => a.error ?? new Error(a.detail));
  }
}

/**
 * Options for {@link withFailover}.
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

/**
 * Calls `fn` with each ranked endpoint in order until one works. It moves on when `fn` throws a
 * network or TLS failure ({@link NetworkError}, or a raw `fetch` failure), throws an error that
 * carries a 5xx `status` (a `TeaApiError`), or returns a 5xx (a `Response`, or a result with
 * `status`/`response.status`), waiting `baseDelayMs`, then twice
 * that, and so on up to `maxDelayMs`. Any other result, 401 and 403 included, is returned as is;
 * any other error is thrown as is. When every endpoint fails it throws a {@link FailoverError}.
 *
 * @example
 * ```ts
 * import { discover, withFailover, TeaClient } from 'teapurl/tea';
 * const { ranked } = await discover('tea.example.com');
 * const result = await withFailover(ranked, (endpoint) =>
 *   new TeaClient({ baseUrl: endpoint.baseUrl }).request('/product/09e8c73b-ac45-4475-acac-33e6a7314e6d'));
 * ```
 */
export async function withFailover<
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
