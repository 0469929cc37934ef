/**
 * The test server's content: TEA objects read from a folder (`teapurl serve --content`), indexed
 * to answer the TEA API's GET operations, and the artefact files beside them.
 *
 * @module
 */
import type {
  TeaArtifact,
  TeaCle,
  TeaCollection,
  TeaComponent,
  TeaComponentRelease,
  TeaDiscoveryInfo,
  TeaProduct,
  TeaProductRelease,
} from '../../../types/index.js';
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

/** The 400 of a request the server cannot answer as asked: TEA's error body, and the reason. */
function invalid(error: 'INVALID_REQUEST' | 'INVALID_PAGE_TOKEN', reason: string): KitResponse {
  return jsonResponse(400, { error, reason });
}

/** The largest page the server makes, and the one it makes when none is asked for (the merged text's `page-size`: 1 to 100, 25). */
export const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 25;

/** How two items of a listing compare by one field: dates as instants, the rest as strings; an item without the field last. */
function compareBy(field: string): (a: Record<string, unknown>, b: Record<string, unknown>) => number {
  const key = (item: Record<string, unknown>): string | number | undefined => {
    const value = item[field];
    if (typeof value === 'number') return value;
    if (typeof value !== 'string') return undefined;
    return /Date$|^date$/.test(field) ? Date.parse(value) : value;
  };
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

/** What a page token carries: where the next page starts, the filter and order, and the listing (operation and parent) it was made for. */
interface PageState {
  readonly offset: number;
  readonly scope: string;
  readonly path: string;
}

const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function readToken(token: string): PageState | null {
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(token)) return null;
  try {
    const bytes = Uint8Array.from(atob(token.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const state = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as { o?: unknown; s?: unknown; p?: unknown };
    return Number.isSafeInteger(state.o) && (state.o as number) > 0 && typeof state.s === 'string' && typeof state.p === 'string'
      ? { offset: state.o as number, scope: state.s, path: state.p }
      : null;
  } catch {
    return null;
  }
}

/**
 * One page of a listing (TEA 1.0, upstream #231 and #253): ordered by `sortField` (the
 * operation's first by default) in `sortOrder` (`asc` by default), ties by `tieBreak` in the same
 * order; `hasNext`, and `nextPageToken` exactly when another page follows. The token carries the
 * position, the filter and order, and the listing (`path`: operation and parent) it was made for:
 * a request that sends it with another filter or order, or to another listing, is refused (400
 * `INVALID_PAGE_TOKEN`); one that leaves filter and order out gets the token's.
 */
function page<T extends object>(
  items: readonly T[],
  query: URLSearchParams,
  fields: readonly string[],
  tieBreak: string,
  scopeOf: (query: URLSearchParams) => string,
  path: string,
): KitResponse {
  const sizeText = query.get('pageSize');
  const size = sizeText === null ? DEFAULT_PAGE_SIZE : Number(sizeText);
  if (!/^\d+$/.test(sizeText ?? '1') || !Number.isSafeInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    return invalid('INVALID_REQUEST', `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  }
  const token = query.get('pageToken');
  const state = token === null ? { offset: 0, scope: undefined, path } : readToken(token);
  if (state === null) return invalid('INVALID_PAGE_TOKEN', 'pageToken is not a token this server made; start again without it');
  if (state.path !== path) return invalid('INVALID_PAGE_TOKEN', 'pageToken was made for another listing (path or parent); start again without it');
  // Filter and order left out of a continued request are the token's.
  const effective = new URLSearchParams(query);
  if (state.scope !== undefined) {
    const made = new URLSearchParams(state.scope);
    for (const [name, value] of made) if (!effective.has(name)) effective.set(name, value);
    if (scopeOf(effective) !== state.scope)
      return invalid('INVALID_PAGE_TOKEN', 'pageToken was made for another filter or order; repeat the ones of the first request, or start again');
  }
  const field = effective.get('sortField') ?? fields[0]!;
  if (!fields.includes(field)) return invalid('INVALID_REQUEST', `sortField must be one of ${fields.join(', ')}`);
  const order = effective.get('sortOrder') ?? 'asc';
  if (order !== 'asc' && order !== 'desc') return invalid('INVALID_REQUEST', 'sortOrder must be asc or desc');
  const byField = compareBy(field);
  const byTie = compareBy(tieBreak);
  const direction = order === 'asc' ? 1 : -1;
  const sorted = [...items].sort(
    (a, b) =>
      direction * (byField(a as Record<string, unknown>, b as Record<string, unknown>) || byTie(a as Record<string, unknown>, b as Record<string, unknown>)),
  );
  const results = sorted.slice(state.offset, state.offset + size);
  const next = state.offset + results.length;
  const hasNext = next < sorted.length;
  return jsonResponse(200, {
    timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    pageSize: size,
    hasNext,
    ...(hasNext ? { nextPageToken: base64url(JSON.stringify({ o: next, s: scopeOf(effective), p: path })) } : {}),
    results,
  });
}

/** The query parameters that decide what a listing holds and in what order: what a page token is bound to. */
const SCOPE = ['idType', 'idValue', 'sortField', 'sortOrder'];

function scope(query: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of SCOPE) {
    const value = query.get(name);
    if (value !== null) kept.set(name, value);
  }
  return kept.toString();
}

function identified(query: URLSearchParams): <T extends { identifiers?: Array<{ idType?: string; idValue?: string }> }>(item: T) => boolean {
  const idType = query.get('idType');
  const idValue = query.get('idValue');
  return (item) =>
    (idType === null && idValue === null) ||
    (item.identifiers ?? []).some((id) => (idType === null || id.idType === idType) && (idValue === null || id.idValue === idValue));
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

  /**
   * The TEIs the product releases carry, in the order of their files: what a client can resolve
   * on this server.
   *
   * @example
   * ```ts
   * const [tei] = store.teis(); // 'urn:tei:uuid:demo.teapurl.dev:b7e1d4a2-…'
   * ```
   */
  teis(): string[] {
    return [...this.productReleases.values()].flatMap((release) =>
      (release.identifiers ?? []).filter((id) => id.idType === 'TEI' && id.idValue !== undefined).map((id) => id.idValue!),
    );
  }

  /** The product releases whose identifiers name this TEI or PURL. */
  private releasesOf(idType: 'TEI' | 'PURL', value: string): TeaProductRelease[] {
    return [...this.productReleases.values()].filter((release) => (release.identifiers ?? []).some((id) => id.idType === idType && id.idValue === value));
  }

  /**
   * The answer to one API operation, with `origin` standing for {@link CONTENT_ORIGIN} and
   * `servers` for the discovery answer. `visible` says whether a client may see an object by its
   * own path under the API base (`/artifact/<uuid>/latest`): listings of products and releases
   * leave out what it may not see (5.7.4's filtered view), and an answer that embeds an object it
   * may not see (a collection holding a protected artefact, a component release holding a
   * protected collection) is `needsToken` instead: the client gets the challenge, and with a
   * token the whole answer (seed 5.7.2: a protected object is served through no other path).
   */
  answer(
    matched: MatchedOperation,
    query: URLSearchParams,
    context: {
      /** The server's origin, for content URLs. */
      origin: string;
      /** The servers a discovery answer names. */
      servers: TeaDiscoveryInfo['servers'];
      /** Whether the client may see an object, by its own path under the API base, such as `/product/<uuid>`. */
      visible: (path: string) => boolean;
    },
  ): TeaContentAnswer & {
    /** The answer embeds an object this client may not see: it needs a token, like that object (the server challenges). */
    needsToken?: true;
  } {
    const { uuid = '', version } = matched;
    const { visible } = context;
    const artifactVisible = (artifact: TeaArtifact) =>
      visible(`/artifact/${artifact.uuid}/latest`) && visible(`/artifact/${artifact.uuid}/${artifact.version ?? 1}`);
    /** Whether the client may see a collection (by either of its paths) and every artefact it holds. */
    const collectionVisible = (releaseKind: string, collection: TeaCollection, latest: boolean) =>
      visible(`/${releaseKind}/${collection.uuid}/collection/${collection.version}`) &&
      (!latest || visible(`/${releaseKind}/${collection.uuid}/collection/latest`)) &&
      (collection.artifacts ?? []).every(artifactVisible);
    const NEEDS_TOKEN = { ...NOT_FOUND, needsToken: true as const };
    const found = (value: unknown) => (value === undefined ? NOT_FOUND : this.json(value, context.origin));
    /** A collection, or the challenge when it holds what this client may not see. */
    const collectionAnswer = (releaseKind: string, collection: TeaCollection | undefined, latest: boolean) =>
      collection === undefined ? NOT_FOUND : collectionVisible(releaseKind, collection, latest) ? found(collection) : NEEDS_TOKEN;
    const listing = <T extends object>(items: readonly T[], fields: readonly string[], tieBreak: string) =>
      this.rewrite(page(items, query, fields, tieBreak, scope, `${matched.operation.operationId}/${uuid}`), context.origin);
    const fields = matched.operation.sortFields;
    /** Every collection of a release, or the challenge when one holds what this client may not see. */
    const collectionsOf = (releaseKind: string, id: string) => {
      const all = [...(this.collections.get(id)?.values() ?? [])];
      const newest = Math.max(...all.map((c) => c.version ?? 0));
      return all.every((c) => collectionVisible(releaseKind, c, c.version === newest)) ? listing(all, fields, 'version') : NEEDS_TOKEN;
    };
    switch (matched.operation.operationId) {
      case 'getTeaProductByUuid':
        return found(this.products.get(uuid));
      case 'getReleasesByProductId':
        if (!this.products.has(uuid)) return NOT_FOUND;
        return listing(
          [...this.productReleases.values()].filter((r) => r.product === uuid && visible(`/productRelease/${r.uuid}`)),
          fields,
          'uuid',
        );
      case 'getTeaProductReleaseByUuid':
        return found(this.productReleases.get(uuid));
      case 'queryTeaProductReleases':
        return listing(
          [...this.productReleases.values()].filter((r) => identified(query)(r) && visible(`/productRelease/${r.uuid}`)),
          fields,
          'uuid',
        );
      case 'queryTeaProducts':
        return listing(
          [...this.products.values()].filter((p) => identified(query)(p) && visible(`/product/${p.uuid}`)),
          fields,
          'uuid',
        );
      case 'getTeaComponentById':
        return found(this.components.get(uuid));
      case 'getReleasesByComponentId':
        if (!this.components.has(uuid)) return NOT_FOUND;
        return listing(
          [...this.componentReleases.values()].filter((r) => r.component === uuid && visible(`/componentRelease/${r.uuid}`)),
          fields,
          'uuid',
        );
      case 'queryTeaComponents':
        return listing(
          [...this.components.values()].filter((c) => identified(query)(c) && visible(`/component/${c.uuid}`)),
          fields,
          'uuid',
        );
      case 'queryTeaComponentReleases':
        return listing(
          [...this.componentReleases.values()].filter((r) => identified(query)(r) && visible(`/componentRelease/${r.uuid}`)),
          fields,
          'uuid',
        );
      case 'getComponentReleaseById': {
        const release = this.componentReleases.get(uuid);
        const latestCollection = this.latest(this.collections.get(uuid));
        if (release === undefined || latestCollection === undefined) return NOT_FOUND;
        // The collection is a required member: a client that may not see it (or what it holds) may not see this either.
        return collectionVisible('componentRelease', latestCollection, true) ? found({ release, latestCollection }) : NEEDS_TOKEN;
      }
      case 'getCleByProductId':
      case 'getCleByProductReleaseId':
      case 'getCleByComponentId':
      case 'getCleByComponentReleaseId':
        return found(this.cle.get(uuid));
      case 'getLatestCollection':
        return collectionAnswer('componentRelease', this.latest(this.collections.get(uuid)), true);
      case 'getLatestCollectionForProductRelease':
        return collectionAnswer('productRelease', this.latest(this.collections.get(uuid)), true);
      case 'getCollectionsByReleaseId':
        return this.collections.has(uuid) ? collectionsOf('componentRelease', uuid) : NOT_FOUND;
      case 'getCollectionsByProductReleaseId':
        return this.collections.has(uuid) ? collectionsOf('productRelease', uuid) : NOT_FOUND;
      case 'getCollectionForProductRelease':
        return collectionAnswer('productRelease', this.collections.get(uuid)?.get(version ?? 0), false);
      case 'getCollection':
        return collectionAnswer('componentRelease', this.collections.get(uuid)?.get(version ?? 0), false);
      case 'getLatestArtifact':
        return found(this.latest(this.artifacts.get(uuid)));
      case 'getArtifactByVersion':
        return found(this.artifacts.get(uuid)?.get(version ?? 0));
      case 'discoveryByTei': {
        // Exactly one of tei and purl (upstream #265); no match is 404 OBJECT_UNKNOWN, never 200 [] (#279, #304).
        const tei = query.get('tei');
        const purl = query.get('purl');
        if ((tei === null) === (purl === null))
          return invalid('INVALID_REQUEST', 'name exactly one of tei and purl: /discovery?tei=<TEI> or /discovery?purl=<PURL>');
        if ((tei ?? purl) === '') return invalid('INVALID_REQUEST', `${tei === null ? 'purl' : 'tei'} is empty`);
        const releases = tei !== null ? this.releasesOf('TEI', tei) : this.releasesOf('PURL', purl!);
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
export function routeContent(
  path: string,
  store: TeaContentStore,
  published: (version: string) => string | undefined,
  match: (rest: string) => MatchedOperation | null,
): ContentRoute | null {
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
