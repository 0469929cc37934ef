/**
 * Signs every artefact file of a folder with an OpenPGP key: a detached, armored signature
 * `<file>.asc` beside each, as a producer publishes them and as `signatureUrl` names them. For the
 * sample server (its example artefacts, signed with the test key shipped beside them) and for
 * anyone preparing a content folder for `teapurl serve --content`.
 */
import type { Dirent } from 'node:fs';
import { lstat, readdir, readFile, writeFile } from 'node:fs/promises';
import type * as OpenPgp from 'openpgp';
import path from 'node:path';
import { TeapurlError } from '../../shared/errors.js';
import { fsReason } from '../../shared/node/fs-reason.js';
import { loadOpenPgp } from './download/load-openpgp.js';

/** Names that are signatures already, never signed again. */
const SIGNATURE_EXTENSIONS = ['.asc', '.sig', '.sigstore', '.sigstore.json'];

/**
 * What {@link signArtefacts} signed.
 *
 * @example
 * ```ts
 * import type { SignedArtefacts } from 'teapurl/node';
 * const summary = (signed: SignedArtefacts) => `${signed.files.length} signed by ${signed.fingerprint}`;
 * ```
 */
export interface SignedArtefacts {
  /** The signing key's fingerprint, uppercase hexadecimal. */
  readonly fingerprint: string;
  /** Each file signed, relative to the folder (`/`-separated); its signature is `<file>.asc`. */
  readonly files: readonly string[];
}

/**
 * Writes a detached armored OpenPGP signature `<file>.asc` beside every regular file under
 * `folder` (recursively; links are not followed; files that are signatures already, and those
 * `skip` returns `true` for, are left out). An existing `.asc` is replaced. `secretKey` is an
 * armored OpenPGP secret key (with its `passphrase` when it is encrypted); it is never printed.
 * Needs the optional package `openpgp`.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { signArtefacts } from 'teapurl/node';
 * const signed = await signArtefacts('content/files', { secretKey: readFileSync('signing-key.asc', 'utf8') });
 * console.log(`${signed.files.length} artefacts signed by ${signed.fingerprint}`);
 * ```
 */
export async function signArtefacts(
  folder: string,
  options: { secretKey: string; passphrase?: string; skip?: (relative: string) => boolean },
): Promise<SignedArtefacts> {
  const openpgp = loadOpenPgp();
  let key: OpenPgp.PrivateKey;
  try {
    key = await openpgp.readPrivateKey({ armoredKey: options.secretKey });
    if (!key.isDecrypted()) {
      if (options.passphrase === undefined) throw new Error('the key is encrypted and no passphrase was given');
      key = await openpgp.decryptKey({ privateKey: key, passphrase: options.passphrase });
    }
  } catch (error) {
    // OpenPGP.js's messages name what is wrong, never the key material.
    throw new TeapurlError(`the signing key cannot be used: ${(error as Error).message}`, { code: 'signing-key' });
  }
  const root = path.resolve(folder);
  const files: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      throw new TeapurlError(`cannot read ${path.join(root, relative)}: ${fsReason(error)}`, { code: 'file-system' });
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) await walk(name);
      else if (entry.isFile() && !SIGNATURE_EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !options.skip?.(name)) files.push(name);
    }
  };
  await walk('');
  for (const name of files) {
    const file = path.join(root, name);
    try {
      if (!(await lstat(file)).isFile()) continue;
      const message = await openpgp.createMessage({ binary: await readFile(file) });
      await writeFile(`${file}.asc`, await openpgp.sign({ message, signingKeys: key, detached: true }));
    } catch (error) {
      throw new TeapurlError(`cannot sign ${file}: ${fsReason(error)}`, { code: 'file-system' });
    }
  }
  return { fingerprint: key.getFingerprint().toUpperCase(), files };
}
