/**
 * A conformance check of a TEA server: it walks the server from its listings (products, their
 * releases, components, component releases, collections, artefacts, CLE documents) and validates
 * every answer against the TEA schemas, then checks the rules around them: pagination (tokens,
 * hasNext, a stable order, page-size bounds), discovery by TEI and by PURL, the one 404 body, the
 * 400 for `tei` and `purl` together, the seed's authentication rules (auth-check's probes), and
 * the checksums of the artefacts it fetches. One verdict per check.
 */
import type { TeaArtifact, TeaCollection, TeaComponentRef, TeaProductRelease } from '../../../types/index.js';
import { loadTeaValidator } from '../kinds/protocol-validator.js';
import { TeaApi, TeaApiError, type TeaApiOptions } from './tea-api.js';
import { TEA_OPERATIONS, artifactFormatUrl, operationPath } from '../protocol/api-operations.js';
import { parseTei } from '../protocol/tei.js';
import type { TeaClientOptions } from './tea-client.js';
import { runAuthCheck } from './auth-check/run-auth-check.js';
import { discardBody, readBody, utf8 } from './http.js';

/**
 * The verdict on one check of `checkTeaServer`.
 *
 * @example
 * ```ts
 * import type { TeaCheckResult } from 'teapurl/tea/client';
 * const result: TeaCheckResult = { check: 'object', operationId: 'getTeaProductByUuid', path: '/product/09e8c73b-ac45-4475-acac-33e6a7314e6d', outcome: 'pass', detail: 'a valid tea-product' };
 * ```
 */
export interface TeaCheckResult {
  /**
   * What is checked: `object` (an answer against its schema), `pagination`, `discovery`,
   * `errors` (the 404 and 400 answers), `auth` (the seed's authentication rules), `checksum`
   * (a fetched artefact against its checksums).
   */
  check: 'object' | 'pagination' | 'discovery' | 'errors' | 'auth' | 'checksum';
  /** The OpenAPI `operationId` asked, or for a rule of its own the rule's name (`auth/…`). */
  operationId: string;
  /** The path asked, under the base URL (a URL for an artefact file). */
  path: string;
  /** `fail`: the server breaks the rule; `skip`: absent (404) or not for this client (401, 403), or nothing to check. */
  outcome: 'pass' | 'fail' | 'skip';
  /** What was seen, in one line. */
  detail: string;
}

/**
 * Everything `checkTeaServer` found.
 *
 * @example
 * ```ts
 * import { checkTeaServer, type TeaCheckReport } from 'teapurl/tea/client';
 * const report: TeaCheckReport = await checkTeaServer({ baseUrl: 'https://tea.example.com/v1.0.0' });
 * console.log(report.passed ? 'every check passed' : report.results.filter((r) => r.outcome === 'fail'));
 * ```
 */
export interface TeaCheckReport {
  /** The API base URL checked. */
  baseUrl: string;
  /** `true` when no check failed. */
  passed: boolean;
  /** One result per check, in the order they ran. */
  results: TeaCheckResult[];
}

/**
 * Options of `checkTeaServer`: the client's, and how far to walk.
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
  /** The most requests of the walk. Default 500. */
  maxRequests?: number;
  /** The most pages a pagination check walks in one listing. Default 50. */
  maxPagesChecked?: number;
  /** The largest artefact file whose checksums are verified, in bytes. Default 64 MiB. */
  maxArtifactBytes?: number;
  /** Run auth-check's probes on a resource of the server. Default true. */
  auth?: boolean;
}

const OPERATION = new Map(TEA_OPERATIONS.map((o) => [o.operationId, o]));
/** The largest `pageSize` the merged text's `page-size` parameter allows: a check never asks more. */
const MAX_PAGE_SIZE = 100;
const LISTINGS = ['queryTeaProducts', 'queryTeaProductReleases', 'queryTeaComponents', 'queryTeaComponentReleases'] as const;

type Params = { uuid?: string; version?: number; query?: Record<string, string | number> };

/** A UUID no server holds: version 4, random. */
function unknownUuid(): string {
  return globalThis.crypto.randomUUID();
}

/** What `checkTeaServer` (server-check.ts, which loads this module on first call) does. */
export async function walkTeaServer(options: TeaCheckOptions): Promise<TeaCheckReport> {
  const api = new TeaApi(options, options);
  const maxObjects = options.maxObjects ?? 20;
  const maxRequests = options.maxRequests ?? 500;
  const results: TeaCheckResult[] = [];
  const asked = new Set<string>();
  let requests = 0;
  const record = (check: TeaCheckResult['check'], operationId: string, path: string, outcome: TeaCheckResult['outcome'], detail: string) =>
    void results.push({ check, operationId, path, outcome, detail });
  const pathOf = (operationId: string, params: Params) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params.query ?? {})) search.set(name, String(value));
    return `${operationPath(OPERATION.get(operationId)!, params.uuid, params.version)}${search.size > 0 ? `?${search.toString()}` : ''}`;
  };
  const detailOf = (operationId: string, error: TeaApiError) =>
    error.message.startsWith(`${operationId}: `) ? error.message.slice(operationId.length + 2) : error.message;

  /** One request of the walk: its verdict recorded, its answer returned when valid. */
  const probe = async <T>(operationId: string, params: Params = {}, check: TeaCheckResult['check'] = 'object'): Promise<T | undefined> => {
    const operation = OPERATION.get(operationId)!;
    const path = pathOf(operationId, params);
    if (asked.has(path) || requests >= maxRequests) return undefined;
    asked.add(path);
    requests++;
    try {
      const value = await api.call<T>(operationId, params);
      record(check, operationId, path, 'pass', `a valid ${operation.answer}`);
      return value;
    } catch (error) {
      if (!(error instanceof TeaApiError)) throw error;
      const skipped = error.code === 'not-found' || error.code === 'forbidden' || error.code === 'unauthorized';
      const detail = detailOf(operationId, error);
      record(check, operationId, path, skipped ? 'skip' : 'fail', error.code === 'unauthorized' ? `${detail}; give an API key to go further` : detail);
      return undefined;
    }
  };
  const firstPage = async <T>(operationId: string, uuid?: string): Promise<T[]> =>
    (await probe<{ results?: T[] }>(operationId, { ...(uuid ? { uuid } : {}), query: { pageSize: Math.min(maxObjects, MAX_PAGE_SIZE) } }))?.results?.slice(
      0,
      maxObjects,
    ) ?? [];

  const collectionsOf = async (latest: string, all: string, byVersion: string, uuid: string): Promise<TeaCollection[]> => {
    const collection = await probe<TeaCollection>(latest, { uuid });
    const versions = (await firstPage<TeaCollection>(all, uuid)).map((c) => c.version).filter((v): v is number => v !== undefined);
    for (const version of new Set([collection?.version, ...versions].filter((v): v is number => v !== undefined))) await probe(byVersion, { uuid, version });
    return collection ? [collection] : [];
  };

  // The walk: every GET operation reachable from the listings.
  const products = await firstPage<{ uuid: string; identifiers?: unknown }>('queryTeaProducts');
  const releases: TeaProductRelease[] = [...(await firstPage<TeaProductRelease>('queryTeaProductReleases'))];
  const listedComponents = await firstPage<{ uuid: string }>('queryTeaComponents');
  await firstPage('queryTeaComponentReleases');
  for (const product of products) {
    await probe('getTeaProductByUuid', { uuid: product.uuid });
    await probe('getCleByProductId', { uuid: product.uuid });
    releases.push(...(await firstPage<TeaProductRelease>('getReleasesByProductId', product.uuid)));
  }
  const collections: TeaCollection[] = [];
  const components: TeaComponentRef[] = listedComponents.map((c) => ({ uuid: c.uuid }));
  const seenReleases = new Set<string>();
  for (const release of releases.filter((r) => !seenReleases.has(r.uuid) && seenReleases.add(r.uuid)).slice(0, maxObjects)) {
    await probe('getTeaProductReleaseByUuid', { uuid: release.uuid });
    await probe('getCleByProductReleaseId', { uuid: release.uuid });
    collections.push(
      ...(await collectionsOf('getLatestCollectionForProductRelease', 'getCollectionsByProductReleaseId', 'getCollectionForProductRelease', release.uuid)),
    );
    components.push(...(release.components ?? []));
  }
  const seenComponents = new Set<string>();
  for (const ref of components
    .filter((c) => !seenComponents.has(`${c.uuid} ${c.release}`) && seenComponents.add(`${c.uuid} ${c.release}`))
    .slice(0, maxObjects)) {
    await probe('getTeaComponentById', { uuid: ref.uuid });
    await probe('getCleByComponentId', { uuid: ref.uuid });
    const componentReleases = await firstPage<{ uuid: string }>('getReleasesByComponentId', ref.uuid);
    for (const uuid of [ref.release, componentReleases[0]?.uuid]) {
      if (uuid === undefined) continue;
      await probe('getComponentReleaseById', { uuid });
      await probe('getCleByComponentReleaseId', { uuid });
      collections.push(...(await collectionsOf('getLatestCollection', 'getCollectionsByReleaseId', 'getCollection', uuid)));
    }
  }
  const artifacts: TeaArtifact[] = collections.flatMap((c) => c.artifacts ?? []);
  const seenArtifacts = new Set<string>();
  for (const artifact of artifacts.filter((a) => !seenArtifacts.has(a.uuid) && seenArtifacts.add(a.uuid)).slice(0, maxObjects)) {
    await probe('getLatestArtifact', { uuid: artifact.uuid });
    await probe('getArtifactByVersion', { uuid: artifact.uuid, version: artifact.version ?? 1 });
  }

  const raw = rawRequests(api);
  await checkPagination(api, raw, record, options.maxPagesChecked ?? 50);
  await checkDiscovery(api, raw, record, releases);
  await checkNotFound(raw, record);
  if (options.auth !== false) await checkAuth(options, record, artifacts, products);
  await checkChecksums(api, record, artifacts.slice(0, maxObjects), options.maxArtifactBytes ?? 64 * 1024 * 1024);
  return { baseUrl: api.client.baseUrl, passed: results.every((r) => r.outcome !== 'fail'), results };
}

type Record_ = (check: TeaCheckResult['check'], operationId: string, path: string, outcome: TeaCheckResult['outcome'], detail: string) => void;

/** An answer as it came: status, and the body's JSON (`undefined` when it is none). */
interface RawAnswer {
  status: number;
  json: unknown;
  text: string;
}

/** GETs through the authenticating client, answers read (1 MiB at most) but not judged. */
function rawRequests(api: TeaApi): (path: string) => Promise<RawAnswer> {
  return async (path) => {
    const result = await api.client.request(path, { headers: { accept: 'application/json' } });
    let text = '';
    try {
      text = utf8(await readBody(result.response, 1024 * 1024)) ?? '';
    } catch {
      await discardBody(result.response).catch(() => undefined);
    }
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: result.status, json, text };
  };
}

/** Whether an answer's body is TEA's error body with this error value; the reason in words when not. */
async function errorBody(answer: RawAnswer, expected: string | null): Promise<string | null> {
  const { result } = (await loadTeaValidator()).validateTextValue(answer.text === '' ? 'null' : answer.text, { kind: 'tea-error' });
  if (!result.valid) {
    const first = result.findings.find((f) => f.severity === 'error');
    return `its body is not TEA's error body ({"error": "OBJECT_UNKNOWN"} and the like): ${first ? `at ${first.pointer || '/'}: ${first.message}` : 'not JSON'}`;
  }
  const error = (answer.json as { error: string }).error;
  return expected === null || error === expected ? null : `its error is ${error}, not ${expected}`;
}

/**
 * The pagination rules of TEA 1.0 (upstream #231, #253) on each top listing: walked one result a
 * page, every page valid, at most pageSize results, no token twice, no result twice, and the same
 * order as one larger page; a pageSize of 0 refused.
 */
async function checkPagination(api: TeaApi, raw: (path: string) => Promise<RawAnswer>, record: Record_, maxPages: number): Promise<void> {
  for (const operationId of LISTINGS) {
    const operation = OPERATION.get(operationId)!;
    const walked: string[] = [];
    const tokens = new Set<string>();
    let token: string | undefined;
    let failed = false;
    let pages = 0;
    for (; pages < maxPages; pages++) {
      const query: Record<string, string | number> = { pageSize: 1, ...(token !== undefined ? { pageToken: token } : {}) };
      const path = `${operation.path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
      let page: { results?: Array<{ uuid?: string }>; hasNext: boolean; nextPageToken?: string };
      try {
        page = await api.call(operationId, { query });
      } catch (error) {
        if (!(error instanceof TeaApiError)) throw error;
        const skipped = error.code === 'not-found' || error.code === 'forbidden' || error.code === 'unauthorized';
        record('pagination', operationId, path, skipped ? 'skip' : 'fail', error.message);
        failed = true;
        break;
      }
      const results = page.results ?? [];
      if (results.length > 1) {
        record('pagination', operationId, path, 'fail', `a page asked with pageSize 1 holds ${results.length} results`);
        failed = true;
        break;
      }
      walked.push(...results.map((r) => String(r.uuid)));
      if (!page.hasNext) break;
      token = page.nextPageToken!;
      if (tokens.has(token)) {
        record('pagination', operationId, path, 'fail', `nextPageToken ${JSON.stringify(token.slice(0, 40))} repeats an earlier page's: the listing loops`);
        failed = true;
        break;
      }
      tokens.add(token);
    }
    if (failed) continue;
    const where = `${operation.path}?pageSize=1`;
    if (pages >= maxPages) {
      record('pagination', operationId, where, 'skip', `more than ${maxPages} results: the order was checked on the first ${maxPages} pages only`);
    }
    const twice = walked.find((uuid, i) => walked.indexOf(uuid) !== i);
    if (twice !== undefined) {
      record('pagination', operationId, where, 'fail', `${twice} comes on two pages: pages overlap`);
      continue;
    }
    // The same listing in pages of maxPages results must list the same items in the same order (a deterministic order, #253).
    let whole: string[] = [];
    const wholeSize = Math.min(maxPages, MAX_PAGE_SIZE);
    try {
      const page = await api.call<{ results?: Array<{ uuid?: string }> }>(operationId, { query: { pageSize: wholeSize } });
      whole = (page.results ?? []).map((r) => String(r.uuid));
    } catch (error) {
      if (!(error instanceof TeaApiError)) throw error;
      record('pagination', operationId, `${operation.path}?pageSize=${wholeSize}`, 'fail', error.message);
      continue;
    }
    const n = Math.min(walked.length, whole.length);
    if (walked.slice(0, n).join() !== whole.slice(0, n).join()) {
      record('pagination', operationId, where, 'fail', `the order of pages of 1 differs from a page of ${wholeSize}: the order is not stable`);
      continue;
    }
    record(
      'pagination',
      operationId,
      where,
      'pass',
      walked.length === 0
        ? 'an empty listing, hasNext false'
        : `${walked.length} result${walked.length === 1 ? '' : 's'} a page at a time, ${tokens.size} token${tokens.size === 1 ? '' : 's'}, the order stable`,
    );
    const zero = await raw(`${operation.path}?pageSize=0`);
    record(
      'pagination',
      operationId,
      `${operation.path}?pageSize=0`,
      zero.status === 400 ? 'pass' : 'fail',
      zero.status === 400 ? 'pageSize 0 refused with 400' : `pageSize 0 answered ${zero.status}, not 400: a page holds at least one result`,
    );
  }
}

/**
 * Discovery (upstream #265, #279, #304): each TEI and PURL a product release carries answers a
 * non-empty list naming it; an unknown TEI answers 404 with OBJECT_UNKNOWN (never 200 []); `tei`
 * and `purl` together, or neither, answer 400.
 */
async function checkDiscovery(api: TeaApi, raw: (path: string) => Promise<RawAnswer>, record: Record_, releases: readonly TeaProductRelease[]): Promise<void> {
  const ids = releases.flatMap((release) =>
    (release.identifiers ?? [])
      .filter((id) => (id.idType === 'TEI' || id.idType === 'PURL') && id.idValue)
      .map((id) => ({ release: release.uuid, idType: id.idType as 'TEI' | 'PURL', value: id.idValue! })),
  );
  const checked = new Set<string>();
  for (const id of ids) {
    const key = `${id.idType} ${id.value}`;
    if (checked.has(key) || checked.size >= 20) continue;
    checked.add(key);
    const query: Record<string, string> = id.idType === 'TEI' ? { tei: id.value } : { purl: id.value };
    const path = `/discovery?${new URLSearchParams(query).toString()}`;
    try {
      const answer = await api.call<Array<{ productReleaseUuid: string }>>('discoveryByTei', { query });
      const named = answer.some((info) => info.productReleaseUuid === id.release);
      record(
        'discovery',
        'discoveryByTei',
        path,
        named ? 'pass' : 'fail',
        named ? `a valid tea-discovery-info naming ${id.release}` : `the answer does not name product release ${id.release}, which carries this ${id.idType}`,
      );
    } catch (error) {
      if (!(error instanceof TeaApiError)) throw error;
      record('discovery', 'discoveryByTei', path, error.code === 'unauthorized' || error.code === 'forbidden' ? 'skip' : 'fail', error.message);
    }
  }
  if (checked.size === 0) record('discovery', 'discoveryByTei', '/discovery', 'skip', 'no product release carries a TEI or PURL to look up');
  // An unknown TEI of the server's own domain, in the spelling its first TEI uses (tei://, upstream #261, or urn:tei:).
  const known = (() => {
    try {
      return parseTei(ids.find((id) => id.idType === 'TEI')?.value ?? '');
    } catch {
      return undefined;
    }
  })();
  const domain = known?.domain ?? 'example.com';
  const unknown = known?.form === 'tei-url' ? `tei://${domain}/uuid/${unknownUuid()}` : `urn:tei:uuid:${domain}:${unknownUuid()}`;
  const unknownPath = `/discovery?${new URLSearchParams({ tei: unknown }).toString()}`;
  const none = await raw(unknownPath);
  if (none.status === 200) {
    record(
      'discovery',
      'discoveryByTei',
      unknownPath,
      'fail',
      `an unknown TEI answered 200${Array.isArray(none.json) && none.json.length === 0 ? ' []' : ''}; no match is 404 with OBJECT_UNKNOWN (TEA #279, #304)`,
    );
  } else if (none.status === 404) {
    const wrong = await errorBody(none, 'OBJECT_UNKNOWN');
    record(
      'discovery',
      'discoveryByTei',
      unknownPath,
      wrong === null ? 'pass' : 'fail',
      wrong === null ? 'an unknown TEI answered 404 OBJECT_UNKNOWN' : `an unknown TEI answered 404, but ${wrong}`,
    );
  } else {
    record(
      'discovery',
      'discoveryByTei',
      unknownPath,
      none.status === 401 || none.status === 403 ? 'skip' : 'fail',
      `an unknown TEI answered ${none.status}, not 404`,
    );
  }
  for (const query of [{ tei: unknown, purl: 'pkg:generic/teapurl-check@1' }, {}] as Array<Record<string, string>>) {
    const search = new URLSearchParams(query).toString();
    const path = `/discovery${search === '' ? '' : `?${search}`}`;
    const answer = await raw(path);
    const what = search === '' ? 'neither tei nor purl' : 'both tei and purl';
    record(
      'discovery',
      'discoveryByTei',
      path,
      answer.status === 400 ? 'pass' : answer.status === 401 || answer.status === 403 ? 'skip' : 'fail',
      answer.status === 400 ? `${what}: 400` : `${what} answered ${answer.status}; exactly one is given, otherwise 400 (TEA #265)`,
    );
  }
}

/** The one 404 (upstream #297): an object that is not there answers 404 with TEA's error body. */
async function checkNotFound(raw: (path: string) => Promise<RawAnswer>, record: Record_): Promise<void> {
  for (const path of [`/product/${unknownUuid()}`, `/artifact/${unknownUuid()}/latest`]) {
    const answer = await raw(path);
    if (answer.status !== 404) {
      record(
        'errors',
        path.startsWith('/product') ? 'getTeaProductByUuid' : 'getLatestArtifact',
        path,
        answer.status === 401 || answer.status === 403 ? 'skip' : 'fail',
        `an unknown UUID answered ${answer.status}, not 404`,
      );
      continue;
    }
    const wrong = await errorBody(answer, null);
    record(
      'errors',
      path.startsWith('/product') ? 'getTeaProductByUuid' : 'getLatestArtifact',
      path,
      wrong === null ? 'pass' : 'fail',
      wrong === null ? `404 with the error body (${(answer.json as { error: string }).error})` : `404, but ${wrong}`,
    );
  }
}

/** The seed's authentication rules, by auth-check's probes, on an artefact (what servers protect most) or a product of the server. */
async function checkAuth(
  options: TeaCheckOptions,
  record: Record_,
  artifacts: readonly TeaArtifact[],
  products: ReadonlyArray<{ uuid: string }>,
): Promise<void> {
  const resource = artifacts[0] ? `/artifact/${artifacts[0].uuid}/latest` : products[0] ? `/product/${products[0].uuid}` : undefined;
  if (resource === undefined) {
    record('auth', 'auth', '', 'skip', 'no object found to probe the authentication rules on');
    return;
  }
  const report = await runAuthCheck(options.baseUrl, {
    resource,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    ...(options.transport ? { transport: options.transport } : {}),
    ...(options.allowInsecureHttp ? { allowInsecureHttp: true } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  for (const r of report.results) record('auth', `auth/${r.id}`, resource, r.outcome, `${r.title} (${r.section}): ${r.detail}`);
}

/** Each format of the artefacts found, fetched and hashed with every algorithm its checksums name. */
async function checkChecksums(api: TeaApi, record: Record_, artifacts: readonly TeaArtifact[], maxBytes: number): Promise<void> {
  const seen = new Set<string>();
  for (const artifact of artifacts) {
    for (const listed of artifact.formats) {
      // A format without url is served by the API's download endpoint (upstream #262).
      const url = artifactFormatUrl(api.client.baseUrl, artifact, listed);
      if (url === undefined || seen.has(url)) continue;
      seen.add(url);
      const format = { ...listed, url };
      const checksums = format.checksums ?? [];
      if (checksums.length === 0) {
        record('checksum', 'artifact', format.url, 'fail', `artefact ${artifact.uuid} lists no checksum for this format: a client cannot verify it`);
        continue;
      }
      // The hash implementations load with the first artefact that lists a checksum.
      const { multiHasher } = await import('./checksums.js');
      const hasher = multiHasher(checksums.map((c) => c.algType));
      let result;
      try {
        result = await api.client.request(format.url);
      } catch (error) {
        record('checksum', 'artifact', format.url, 'fail', `cannot be fetched: ${(error as Error).message}`);
        continue;
      }
      if (!result.ok) {
        await discardBody(result.response).catch(() => undefined);
        record(
          'checksum',
          'artifact',
          format.url,
          result.outcome === 'unauthorized' || result.outcome === 'forbidden' ? 'skip' : 'fail',
          `answered ${result.status}`,
        );
        continue;
      }
      let size = 0;
      let tooLarge = false;
      const reader = result.response.body?.getReader();
      for (;;) {
        const chunk = await reader?.read();
        if (chunk === undefined || chunk.done) break;
        size += chunk.value.length;
        if (size > maxBytes) {
          tooLarge = true;
          await reader!.cancel().catch(() => undefined);
          break;
        }
        hasher.update(chunk.value);
      }
      if (tooLarge) {
        record('checksum', 'artifact', format.url, 'skip', `larger than ${maxBytes} bytes: not hashed`);
        continue;
      }
      const digests = hasher.hex();
      const wrong = checksums.filter((c) => digests[c.algType] !== undefined && digests[c.algType] !== c.algValue.toLowerCase());
      record(
        'checksum',
        'artifact',
        format.url,
        wrong.length === 0 ? 'pass' : 'fail',
        wrong.length === 0
          ? `${size} bytes, ${checksums.map((c) => c.algType).join(' and ')} match`
          : wrong.map((c) => `${c.algType} is ${digests[c.algType]}, not ${c.algValue}`).join('; '),
      );
    }
  }
}
