/**
 * `authCheck`, the conformance checker for the server side of TEA authentication (sections 4, 5
 * and 7). Its probes (run-auth-check.ts and the modules it runs) are loaded on the first call, so
 * that a page that only reads from a server does not fetch them.
 */
import type { AuthCheckOptions, AuthCheckReport } from './rules.js';

/**
 * Probes a TEA server's authentication against sections 4, 5 and 7 and returns one result per
 * rule of {@link AUTH_CHECK_RULES}. A server answering 404 at `POST /token` while its resource is
 * open is read as "no authentication" (5.1.1), which passes. A key the server refuses
 * (`invalid_client`) is the key's fault, not the server's: the token rules are skipped and
 * `tokenRefusal` says why. Throws a `NetworkError` when the server cannot be reached at all.
 *
 * The API key goes only to the token endpoint (5.2.6): the secret is sent in HTTP Basic
 * credentials to `POST /token`, and nowhere else. The `no-x-api-key` probe sends a random decoy
 * in `X-API-Key`, never the key. Key ids and secrets with `:`, `%`, `+`, spaces or non-ASCII
 * characters are form-urlencoded, then UTF-8, then Base64 (5.2.3).
 *
 * @example
 * ```ts
 * import { authCheck } from 'teapurl/tea/client';
 * const report = await authCheck('https://tea.example.com/v1.0.0', { credentials: { keyId: 'id', secret: 's3cret' } });
 * for (const r of report.results) console.log(r.outcome, r.section, r.title);
 * ```
 */
export async function authCheck(baseUrl: string, options: AuthCheckOptions = {}): Promise<AuthCheckReport> {
  const { runAuthCheck } = await import('../server-flows.js');
  return runAuthCheck(baseUrl, options);
}
