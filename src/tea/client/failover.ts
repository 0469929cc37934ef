/**
 * Request with fallback over ranked endpoints: the next endpoint is tried when one cannot be
 * reached or answers with a server error, never when it refuses the client (401, 403, other 4xx).
 * The run itself (failover-flow.ts) loads on the first call.
 */
import type { FailoverOptions } from './failover-flow.js';

export type { FailoverAttempt, FailoverOptions } from './failover-flow.js';
export { FailoverError } from './failover-error.js';

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
  const { withFailoverFlow } = await import('./reading.js');
  return withFailoverFlow(ranked, fn, options);
}
