/**
 * A folder of TEA content for the test server (`teapurl serve --content DIR`): every `*.json`
 * file outside `files/` is a TEA object, validated as `teapurl validate` would; everything under
 * `files/` is an artefact file, served at `/files/<path>`. Beyond each object's own rules: a URL
 * on the content origin names a file that is there, an object is not defined twice, and a CLE
 * document is named after the object it describes.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Finding, RawFinding } from '../../shared/finding.js';
import type { CheckTable, SemanticCheck } from '../../validation/checks/index.js';
import { teaValidator } from '../kinds/tea-validator.js';
import { TEA_OBJECT_KIND_NAMES, type TeaObjectKind } from '../kinds/objects/tea-object-kinds.js';
import { humanPath, toPointer } from '../../shared/pointer.js';
import { CONTENT_ORIGIN, TeaContentStore, type TeaContentObject } from '../server/content-store.js';
import { nodePatternGuard } from '../../purl/node/node-pattern-guard.js';
import { fsReason } from '../../shared/node/fs-reason.js';
import { DEFAULT_MAX_BYTES } from '../../shared/limits.js';
import { InvalidArgumentError } from '../../shared/errors.js';
import { HASHERS, isChecksumAlgorithm } from './download/checksum-hashers.js';
import type { TeaChecksumAlgorithm } from '../kinds/objects/tea-checksums.js';

/** The most files a content folder may hold: a test server's content, not a mirror. */
const MAX_FILES = 100_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A content folder read: the store to serve, and every finding (a file that is no valid TEA
 * object, a URL naming a missing file, an object defined twice…), in the order of the files.
 *
 * @example
 * ```ts
 * import { readTeaContent } from 'teapurl/node';
 * const { valid, findings } = await readTeaContent('content');
 * if (!valid) for (const f of findings) console.error(`${f.file}:${f.line}:${f.column}: ${f.message} [${f.rule}]`);
 * ```
 */
export interface TeaContentReport {
  /** The objects and files, indexed for the server. */
  store: TeaContentStore;
  /** Every finding of every file, errors and warnings. */
  findings: Finding[];
  /** `true` when no finding is an error. */
  valid: boolean;
  /** How many TEA objects and artefact files were read. */
  counts: {
    /** TEA objects. */
    objects: number;
    /** Artefact files under files/. */
    files: number;
  };
}

function finding(file: string, rule: string, message: string): Finding {
  return { file, pointer: '', line: null, column: null, severity: 'error', rule, message };
}

/** Every regular file under `root`, relative with `/` separators; links and what cannot be read are findings. */
async function walk(root: string, findings: Finding[]): Promise<string[]> {
  const found: string[] = [];
  const folders = [''];
  while (folders.length > 0) {
    const folder = folders.pop()!;
    let entries;
    try {
      entries = await readdir(path.join(root, folder), { withFileTypes: true });
    } catch (error) {
      findings.push(finding(folder || '.', 'content/unreadable', `cannot read the folder: ${fsReason(error)}`));
      continue;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isSymbolicLink()) findings.push(finding(relative, 'content/link', 'a symbolic link is not served: content stays inside the folder'));
      else if (entry.isDirectory()) folders.push(relative);
      else if (entry.isFile()) found.push(relative);
      if (found.length > MAX_FILES)
        throw new InvalidArgumentError(`${root} holds more than ${MAX_FILES} files; a content folder for the test server holds fewer`, {
          code: 'out-of-range',
        });
    }
  }
  return found.sort();
}

/** A check of every string on the content origin: the file it names is in the folder. */
function contentUrlCheck(files: ReadonlyMap<string, string>): SemanticCheck {
  return {
    rule: 'content/missing-file',
    summary: `A URL on ${CONTENT_ORIGIN} names a file under files/ of the content folder.`,
    check(document) {
      const findings: RawFinding[] = [];
      const visit = (value: unknown, at: (string | number)[]): void => {
        if (typeof value === 'string') {
          if (value.startsWith(`${CONTENT_ORIGIN}/`) && !files.has(value.slice(CONTENT_ORIGIN.length + 1))) {
            const pointer = toPointer(at);
            findings.push({
              pointer,
              severity: 'error',
              rule: this.rule,
              message: `${humanPath(pointer)} names files/${value.slice(CONTENT_ORIGIN.length + 1)}, which is not in the content folder`,
            });
          }
        } else if (Array.isArray(value)) value.forEach((item, i) => visit(item, [...at, i]));
        else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) visit(item, [...at, key]);
      };
      visit(document, []);
      return findings;
    },
  };
}

/** The digest of a file by one algorithm, read in chunks (memory bounded whatever its size); `null` when it cannot be read. */
function fileDigest(file: string, algorithm: TeaChecksumAlgorithm): string | null {
  const hasher = HASHERS[algorithm]();
  const buffer = Buffer.alloc(1024 * 1024);
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) hasher.update(buffer.subarray(0, read));
    return hasher.hex();
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * A check that every checksum listed for a file of the folder is that file's: a format or a
 * distribution whose `url` is on the content origin, each of its `checksums` computed on the file.
 * A file is hashed once per algorithm, whatever number of objects name it.
 */
function checksumCheck(files: ReadonlyMap<string, string>): SemanticCheck {
  const digests = new Map<string, string | null>();
  return {
    rule: 'content/checksum-mismatch',
    summary: "A checksum listed for a file of the content folder is that file's digest.",
    check(document) {
      const findings: RawFinding[] = [];
      const visit = (value: unknown, at: (string | number)[]): void => {
        if (Array.isArray(value)) return value.forEach((item, i) => visit(item, [...at, i]));
        if (value === null || typeof value !== 'object') return;
        const { url, checksums } = value as { url?: unknown; checksums?: unknown };
        const file = typeof url === 'string' && url.startsWith(`${CONTENT_ORIGIN}/`) ? files.get(url.slice(CONTENT_ORIGIN.length + 1)) : undefined;
        if (file !== undefined && Array.isArray(checksums)) {
          checksums.forEach((checksum: { algType?: unknown; algValue?: unknown } | null, i) => {
            const type = checksum?.algType;
            const expected = checksum?.algValue;
            if (typeof type !== 'string' || typeof expected !== 'string' || !isChecksumAlgorithm(type)) return;
            const key = `${type}\u0000${file}`;
            if (!digests.has(key)) digests.set(key, fileDigest(file, type));
            const actual = digests.get(key);
            if (actual === null || actual === undefined || actual === expected.toLowerCase()) return;
            const pointer = toPointer([...at, 'checksums', i, 'algValue']);
            findings.push({
              pointer,
              severity: 'error',
              rule: 'content/checksum-mismatch',
              message: `${humanPath(pointer)}: the ${type} of files/${(url as string).slice(CONTENT_ORIGIN.length + 1)} is ${actual}, not ${expected}`,
            });
          });
        }
        for (const [key, item] of Object.entries(value)) visit(item, [...at, key]);
      };
      visit(document, []);
      return findings;
    },
  };
}

/** A check that no object of `kind` is defined in two files: the same UUID (and version). */
function definedOnceCheck(seen: Map<string, string>, kind: TeaObjectKind): SemanticCheck {
  return {
    rule: 'content/duplicate',
    summary: 'An object is defined in one file of the content folder.',
    check(document, context) {
      const object = document as { uuid?: unknown; version?: unknown } | null;
      if (typeof object?.uuid !== 'string') return [];
      const version = typeof object.version === 'number' ? ` (version ${object.version})` : '';
      const key = `${kind} ${object.uuid}${version}`;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, context.file ?? '');
        return [];
      }
      return [{ pointer: '/uuid', severity: 'error', rule: this.rule, message: `${kind} ${object.uuid}${version} is already defined in ${first}` }];
    },
  };
}

/**
 * Reads a content folder for the test server: each `*.json` file outside `files/` must be a valid
 * TEA object (its kind told by `$schema`, a `<name>.<kind>.json` file name, or its shape), and a
 * CLE document is named `<uuid of the object it describes>.tea-cle.json`; every file under
 * `files/` is an artefact file. `https://teapurl.invalid/<path>` in an object stands for the
 * server's `/files/<path>`, and must name a file that is there.
 *
 * @example
 * ```ts
 * import { readTeaContent } from 'teapurl/node';
 * import { startTeaServer } from 'teapurl/tea/server';
 * const { store, valid } = await readTeaContent('content');
 * if (valid) await startTeaServer({ tls: false, content: store });
 * ```
 */
export async function readTeaContent(directory: string): Promise<TeaContentReport> {
  const root = path.resolve(directory);
  const findings: Finding[] = [];
  const stat = await lstat(root).catch((error: unknown) => error as Error);
  if (stat instanceof Error || !stat.isDirectory()) {
    findings.push(finding(directory, 'content/not-a-folder', stat instanceof Error ? `cannot read the content folder: ${fsReason(stat)}` : 'is not a folder'));
    return { store: new TeaContentStore({ objects: [], files: new Map() }), findings, valid: false, counts: { objects: 0, files: 0 } };
  }
  const all = await walk(root, findings);
  const files = new Map(all.filter((file) => file.startsWith('files/')).map((file) => [file.slice('files/'.length), path.join(root, file)] as const));
  const seen = new Map<string, string>();
  const urls = contentUrlCheck(files);
  const sums = checksumCheck(files);
  const own = teaValidator.checks;
  const checks: CheckTable = {
    ...own,
    ...Object.fromEntries(TEA_OBJECT_KIND_NAMES.map((kind) => [kind, [...(own[kind] ?? []), urls, sums, definedOnceCheck(seen, kind)]])),
  };
  const objects: TeaContentObject[] = [];
  for (const relative of all.filter((file) => !file.startsWith('files/') && file.endsWith('.json'))) {
    const shown = path.join(directory, relative);
    let text: string;
    try {
      const bytes = await readFile(path.join(root, relative));
      if (bytes.length > DEFAULT_MAX_BYTES) {
        findings.push(finding(shown, 'file/too-large', `the file is ${bytes.length} bytes, more than ${DEFAULT_MAX_BYTES}`));
        continue;
      }
      text = bytes.toString('utf8');
    } catch (error) {
      findings.push(finding(shown, 'content/unreadable', `cannot read the file: ${fsReason(error)}`));
      continue;
    }
    const { result, value } = teaValidator.validateTextValue(text, { file: shown, checks, patternGuard: nodePatternGuard });
    findings.push(...result.findings);
    if (!result.valid || result.kind === null) continue;
    if (!(TEA_OBJECT_KIND_NAMES as readonly string[]).includes(result.kind)) {
      findings.push(
        finding(
          shown,
          'content/not-a-tea-object',
          `is a ${result.kind} document, not a TEA object; the content folder holds TEA objects, and artefact files under files/`,
        ),
      );
      continue;
    }
    const kind = result.kind as TeaObjectKind;
    let owner: string | undefined;
    if (kind === 'tea-cle') {
      owner = path.basename(relative).split('.')[0]!.toLowerCase();
      if (!UUID.test(owner)) {
        findings.push(finding(shown, 'content/cle-owner', 'a CLE document is named after the object it describes: <uuid>.tea-cle.json'));
        continue;
      }
    }
    objects.push({ file: shown, kind, value, ...(owner !== undefined ? { owner } : {}) });
  }
  return {
    store: new TeaContentStore({ objects, files }),
    findings,
    valid: !findings.some((f) => f.severity === 'error'),
    counts: { objects: objects.length, files: files.size },
  };
}
