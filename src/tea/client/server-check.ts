/**
 * A check of what a TEA server serves: it walks the server from its listings (products, their
 * releases, components, component releases, collections, artefacts, CLE documents, TEI
 * discovery) and validates every answer against the TEA schemas, one verdict per request.
 */
import type { TeaArtifact, TeaCollection, TeaComponentRef, TeaProductRelease } from '../../../types/index.js';
import { TeaApi, TeaApiError, type TeaApiOptions } from './tea-api.js';
import { TEA_OPERATIONS, operationPath } from '../protocol/api-operations.js';
import type { TeaClientOptions } from './tea-client.js';

/**
 * The verdict on one request of {@link checkTeaServer}.
 *
 * @example
 * ```ts
 * import type { TeaCheckResult } from 'teapurl/tea/client';
 * const result: TeaCheckResult = { operationId: 'getTeaProductByUuid', path: '/product/09e8c73b-ac45-4475-acac-33e6a7314e6d', outcome: 'pass', detail: 'a valid tea-product' };
 * ```
 */
export interface TeaCheckResult {
  /** The OpenAPI `operationId`. */
  operationId: string;
  /** The path asked, under the base URL. */
  path: string;
  /** `fail`: an invalid answer or a server error; `skip`: absent (404) or not for this client (401, 403). */
  outcome: 'pass' | 'fail' | 'skip';
  /** What was seen, in one line. */
  detail: string;
}

/**
 * Everything {@link checkTeaServer} found.
 *
 * @example
 * ```ts
 * import { checkTeaServer, type TeaCheckReport } from 'teapurl/tea/client';
 * const report: TeaCheckReport = await checkTeaServer({ baseUrl: 'https://tea.example.com/v1.0.0' });
 * console.log(report.passed ? 'every answer is valid' : report.results.filter((r) => r.outcome === 'fail'));
 * ```
 */
export interface TeaCheckReport {
  /** The API base URL checked. */
  baseUrl: string;
  /** `true` when no request failed. */
  passed: boolean;
  /** One result per request, in the order they were sent. */
  results: TeaCheckResult[];
}

/**
 * Options of {@link checkTeaServer}: the client's, and how far to walk.
 *
 * @example
 * ```ts
 * import { checkTeaServer, type TeaCheckOptions } from 'teapurl/tea/client';
 * const options: TeaCheckOptions = { baseUrl: 'https://tea.example.com/v1.0.0', maxObjects: 5, maxRequests: 100 };
 * await checkTeaServer(options);
 * ```
 */
export interface TeaCheckOptions extends TeaClientOptions, TeaApiOptions {
  /** The most objects of each kind followed from a listing. Default 20. */
  maxObjects?: number;
  /** The most requests in all. Default 500. */
  maxRequests?: number;
}

const OPERATION = new Map(TEA_OPERATIONS.map((o) => [o.operationId, o]));

/**
 * Walks a TEA server and validates every answer against the TEA schemas: the first page of each
 * listing (products, product releases, components, component releases), then each object found,
 * its releases, collections (latest, all, and the latest by version), CLE document and artefacts,
 * and `GET /discovery?tei=` for the TEIs the product releases carry. A 404 is a skip (absent or
 * withheld), so is a 401 or 403 (give credentials to go further); an invalid answer or a server
 * error is a failure. Throws a `NetworkError` only when the server cannot be reached at all.
 *
 * @example
 * ```ts
 * import { checkTeaServer } from 'teapurl/tea/client';
 * const report = await checkTeaServer({ baseUrl: 'https://tea.example.com/v1.0.0', credentials: { keyId: 'id', secret: 's3cret' } });
 * for (const r of report.results) console.log(r.outcome, r.operationId, r.path);
 * ```
 */
export async function checkTeaServer(options: TeaCheckOptions): Promise<TeaCheckReport> {
  const api = new TeaApi(options, options);
  const maxObjects = options.maxObjects ?? 20;
  const maxRequests = options.maxRequests ?? 500;
  const results: TeaCheckResult[] = [];
  const asked = new Set<string>();

  /** One request: its verdict recorded, its answer returned when valid. */
  const probe = async <T>(operationId: string, params: { uuid?: string; version?: number; query?: Record<string, string | number> } = {}): Promise<T | undefined> => {
    const operation = OPERATION.get(operationId)!;
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params.query ?? {})) search.set(name, String(value));
    const path = `${operationPath(operation, params.uuid, params.version)}${search.size > 0 ? `?${search.toString()}` : ''}`;
    if (asked.has(path) || results.length >= maxRequests) return undefined;
    asked.add(path);
    try {
      const value = await api.call<T>(operationId, params);
      results.push({ operationId, path, outcome: 'pass', detail: `a valid ${operation.answer}` });
      return value;
    } catch (error) {
      if (!(error instanceof TeaApiError)) throw error;
      const skipped = error.code === 'not-found' || error.code === 'forbidden' || error.code === 'unauthorized';
      const detail = error.message.startsWith(`${operationId}: `) ? error.message.slice(operationId.length + 2) : error.message;
      results.push({ operationId, path, outcome: skipped ? 'skip' : 'fail', detail: error.code === 'unauthorized' ? `${detail}; give an API key to go further` : detail });
      return undefined;
    }
  };
  const firstPage = async <T>(operationId: string, uuid?: string): Promise<T[]> =>
    (await probe<{ results?: T[] }>(operationId, { ...(uuid ? { uuid } : {}), query: { pageOffset: 0, pageSize: maxObjects } }))?.results?.slice(0, maxObjects) ?? [];

  const collectionsOf = async (latest: string, all: string, byVersion: string, uuid: string): Promise<TeaCollection[]> => {
    const collection = await probe<TeaCollection>(latest, { uuid });
    await probe(all, { uuid });
    if (collection?.version !== undefined) await probe(byVersion, { uuid, version: collection.version });
    return collection ? [collection] : [];
  };

  const products = await firstPage<{ uuid: string }>('queryTeaProducts');
  const releases: TeaProductRelease[] = [...(await firstPage<TeaProductRelease>('queryTeaProductReleases'))];
  await firstPage('queryTeaComponents');
  await firstPage('queryTeaComponentReleases');
  for (const product of products) {
    await probe('getTeaProductByUuid', { uuid: product.uuid });
    await probe('getCleByProductId', { uuid: product.uuid });
    releases.push(...(await firstPage<TeaProductRelease>('getReleasesByProductId', product.uuid)));
  }
  const collections: TeaCollection[] = [];
  const components: TeaComponentRef[] = [];
  for (const release of releases.slice(0, maxObjects)) {
    await probe('getTeaProductReleaseByUuid', { uuid: release.uuid });
    await probe('getCleByProductReleaseId', { uuid: release.uuid });
    collections.push(...(await collectionsOf('getLatestCollectionForProductRelease', 'getCollectionsByProductReleaseId', 'getCollectionForProductRelease', release.uuid)));
    components.push(...(release.components ?? []));
    for (const id of release.identifiers ?? []) if (id.idType === 'TEI' && id.idValue) await probe('discoveryByTei', { query: { tei: id.idValue } });
  }
  for (const ref of components.slice(0, maxObjects)) {
    await probe('getTeaComponentById', { uuid: ref.uuid });
    await probe('getCleByComponentId', { uuid: ref.uuid });
    const componentReleases = (await probe<Array<{ uuid: string }>>('getReleasesByComponentId', { uuid: ref.uuid })) ?? [];
    for (const uuid of [ref.release, componentReleases[0]?.uuid]) {
      if (uuid === undefined) continue;
      await probe('getComponentReleaseById', { uuid });
      await probe('getCleByComponentReleaseId', { uuid });
      collections.push(...(await collectionsOf('getLatestCollection', 'getCollectionsByReleaseId', 'getCollection', uuid)));
    }
  }
  const artifacts: TeaArtifact[] = collections.flatMap((c) => c.artifacts ?? []);
  for (const artifact of artifacts.slice(0, maxObjects)) {
    await probe('getLatestArtifact', { uuid: artifact.uuid });
    await probe('getArtifactByVersion', { uuid: artifact.uuid, version: artifact.version ?? 1 });
  }
  return { baseUrl: api.client.baseUrl, passed: results.every((r) => r.outcome !== 'fail'), results };
}
