/**
 * The error of discovery, apart from discover.ts so that the reading of the discovery document
 * (read-discovery.ts, loaded on first use) throws it without importing discover.ts.
 */
import type { Finding } from '../../shared/finding.js';
import { TeapurlError } from '../../shared/errors.js';

/**
 * Why discovery failed: the `code` of a {@link DiscoveryError}.
 *
 * @example
 * ```ts
 * import { discoveryOrigin, DiscoveryError, type DiscoveryFailure } from 'teapurl/tea';
 * let failure: DiscoveryFailure | undefined;
 * try { discoveryOrigin('http://tea.example.com'); } catch (e) { if (e instanceof DiscoveryError) failure = e.code; }
 * failure; // 'insecure-target'
 * ```
 */
export type DiscoveryFailure =
  | 'bad-target'
  | 'insecure-target'
  | 'dns'
  | 'connection-refused'
  | 'connection-reset'
  | 'tls'
  | 'timeout'
  | 'aborted'
  | 'network'
  | 'redirect'
  | 'http-status'
  | 'content-type'
  | 'too-large'
  | 'bad-json'
  | 'invalid-document'
  | 'no-shared-version';

/**
 * Discovery failed. `code` says at which step; the message is one line fit for a user.
 *
 * @example
 * ```ts
 * import { discover, DiscoveryError } from 'teapurl/tea';
 * try {
 *   await discover('tea.example.com');
 * } catch (e) {
 *   if (e instanceof DiscoveryError && e.code === 'tls') console.error('the certificate was refused:', e.message);
 *   else throw e;
 * }
 * ```
 */
export class DiscoveryError extends TeapurlError<DiscoveryFailure> {
  /** Always `'DiscoveryError'`. */
  override name = 'DiscoveryError';
  constructor(
    /** The step that failed: the error's `code`. */
    code: DiscoveryFailure,
    message: string,
    /** The discovery URL, when it got that far. */
    readonly url?: string,
    /** For `http-status`: the status received. */
    readonly status?: number,
    /** For `invalid-document` and `bad-json`: every finding, with line and column. */
    readonly findings: readonly Finding[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, { code, cause: options?.cause });
  }
}
