/**
 * The typed TEA client: a method per GET operation of the TEA API, each answer validated against
 * its schema before it is handed out, pages walked by async iterators. Every request goes through
 * a `TeaClient`, so authentication (the challenge, `POST /token`, one retry on `invalid_token`)
 * is the same as for any request.
 */
import type {
  TeaArtifact,
  TeaCle,
  TeaCollection,
  TeaComponent,
  TeaComponentRelease,
  TeaComponentReleaseWithCollection,
  TeaDiscoveryInfo,
  TeaProduct,
  TeaProductRelease,
} from '../../../types/index.js';
import type { TeaObjectKind, TeaObjectTypes } from '../kinds/objects/tea-object-types.js';
import { TEA_OPERATIONS, operationPath, type TeaOperation } from '../protocol/api-operations.js';
import { TeaClient, type TeaClientOptions } from './tea-client.js';
import { InvalidArgumentError } from '../../shared/errors.js';
import { TeaApiError } from './tea-api-error.js';

export { TeaApiError, type TeaApiFailure } from './tea-api-error.js';

/**
 * A filter by identifier, as the listing operations take it.
 *
 * @example
 * ```ts
 * import { TeaApi, type TeaIdentifierQuery } from 'teapurl/tea/client';
 * const query: TeaIdentifierQuery = { idType: 'PURL', idValue: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.24.3' };
 * for await (const release of new TeaApi({ baseUrl: 'https://tea.example.com/v1.0.0' }).componentReleases(query)) console.log(release.uuid);
 * ```
 */
export interface TeaIdentifierQuery {
  /** `PURL`, `CPE`, `TEI` or `COMPLIANCE_DOCUMENT`. */
  idType?: 'CPE' | 'TEI' | 'PURL' | 'COMPLIANCE_DOCUMENT';
  /** The identifier value. */
  idValue?: string;
}

/**
 * How a listing is asked for (TEA 1.0's opaque pagination): results per page, and their order.
 * The iterators send the previous page's `nextPageToken` as `pageToken` themselves, with the
 * same filter and order.
 *
 * @example
 * ```ts
 * import { TeaApi, type TeaPageRequest } from 'teapurl/tea/client';
 * const request: TeaPageRequest = { pageSize: 50, sortField: 'createdDate', sortOrder: 'desc' };
 * for await (const release of new TeaApi({ baseUrl: 'https://tea.example.com/v1.0.0' }).productReleases(request)) console.log(release.version);
 * ```
 */
export interface TeaPageRequest {
  /** Results per page. Default the server's (100 in the OpenAPI description). */
  pageSize?: number;
  /** What to order by: one of the operation's `sortFields` (see `TEA_OPERATIONS`). Default the server's. */
  sortField?: string;
  /** `asc` or `desc`. Default the server's. */
  sortOrder?: 'asc' | 'desc';
}

/**
 * A listing's filter and page request together, as the listing methods take them.
 *
 * @example
 * ```ts
 * import type { TeaListQuery } from 'teapurl/tea/client';
 * const query: TeaListQuery = { idType: 'PURL', idValue: 'pkg:npm/left-pad', pageSize: 20 };
 * ```
 */
export type TeaListQuery = TeaIdentifierQuery & TeaPageRequest;

/**
 * Options of {@link TeaApi}, beside those of the `TeaClient` it makes (or is given).
 *
 * @example
 * ```ts
 * import { TeaApi, type TeaApiOptions } from 'teapurl/tea/client';
 * const options: TeaApiOptions = { maxBytes: 4 * 1024 * 1024, maxPages: 100 };
 * const api = new TeaApi({ baseUrl: 'https://tea.example.com/v1.0.0' }, options);
 * ```
 */
export interface TeaApiOptions {
  /** The largest answer read, in bytes. Default 16 MiB. */
  maxBytes?: number;
  /** The most pages an iterator asks for, a bound against a server that pages without end. Default 10,000. */
  maxPages?: number;
  /** The most results one listing may hold in all its pages. Default 100,000. */
  maxItems?: number;
  /**
   * Called with a message when a server answers in a form TEA 1.0 replaced but teapurl still
   * reads (an offset page, a plain list where a page is due). Default: none.
   */
  onWarning?: (message: string) => void;
}

const OPERATIONS = new Map(TEA_OPERATIONS.map((operation) => [operation.operationId, operation]));

/**
 * The TEA API, typed: one method per GET operation of the OpenAPI description, each answer
 * validated against its schema (an answer that fails is a {@link TeaApiError} naming the
 * operation, the pointer and the rule), the listings walked page by page by async iterators.
 * 404 (absent or withheld, 5.7.4), 403 and 401 are `TeaApiError`s too; a server that cannot be
 * reached is a `NetworkError`.
 *
 * @example
 * ```ts
 * import { TeaApi } from 'teapurl/tea/client';
 * const api = new TeaApi({ baseUrl: 'https://tea.example.com/v1.0.0', credentials: { keyId: 'id', secret: 's3cret' } });
 * const release = await api.productRelease('123e4567-e89b-12d3-a456-426614174000');
 * const collection = await api.productReleaseLatestCollection(release.uuid);
 * for (const artifact of collection.artifacts ?? []) console.log(artifact.type, artifact.formats.map((f) => f.url));
 * for await (const product of api.products({ idType: 'PURL', idValue: 'pkg:npm/left-pad' })) console.log(product.name);
 * ```
 */
export class TeaApi {
  /** The authenticating client every request goes through. */
  readonly client: TeaClient;
  private readonly maxBytes: number;
  private readonly maxPages: number;
  private readonly maxItems: number;
  private readonly onWarning: ((message: string) => void) | undefined;

  constructor(client: TeaClient | TeaClientOptions, options: TeaApiOptions = {}) {
    this.client = client instanceof TeaClient ? client : new TeaClient(client);
    this.maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
    this.maxPages = options.maxPages ?? 10_000;
    this.maxItems = options.maxItems ?? 100_000;
    this.onWarning = options.onWarning;
  }

  /**
   * Calls one operation by its `operationId` and returns the validated answer. The methods below
   * are this with their types; use it for an operation by name. A listing's page must be a TEA 1.0
   * page here; {@link TeaApi.list} reads older forms too.
   *
   * @example
   * ```ts
   * const artifact = await api.call('getArtifactByVersion', { uuid: '1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce', version: 2 });
   * ```
   */
  async call<T = TeaObjectTypes[TeaObjectKind]>(
    operationId: string,
    params: {
      /** The `{uuid}` of the path. */
      uuid?: string;
      /** The `{version}` of the path. */
      version?: number;
      /** Query parameters: `tei` or `purl`, `idType`, `idValue`, `pageSize`, `pageToken`, `sortField`, `sortOrder`. */
      query?: Record<string, string | number | undefined>;
    } = {},
  ): Promise<T> {
    const operation = OPERATIONS.get(operationId);
    if (operation === undefined) throw new InvalidArgumentError(`${JSON.stringify(operationId)} is not an operation of the TEA API; see TEA_OPERATIONS`);
    checkParams(operation, params.uuid, params.version);
    return (await this.get(operation, this.pathOf(operation, params))).value as T;
  }

  /**
   * Every result of a paginated operation, page by page: the first page, then each
   * `nextPageToken` sent back as `pageToken` with the same filter and order, until `hasNext` is
   * false. Bounded: more than `maxPages` pages, more than `maxItems` results, or a token the
   * server sent before (a loop) end it with a {@link TeaApiError} naming the operation. An old
   * offset page (`pageStartIndex`, `totalResults`) or a plain list is read too, with a warning.
   *
   * @example
   * ```ts
   * for await (const product of api.list('queryTeaProducts', { query: { pageSize: 50 } })) console.log(product);
   * ```
   */
  async *list(
    operationId: string,
    params: {
      /** The `{uuid}` of the path. */
      uuid?: string;
      /** Filter and page request: `idType`, `idValue`, `pageSize`, `sortField`, `sortOrder`. */
      query?: Record<string, string | number | undefined>;
    } = {},
  ): AsyncIterable<unknown> {
    const operation = OPERATIONS.get(operationId);
    if (operation === undefined) throw new TypeError(`${JSON.stringify(operationId)} is not an operation of the TEA API; see TEA_OPERATIONS`);
    if (!operation.paginated) throw new TypeError(`${operationId} answers no list; call it with call()`);
    checkParams(operation, params.uuid, undefined);
    // The walk (tokens, offsets, the bounds, a page TEA 1.0 replaced) loads with the first page.
    const { listPages } = await import('./reading.js');
    yield* listPages({
      operation,
      uuid: params.uuid,
      query: params.query ?? {},
      maxPages: this.maxPages,
      maxItems: this.maxItems,
      baseUrl: this.client.baseUrl,
      pathOf: (query) => this.pathOf(operation, { ...params, query }),
      get: (path) => this.get(operation, path, true),
      ...(this.onWarning ? { onWarning: this.onWarning } : {}),
    });
  }

  /** The path and query of one call. */
  private pathOf(operation: TeaOperation, params: { uuid?: string; version?: number; query?: Record<string, string | number | undefined> }): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params.query ?? {})) if (value !== undefined) search.set(name, String(value));
    const query = search.size > 0 ? `?${search.toString()}` : '';
    return `${operationPath(operation, params.uuid, params.version)}${query}`;
  }

  /** `GET /product/{uuid}` (getTeaProductByUuid). */
  product(uuid: string): Promise<TeaProduct> {
    return this.call<TeaProduct>('getTeaProductByUuid', { uuid });
  }

  /** The releases of a product, every page (getReleasesByProductId). */
  productReleasesOf(productUuid: string, request: TeaPageRequest = {}): AsyncIterable<TeaProductRelease> {
    return this.walk('getReleasesByProductId', productUuid, request);
  }

  /** `GET /productRelease/{uuid}` (getTeaProductReleaseByUuid). */
  productRelease(uuid: string): Promise<TeaProductRelease> {
    return this.call<TeaProductRelease>('getTeaProductReleaseByUuid', { uuid });
  }

  /** `GET /productRelease/{uuid}/cle` (getCleByProductReleaseId). */
  productReleaseCle(uuid: string): Promise<TeaCle> {
    return this.call<TeaCle>('getCleByProductReleaseId', { uuid });
  }

  /** Product releases, filtered by an identifier, every page (queryTeaProductReleases). */
  productReleases(query: TeaListQuery = {}): AsyncIterable<TeaProductRelease> {
    return this.walk('queryTeaProductReleases', undefined, query);
  }

  /** `GET /product/{uuid}/cle` (getCleByProductId). */
  productCle(uuid: string): Promise<TeaCle> {
    return this.call<TeaCle>('getCleByProductId', { uuid });
  }

  /** Products, filtered by an identifier, every page (queryTeaProducts). */
  products(query: TeaListQuery = {}): AsyncIterable<TeaProduct> {
    return this.walk('queryTeaProducts', undefined, query);
  }

  /** `GET /component/{uuid}` (getTeaComponentById). */
  component(uuid: string): Promise<TeaComponent> {
    return this.call<TeaComponent>('getTeaComponentById', { uuid });
  }

  /** The releases of a component, every page (getReleasesByComponentId), as one list. */
  componentReleasesOf(componentUuid: string, request: TeaPageRequest = {}): Promise<TeaComponentRelease[]> {
    return collect(this.walk<TeaComponentRelease>('getReleasesByComponentId', componentUuid, request));
  }

  /** `GET /component/{uuid}/cle` (getCleByComponentId). */
  componentCle(uuid: string): Promise<TeaCle> {
    return this.call<TeaCle>('getCleByComponentId', { uuid });
  }

  /** Components, filtered by an identifier, every page (queryTeaComponents). */
  components(query: TeaListQuery = {}): AsyncIterable<TeaComponent> {
    return this.walk('queryTeaComponents', undefined, query);
  }

  /** Component releases, filtered by an identifier, every page (queryTeaComponentReleases). */
  componentReleases(query: TeaListQuery = {}): AsyncIterable<TeaComponentRelease> {
    return this.walk('queryTeaComponentReleases', undefined, query);
  }

  /** `GET /componentRelease/{uuid}`: the release with its latest collection (getComponentReleaseById). */
  componentRelease(uuid: string): Promise<TeaComponentReleaseWithCollection> {
    return this.call<TeaComponentReleaseWithCollection>('getComponentReleaseById', { uuid });
  }

  /** `GET /componentRelease/{uuid}/cle` (getCleByComponentReleaseId). */
  componentReleaseCle(uuid: string): Promise<TeaCle> {
    return this.call<TeaCle>('getCleByComponentReleaseId', { uuid });
  }

  /** `GET /componentRelease/{uuid}/collection/latest` (getLatestCollection). */
  componentReleaseLatestCollection(uuid: string): Promise<TeaCollection> {
    return this.call<TeaCollection>('getLatestCollection', { uuid });
  }

  /** `GET /productRelease/{uuid}/collection/latest` (getLatestCollectionForProductRelease). */
  productReleaseLatestCollection(uuid: string): Promise<TeaCollection> {
    return this.call<TeaCollection>('getLatestCollectionForProductRelease', { uuid });
  }

  /** Every collection of a component release, every page (getCollectionsByReleaseId), as one list. */
  componentReleaseCollections(uuid: string, request: TeaPageRequest = {}): Promise<TeaCollection[]> {
    return collect(this.walk<TeaCollection>('getCollectionsByReleaseId', uuid, request));
  }

  /** Every collection of a product release, every page (getCollectionsByProductReleaseId), as one list. */
  productReleaseCollections(uuid: string, request: TeaPageRequest = {}): Promise<TeaCollection[]> {
    return collect(this.walk<TeaCollection>('getCollectionsByProductReleaseId', uuid, request));
  }

  /** `GET /productRelease/{uuid}/collection/{version}` (getCollectionForProductRelease). */
  productReleaseCollection(uuid: string, version: number): Promise<TeaCollection> {
    return this.call<TeaCollection>('getCollectionForProductRelease', { uuid, version });
  }

  /** `GET /componentRelease/{uuid}/collection/{version}` (getCollection). */
  componentReleaseCollection(uuid: string, version: number): Promise<TeaCollection> {
    return this.call<TeaCollection>('getCollection', { uuid, version });
  }

  /** `GET /artifact/{uuid}/latest` (getLatestArtifact). */
  latestArtifact(uuid: string): Promise<TeaArtifact> {
    return this.call<TeaArtifact>('getLatestArtifact', { uuid });
  }

  /** `GET /artifact/{uuid}/{version}` (getArtifactByVersion). */
  artifact(uuid: string, version: number): Promise<TeaArtifact> {
    return this.call<TeaArtifact>('getArtifactByVersion', { uuid, version });
  }

  /**
   * `GET /discovery?tei=` (discoveryByTei): the product releases a TEI resolves to, and the
   * servers that hold each, as the OpenAPI description's list.
   *
   * @example
   * ```ts
   * const [match] = await api.discoveryByTei('urn:tei:uuid:products.example.com:d4d9f54a-abcf-11ee-ac79-1a52914d44b1');
   * match?.productReleaseUuid;
   * ```
   */
  async discoveryByTei(tei: string): Promise<TeaDiscoveryInfo[]> {
    if (typeof tei !== 'string' || tei === '') throw new InvalidArgumentError('discoveryByTei needs a TEI');
    return this.call<TeaDiscoveryInfo[]>('discoveryByTei', { query: { tei } });
  }

  /**
   * `GET /discovery?purl=` (upstream #265): the product releases a PURL names in this server's
   * inventory. A PURL carries no domain, so this asks a server already known, never another.
   *
   * @example
   * ```ts
   * const [match] = await api.discoveryByPurl('pkg:maven/org.apache.logging.log4j/log4j-core@2.24.3');
   * match?.productReleaseUuid;
   * ```
   */
  async discoveryByPurl(purl: string): Promise<TeaDiscoveryInfo[]> {
    if (typeof purl !== 'string' || purl === '') throw new TypeError('discoveryByPurl needs a PURL');
    return this.call<TeaDiscoveryInfo[]>('discoveryByTei', { query: { purl } });
  }

  /** Every result of a paginated operation, page by page, typed. */
  private walk<T>(operationId: string, uuid: string | undefined, query: TeaListQuery): AsyncIterable<T> {
    return this.list(operationId, { ...(uuid !== undefined ? { uuid } : {}), query: { ...query } }) as AsyncIterable<T>;
  }

  /**
   * One GET, its answer read (bounded) and validated as the operation's kind. For a paginated
   * operation, an answer in a form TEA 1.0 replaced is read too, and `legacy` says how.
   */
  private async get(
    operation: TeaOperation,
    path: string,
    readLegacy = false,
  ): Promise<{ url: string; value: unknown; legacy?: { form: string; results: unknown[]; nextOffset?: number } }> {
    const result = await this.client.request(path, { headers: { accept: 'application/json' } });
    // The reading and the validation load with the TEA objects' validator, on the first answer.
    const { readAnswer } = await import('./reading.js');
    return readAnswer(operation, result, this.maxBytes, readLegacy);
  }
}

/** Every item of an async iterable, in one array. */
async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** Refuses parameters that would make another path than the operation's. */
function checkParams(operation: TeaOperation, uuid: string | undefined, version: number | undefined): void {
  if (operation.path.includes('{uuid}') && (typeof uuid !== 'string' || !/^[0-9a-fA-F-]{36}$/.test(uuid))) {
    throw new InvalidArgumentError(`${operation.operationId} needs a UUID, not ${JSON.stringify(uuid ?? null)}`);
  }
  if (operation.path.includes('{version}') && (!Number.isSafeInteger(version) || version! < 1)) {
    throw new InvalidArgumentError(`${operation.operationId} needs a version, a whole number from 1`);
  }
}
