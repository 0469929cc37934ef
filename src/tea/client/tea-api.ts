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
import type { Finding } from '../../shared/finding.js';
import { loadTeaValidator } from '../kinds/protocol-validator.js';
import type { TeaObjectKind, TeaObjectTypes } from '../kinds/objects/tea-object-types.js';
import { andMore } from '../../shared/messages.js';
import { TEA_OPERATIONS, operationPath, type TeaOperation } from '../protocol/api-operations.js';
import { BodyTooLargeError, discardBody, isJsonContentType, JsonTooDeepError, readJsonBody, utf8 } from './http.js';
import { toNetworkError } from './network-error.js';
import { TeaClient, type TeaClientOptions, type TeaOutcome } from './tea-client.js';
import { InvalidArgumentError, TeapurlError } from '../../shared/errors.js';

/**
 * Why a typed call gave no object: the server answered 404, 403 or 401 (after the token flow),
 * another status, or an answer that is not the object the operation promises.
 *
 * @example
 * ```ts
 * import { TeaApiError, type TeaApiFailure } from 'teapurl/tea/client';
 * const failure: TeaApiFailure = new TeaApiError('not-found', 'getTeaProductByUuid', 'https://tea.example.com/v1.0.0/product/x', 404, 'absent').code;
 * ```
 */
export type TeaApiFailure = 'not-found' | 'forbidden' | 'unauthorized' | 'http-status' | 'content-type' | 'too-large' | 'invalid-answer';

/**
 * A typed call that gave no object. The message names the operation and the URL; for an answer
 * that fails its schema, also the JSON Pointer, the line and column, and the rule of the first
 * problem (`findings` has them all).
 *
 * @example
 * ```ts
 * import { TeaApi, TeaApiError } from 'teapurl/tea/client';
 * const api = new TeaApi({ baseUrl: 'https://tea.example.com/v1.0.0' });
 * try {
 *   await api.product('09e8c73b-ac45-4475-acac-33e6a7314e6d');
 * } catch (e) {
 *   if (e instanceof TeaApiError && e.code === 'invalid-answer') console.error(e.operationId, e.pointer, e.rule);
 *   else throw e;
 * }
 * ```
 */
export class TeaApiError extends TeapurlError<TeaApiFailure> {
  /** Always `'TeaApiError'`. */
  override name = 'TeaApiError';
  /** The rule of the first problem of an invalid answer, such as `schema/required`; else `null`. */
  readonly rule: string | null;
  /** The JSON Pointer of the first problem of an invalid answer; else `null`. */
  readonly pointer: string | null;

  constructor(
    /** Why no object was given: the error's `code`. */
    code: TeaApiFailure,
    /** The OpenAPI `operationId` of the call. */
    readonly operationId: string,
    /** The URL asked. */
    readonly url: string,
    /** The HTTP status of the answer. */
    readonly status: number,
    message: string,
    /** Every finding of an invalid answer, with line and column. */
    readonly findings: readonly Finding[] = [],
  ) {
    super(message, { code });
    const first = findings.find((f) => f.severity === 'error');
    this.rule = first?.rule ?? null;
    this.pointer = first === undefined ? null : first.pointer || '/';
  }
}

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
 * Where a page starts and how many results it asks for.
 *
 * @example
 * ```ts
 * import type { TeaPageRequest } from 'teapurl/tea/client';
 * const second: TeaPageRequest = { pageOffset: 100, pageSize: 100 };
 * ```
 */
export interface TeaPageRequest {
  /** The first result's position, from 0. Default 0. */
  pageOffset?: number;
  /** Results per page. Default the server's (100 in the OpenAPI description). */
  pageSize?: number;
}

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
}

const OPERATIONS = new Map(TEA_OPERATIONS.map((operation) => [operation.operationId, operation]));
const FAILURE: Partial<Record<TeaOutcome, TeaApiFailure>> = { 'not-found': 'not-found', forbidden: 'forbidden', unauthorized: 'unauthorized' };

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

  constructor(client: TeaClient | TeaClientOptions, options: TeaApiOptions = {}) {
    this.client = client instanceof TeaClient ? client : new TeaClient(client);
    this.maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
    this.maxPages = options.maxPages ?? 10_000;
  }

  /**
   * Calls one operation by its `operationId` and returns the validated answer. The methods below
   * are this with their types; use it for an operation by name.
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
      /** Query parameters: `tei`, `idType`, `idValue`, `pageOffset`, `pageSize`. */
      query?: Record<string, string | number | undefined>;
    } = {},
  ): Promise<T> {
    const operation = OPERATIONS.get(operationId);
    if (operation === undefined) throw new InvalidArgumentError(`${JSON.stringify(operationId)} is not an operation of the TEA API; see TEA_OPERATIONS`);
    checkParams(operation, params.uuid, params.version);
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params.query ?? {})) if (value !== undefined) search.set(name, String(value));
    const query = search.size > 0 ? `?${search.toString()}` : '';
    return (await this.get(operation, `${operationPath(operation, params.uuid, params.version)}${query}`)) as T;
  }

  /** `GET /product/{uuid}` (getTeaProductByUuid). */
  product(uuid: string): Promise<TeaProduct> {
    return this.call<TeaProduct>('getTeaProductByUuid', { uuid });
  }

  /** The releases of a product, every page (getReleasesByProductId). */
  productReleasesOf(productUuid: string): AsyncIterable<TeaProductRelease> {
    return this.walk('getReleasesByProductId', productUuid, {});
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
  productReleases(query: TeaIdentifierQuery = {}): AsyncIterable<TeaProductRelease> {
    return this.walk('queryTeaProductReleases', undefined, query);
  }

  /** `GET /product/{uuid}/cle` (getCleByProductId). */
  productCle(uuid: string): Promise<TeaCle> {
    return this.call<TeaCle>('getCleByProductId', { uuid });
  }

  /** Products, filtered by an identifier, every page (queryTeaProducts). */
  products(query: TeaIdentifierQuery = {}): AsyncIterable<TeaProduct> {
    return this.walk('queryTeaProducts', undefined, query);
  }

  /** `GET /component/{uuid}` (getTeaComponentById). */
  component(uuid: string): Promise<TeaComponent> {
    return this.call<TeaComponent>('getTeaComponentById', { uuid });
  }

  /** `GET /component/{uuid}/releases` (getReleasesByComponentId). */
  componentReleasesOf(componentUuid: string): Promise<TeaComponentRelease[]> {
    return this.call<TeaComponentRelease[]>('getReleasesByComponentId', { uuid: componentUuid });
  }

  /** `GET /component/{uuid}/cle` (getCleByComponentId). */
  componentCle(uuid: string): Promise<TeaCle> {
    return this.call<TeaCle>('getCleByComponentId', { uuid });
  }

  /** Components, filtered by an identifier, every page (queryTeaComponents). */
  components(query: TeaIdentifierQuery = {}): AsyncIterable<TeaComponent> {
    return this.walk('queryTeaComponents', undefined, query);
  }

  /** Component releases, filtered by an identifier, every page (queryTeaComponentReleases). */
  componentReleases(query: TeaIdentifierQuery = {}): AsyncIterable<TeaComponentRelease> {
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

  /** `GET /componentRelease/{uuid}/collections` (getCollectionsByReleaseId). */
  componentReleaseCollections(uuid: string): Promise<TeaCollection[]> {
    return this.call<TeaCollection[]>('getCollectionsByReleaseId', { uuid });
  }

  /** `GET /productRelease/{uuid}/collections` (getCollectionsByProductReleaseId). */
  productReleaseCollections(uuid: string): Promise<TeaCollection[]> {
    return this.call<TeaCollection[]>('getCollectionsByProductReleaseId', { uuid });
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

  /** Every result of a paginated operation, page by page. */
  private async *walk<T>(operationId: string, uuid: string | undefined, query: TeaIdentifierQuery): AsyncIterable<T> {
    let pageOffset = 0;
    for (let pages = 0; pages < this.maxPages; pages++) {
      const page = (await this.call(operationId, { ...(uuid !== undefined ? { uuid } : {}), query: { ...query, pageOffset } })) as { results?: T[]; totalResults: number };
      const results = page.results ?? [];
      yield* results;
      pageOffset += results.length;
      // An empty page ends the walk, so a server whose totalResults is wrong cannot make it loop.
      if (results.length === 0 || pageOffset >= page.totalResults) return;
    }
    throw new TeaApiError('invalid-answer', operationId, `${this.client.baseUrl}${OPERATIONS.get(operationId)!.path}`, 200, `${operationId}: more than ${this.maxPages} pages; stopped (maxPages)`);
  }

  /** One GET, its answer read (bounded) and validated as the operation's kind. */
  private async get(operation: TeaOperation, path: string): Promise<unknown> {
    const { operationId, answer: kind } = operation;
    const result = await this.client.request(path, { headers: { accept: 'application/json' } });
    const { url, status, response } = result;
    if (!result.ok) {
      await discardBody(response);
      const failure = FAILURE[result.outcome] ?? 'http-status';
      const why = failure === 'not-found' ? ' (absent, or not shown to this client)' : failure === 'unauthorized' ? ` (${result.unauthorizedReason ?? 'no token accepted'})` : '';
      throw new TeaApiError(failure, operationId, url, status, `${operationId}: ${url} answered ${status}${why}`);
    }
    const contentType = response.headers.get('content-type');
    if (!isJsonContentType(contentType)) {
      await discardBody(response);
      throw new TeaApiError('content-type', operationId, url, status, `${operationId}: ${url} answered with content type ${JSON.stringify(contentType ?? '(none)')}, not application/json`);
    }
    let bytes: Uint8Array;
    try {
      // Size and depth are checked as the bytes arrive, before anything is parsed.
      bytes = await readJsonBody(response, this.maxBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new TeaApiError('too-large', operationId, url, status, `${operationId}: ${url} answered more than ${this.maxBytes} bytes`);
      if (error instanceof JsonTooDeepError) {
        const message = error.message.replace(/^the answer /, 'the document ');
        const finding: Finding = { file: url, pointer: '', line: 1, column: 1, severity: 'error', rule: 'json/too-deep', message };
        throw new TeaApiError('invalid-answer', operationId, url, status, `${operationId}: ${url} answered an invalid ${kind}: ${message} [json/too-deep]`, [finding]);
      }
      throw toNetworkError(error, url);
    }
    const text = utf8(bytes);
    if (text === null) throw new TeaApiError('invalid-answer', operationId, url, status, `${operationId}: ${url} answered bytes that are not UTF-8 text`);
    // One pass: validation parses, and hands back the value it judged.
    const { result: verdict, value } = (await loadTeaValidator()).validateTextValue(text, { kind, file: url });
    if (!verdict.valid) {
      const errors = verdict.findings.filter((f) => f.severity === 'error');
      const first = errors[0]!;
      const at = first.line === null ? '' : ` (line ${first.line}, column ${first.column})`;
      throw new TeaApiError(
        'invalid-answer',
        operationId,
        url,
        status,
        `${operationId}: ${url} answered an invalid ${kind}: at ${first.pointer || '/'}${at}: ${first.message} [${first.rule}]${andMore(errors.length)}`,
        verdict.findings,
      );
    }
    return value;
  }
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
