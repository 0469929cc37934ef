/**
 * The test server's content: TEA objects read from a folder (`teapurl serve --content`), indexed
 * to answer the TEA API's GET operations, and the artefact files beside them.
 *
 * @module
 */
import type { TeaArtifact, TeaCle, TeaCollection, TeaComponent, TeaComponentRelease, TeaDiscoveryInfo, TeaProduct, TeaProductRelease } from '../../../types/index.js';
import type { TeaObjectKind } from '../kinds/objects/tea-object-types.js';
import type { MatchedOperation } from '../protocol/api-operations.js';
import { jsonResponse, type KitResponse } from './http-exchange.js';

/**
 * What {@link TeaContentStore.answer} gives: a JSON answer the server writes as it is.
 *
 * @example
 * ```ts
 * const answer: TeaContentAnswer = { status: 404, headers: { 'content-type': 'application/json' }, body: '{"error":"OBJECT_UNKNOWN"}' };
 * ```
 */
export interface TeaContentAnswer {
  /** The HTTP status. */
  status: number;
  /** The headers, lower-case names. */
  headers: Record<string, string>;
  /** The body, JSON text. */
  body: string;
}

/**
 * The origin that stands for the server itself in content files: a URL
 * `https://teapurl.invalid/<path>` is served as `<server>/files/<path>`, the file `<path>` of the
 * content folder. `.invalid` never resolves (RFC 2606), so such a URL reaches nothing elsewhere.
 *
 * @example
 * ```ts
 * const url = `${CONTENT_ORIGIN}/sbom/log4j-core.cdx.json`; // served as https://127.0.0.1:<port>/files/sbom/log4j-core.cdx.json
 * ```
 */
export const CONTENT_ORIGIN = 'https://teapurl.invalid';

/**
 * One TEA object read from a content file, already validated.
 *
 * @example
 * ```ts
 * const object: TeaContentObject = { file: 'content/log4j.tea-product.json', kind: 'tea-product', value: product };
 * ```
 */
export interface TeaContentObject {
  /** The file it came from, for messages. */
  readonly file: string;
  /** Its kind, such as `tea-product`. */
  readonly kind: TeaObjectKind;
  /** The object, valid for its kind. */
  readonly value: unknown;
  /** For a CLE document: the UUID of the object it describes (its file name). */
  readonly owner?: string;
}

/**
 * What a content folder holds: its TEA objects and its artefact files.
 *
 * @example
 * ```ts
 * const content: TeaContent = { objects: [], files: new Map([['sbom/log4j.cdx.json', '/srv/content/sbom/log4j.cdx.json']]) };
 * ```
 */
export interface TeaContent {
  /** The TEA objects. */
  readonly objects: readonly TeaContentObject[];
  /** Each artefact file by its path under the folder (`/` separators), to its absolute path. */
  readonly files: ReadonlyMap<string, string>;
}

/** A page of a listing, as the OpenAPI's paginated answers have it. */
function page<T extends { uuid: string }>(items: readonly T[], query: URLSearchParams, visible: (item: T) => boolean): KitResponse {
  const offset = Number(query.get('pageOffset') ?? '0');
  const size = Number(query.get('pageSize') ?? '100');
  if (!Number.isSafeInteger(offset) || offset < 0 || !Number.isSafeInteger(size) || size < 1 || size > 1000) {
    return jsonResponse(400, { error: 'bad_request', error_description: 'pageOffset must be a whole number from 0 and pageSize one from 1 to 1000' });
  }
  const shown = items.filter(visible);
  return jsonResponse(200, { timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'), pageStartIndex: offset, pageSize: size, totalResults: shown.length, results: shown.slice(offset, offset + size) });
}

function identified(query: URLSearchParams): <T extends { identifiers?: Array<{ idType?: string; idValue?: string }> }>(item: T) => boolean {
  const idType = query.get('idType');
  const idValue = query.get('idValue');
  return (item) => (idType === null && idValue === null) || (item.identifiers ?? []).some((id) => (idType === null || id.idType === idType) && (idValue === null || id.idValue === idValue));
}

const NOT_FOUND = jsonResponse(404, { error: 'OBJECT_UNKNOWN' });

/**
 * The indexes of a content folder, and the answers to the API's GET operations from them: what
 * `startTeaServer({ content })` serves. `readTeaContent` (`teapurl/node`) makes one from a folder.
 *
 * @example
 * ```ts
 * import { TeaContentStore, startTeaServer } from 'teapurl/tea/server';
 * const product = { uuid: '09e8c73b-ac45-4475-acac-33e6a7314e6d', name: 'Apache Log4j 2', identifiers: [] };
 * const content = new TeaContentStore({ objects: [{ file: 'log4j.tea-product.json', kind: 'tea-product', value: product }], files: new Map() });
 * const server = await startTeaServer({ tls: false, content });
 * ```
 */
export class TeaContentStore {
  private readonly products = new Map<string, TeaProduct>();
  private readonly productReleases = new Map<string, TeaProductRelease>();
  private readonly components = new Map<string, TeaComponent>();
  private readonly componentReleases = new Map<string, TeaComponentRelease>();
  /** By release UUID, then version. */
  private readonly collections = new Map<string, Map<number, TeaCollection>>();
  /** By artefact UUID, then version. */
  private readonly artifacts = new Map<string, Map<number, TeaArtifact>>();
  private readonly cle = new Map<string, TeaCle>();
  /** Artefact files, by their path under `/files/`. */
  readonly files: ReadonlyMap<string, string>;

  constructor(content: TeaContent) {
    this.files = content.files;
    for (const object of content.objects) this.add(object);
  }

  private add({ kind, value, owner }: TeaContentObject): void {
    switch (kind) {
      case 'tea-product':
        return void this.products.set((value as TeaProduct).uuid, value as TeaProduct);
      case 'tea-product-release':
        return void this.productReleases.set((value as TeaProductRelease).uuid, value as TeaProductRelease);
      case 'tea-component':
        return void this.components.set((value as TeaComponent).uuid, value as TeaComponent);
      case 'tea-component-release':
        return void this.componentReleases.set((value as TeaComponentRelease).uuid, value as TeaComponentRelease);
      case 'tea-collection':
        return this.addCollection(value as TeaCollection);
      case 'tea-artifact':
        return this.addArtifact(value as TeaArtifact);
      case 'tea-cle':
        if (owner !== undefined) this.cle.set(owner, value as TeaCle);
        return;
      default:
        // Pages, lists and discovery answers are not content: the server makes them.
        return;
    }
  }

  private addCollection(collection: TeaCollection): void {
    if (collection.uuid === undefined || collection.version === undefined) return;
    let versions = this.collections.get(collection.uuid);
    if (!versions) this.collections.set(collection.uuid, (versions = new Map()));
    versions.set(collection.version, collection);
    for (const artifact of collection.artifacts ?? []) this.addArtifact(artifact);
  }

  private addArtifact(artifact: TeaArtifact): void {
    let versions = this.artifacts.get(artifact.uuid);
    if (!versions) this.artifacts.set(artifact.uuid, (versions = new Map()));
    versions.set(artifact.version ?? 1, artifact);
  }

  private latest<T>(versions: Map<number, T> | undefined): T | undefined {
    return versions === undefined ? undefined : versions.get(Math.max(...versions.keys()));
  }

  /** The product releases whose identifiers name this TEI. */
  private releasesOfTei(tei: string): TeaProductRelease[] {
    return [...this.productReleases.values()].filter((release) => (release.identifiers ?? []).some((id) => id.idType === 'TEI' && id.idValue === tei));
  }

  /**
   * The answer to one API operation, with `origin` standing for {@link CONTENT_ORIGIN} and
   * `servers` for the discovery answer. `visible` says which listing items a client may see.
   */
  answer(
    matched: MatchedOperation,
    query: URLSearchParams,
    context: {
      /** The server's origin, for content URLs. */
      origin: string;
      /** The servers a discovery answer names. */
      servers: TeaDiscoveryInfo['servers'];
      /** Whether the client may see a listing item: the kind's path word and the UUID. */
      visible: (kind: string, uuid: string) => boolean;
    },
  ): TeaContentAnswer {
    const { uuid = '', version } = matched;
    const found = (value: unknown) => (value === undefined ? NOT_FOUND : this.json(value, context.origin));
    const collectionsOf = (id: string) => [...(this.collections.get(id)?.values() ?? [])].sort((a, b) => (a.version ?? 0) - (b.version ?? 0));
    switch (matched.operation.operationId) {
      case 'getTeaProductByUuid':
        return found(this.products.get(uuid));
      case 'getReleasesByProductId':
        if (!this.products.has(uuid)) return NOT_FOUND;
        return this.rewrite(page([...this.productReleases.values()].filter((r) => r.product === uuid), query, (r) => context.visible('productRelease', r.uuid)), context.origin);
      case 'getTeaProductReleaseByUuid':
        return found(this.productReleases.get(uuid));
      case 'queryTeaProductReleases':
        return this.rewrite(page([...this.productReleases.values()].filter(identified(query)), query, (r) => context.visible('productRelease', r.uuid)), context.origin);
      case 'queryTeaProducts':
        return this.rewrite(page([...this.products.values()].filter(identified(query)), query, (p) => context.visible('product', p.uuid)), context.origin);
      case 'getTeaComponentById':
        return found(this.components.get(uuid));
      case 'getReleasesByComponentId':
        if (!this.components.has(uuid)) return NOT_FOUND;
        return found([...this.componentReleases.values()].filter((r) => r.component === uuid));
      case 'queryTeaComponents':
        return this.rewrite(page([...this.components.values()].filter(identified(query)), query, (c) => context.visible('component', c.uuid)), context.origin);
      case 'queryTeaComponentReleases':
        return this.rewrite(page([...this.componentReleases.values()].filter(identified(query)), query, (r) => context.visible('componentRelease', r.uuid)), context.origin);
      case 'getComponentReleaseById': {
        const release = this.componentReleases.get(uuid);
        const latestCollection = this.latest(this.collections.get(uuid));
        return release === undefined || latestCollection === undefined ? NOT_FOUND : found({ release, latestCollection });
      }
      case 'getCleByProductId':
      case 'getCleByProductReleaseId':
      case 'getCleByComponentId':
      case 'getCleByComponentReleaseId':
        return found(this.cle.get(uuid));
      case 'getLatestCollection':
      case 'getLatestCollectionForProductRelease':
        return found(this.latest(this.collections.get(uuid)));
      case 'getCollectionsByReleaseId':
      case 'getCollectionsByProductReleaseId':
        return this.collections.has(uuid) ? found(collectionsOf(uuid)) : NOT_FOUND;
      case 'getCollectionForProductRelease':
      case 'getCollection':
        return found(this.collections.get(uuid)?.get(version ?? 0));
      case 'getLatestArtifact':
        return found(this.latest(this.artifacts.get(uuid)));
      case 'getArtifactByVersion':
        return found(this.artifacts.get(uuid)?.get(version ?? 0));
      case 'discoveryByTei': {
        const tei = query.get('tei');
        if (tei === null || tei === '') return jsonResponse(400, { error: 'bad_request', error_description: 'name the TEI: /discovery?tei=<TEI>' });
        const releases = this.releasesOfTei(tei);
        return releases.length === 0 ? NOT_FOUND : found(releases.map((release) => ({ productReleaseUuid: release.uuid, servers: context.servers })));
      }
      default:
        return NOT_FOUND;
    }
  }

  private json(value: unknown, origin: string): KitResponse {
    return this.rewrite(jsonResponse(200, value), origin);
  }

  /** Content URLs on {@link CONTENT_ORIGIN} become this server's `/files/` URLs. */
  private rewrite(response: KitResponse, origin: string): KitResponse {
    return { ...response, body: response.body.split(`"${CONTENT_ORIGIN}/`).join(`"${origin}/files/`) };
  }
}

/** Where a request lands in a content server: an API operation, an artefact file, or nothing. */
export interface ContentRoute {
  /** The path protection globs are matched against: from `/v<listed version>` on for the API, `/files/<path>` for a file. */
  readonly path: string;
  /** The API version as the discovery document lists it, for an API path. */
  readonly version?: string;
  /** The path segments before `/v<version>` (an endpoint URL may carry a path), as `/a/b` or ''. */
  readonly prefix: string;
  /** The operation, for an API path that names one. */
  readonly matched?: MatchedOperation;
  /** The absolute file, for `/files/<path>` naming an artefact file of the folder. */
  readonly file?: string;
}

/**
 * Reads a canonical path against the API's operations (`[<prefix>]/v<version>/<operation path>`,
 * for a published version) or the artefact files (`/files/<path>`); `null` for anything else.
 */
export function routeContent(path: string, store: TeaContentStore, published: (version: string) => string | undefined, match: (rest: string) => MatchedOperation | null): ContentRoute | null {
  if (path.startsWith('/files/')) {
    const file = store.files.get(path.slice('/files/'.length));
    return { path, prefix: '', ...(file !== undefined ? { file } : {}) };
  }
  const segments = path.split('/').slice(1);
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const version = segment.startsWith('v') ? published(segment.slice(1)) : undefined;
    if (version === undefined) continue;
    const rest = `/${segments.slice(i + 1).join('/')}`;
    const matched = match(rest);
    return { path: `/v${version}${rest}`, version, prefix: i === 0 ? '' : `/${segments.slice(0, i).join('/')}`, ...(matched ? { matched } : {}) };
  }
  return null;
}
