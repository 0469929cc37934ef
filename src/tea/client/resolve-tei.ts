/**
 * `resolveTei` and `resolvePurl`: from a TEI or a PURL to the product releases it names, through
 * discovery and the servers' `/discovery`. The flow (resolve-tei-flow.ts) is loaded on the first
 * call.
 */
import type { PurlResolution, ResolveTeiOptions, TeiResolution } from './resolve-tei-flow.js';

export type { PurlResolution, ResolveTeiOptions, TeiMatch, TeiResolution } from './resolve-tei-flow.js';

/**
 * Resolves a TEI to the product releases it names: `/.well-known/tea` of the TEI's domain (or
 * `discoveryOrigin`), the endpoints ranked, `GET /discovery?tei=` on the first that answers
 * (failover on network errors and 5xx, never on 401 or 403), and each product release's servers
 * ranked. `open()` on a match reads the product release. Every request goes through the
 * authenticating client: a server that challenges gets the token flow.
 *
 * @example
 * ```ts
 * import { resolveTei } from 'teapurl/tea/client';
 * const { matches } = await resolveTei('urn:tei:uuid:products.example.com:d4d9f54a-abcf-11ee-ac79-1a52914d44b1', { credentials: { keyId: 'id', secret: 's3cret' } });
 * const { api, productRelease } = await matches[0]!.open();
 * const collection = await api.productReleaseLatestCollection(productRelease.uuid);
 * ```
 */
export async function resolveTei(tei: string, options: ResolveTeiOptions = {}): Promise<TeiResolution> {
  const { resolveTeiFlow } = await import('./server-flows.js');
  return resolveTeiFlow(tei, options);
}

/**
 * The PURL sibling of {@link resolveTei} (upstream #265): `GET /discovery?purl=` on the server
 * at `discoveryOrigin`, which must be given, since a PURL carries no domain to find a server by;
 * then the same as for a TEI: its `/.well-known/tea`, the endpoints ranked, failover, each
 * product release's servers ranked.
 *
 * @example
 * ```ts
 * import { resolvePurl } from 'teapurl/tea/client';
 * const { matches } = await resolvePurl('pkg:generic/acme/widget@1.0.0', { discoveryOrigin: 'https://tea.example.com' });
 * const { productRelease } = await matches[0]!.open();
 * ```
 */
export async function resolvePurl(purl: string, options: ResolveTeiOptions): Promise<PurlResolution> {
  const { resolvePurlFlow } = await import('./server-flows.js');
  return resolvePurlFlow(purl, options);
}
