/**
 * From a TEI to the product release it names (the consumer flow of the TEA API): the TEI's domain,
 * its `/.well-known/tea`, the endpoint selected, `GET /discovery?tei=`, and the servers that hold
 * each product release it resolves to.
 */
import type { TeaDiscoveryInfo, TeaProductRelease } from '../../../types/index.js';
import { discover, type DiscoverOptions, type DiscoveryResult } from './discover.js';
import { withFailover, type FailoverOptions } from './failover.js';
import { rankValidatedDocument, type RankedEndpoint } from './rank-endpoints.js';
import { parseTei, type Tei } from './tei.js';
import { originOf } from './http.js';
import { InvalidArgumentError } from '../../shared/errors.js';
import { TeaApi, type TeaApiOptions } from './tea-api.js';
import type { ApiKeyCredentials } from './token-request.js';

/**
 * Options of `resolveTei`: discovery's, the credentials for the API servers, and where to
 * read the discovery document when it is not `https://<domain>`.
 *
 * @example
 * ```ts
 * import { resolveTei, type ResolveTeiOptions } from 'teapurl/tea/client';
 * const options: ResolveTeiOptions = { credentials: { keyId: 'id', secret: 's3cret' }, discoveryOrigin: 'https://tea.internal.example:8443' };
 * await resolveTei('urn:tei:uuid:products.example.com:d4d9f54a-abcf-11ee-ac79-1a52914d44b1', options);
 * ```
 */
export interface ResolveTeiOptions extends DiscoverOptions, TeaApiOptions {
  /**
   * An API key for the TEI service: sent to the `/token` of the endpoints its discovery document
   * (`/.well-known/tea`) lists, and of servers on the origins in `keyOrigins`; never to a server
   * on another origin that a `GET /discovery?tei=` answer names (that one is asked without it).
   */
  credentials?: ApiKeyCredentials;
  /**
   * More origins (`https://host[:port]`) whose servers may be sent the API key, for product
   * releases held on servers beside the TEI service's own endpoints.
   */
  keyOrigins?: readonly string[];
  /** Read `/.well-known/tea` from this origin instead of `https://<the TEI's domain>` (a private deployment, a test). */
  discoveryOrigin?: string;
  /** How failover waits between endpoints and servers. */
  failover?: FailoverOptions;
}

/**
 * One product release a TEI resolves to, with its servers ranked (highest shared version, then
 * priority) and a way to open it.
 *
 * @example
 * ```ts
 * import { resolveTei, type TeiMatch } from 'teapurl/tea/client';
 * const [match]: TeiMatch[] = (await resolveTei('urn:tei:uuid:products.example.com:d4d9f54a-abcf-11ee-ac79-1a52914d44b1')).matches;
 * const { productRelease } = await match!.open();
 * ```
 */
export interface TeiMatch {
  /** The product release's UUID. */
  productReleaseUuid: string;
  /** The servers that hold it, most preferred first (each `baseUrl` is `rootUrl + "/v" + version`). */
  servers: RankedEndpoint[];
  /** Reads the product release from the first server that answers (failover on network errors and 5xx). */
  open(): Promise<{
    /** The typed client of the server that answered. */
    api: TeaApi;
    /** The product release, validated. */
    productRelease: TeaProductRelease;
  }>;
}

/**
 * What `resolveTei` found.
 *
 * @example
 * ```ts
 * import { resolveTei, type TeiResolution } from 'teapurl/tea/client';
 * const resolution: TeiResolution = await resolveTei('tei://products.example.com/uuid/d4d9f54a-abcf-11ee-ac79-1a52914d44b1');
 * console.log(resolution.endpoint.baseUrl, resolution.matches.map((m) => m.productReleaseUuid));
 * ```
 */
export interface TeiResolution {
  /** The TEI, read. */
  tei: Tei;
  /** The discovery of the TEI's domain (or `discoveryOrigin`). */
  discovery: DiscoveryResult;
  /** The endpoint that answered `GET /discovery?tei=`. */
  endpoint: RankedEndpoint;
  /** The product releases the TEI resolves to: usually one. */
  matches: TeiMatch[];
}

/** The servers of a discovery answer, ranked as endpoints are (section 9). */
function rankServers(info: TeaDiscoveryInfo, options: ResolveTeiOptions): RankedEndpoint[] {
  const endpoints = info.servers.map((server) => ({
    url: server.rootUrl,
    versions: server.versions,
    ...(server.priority !== undefined ? { priority: server.priority } : {}),
  }));
  return rankValidatedDocument(
    { schemaVersion: 1, endpoints: endpoints as [(typeof endpoints)[number], ...typeof endpoints] },
    options.clientVersions ?? ['1.0.0'],
    options,
  );
}

/** What `resolveTei` (resolve-tei.ts, which loads this module on first call) does. */
export async function resolveTeiFlow(tei: string, options: ResolveTeiOptions = {}): Promise<TeiResolution> {
  const parsed = parseTei(tei);
  const keyOrigins = keyOriginsOf(options);
  const discovery = await discover(options.discoveryOrigin ?? tei, options);
  return { tei: parsed, ...(await resolveOn(discovery, (api) => api.discoveryByTei(tei.trim()), options, keyOrigins)) };
}

/**
 * What `resolvePurl` found: as for a TEI, the PURL instead.
 *
 * @example
 * ```ts
 * import { resolvePurl, type PurlResolution } from 'teapurl/tea/client';
 * const resolution: PurlResolution = await resolvePurl('pkg:generic/acme/widget@1.0.0', { discoveryOrigin: 'https://tea.example.com' });
 * ```
 */
export interface PurlResolution extends Omit<TeiResolution, 'tei'> {
  /** The PURL asked for. */
  purl: string;
}

/** What `resolvePurl` (resolve-tei.ts, which loads this module on first call) does. */
export async function resolvePurlFlow(purl: string, options: ResolveTeiOptions): Promise<PurlResolution> {
  if (typeof purl !== 'string' || !/^pkg:/i.test(purl.trim())) throw new InvalidArgumentError(`${JSON.stringify(purl)} is not a PURL (pkg:<type>/…)`);
  if (options.discoveryOrigin === undefined) throw new InvalidArgumentError('a PURL carries no domain: resolvePurl needs the server, as discoveryOrigin');
  const keyOrigins = keyOriginsOf(options);
  const discovery = await discover(options.discoveryOrigin, options);
  return { purl: purl.trim(), ...(await resolveOn(discovery, (api) => api.discoveryByPurl(purl.trim()), options, keyOrigins)) };
}

/** The origins the caller names for its key (`keyOrigins`), read as origins. */
function keyOriginsOf(options: ResolveTeiOptions): Set<string> {
  const keyOrigins = new Set<string>();
  for (const origin of options.keyOrigins ?? []) {
    const read = originOf(origin);
    if (read === null || read === 'null') throw new InvalidArgumentError(`keyOrigins: ${JSON.stringify(origin)} is not an absolute URL`);
    keyOrigins.add(read);
  }
  return keyOrigins;
}

/** The flow after discovery, for a TEI or a PURL: the ranked endpoints asked in turn, each match's servers ranked. */
async function resolveOn(
  discovery: DiscoveryResult,
  ask: (api: TeaApi) => Promise<TeaDiscoveryInfo[]>,
  options: ResolveTeiOptions,
  keyOrigins: Set<string>,
): Promise<Omit<TeiResolution, 'tei'>> {
  // The key was given for the TEI service: its endpoints' origins, and those the caller names.
  for (const endpoint of discovery.ranked) keyOrigins.add(originOf(endpoint.baseUrl) ?? '');
  // One client per API base: a token obtained for discovery serves the reads that follow.
  const apis = new Map<string, TeaApi>();
  const apiFor = (endpoint: RankedEndpoint): TeaApi => {
    const known = apis.get(endpoint.baseUrl);
    if (known) return known;
    const keyGoesThere = options.credentials !== undefined && keyOrigins.has(originOf(endpoint.baseUrl) ?? '');
    const api = new TeaApi(
      {
        baseUrl: endpoint.baseUrl,
        ...(keyGoesThere ? { credentials: options.credentials! } : {}),
        ...(options.transport ? { transport: options.transport } : {}),
        ...(options.allowInsecureHttp ? { allowInsecureHttp: true } : {}),
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      },
      options,
    );
    apis.set(endpoint.baseUrl, api);
    return api;
  };
  let endpoint = discovery.selected;
  const infos = await withFailover(
    discovery.ranked,
    async (candidate) => {
      endpoint = candidate;
      return ask(apiFor(candidate));
    },
    options.failover,
  );
  const matches = infos.map((info): TeiMatch => {
    const servers = rankServers(info, options);
    return {
      productReleaseUuid: info.productReleaseUuid,
      servers,
      open: () =>
        withFailover(
          servers,
          async (server) => {
            const api = apiFor(server);
            return { api, productRelease: await api.productRelease(info.productReleaseUuid) };
          },
          options.failover,
        ),
    };
  });
  return { discovery, endpoint, matches };
}
