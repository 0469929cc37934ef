/**
 * `checkTeaServer`, the conformance check of a TEA server: the walk itself (server-walk.ts, with
 * the TEA objects' validator and the checksum algorithms) is loaded on the first call, so that a
 * page that only reads from a server does not fetch it.
 */
import type { TeaCheckOptions, TeaCheckReport } from './server-walk.js';

export type { TeaCheckOptions, TeaCheckReport, TeaCheckResult } from './server-walk.js';

/**
 * Checks a TEA server against TEA 1.0 and the seed, as a conformance suite: every GET operation
 * reachable from its listings (each answer valid for its kind), pagination, discovery, the error
 * answers, authentication and artefact checksums (see {@link TeaCheckResult}). A 404 or 401/403
 * on an object is a skip (absent or withheld); an invalid answer, a server error or a broken rule
 * is a failure. Throws a `NetworkError` only when the server cannot be reached at all.
 *
 * @example
 * ```ts
 * import { checkTeaServer } from 'teapurl/tea/client';
 * const report = await checkTeaServer({ baseUrl: 'https://tea.example.com/v1.0.0', credentials: { keyId: 'id', secret: 's3cret' } });
 * for (const r of report.results) console.log(r.outcome, r.check, r.operationId, r.path);
 * ```
 */
export async function checkTeaServer(options: TeaCheckOptions): Promise<TeaCheckReport> {
  const { walkTeaServer } = await import('./server-flows.js');
  return walkTeaServer(options);
}
