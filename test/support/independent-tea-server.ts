/**
 * A TEA 1.0 server written from the merged upstream OpenAPI description alone (its operation
 * list, parameters and responses; docs/tea.md "TEA 1.0: where each rule comes from") and the
 * seed's authentication rules, sharing no code with teapurl: node:http, its own inventory, its
 * own routing, page tokens and token endpoint. The client, `tea check` and `download` are
 * judged against it (test/tea/independent-server.test.ts).
 *
 * What it serves, under `<origin>/v1.0.0`: the 23 GET operations; pages with an opaque
 * `pageToken` in and `hasNext` / `nextPageToken` out, `pageSize` 1 to 100 (25 by default), the
 * `sortField` enumerations and `sortOrder`; `/discovery` with exactly one of `tei` and `purl`
 * (400 otherwise), a non-empty answer or 404 `OBJECT_UNKNOWN`; `/artifact/{uuid}/{version}/download`
 * for a format without `url`; one 404 body, `{"error": "OBJECT_UNKNOWN"}`; `POST /token`
 * (client_credentials, HTTP Basic with form-urlencoded parts, `Cache-Control: no-store` and
 * `Pragma: no-cache`). `/.well-known/tea` at the root. Artefact files with a `url` live on a
 * second origin, as the merged text says a `url` is outside the API.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export interface IndependentTeaServer {
  /** `http://127.0.0.1:<port>`: `/.well-known/tea` and the API under `/v1.0.0`. */
  origin: string;
  /** `<origin>/v1.0.0`. */
  base: string;
  /** The origin of the artefact host (the formats' external `url`s). */
  filesOrigin: string;
  /** The inventory's TEIs (`urn:tei:` for 1.0.0; `tei://` for 2.0.0, with `purlTei` its PURL TEI) and PURLs, by product release UUID. */
  releases: ReadonlyArray<{ uuid: string; tei: string; purl: string; purlTei?: string }>;
  /** Every artefact file served, by file name: what a verified download must produce. */
  files: ReadonlyMap<string, Buffer>;
  /**
   * Detached signatures by file name, served by the signature download endpoint for the formats
   * of that file (`/artifact/{uuid}/{version}/signature/download?mediaType=`); 404
   * `SIGNATURE_NOT_FOUND` for the others. Empty at start.
   */
  signatures: Map<string, string>;
  /** Every request, as `METHOD path?query`. */
  requests: string[];
  close(): Promise<void>;
}

export interface IndependentTeaServerOptions {
  /** API keys; when given, `/artifact/**` needs a bearer token from `POST /token`. */
  keys?: ReadonlyArray<{ id: string; secret: string }>;
}

const DOMAIN = 'gadget.example.org';
const id = (n: number) => `6c1a2f00-0000-4000-a000-${String(n).padStart(12, '0')}`;
const sha = (algorithm: string, bytes: Buffer) => createHash(algorithm).update(bytes).digest('hex');

/** The artefact files: each served once, either on the artefact host or by the download endpoint. */
const FILE_TEXT: Record<string, string> = {
  'gadget-2.0.0.cdx.json':
    '{"bomFormat":"CycloneDX","specVersion":"1.6","version":1,"components":[{"type":"library","name":"gadget-core","version":"1.1.0"}]}\n',
  'gadget-2.0.0.vex.json':
    '{"@context":"https://openvex.dev/ns/v0.2.0","@id":"https://gadget.example.org/vex/2","author":"Gadget","timestamp":"2026-10-01T00:00:00Z","version":2,"statements":[]}\n',
  'gadget-2.0.0-notes.txt': 'Gadget 2.0.0: faster, smaller, the same API.\n',
  'gadget-1.0.0.cdx.json': '{"bomFormat":"CycloneDX","specVersion":"1.6","version":1,"components":[]}\n',
  'gadget-core-1.1.0.cdx.xml': '<?xml version="1.0"?><bom xmlns="http://cyclonedx.org/schema/bom/1.6" version="1"/>\n',
  'gadget-core-1.0.0.cdx.xml': '<?xml version="1.0"?><bom xmlns="http://cyclonedx.org/schema/bom/1.6" version="1"><components/></bom>\n',
  'LICENSE.txt': 'Copyright Gadget. Licensed under the Apache License, Version 2.0.\n',
};
const FILES = new Map(Object.entries(FILE_TEXT).map(([name, text]) => [name, Buffer.from(text)]));

/** One format: hosted on the artefact host (`external`) or by the API's download endpoint. */
function format(file: string, mediaType: string, external: boolean, filesOrigin: string): Json {
  const bytes = FILES.get(file)!;
  return {
    mediaType,
    description: file,
    ...(external ? { url: `${filesOrigin}/files/${file}` } : {}),
    checksums: [
      { algType: 'SHA-256', algValue: sha('sha256', bytes) },
      { algType: 'SHA-512', algValue: sha('sha512', bytes) },
    ],
  };
}

/** The inventory: one product with two releases, two components with three releases, artefacts in several formats, CLE documents. */
function inventory(filesOrigin: string) {
  const artifact = (n: number, version: number, name: string, type: string, formats: Json[], createdDate: string): Json => ({
    uuid: id(n),
    version,
    name,
    type,
    createdDate,
    formats,
  });
  const sbom2 = artifact(
    40,
    1,
    'Gadget 2.0.0 SBOM',
    'BOM',
    [format('gadget-2.0.0.cdx.json', 'application/vnd.cyclonedx+json', true, filesOrigin)],
    '2026-10-01T00:00:00Z',
  );
  const vexV1 = artifact(
    41,
    1,
    'Gadget VEX',
    'VULNERABILITIES',
    [format('gadget-2.0.0.vex.json', 'application/vnd.openvex+json', false, filesOrigin)],
    '2026-10-01T00:00:00Z',
  );
  const vexV2: Json = { ...vexV1, version: 2, createdDate: '2026-11-01T00:00:00Z' };
  const notes = artifact(42, 1, 'Release notes', 'RELEASE_NOTES', [format('gadget-2.0.0-notes.txt', 'text/plain', true, filesOrigin)], '2026-10-01T00:00:00Z');
  const sbom1 = artifact(
    43,
    1,
    'Gadget 1.0.0 SBOM',
    'BOM',
    [format('gadget-1.0.0.cdx.json', 'application/vnd.cyclonedx+json', true, filesOrigin)],
    '2025-06-01T00:00:00Z',
  );
  const core11 = artifact(
    44,
    1,
    'gadget-core 1.1.0 SBOM',
    'BOM',
    [format('gadget-core-1.1.0.cdx.xml', 'application/vnd.cyclonedx+xml', false, filesOrigin)],
    '2026-09-01T00:00:00Z',
  );
  const core10 = artifact(
    45,
    1,
    'gadget-core 1.0.0 SBOM',
    'BOM',
    [format('gadget-core-1.0.0.cdx.xml', 'application/vnd.cyclonedx+xml', true, filesOrigin)],
    '2025-05-01T00:00:00Z',
  );
  const licence = artifact(46, 1, 'Licence', 'LICENSE', [format('LICENSE.txt', 'text/plain', true, filesOrigin)], '2025-05-01T00:00:00Z');

  const products: Json[] = [
    { uuid: id(1), name: 'Gadget', identifiers: [{ idType: 'PURL', idValue: 'pkg:generic/acme/gadget' }] },
    { uuid: id(2), name: 'Gadget Cloud', identifiers: [{ idType: 'CPE', idValue: 'cpe:2.3:a:acme:gadget_cloud' }] },
    { uuid: id(3), name: 'Gadget Archive', identifiers: [] },
  ];
  // Release 1.0.0 in the earlier URN spelling, 2.0.0 in the merged one (#261): a uuid TEI, and a
  // purl TEI with the PURL in unpadded Base64URL.
  const tei = (n: number) => (n === 10 ? `urn:tei:uuid:${DOMAIN}:${id(n)}` : `tei://${DOMAIN}/uuid/${id(n)}`);
  const purlTei = (purl: string) => `tei://${DOMAIN}/purl/${Buffer.from(purl).toString('base64url')}`;
  const productReleases: Json[] = [
    {
      uuid: id(10),
      product: id(1),
      productName: 'Gadget',
      version: '1.0.0',
      createdDate: '2025-06-01T00:00:00Z',
      releaseDate: '2025-06-02T00:00:00Z',
      identifiers: [
        { idType: 'TEI', idValue: tei(10) },
        { idType: 'PURL', idValue: 'pkg:generic/acme/gadget@1.0.0' },
      ],
      components: [{ uuid: id(20), release: id(30) }],
    },
    {
      uuid: id(11),
      product: id(1),
      productName: 'Gadget',
      version: '2.0.0',
      createdDate: '2026-10-01T00:00:00Z',
      identifiers: [
        { idType: 'TEI', idValue: tei(11) },
        { idType: 'TEI', idValue: purlTei('pkg:generic/acme/gadget@2.0.0') },
        { idType: 'PURL', idValue: 'pkg:generic/acme/gadget@2.0.0' },
      ],
      components: [{ uuid: id(20), release: id(31) }, { uuid: id(21) }],
    },
  ];
  const components: Json[] = [
    { uuid: id(20), name: 'gadget-core', identifiers: [{ idType: 'PURL', idValue: 'pkg:generic/acme/gadget-core' }] },
    { uuid: id(21), name: 'gadget-licence', identifiers: [] },
  ];
  const componentReleases: Json[] = [
    {
      uuid: id(30),
      component: id(20),
      componentName: 'gadget-core',
      version: '1.0.0',
      createdDate: '2025-05-01T00:00:00Z',
      releaseDate: '2025-05-02T00:00:00Z',
    },
    {
      uuid: id(31),
      component: id(20),
      componentName: 'gadget-core',
      version: '1.1.0',
      createdDate: '2026-09-01T00:00:00Z',
      identifiers: [{ idType: 'PURL', idValue: 'pkg:generic/acme/gadget-core@1.1.0' }],
    },
    {
      uuid: id(32),
      component: id(21),
      componentName: 'gadget-licence',
      version: '1',
      createdDate: '2025-05-01T00:00:00Z',
      releaseDate: '2025-05-01T00:00:00Z',
    },
  ];
  const collection = (owner: string, belongsTo: string, version: number, date: string, reason: string, artifacts: Json[]): Json => ({
    uuid: owner,
    version,
    date,
    belongsTo,
    updateReason: { type: reason },
    artifacts,
  });
  // Collections by owner UUID, oldest version first.
  const collections = new Map<string, Json[]>([
    [id(10), [collection(id(10), 'PRODUCT_RELEASE', 1, '2025-06-01T00:00:00Z', 'INITIAL_RELEASE', [sbom1])]],
    [
      id(11),
      [
        collection(id(11), 'PRODUCT_RELEASE', 1, '2026-10-01T00:00:00Z', 'INITIAL_RELEASE', [sbom2, vexV1]),
        collection(id(11), 'PRODUCT_RELEASE', 2, '2026-11-01T00:00:00Z', 'VEX_UPDATED', [sbom2, vexV2, notes]),
      ],
    ],
    [id(30), [collection(id(30), 'COMPONENT_RELEASE', 1, '2025-05-01T00:00:00Z', 'INITIAL_RELEASE', [core10])]],
    [id(31), [collection(id(31), 'COMPONENT_RELEASE', 1, '2026-09-01T00:00:00Z', 'INITIAL_RELEASE', [core11])]],
    [id(32), [collection(id(32), 'COMPONENT_RELEASE', 1, '2025-05-01T00:00:00Z', 'INITIAL_RELEASE', [licence])]],
  ]);
  // Artefact revisions by UUID, oldest first.
  const artifacts = new Map<string, Json[]>();
  for (const a of [sbom2, vexV1, vexV2, notes, sbom1, core11, core10, licence])
    artifacts.set(a.uuid as string, [...(artifacts.get(a.uuid as string) ?? []), a]);
  const cle = (released: string): Json => ({
    events: [
      {
        id: 2,
        type: 'endOfSupport',
        effective: '2027-12-31T00:00:00Z',
        published: '2026-10-01T00:00:00Z',
        versions: [{ version: released }],
        supportId: 'standard',
      },
      { id: 1, type: 'released', effective: '2025-06-01T00:00:00Z', published: '2025-06-01T00:00:00Z', version: released },
    ],
    definitions: { support: [{ id: 'standard', description: 'Two years of security fixes' }] },
  });
  const cles = new Map<string, Json>([
    [id(1), cle('1.0.0')],
    [id(10), cle('1.0.0')],
    [id(11), cle('2.0.0')],
    [id(20), cle('1.0.0')],
    [id(30), cle('1.0.0')],
    [id(31), cle('1.1.0')],
  ]);
  return { products, productReleases, components, componentReleases, collections, artifacts, cles, tei, purlTei };
}

/** The `sortField` values of each listing and its tie-breaker (the merged `sort-field-*` parameters). */
const SORTS = {
  product: { fields: ['name'], tie: 'uuid' },
  release: { fields: ['createdDate', 'releaseDate', 'version'], tie: 'uuid' },
  collection: { fields: ['version'], tie: 'version' },
} as const;

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers }).end(text);
};
const unknown = (res: ServerResponse) => send(res, 404, { error: 'OBJECT_UNKNOWN' });
const badRequest = (res: ServerResponse, error = 'INVALID_REQUEST') => send(res, 400, { error });

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > 16_384) req.destroy();
    });
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

const sameSecret = (a: string, b: string) => {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
};

/** Starts the server and its artefact host on 127.0.0.1, each on a port of its own. */
export async function startIndependentTeaServer(options: IndependentTeaServerOptions = {}): Promise<IndependentTeaServer> {
  const requests: string[] = [];
  const signatures = new Map<string, string>();
  const tokens = new Map<string, number>();
  // Page tokens are server-side cursors: a random handle for (listing, filter and order, position).
  const cursors = new Map<string, { listing: string; scope: string; offset: number }>();
  let origin = '';
  let filesOrigin = '';
  let data: ReturnType<typeof inventory>;

  const files = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/files\//, ''));
    const bytes = FILES.get(name);
    if (req.method !== 'GET' || bytes === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length }).end(bytes);
  });

  const page = (res: ServerResponse, url: URL, listing: string, items: Json[], sort: (typeof SORTS)[keyof typeof SORTS]) => {
    const q = url.searchParams;
    const size = q.get('pageSize') === null ? 25 : Number(q.get('pageSize'));
    if (!/^\d+$/.test(q.get('pageSize') ?? '25') || size < 1 || size > 100) return badRequest(res);
    const scope = ['idType', 'idValue', 'sortField', 'sortOrder'].map((name) => `${name}=${q.get(name) ?? ''}`).join('&');
    let offset = 0;
    const token = q.get('pageToken');
    if (token !== null) {
      const cursor = cursors.get(token);
      // The token belongs to one listing and one filter and order: anything else is 400 (merged page-token parameter).
      if (cursor === undefined || cursor.listing !== listing || cursor.scope !== scope) return badRequest(res, 'INVALID_PAGE_TOKEN');
      offset = cursor.offset;
    }
    const field = q.get('sortField') ?? sort.fields[0];
    const order = q.get('sortOrder') ?? 'asc';
    if (!(sort.fields as readonly string[]).includes(field) || (order !== 'asc' && order !== 'desc')) return badRequest(res);
    const idType = q.get('idType');
    const idValue = q.get('idValue');
    const matching = items.filter((item) =>
      idType === null && idValue === null
        ? true
        : ((item.identifiers as Json[] | undefined) ?? []).some((i) => (idType === null || i.idType === idType) && (idValue === null || i.idValue === idValue)),
    );
    const compare = (a: Json, b: Json, key: string): number => {
      const x = a[key];
      const y = b[key];
      if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1; // missing last ascending, first descending
      return String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0;
    };
    const sign = order === 'asc' ? 1 : -1;
    const sorted = [...matching].sort((a, b) => sign * (compare(a, b, field) || compare(a, b, sort.tie)));
    const results = sorted.slice(offset, offset + size);
    const next = offset + results.length;
    if (next < sorted.length) {
      const handle = randomBytes(12).toString('base64url');
      cursors.set(handle, { listing, scope, offset: next });
      return send(res, 200, { hasNext: true, nextPageToken: handle, results });
    }
    return send(res, 200, { hasNext: false, results });
  };

  const tokenEndpoint = async (req: IncomingMessage, res: ServerResponse) => {
    const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };
    const form = new URLSearchParams(await readBody(req));
    const keys = options.keys ?? [];
    if (keys.length === 0) return unknown(res);
    if (form.get('grant_type') !== 'client_credentials') return send(res, 400, { error: 'unsupported_grant_type' }, noStore);
    const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(req.headers.authorization ?? '')?.[1];
    const decoded = basic === undefined ? '' : Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const formPart = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return undefined;
      }
    };
    const keyId = colon < 0 ? undefined : formPart(decoded.slice(0, colon));
    const secret = colon < 0 ? undefined : formPart(decoded.slice(colon + 1));
    const key = keys.find((k) => k.id === keyId);
    if (key === undefined || secret === undefined || !sameSecret(key.secret, secret))
      return send(res, 401, { error: 'invalid_client' }, { ...noStore, 'www-authenticate': 'Basic realm="tea"' });
    const token = randomBytes(32).toString('base64url');
    tokens.set(token, Date.now() + 600_000);
    return send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 600 }, noStore);
  };

  /** Whether the request may see a protected path; answered with the challenge when not. */
  const authorised = (req: IncomingMessage, res: ServerResponse): boolean => {
    const presented = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(req.headers.authorization ?? '')?.[1];
    if (presented === undefined) {
      send(res, 401, {}, { 'www-authenticate': 'Bearer realm="tea"' });
      return false;
    }
    const expires = tokens.get(presented);
    if (expires === undefined || expires < Date.now()) {
      send(res, 401, {}, { 'www-authenticate': 'Bearer realm="tea", error="invalid_token", error_description="the token is not known or has expired"' });
      return false;
    }
    return true;
  };

  const api = async (req: IncomingMessage, res: ServerResponse, url: URL, path: string) => {
    if (path === '/token') return req.method === 'POST' ? tokenEndpoint(req, res) : send(res, 405, {}, { allow: 'POST' });
    if (req.method !== 'GET') return send(res, 405, {}, { allow: 'GET' });
    const parts = path.split('/').slice(1);
    const [kind, uuid, a, b] = parts;
    if (uuid !== undefined && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(uuid)) return badRequest(res);
    if (options.keys && kind === 'artifact' && !authorised(req, res)) return;
    const latestOf = (owner: string) => data.collections.get(owner)?.at(-1);
    const versionOf = (owner: string, v: string | undefined) => data.collections.get(owner)?.find((x) => String(x.version) === v);
    const byUuid = (list: Json[]) => list.find((x) => x.uuid === uuid);
    switch (
      `${kind}${
        parts.length > 2
          ? `/${parts
              .slice(2)
              .map((p) => (/^\d+$/.test(p) ? '{n}' : p))
              .join('/')}`
          : parts.length === 2
            ? '/{uuid}'
            : ''
      }`
    ) {
      case 'discovery': {
        const tei = url.searchParams.get('tei');
        const purl = url.searchParams.get('purl');
        if ((tei === null) === (purl === null)) return badRequest(res);
        const [idType, value] = tei !== null ? ['TEI', tei] : ['PURL', purl];
        const found = data.productReleases.filter((r) => (r.identifiers as Json[]).some((i) => i.idType === idType && i.idValue === value));
        if (found.length === 0) return unknown(res);
        return send(
          res,
          200,
          found.map((r) => ({ productReleaseUuid: r.uuid, servers: [{ rootUrl: origin, versions: ['1.0.0'] }] })),
        );
      }
      case 'products':
        return page(res, url, 'products', data.products, SORTS.product);
      case 'components':
        return page(res, url, 'components', data.components, SORTS.product);
      case 'productReleases':
        return page(res, url, 'productReleases', data.productReleases, SORTS.release);
      case 'componentReleases':
        return page(res, url, 'componentReleases', data.componentReleases, SORTS.release);
      case 'product/{uuid}':
        return byUuid(data.products) ? send(res, 200, byUuid(data.products)) : unknown(res);
      case 'product/releases':
        if (!byUuid(data.products)) return unknown(res);
        return page(
          res,
          url,
          `product/${uuid}/releases`,
          data.productReleases.filter((r) => r.product === uuid),
          SORTS.release,
        );
      case 'component/{uuid}':
        return byUuid(data.components) ? send(res, 200, byUuid(data.components)) : unknown(res);
      case 'component/releases':
        if (!byUuid(data.components)) return unknown(res);
        return page(
          res,
          url,
          `component/${uuid}/releases`,
          data.componentReleases.filter((r) => r.component === uuid),
          SORTS.release,
        );
      case 'productRelease/{uuid}':
        return byUuid(data.productReleases) ? send(res, 200, byUuid(data.productReleases)) : unknown(res);
      case 'componentRelease/{uuid}': {
        const release = byUuid(data.componentReleases);
        const latest = release && latestOf(release.uuid as string);
        return release && latest ? send(res, 200, { release, latestCollection: latest }) : unknown(res);
      }
      case 'product/cle':
      case 'productRelease/cle':
      case 'component/cle':
      case 'componentRelease/cle':
        return data.cles.has(uuid!) ? send(res, 200, data.cles.get(uuid!)) : unknown(res);
      case 'productRelease/collection/latest':
      case 'componentRelease/collection/latest': {
        const latest =
          data.collections.has(uuid!) && (kind === 'productRelease' ? byUuid(data.productReleases) : byUuid(data.componentReleases))
            ? latestOf(uuid!)
            : undefined;
        return latest ? send(res, 200, latest) : unknown(res);
      }
      case 'productRelease/collection/{n}':
      case 'componentRelease/collection/{n}': {
        const found = versionOf(uuid!, b);
        return found && found.belongsTo === (kind === 'productRelease' ? 'PRODUCT_RELEASE' : 'COMPONENT_RELEASE') ? send(res, 200, found) : unknown(res);
      }
      case 'productRelease/collections':
      case 'componentRelease/collections': {
        const all = data.collections.get(uuid!);
        if (!all || all[0]!.belongsTo !== (kind === 'productRelease' ? 'PRODUCT_RELEASE' : 'COMPONENT_RELEASE')) return unknown(res);
        return page(res, url, `${kind}/${uuid}/collections`, all, SORTS.collection);
      }
      case 'artifact/latest': {
        const latest = data.artifacts.get(uuid!)?.at(-1);
        return latest ? send(res, 200, latest) : unknown(res);
      }
      case 'artifact/{n}': {
        const found = data.artifacts.get(uuid!)?.find((x) => String(x.version) === a);
        return found ? send(res, 200, found) : unknown(res);
      }
      case 'artifact/{n}/download':
      case 'artifact/latest/download': {
        const revisions = data.artifacts.get(uuid!);
        const revision = a === 'latest' ? revisions?.at(-1) : revisions?.find((x) => String(x.version) === a);
        if (!revision) return unknown(res);
        const mediaType = url.searchParams.get('mediaType');
        const chosen = (revision.formats as Json[]).find((f) => mediaType === null || f.mediaType === mediaType);
        if (!chosen) return send(res, 406, { error: 'NO_ACCEPTABLE_FORMAT' });
        const bytes = FILES.get(chosen.description as string)!;
        res.writeHead(200, { 'content-type': chosen.mediaType as string, 'content-length': bytes.length, etag: `"${sha('sha256', bytes)}"` }).end(bytes);
        return;
      }
      case 'artifact/{n}/signature/download':
      case 'artifact/latest/signature/download': {
        const revisions = data.artifacts.get(uuid!);
        const revision = a === 'latest' ? revisions?.at(-1) : revisions?.find((x) => String(x.version) === a);
        if (!revision) return unknown(res);
        const mediaType = url.searchParams.get('mediaType');
        const chosen = (revision.formats as Json[]).find((f) => mediaType === null || f.mediaType === mediaType);
        if (!chosen) return send(res, 406, { error: 'NO_ACCEPTABLE_FORMAT' });
        const signature = signatures.get(chosen.description as string);
        if (signature === undefined) return send(res, 404, { error: 'SIGNATURE_NOT_FOUND' });
        res.writeHead(200, { 'content-type': 'application/pgp-signature', 'content-length': Buffer.byteLength(signature) }).end(signature);
        return;
      }
      default:
        return unknown(res);
    }
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (url.pathname === '/.well-known/tea') return send(res, 200, { schemaVersion: 1, endpoints: [{ url: origin, versions: ['1.0.0'] }] });
    if (!url.pathname.startsWith('/v1.0.0/')) return unknown(res);
    api(req, res, url, url.pathname.slice('/v1.0.0'.length)).catch(() => {
      if (!res.headersSent) send(res, 500, {});
    });
  });
  const listen = (s: Server) =>
    new Promise<string>((resolve) => s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)));
  [origin, filesOrigin] = await Promise.all([listen(server), listen(files)]);
  data = inventory(filesOrigin);
  return {
    origin,
    base: `${origin}/v1.0.0`,
    filesOrigin,
    releases: data.productReleases.map((r) => ({
      uuid: r.uuid as string,
      tei: data.tei(Number((r.uuid as string).slice(-2))),
      purl: ((r.identifiers as Json[]).find((i) => i.idType === 'PURL')!.idValue as string) ?? '',
      ...((r.identifiers as Json[]).filter((i) => i.idType === 'TEI').length > 1
        ? { purlTei: (r.identifiers as Json[]).filter((i) => i.idType === 'TEI')[1]!.idValue as string }
        : {}),
    })),
    files: FILES,
    signatures,
    requests,
    close: async () => {
      await Promise.all([server, files].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };
}
