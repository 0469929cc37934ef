/**
 * The error of `withFailover`, apart from the run itself (failover-flow.ts, loaded on the first
 * run) so that the client's entry exports it without loading the run.
 */
import { TeapurlError } from '../../shared/errors.js';
import type { NetworkError } from './network-error.js';

/**
 * What one endpoint did in a `withFailover` run.
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
