/**
 * A product release's artefacts, downloaded and verified: the product release's latest collection
 * and each component release's, every format of every artefact (or those the filters keep), into
 * one folder, with a manifest of what was verified. One failure never stops the others.
 */
import { lstat, mkdir, readdir, readFile, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { TeaArtifact, TeaArtifactFormat, TeaCollection, TeaComponentRef, TeaProductRelease } from '../../../../types/index.js';
import type { TeaApi } from '../../client/tea-api.js';
import { artifactFormatUrl } from '../../protocol/api-operations.js';
import { failureReason } from '../../../shared/messages.js';
import { fsReason } from '../../../shared/node/fs-reason.js';
import { downloadFile, TeaDownloadError, type FileLimits } from './download-file.js';
import { writeFileAtomic } from '../../../shared/node/safe-write.js';
import type { TeaKeyring, TeaSignatureCheck, TeaSignaturePolicy } from './openpgp-signature.js';
import type { SigstoreKeys } from './sigstore-bundle.js';
import { fetchSignature, TeaSignatureError, verifyFileSignature } from './signature-stage.js';
import { TeapurlError } from '../../../shared/errors.js';

/**
 * Options of {@link downloadProductRelease}.
 *
 * @example
 * ```ts
 * import type { TeaDownloadOptions } from 'teapurl/node';
 * const options: TeaDownloadOptions = { out: 'artefacts', types: ['BOM', 'VULNERABILITIES'], signatures: true };
 * ```
 */
export interface TeaDownloadOptions {
  /** The folder to download into; made when missing. Files already there are never overwritten. */
  out: string;
  /** Only artefacts of these types (`BOM`, `VULNERABILITIES`, …). Default: every type. */
  types?: readonly string[];
  /** Only formats of these media types (`application/vnd.cyclonedx+json`, …). Default: every format. */
  mediaTypes?: readonly string[];
  /** Keep a file whose format lists no checksum, unverified. Default `false`: it is refused. */
  allowNoChecksum?: boolean;
  /** Also download each format's `signatureUrl` beside its file. */
  signatures?: boolean;
  /**
   * Verify each format's `signatureUrl` (an OpenPGP detached signature) with these keys
   * ({@link readKeyring}), over the downloaded bytes: a file is kept only when its checksums and
   * its signature hold. A format with no `signatureUrl` is kept and reported `unsigned`, unless
   * `requireSignatures`. Needs the optional package `openpgp`.
   */
  keyring?: TeaKeyring;
  /**
   * Verify a `signatureUrl` that is a Sigstore bundle with these public keys
   * ({@link readSigstoreKeys}), as `keyring` does OpenPGP signatures. Needs the optional package
   * `@sigstore/verify`.
   */
  sigstoreKeys?: SigstoreKeys;
  /** Refuse a file whose format lists no `signatureUrl` (needs `keyring` or `sigstoreKeys`). Default `false`. */
  requireSignatures?: boolean;
  /** How strict the signature checks are: weak hashes, expired keys. */
  signaturePolicy?: TeaSignaturePolicy;
  /** Largest file, in bytes. Default 4 GiB. */
  maxBytes?: number;
  /** Time for one file, in ms. Default one hour. */
  timeoutMs?: number;
  /** Longest wait for a file's next bytes, in ms. Default 60,000. */
  idleTimeoutMs?: number;
  /** Called as each file starts, as its bytes arrive, and as it ends, for a progress display. */
  onProgress?: (event: TeaDownloadProgress) => void;
  /**
   * Stops the download (Ctrl+C, SIGTERM): the file being written is deleted, no further file is
   * begun, no manifest is written, and the call rejects with the signal's reason.
   */
  signal?: AbortSignal;
}

/**
 * A step of a download, for a progress display.
 *
 * @example
 * ```ts
 * import type { TeaDownloadProgress } from 'teapurl/node';
 * const show = (event: TeaDownloadProgress) => process.stderr.write(`\r[${event.index}/${event.total}] ${event.file}`);
 * ```
 */
export interface TeaDownloadProgress {
  /** The file's number, from 1. */
  readonly index: number;
  /** How many files there are. */
  readonly total: number;
  /** The file, relative to the output folder. */
  readonly file: string;
  /** `start`, `bytes` (more arrived), `done` or `failed`. */
  readonly step: 'start' | 'bytes' | 'done' | 'failed';
  /** For `bytes`, `done`: the bytes so far. */
  readonly bytes?: number;
  /** For `bytes`: the size the server declared, when it did. */
  readonly size?: number;
}

/**
 * One verified file of the manifest.
 *
 * @example
 * ```ts
 * import type { TeaManifestEntry } from 'teapurl/node';
 * const entry: TeaManifestEntry = {
 *   object: { kind: 'component-release', uuid: '605d0ecb-1057-40e4-9abf-c400b10f0345', version: '11.0.7' },
 *   collection: { uuid: '605d0ecb-1057-40e4-9abf-c400b10f0345', version: 2 },
 *   artifact: { uuid: '1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce', version: 1, type: 'BOM', name: 'Build SBOM' },
 *   format: { mediaType: 'application/vnd.cyclonedx+xml', url: 'https://tea.example.com/files/sbom.xml' },
 *   file: '1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce/sbom.xml',
 *   bytes: 1024,
 *   checksums: [{ algType: 'SHA-256', algValue: '9da736a1cdd27231e70187cbc67398d29ca0b714f885e7032da9f1fb247693c1' }],
 *   verified: true,
 * };
 * ```
 */
export interface TeaManifestEntry {
  /** The release whose collection lists the artefact. */
  object: {
    /** A product release or a component release. */
    kind: 'product-release' | 'component-release';
    /** Its UUID. */
    uuid: string;
    /** Its version. */
    version: string;
    /** The product's or component's name, when the release gives it. */
    name?: string;
  };
  /** The collection. */
  collection: {
    /** Its UUID, the release's. */
    uuid?: string;
    /** Its version. */
    version?: number;
  };
  /** The artefact. */
  artifact: {
    /** Its UUID. */
    uuid: string;
    /** Its revision (1 when the server gave none). */
    version: number;
    /** `BOM`, `VULNERABILITIES`, … */
    type: string;
    /** Its name, when given. */
    name?: string;
  };
  /** The format downloaded. */
  format: {
    /** Its media type, when given. */
    mediaType?: string;
    /** Where it was downloaded from. */
    url: string;
  };
  /** The file, relative to the output folder. */
  file: string;
  /** Its size. */
  bytes: number;
  /** The checksums that matched: every one the format lists. */
  checksums: Array<{
    /** The algorithm, as the format names it. */
    algType: string;
    /** The digest listed, which the file's matched. */
    algValue: string;
  }>;
  /** `false` only for a file kept with no checksum to check (`allowNoChecksum`). */
  verified: boolean;
  /** The signature file beside it, when asked for and listed. */
  signature?: string;
  /**
   * With a keyring: `verified` and who signed (key fingerprint, user id, when, algorithms), or
   * `unsigned` when the format lists no `signatureUrl`.
   */
  signatureCheck?: TeaManifestSignature;
}

/**
 * What a manifest records of a file's signature.
 *
 * @example
 * ```ts
 * import type { TeaManifestSignature } from 'teapurl/node';
 * const line = (s: TeaManifestSignature) => (s.verdict === 'verified' ? `signed by ${s.userId} (${s.fingerprint}) on ${s.created}` : 'unsigned');
 * ```
 */
export interface TeaManifestSignature {
  /** `verified`, or `unsigned` when there was no signature to check. */
  verdict: 'verified' | 'unsigned';
  /** The signature's URL. */
  url?: string;
  /** The signing key's primary fingerprint. */
  fingerprint?: string;
  /** The signing subkey's fingerprint, when a subkey signed. */
  subkeyFingerprint?: string;
  /** The key's primary user id. */
  userId?: string;
  /** When the signature was made, ISO 8601. */
  created?: string;
  /** Its hash (`SHA-512`, …). */
  hashAlgorithm?: string;
  /** Its key's algorithm (`EdDSA`, `RSA`, …). */
  publicKeyAlgorithm?: string;
}

/**
 * What {@link downloadProductRelease} did: every file verified and every failure. The manifest
 * is written to `teapurl-download.json` in the output folder.
 *
 * @example
 * ```ts
 * import type { TeaDownloadReport } from 'teapurl/node';
 * const summary = (report: TeaDownloadReport) => `${report.files.length} verified, ${report.failures.length} failed`;
 * ```
 */
export interface TeaDownloadReport {
  /** The product release. */
  productRelease: {
    /** Its UUID. */
    uuid: string;
    /** Its version. */
    version: string;
    /** The product's name, when the release gives it. */
    name?: string;
  };
  /** The files verified. */
  files: TeaManifestEntry[];
  /** What failed, one line each (a collection that could not be read, a file refused). */
  failures: Array<{
    /** What could not be had: an artefact, a collection. */
    what: string;
    /** Why. */
    message: string;
    /** For a file refused for its signature: what the verification found. */
    signature?: TeaSignatureCheck;
  }>;
  /** The manifest file, absolute. */
  manifest: string;
}

/**
 * The manifest's name in the output folder.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { MANIFEST_NAME } from 'teapurl/node';
 * const manifest = JSON.parse(readFileSync(`artefacts/${MANIFEST_NAME}`, 'utf8'));
 * ```
 */
export const MANIFEST_NAME = 'teapurl-download.json';
const MANIFEST_TOOL = 'teapurl download';

/** A collection and the release it belongs to. */
interface Source {
  object: TeaManifestEntry['object'];
  collection: TeaCollection;
}

/** One file to fetch. */
interface Planned {
  source: Source;
  artifact: TeaArtifact;
  format: TeaArtifactFormat & { url: string };
  name: string;
}

/** The newest release of a component, preferring full releases: the choice for a reference that pins none. */
function newest<T extends { releaseDate?: string; createdDate: string; preRelease?: boolean }>(releases: readonly T[]): T | undefined {
  const date = (r: T) => r.releaseDate ?? r.createdDate;
  const full = releases.filter((r) => r.preRelease !== true);
  return [...(full.length > 0 ? full : releases)].sort((a, b) => (date(a) < date(b) ? 1 : date(a) > date(b) ? -1 : 0))[0];
}

/** A file name from a URL's last segment: letters, digits, `.`, `-`, `_`; never hidden, never empty. */
export function safeFileName(url: string, fallback: string): string {
  let last = '';
  try {
    last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    last = '';
  }
  const name = last
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 120);
  return name === '' ? fallback : name;
}

/** The collections to read: the product release's latest, and each of its component releases' latest. */
async function collectSources(api: TeaApi, release: TeaProductRelease, failures: TeaDownloadReport['failures']): Promise<Source[]> {
  const sources: Source[] = [];
  const attempt = async (what: string, step: () => Promise<void>) => {
    try {
      await step();
    } catch (error) {
      failures.push({ what, message: failureReason(error) });
    }
  };
  await attempt(`the latest collection of product release ${release.uuid}`, async () => {
    const collection = await api.productReleaseLatestCollection(release.uuid);
    sources.push({
      object: { kind: 'product-release', uuid: release.uuid, version: release.version, ...(release.productName ? { name: release.productName } : {}) },
      collection,
    });
  });
  for (const ref of release.components as TeaComponentRef[]) {
    await attempt(`component ${ref.uuid}${ref.release ? ` release ${ref.release}` : ''}`, async () => {
      let releaseUuid = ref.release;
      if (releaseUuid === undefined) {
        const chosen = newest(await api.componentReleasesOf(ref.uuid));
        if (chosen === undefined) throw new Error(`component ${ref.uuid} has no release`);
        releaseUuid = chosen.uuid;
      }
      const { release: componentRelease, latestCollection } = await api.componentRelease(releaseUuid);
      sources.push({
        object: {
          kind: 'component-release',
          uuid: componentRelease.uuid,
          version: componentRelease.version,
          ...(componentRelease.componentName ? { name: componentRelease.componentName } : {}),
        },
        collection: latestCollection,
      });
    });
  }
  return sources;
}

/** Every format to fetch, after the filters; an artefact in several collections is fetched once. */
/** The API's signature download endpoint for one format (upstream #262), or `undefined` without a media type to select it by. */
function signatureEndpointUrl(baseUrl: string, artifact: TeaArtifact, format: TeaArtifactFormat): string | undefined {
  if (!format.mediaType) return undefined;
  return `${baseUrl.replace(/\/+$/, '')}/artifact/${encodeURIComponent(artifact.uuid)}/${artifact.version ?? 1}/signature/download?mediaType=${encodeURIComponent(format.mediaType)}`;
}

/** The file name of a format the download endpoint serves: `format-<n>`, with the extension its media type's suffix names. */
function endpointFileName(mediaType: string, index: number): string {
  const suffix = /(?:\+|\/)(json|xml|pdf|html|zip|gzip)(?:;|$)/i.exec(mediaType)?.[1]?.toLowerCase() ?? (/^text\/plain/i.test(mediaType) ? 'txt' : undefined);
  return `format-${index + 1}${suffix === undefined ? '' : `.${suffix === 'gzip' ? 'gz' : suffix}`}`;
}

function plan(baseUrl: string, sources: readonly Source[], options: TeaDownloadOptions, failures: TeaDownloadReport['failures']): Planned[] {
  const planned: Planned[] = [];
  const seen = new Set<string>();
  const names = new Set<string>();
  for (const source of sources) {
    for (const artifact of source.collection.artifacts ?? []) {
      if (options.types && !options.types.includes(artifact.type)) continue;
      artifact.formats.forEach((format, index) => {
        if (options.mediaTypes && !options.mediaTypes.includes(format.mediaType ?? '')) return;
        const label = `artefact ${artifact.uuid}${artifact.name ? ` (${artifact.name})` : ''}`;
        // No url: the API's own download endpoint serves the format, selected by its media type (upstream #262).
        const url = artifactFormatUrl(baseUrl, artifact, format);
        if (url === undefined) {
          failures.push({ what: `${label}, format ${index + 1}`, message: 'the format has neither a url nor a mediaType to download it by' });
          return;
        }
        const key = `${artifact.uuid}\u0000${artifact.version ?? 1}\u0000${url}`;
        if (seen.has(key)) return;
        seen.add(key);
        const fileName = format.url === undefined ? endpointFileName(format.mediaType!, index) : safeFileName(url, `format-${index + 1}`);
        let name = `${artifact.uuid}/${fileName}`;
        for (let n = 2; names.has(name); n++) name = `${artifact.uuid}/${n}-${fileName}`;
        names.add(name);
        planned.push({ source, artifact, format: { ...format, url }, name });
      });
    }
  }
  return planned;
}

/** The name of a part file teapurl writes: `.<name>.<12 hex digits>.teapurl-part`, nothing else. */
const PART_FILE = /^\..+\.[0-9a-f]{12}\.teapurl-part$/;

/** Removes teapurl's part files in `folders` not modified for `olderThanMs`; anything else stays. */
async function removeStaleParts(folders: readonly string[], olderThanMs: number): Promise<void> {
  const now = Date.now();
  for (const folder of folders) {
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names) {
      if (!PART_FILE.test(name)) continue;
      const file = path.join(folder, name);
      const info = await lstat(file).catch(() => null);
      if (info?.isFile() && now - info.mtimeMs > olderThanMs) await unlink(file).catch(() => undefined);
    }
  }
}

/** Writes the manifest (a temporary file, then renamed); refuses to replace a file teapurl did not write. */
async function writeManifest(out: string, content: object): Promise<string> {
  const file = path.join(out, MANIFEST_NAME);
  await mkdir(out, { recursive: true }).catch(() => undefined);
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing !== null) {
    let ours = false;
    try {
      ours = (JSON.parse(existing) as { tool?: unknown }).tool === MANIFEST_TOOL;
    } catch {
      ours = false;
    }
    if (!ours)
      throw new TeaDownloadError(`${file} is there and teapurl did not write it; it is left alone: choose another folder (the out option)`, {
        code: 'exists',
        artifact: 'the manifest',
        url: '',
      });
  }
  try {
    await writeFileAtomic(file, `${JSON.stringify(content, null, 2)}\n`);
  } catch (error) {
    throw new TeaDownloadError(`cannot write ${file}: ${fsReason(error)}`, { code: 'file-system', artifact: 'the manifest', url: '', cause: error });
  }
  return file;
}

/**
 * Downloads and verifies every artefact of a product release: its latest collection, and for
 * each component the latest collection of the component release it pins (or, when it pins none,
 * of the component's newest release, full releases before pre-releases). Each format goes to
 * `<out>/<artefact uuid>/<file name>`, verified against every checksum it lists before it gets
 * its name; a failure is reported and the rest go on. Files and the manifest already in `out`
 * are never overwritten unless teapurl wrote them: a file with the same content is kept.
 *
 * @example
 * ```ts
 * import { TeaApi } from 'teapurl/tea/client';
 * import { downloadProductRelease } from 'teapurl/node';
 * const api = new TeaApi({ baseUrl: 'https://tea.example.com/v1.0.0' });
 * const report = await downloadProductRelease(api, '123e4567-e89b-12d3-a456-426614174000', { out: 'artefacts', types: ['BOM'] });
 * console.log(`${report.files.length} verified, ${report.failures.length} failed; manifest ${report.manifest}`);
 * ```
 */
export async function downloadProductRelease(api: TeaApi, productReleaseUuid: string, options: TeaDownloadOptions): Promise<TeaDownloadReport> {
  const out = path.resolve(options.out);
  const limits: FileLimits = {
    maxBytes: options.maxBytes ?? 4 * 1024 ** 3,
    timeoutMs: options.timeoutMs ?? 3_600_000,
    idleTimeoutMs: options.idleTimeoutMs ?? 60_000,
    allowNoChecksum: options.allowNoChecksum === true,
  };
  const trust = options.keyring || options.sigstoreKeys ? { keyring: options.keyring, sigstoreKeys: options.sigstoreKeys } : undefined;
  if (options.requireSignatures && !trust)
    throw new TeapurlError('requireSignatures needs a keyring (or Sigstore keys) to verify the signatures with', { code: 'no-keyring' });
  if (options.signal) limits.signal = options.signal;
  const failures: TeaDownloadReport['failures'] = [];
  const release = await api.productRelease(productReleaseUuid);
  const planned = plan(api.client.baseUrl, await collectSources(api, release, failures), options, failures);
  // What an interrupted run left: teapurl's own part files, untouched for longer than a live
  // download may be silent (so a run beside this one keeps its own).
  await removeStaleParts([out, ...new Set(planned.map((item) => path.dirname(path.join(out, item.name))))], limits.idleTimeoutMs);
  const files: TeaManifestEntry[] = [];
  for (const [i, item] of planned.entries()) {
    options.signal?.throwIfAborted();
    const label = `artefact ${item.artifact.uuid}${item.artifact.name ? ` (${item.artifact.name})` : ''}`;
    const progress = { index: i + 1, total: planned.length, file: item.name };
    options.onProgress?.({ ...progress, step: 'start' });
    const folder = path.dirname(path.join(out, item.name));
    const folderWasThere = await stat(folder).then(
      () => true,
      () => false,
    );
    try {
      const checksums = item.format.checksums ?? [];
      let signatureUrl = item.format.signatureUrl;
      let signatureCheck: TeaManifestSignature | undefined;
      let verify: ((temporary: string) => Promise<void>) | undefined;
      // The signature first: a missing or oversized one costs no download of the file. A format
      // without signatureUrl has its signature at the API's signature download endpoint, which
      // answers 404 when none is published (upstream #262).
      const endpoint = trust && !signatureUrl ? signatureEndpointUrl(api.client.baseUrl, item.artifact, item.format) : undefined;
      const signature =
        trust && (signatureUrl ?? endpoint)
          ? await (signatureUrl
              ? fetchSignature(api.client, signatureUrl, limits.idleTimeoutMs)
              : fetchSignature(api.client, endpoint!, limits.idleTimeoutMs, true)
            ).catch((error: unknown) => {
              throw error instanceof TeaSignatureError
                ? new TeaSignatureError(error.code, `${item.format.url}: ${error.message}; the file was not downloaded`)
                : error;
            })
          : null;
      if (signature !== null && !signatureUrl) signatureUrl = endpoint;
      if (trust && signature === null) {
        if (options.requireSignatures)
          throw new TeaSignatureError('unsigned', `${item.format.url}: the format lists no signatureUrl, and signatures are required; not downloaded`);
        signatureCheck = { verdict: 'unsigned' };
      } else if (trust && signature !== null && signatureUrl) {
        verify = async (temporary) => {
          const check = await verifyFileSignature(temporary, signature, signatureUrl, trust, options.signaturePolicy ?? {}).catch((error: unknown) => {
            throw error instanceof TeaSignatureError ? new TeaSignatureError(error.code, `${item.format.url}: ${error.message}`, error.check) : error;
          });
          const { verdict: _, message: __, keyId: ___, ...facts } = check;
          signatureCheck = { verdict: 'verified', url: signatureUrl, ...facts };
        };
      }
      const got = await downloadFile(api.client, item.format.url, checksums, { dir: out, name: item.name, artifact: label }, limits, {
        ...(options.onProgress
          ? {
              onBytes: (bytes: number, size: number | undefined) =>
                options.onProgress!({ ...progress, step: 'bytes', bytes, ...(size !== undefined ? { size } : {}) }),
            }
          : {}),
        ...(verify ? { beforeKeep: verify } : {}),
      });
      const entry: TeaManifestEntry = {
        object: item.source.object,
        collection: {
          ...(item.source.collection.uuid ? { uuid: item.source.collection.uuid } : {}),
          ...(item.source.collection.version ? { version: item.source.collection.version } : {}),
        },
        artifact: {
          uuid: item.artifact.uuid,
          version: item.artifact.version ?? 1,
          type: item.artifact.type,
          ...(item.artifact.name ? { name: item.artifact.name } : {}),
        },
        format: { ...(item.format.mediaType ? { mediaType: item.format.mediaType } : {}), url: item.format.url },
        file: item.name,
        bytes: got.bytes,
        checksums: [...checksums],
        verified: checksums.length > 0,
        ...(signatureCheck ? { signatureCheck } : {}),
      };
      if (options.signatures && item.format.signatureUrl) {
        // Beside the file, with the signature's own extension (.asc, .sig, .sigstore…).
        const extension = /\.([A-Za-z0-9]{1,16})$/.exec(safeFileName(item.format.signatureUrl, 'signature'))?.[1] ?? 'sig';
        const name = `${item.name}.${extension}`;
        await downloadFile(
          api.client,
          item.format.signatureUrl,
          [],
          { dir: out, name, artifact: `the signature of ${label}` },
          { ...limits, allowNoChecksum: true },
        );
        entry.signature = name;
      }
      files.push(entry);
      options.onProgress?.({ ...progress, step: 'done', bytes: got.bytes });
    } catch (error) {
      // The label is the failure's `what`: a TeaDownloadError's message, which starts with it, says it once.
      if (options.signal?.aborted) throw options.signal.reason;
      // The whole reason (a long URL shortened instead); the label is the failure's `what`, said once.
      const whole = error instanceof TeaSignatureError ? error.message : failureReason(error);
      const message = whole.startsWith(`${label}: `) ? whole.slice(label.length + 2) : whole;
      failures.push({ what: label, message, ...(error instanceof TeaSignatureError && error.check ? { signature: error.check } : {}) });
      // Nothing of a refused file stays: not even the artefact's folder, when this download made it and it is empty.
      if (!folderWasThere) await rmdir(folder).catch(() => undefined);
      options.onProgress?.({ ...progress, step: 'failed' });
    }
  }
  const productRelease = { uuid: release.uuid, version: release.version, ...(release.productName ? { name: release.productName } : {}) };
  const manifest = await writeManifest(out, { tool: MANIFEST_TOOL, productRelease, files, failures });
  return { productRelease, files, failures, manifest };
}
