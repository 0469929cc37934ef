/**
 * The walk of a paginated TEA listing, page by page: TEA 1.0's opaque tokens, the old offset
 * pages and plain lists (with a warning), bounded by `maxPages` and `maxItems`, a repeated token
 * refused. Loaded by `TeaApi.list` with its first page (src/tea/client/reading.ts).
 */
import type { TeaOperation } from '../protocol/api-operations.js';
import { operationPath } from '../protocol/api-operations.js';
import { TeaApiError } from './tea-api-error.js';

/** A page as the walk reads it: TEA 1.0's, or an old offset page or plain list read into that shape. */
interface ReadPage {
  readonly results: readonly unknown[];
  readonly hasNext: boolean;
  readonly nextPageToken?: string;
  /** For an old offset page: the pageOffset of the next page. */
  readonly nextOffset?: number;
  /** The URL that answered it. */
  readonly url: string;
  /** Read from a form before TEA 1.0. */
  readonly legacy: boolean;
}

/** What `TeaApi.list` hands the walk: the operation, its bounds, and how to ask for a page. */
export interface PageWalk {
  readonly operation: TeaOperation;
  readonly uuid: string | undefined;
  readonly query: Record<string, string | number | undefined>;
  readonly maxPages: number;
  readonly maxItems: number;
  readonly baseUrl: string;
  /** The path and query of the page asked with `query`. */
  pathOf(query: Record<string, string | number | undefined>): string;
  /** One GET of `path`, read and validated, an old page form read too. */
  get(path: string): Promise<{ url: string; value: unknown; legacy?: { form: string; results: unknown[]; nextOffset?: number } }>;
  readonly onWarning?: (message: string) => void;
}

/** Every result of the listing, page by page. */
export async function* listPages(walk: PageWalk): AsyncIterable<unknown> {
  const { operation } = walk;
  const { operationId } = operation;
  const { pageToken: _token, pageOffset: _offset, ...query } = walk.query;
  const seen = new Set<string>();
  let token: string | undefined;
  let offset: number | undefined;
  let items = 0;
  let warned = false;
  for (let pages = 1; pages <= walk.maxPages; pages++) {
    const next = token !== undefined ? { pageToken: token } : offset !== undefined ? { pageOffset: offset } : {};
    const page = await readPage(walk, walk.pathOf({ ...query, ...next }), !warned);
    warned ||= page.legacy;
    items += page.results.length;
    if (items > walk.maxItems) {
      throw new TeaApiError(
        'too-many-items',
        operationId,
        page.url,
        200,
        `${operationId}: ${page.url} brought the listing to ${items} results, more than ${walk.maxItems} (maxItems); stopped`,
      );
    }
    yield* page.results;
    if (!page.hasNext) return;
    if (page.nextOffset !== undefined) {
      // An offset page: an empty one ends the walk, so an overstated totalResults cannot loop.
      if (page.results.length === 0) return;
      offset = page.nextOffset;
      continue;
    }
    token = page.nextPageToken!;
    if (seen.has(token)) {
      throw new TeaApiError(
        'page-loop',
        operationId,
        page.url,
        200,
        `${operationId}: ${page.url} answered a nextPageToken it had sent before (page ${pages}): the server pages in a loop; stopped`,
      );
    }
    seen.add(token);
  }
  const url = `${walk.baseUrl}${operationPath(operation, walk.uuid)}`;
  throw new TeaApiError('too-many-pages', operationId, url, 200, `${operationId}: ${url} went on past ${walk.maxPages} pages (maxPages); stopped`);
}

/**
 * One page of a listing, validated. A page TEA 1.0 replaced is read into the same shape: an
 * offset page (`pageStartIndex`, `totalResults`, no `hasNext`) continues by `pageOffset`; a
 * plain list is the whole listing. `warn` says whether to tell `onWarning` about it.
 */
async function readPage(walk: PageWalk, path: string, warn: boolean): Promise<ReadPage> {
  const { operation } = walk;
  const { url, value, legacy } = await walk.get(path);
  if (legacy === undefined) {
    const page = value as { results?: unknown[]; hasNext: boolean; nextPageToken?: string };
    return {
      results: page.results ?? [],
      hasNext: page.hasNext,
      ...(page.nextPageToken !== undefined ? { nextPageToken: page.nextPageToken } : {}),
      url,
      legacy: false,
    };
  }
  if (warn)
    walk.onWarning?.(
      `${operation.operationId}: ${url} answered ${legacy.form}, the form before TEA 1.0; read it anyway. TEA 1.0 pages by opaque token: hasNext and nextPageToken in the page, pageToken in the request (TEA pull requests #231 and #253)`,
    );
  return {
    results: legacy.results,
    hasNext: legacy.nextOffset !== undefined,
    ...(legacy.nextOffset !== undefined ? { nextOffset: legacy.nextOffset } : {}),
    url,
    legacy: true,
  };
}
