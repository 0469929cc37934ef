/**
 * The test server's sample resources and how a canonical path resolves to one of them.
 *
 * @internal
 * @module
 */
import { jsonResponse, type KitResponse } from './http-exchange.js';
import { compareSemVer, parseSemVer } from '../../shared/semver.js';

/**
 * A canonical path resolved to a sample resource. Any segments before `/v<version>` are a prefix
 * (an endpoint URL may carry a path, 2.2) and not part of the resource: `/x/v1.0.0/artifact/<id>`
 * and `/v1.0.0/artifact/<id>` are the same object, whose canonical path is the latter.
 */
export interface SampleRoute {
  /** The API version as the discovery document lists it, whatever spelling of it the request used. */
  version: string;
  kind: string;
  plural: boolean;
  /** The object id, lowercased when it is a UUID; undefined for a listing or a bare kind. */
  id: string | undefined;
  /** The resource's own canonical path, from `/v<listed version>` on: what protect globs are matched against. */
  path: string;
}

/**
 * Sample objects with this UUID answer 403 to an authenticated client (5.7.4).
 *
 * @example
 * ```ts
 * await client.request(`/product/${FORBIDDEN_UUID}`); // 403
 * ```
 */
export const FORBIDDEN_UUID = '00000000-0000-4000-8000-000000000403';
/**
 * Sample objects with this UUID answer 404: absent or concealed, the client cannot tell (5.7.4).
 *
 * @example
 * ```ts
 * await client.request(`/product/${MISSING_UUID}`); // 404
 * ```
 */
export const MISSING_UUID = '00000000-0000-4000-8000-000000000404';

/** What every listing holds. */
export const SAMPLE_IDS = ['6f3f6a52-0f7e-4a43-9d2b-0c1e2f3a4b5c', 'b0b3d6a1-5c2e-4f8a-9e7d-1a2b3c4d5e6f', 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KINDS = new Set(['product', 'release', 'component', 'collection', 'artifact']);

/**
 * Which API version a request names: the listed version it equals, or `undefined`. Requests are
 * read by SemVer precedence, so `/v1.0.0+x/…` is the listed `1.0.0`: the router and the protect
 * globs then see one spelling of each version, and a version the server does not publish is no
 * route at all (404), rather than a spelling the globs were not written for.
 */
export type PublishedVersion = (version: string) => string | undefined;

/** The {@link PublishedVersion} of a server whose discovery document lists `listed` (entries that are not semantic versions are ignored). */
export function publishedVersions(listed: readonly string[]): PublishedVersion {
  const versions = listed.map((version) => parseSemVer(version)).filter((version) => version !== null);
  return (requested) => {
    const version = parseSemVer(requested);
    return version === null ? undefined : versions.find((known) => compareSemVer(known, version) === 0)?.raw;
  };
}

/** `v<semantic version>` naming a published version: the segment that starts an API path; the listed version, or `undefined`. */
export function versionSegment(segment: string | undefined, published: PublishedVersion): string | undefined {
  return segment?.startsWith('v') ? published(segment.slice(1)) : undefined;
}

function kindOf(word: string | undefined): { kind: string; plural: boolean } | undefined {
  if (word === undefined) return undefined;
  if (KINDS.has(word)) return { kind: word, plural: false };
  if (word.endsWith('s') && KINDS.has(word.slice(0, -1))) return { kind: word.slice(0, -1), plural: true };
  return undefined;
}

/**
 * Resolves a canonical path to a sample resource, `[<prefix>]/v<version>/<kind>[s][/<id>]`, or
 * `null` (also for a version the server does not publish). Letter case counts except in a UUID,
 * which is lowercased, and the version is the listed one it equals, so the object the router
 * serves and the path a protection check sees are one and the same.
 */
export function routeSample(path: string, published: PublishedVersion): SampleRoute | null {
  const segments = path.split('/').slice(1);
  const n = segments.length;
  // With an id: .../v<version>/<kind>/<id>; without: .../v<version>/<kind>[s].
  for (const idCount of [1, 0]) {
    const version = versionSegment(segments[n - 2 - idCount], published);
    const kind = kindOf(segments[n - 1 - idCount]);
    if (version === undefined || kind === undefined) continue;
    const rawId = idCount === 1 ? segments[n - 1]! : undefined;
    const id = rawId !== undefined && UUID.test(rawId) ? rawId.toLowerCase() : rawId;
    const word = segments[n - 1 - idCount]!;
    return { version, ...kind, id, path: `/v${version}/${word}${id === undefined ? '' : `/${id}`}` };
  }
  return null;
}

/** The canonical path of one sample object: what its listing entry is protected by. */
export function objectPath(version: string, kind: string, uuid: string): string {
  return `/v${version}/${kind}/${uuid}`;
}

function sampleObject(kind: string, uuid: string, version: string): Record<string, string> {
  return { uuid, kind, name: `Sample ${kind} ${uuid.slice(0, 8)}`, apiVersion: version };
}

/**
 * Answers a sample resource request, after any token check. A listing holds only the objects
 * `visible` admits: for a client without a valid token, those whose own path is not protected.
 */
export function answerSample(method: string, path: string, route: SampleRoute | null, visible: (uuid: string) => boolean): KitResponse {
  if (!route) return jsonResponse(404, { error: 'not_found', error_description: `no resource at ${path}` });
  if (method !== 'GET' && method !== 'HEAD') {
    return jsonResponse(405, { error: 'method_not_allowed', error_description: 'resources answer GET and HEAD' }, { allow: 'GET, HEAD' });
  }
  const { kind, plural, id, version } = route;
  if (plural) {
    if (id !== undefined) return jsonResponse(404, { error: 'not_found', error_description: `no resource at ${path}` });
    return jsonResponse(200, { items: SAMPLE_IDS.filter(visible).map((uuid) => sampleObject(kind, uuid, version)) });
  }
  if (id === undefined) return jsonResponse(404, { error: 'not_found', error_description: `no resource at ${path}` });
  if (!UUID.test(id)) return jsonResponse(400, { error: 'bad_request', error_description: `${kind} id must be a UUID` });
  if (id === FORBIDDEN_UUID) return jsonResponse(403, { error: 'forbidden', error_description: `this client may not see ${kind} ${id}` });
  if (id === MISSING_UUID) return jsonResponse(404, { error: 'not_found', error_description: `no ${kind} ${id}` });
  return jsonResponse(200, sampleObject(kind, id, version));
}
