/**
 * The TEA API's GET operations (the OpenAPI description's paths), as data: the path of each under
 * the API base, what it answers with, and whether it is paginated. The client builds its requests
 * from it, the test server routes by it, `tea get` tells an answer's kind by it.
 */
import { deepFreeze } from '../../shared/deep-freeze.js';
import type { TeaObjectKind } from '../kinds/objects/tea-object-types.js';

/**
 * One GET operation: its OpenAPI `operationId`, its path (`{uuid}` and `{version}` are
 * parameters), the kind of its answer, and whether the answer is a page.
 *
 * @example
 * ```ts
 * import { TEA_OPERATIONS, type TeaOperation } from 'teapurl/tea/client';
 * const latest: TeaOperation | undefined = TEA_OPERATIONS.find((o) => o.operationId === 'getLatestArtifact');
 * latest?.path; // '/artifact/{uuid}/latest'
 * ```
 */
export interface TeaOperation {
  /** The OpenAPI description's `operationId`. */
  readonly operationId: string;
  /** The path under the API base URL. */
  readonly path: string;
  /** The document kind of a 200 answer. */
  readonly answer: TeaObjectKind;
  /**
   * Answers a page (TEA 1.0's opaque pagination): takes `pageSize`, `pageToken` (the previous
   * page's `nextPageToken`), `sortField` (one of {@link TeaOperation.sortFields}) and `sortOrder`.
   */
  readonly paginated: boolean;
  /** The `sortField` values a paginated operation takes; empty for the others. */
  readonly sortFields: readonly string[];
  /** Takes `idType` and `idValue` to filter by an identifier. */
  readonly byIdentifier: boolean;
  /** Takes `tei` (the discovery operation). */
  readonly byTei?: boolean;
  /** Takes `purl` instead of `tei` (the discovery operation, upstream #265): exactly one of the two. */
  readonly byPurl?: boolean;
}

/**
 * The sort fields of each listing, as the merged text's `sort-field-*` parameters enumerate them
 * (upstream #253): the first is the default; ties go by `uuid` (collections: `version`).
 */
const SORT = {
  products: ['name'],
  releases: ['createdDate', 'releaseDate', 'version'],
  collections: ['version'],
} as const;

const op = (
  operationId: string,
  path: string,
  answer: TeaObjectKind,
  flags: { paginated?: keyof typeof SORT; byIdentifier?: boolean; byTei?: boolean } = {},
): TeaOperation => ({
  operationId,
  path,
  answer,
  paginated: flags.paginated !== undefined,
  sortFields: flags.paginated === undefined ? [] : SORT[flags.paginated],
  byIdentifier: flags.byIdentifier ?? false,
  ...(flags.byTei ? { byTei: true, byPurl: true } : {}),
});

/**
 * The 23 GET operations of the TEA API, as its OpenAPI description lists them.
 *
 * @example
 * ```ts
 * import { TEA_OPERATIONS } from 'teapurl/tea/client';
 * TEA_OPERATIONS.filter((o) => o.paginated).length; // 8: the five listings, a component's releases and both collection lists
 * ```
 */
export const TEA_OPERATIONS: readonly TeaOperation[] = deepFreeze([
  op('getTeaProductByUuid', '/product/{uuid}', 'tea-product'),
  op('getReleasesByProductId', '/product/{uuid}/releases', 'tea-product-release-page', { paginated: 'releases' }),
  op('getTeaProductReleaseByUuid', '/productRelease/{uuid}', 'tea-product-release'),
  op('getCleByProductReleaseId', '/productRelease/{uuid}/cle', 'tea-cle'),
  op('queryTeaProductReleases', '/productReleases', 'tea-product-release-page', { paginated: 'releases', byIdentifier: true }),
  op('getCleByProductId', '/product/{uuid}/cle', 'tea-cle'),
  op('queryTeaProducts', '/products', 'tea-product-page', { paginated: 'products', byIdentifier: true }),
  op('getTeaComponentById', '/component/{uuid}', 'tea-component'),
  op('getReleasesByComponentId', '/component/{uuid}/releases', 'tea-component-release-page', { paginated: 'releases' }),
  op('getCleByComponentId', '/component/{uuid}/cle', 'tea-cle'),
  op('queryTeaComponents', '/components', 'tea-component-page', { paginated: 'products', byIdentifier: true }),
  op('queryTeaComponentReleases', '/componentReleases', 'tea-component-release-page', { paginated: 'releases', byIdentifier: true }),
  op('getComponentReleaseById', '/componentRelease/{uuid}', 'tea-component-release-with-collection'),
  op('getCleByComponentReleaseId', '/componentRelease/{uuid}/cle', 'tea-cle'),
  op('getLatestCollection', '/componentRelease/{uuid}/collection/latest', 'tea-collection'),
  op('getLatestCollectionForProductRelease', '/productRelease/{uuid}/collection/latest', 'tea-collection'),
  op('getCollectionsByReleaseId', '/componentRelease/{uuid}/collections', 'tea-collection-page', { paginated: 'collections' }),
  op('getCollectionsByProductReleaseId', '/productRelease/{uuid}/collections', 'tea-collection-page', { paginated: 'collections' }),
  op('getCollectionForProductRelease', '/productRelease/{uuid}/collection/{version}', 'tea-collection'),
  op('getCollection', '/componentRelease/{uuid}/collection/{version}', 'tea-collection'),
  op('getLatestArtifact', '/artifact/{uuid}/latest', 'tea-artifact'),
  op('getArtifactByVersion', '/artifact/{uuid}/{version}', 'tea-artifact'),
  op('discoveryByTei', '/discovery', 'tea-discovery-info', { byTei: true }),
]);

/**
 * An operation a path matched, with its parameters.
 *
 * @example
 * ```ts
 * import { matchOperation, type MatchedOperation } from 'teapurl/tea/client';
 * const matched: MatchedOperation | null = matchOperation('/artifact/1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce/2');
 * matched?.operation.operationId; // 'getArtifactByVersion'
 * ```
 */
export interface MatchedOperation {
  /** The operation. */
  readonly operation: TeaOperation;
  /** The `{uuid}` parameter, lowercased, when the path has one. */
  readonly uuid?: string;
  /** The `{version}` parameter, when the path has one. */
  readonly version?: number;
}

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const VERSION = /^[1-9]\d{0,8}$/;

/**
 * The operation a path (under the API base, such as `/artifact/<uuid>/latest`) names, or `null`.
 * A literal segment wins over a parameter (`/artifact/<uuid>/latest` is never version "latest").
 * A `{uuid}` must be a UUID and a `{version}` a whole number from 1.
 *
 * @example
 * ```ts
 * import { matchOperation } from 'teapurl/tea/client';
 * matchOperation('/productRelease/123e4567-e89b-12d3-a456-426614174000/collection/latest')?.operation.answer; // 'tea-collection'
 * ```
 */
export function matchOperation(path: string): MatchedOperation | null {
  const segments = path.split('/').slice(1);
  for (const operation of TEA_OPERATIONS) {
    const template = operation.path.split('/').slice(1);
    if (template.length !== segments.length) continue;
    let uuid: string | undefined;
    let version: number | undefined;
    const fits = template.every((part, i) => {
      const segment = segments[i]!;
      if (part === '{uuid}') return UUID.test(segment) && (uuid = segment.toLowerCase()) !== undefined;
      if (part === '{version}') return VERSION.test(segment) && (version = Number(segment)) > 0;
      return part === segment;
    });
    if (fits) return { operation, ...(uuid !== undefined ? { uuid } : {}), ...(version !== undefined ? { version } : {}) };
  }
  return null;
}

/**
 * The path of `operation` with its parameters filled in.
 *
 * @example
 * ```ts
 * operationPath(TEA_OPERATIONS[0], '09e8c73b-ac45-4475-acac-33e6a7314e6d'); // '/product/09e8c73b-ac45-4475-acac-33e6a7314e6d'
 * ```
 */
export function operationPath(operation: TeaOperation, uuid?: string, version?: number): string {
  return operation.path.replace('{uuid}', encodeURIComponent(uuid ?? '')).replace('{version}', String(version ?? ''));
}

/**
 * Where one format of an artefact is fetched from: its `url` when it has one (a location outside
 * the TEA API), otherwise the API's own download endpoint,
 * `{baseUrl}/artifact/{uuid}/{version}/download?mediaType=…` (upstream #262), which takes the
 * client's token like every other path under the base. `undefined` for a format with neither a
 * `url` nor a `mediaType` to select it by.
 *
 * @example
 * ```ts
 * import { artifactFormatUrl } from 'teapurl/tea/client';
 * artifactFormatUrl('https://tea.example.com/v1.0.0', { uuid: '1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce', version: 2 }, { mediaType: 'application/vnd.cyclonedx+json' });
 * // 'https://tea.example.com/v1.0.0/artifact/1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce/2/download?mediaType=application%2Fvnd.cyclonedx%2Bjson'
 * ```
 */
export function artifactFormatUrl(
  baseUrl: string,
  artifact: { readonly uuid: string; readonly version?: number },
  format: { readonly url?: string; readonly mediaType?: string },
): string | undefined {
  if (format.url !== undefined) return format.url;
  if (format.mediaType === undefined || format.mediaType === '') return undefined;
  return `${baseUrl.replace(/\/+$/, '')}/artifact/${encodeURIComponent(artifact.uuid)}/${artifact.version ?? 1}/download?mediaType=${encodeURIComponent(format.mediaType)}`;
}
