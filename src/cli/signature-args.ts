import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OPENPGP_MISSING, readKeyring, TeaKeyringError, type TeaSignaturePolicy } from '../tea/node/download/openpgp-signature.js';
import { readSigstoreKeys, SIGSTORE_MISSING } from '../tea/node/download/sigstore-bundle.js';
import type { SignatureTrust } from '../tea/node/download/signature-stage.js';
import { isTeapurlError } from '../shared/errors.js';
import { fsReason } from '../shared/node/fs-reason.js';
import { fileArgProblem } from './path-args.js';
import { quoteArg } from './output/safe-text.js';
import { UsageError } from './usage-error.js';

/** The options `download` and `verify` share for signatures, in `node:util` parseArgs form. */
export const SIGNATURE_OPTIONS = {
  keyring: { type: 'string', multiple: true },
  'sigstore-key': { type: 'string', multiple: true },
  'allow-sha1-signatures': { type: 'boolean', default: false },
  'allow-expired-keys': { type: 'boolean', default: false },
} as const;

/** Their lines of the help text. */
export const SIGNATURE_HELP = `  --keyring FILE            verify signatures with the OpenPGP public keys in FILE
                            (armored, binary, or an Apache KEYS file; repeatable);
                            needs the optional package openpgp (npm i openpgp)
  --sigstore-key FILE       verify Sigstore bundles with the PEM public key in FILE
                            (cosign.pub; repeatable); keyless bundles are not
                            verified; needs @sigstore/verify (npm i @sigstore/verify)
  --allow-sha1-signatures   accept a signature whose hash is SHA-1 (refused by default)
  --allow-expired-keys      accept a signature made before its key expired`;

interface SignatureValues {
  keyring?: string[] | undefined;
  'sigstore-key'?: string[] | undefined;
  'allow-sha1-signatures'?: boolean | undefined;
  'allow-expired-keys'?: boolean | undefined;
}

/** The policy the options ask for. */
export function signaturePolicy(values: SignatureValues): TeaSignaturePolicy {
  return {
    ...(values['allow-sha1-signatures'] ? { weakHashes: ['MD5', 'RIPEMD-160'] } : {}),
    ...(values['allow-expired-keys'] ? { allowExpiredKeys: true } : {}),
  };
}

/** `EdDSA/SHA-512 by <fingerprint> "<user id>", made <time>`: what is known of who signed. */
export function signerText(check: { publicKeyAlgorithm?: string; hashAlgorithm?: string; fingerprint?: string; userId?: string; created?: string }): string {
  return `${check.publicKeyAlgorithm}/${check.hashAlgorithm} by ${check.fingerprint}${check.userId ? ` ${JSON.stringify(check.userId)}` : ''}${check.created ? `, made ${check.created}` : ''}`;
}

/** Whether any key to verify signatures with was given. */
export function hasSignatureKeys(values: SignatureValues): boolean {
  return (values.keyring ?? []).length + (values['sigstore-key'] ?? []).length > 0;
}

/** Reads one file named by `option`; a missing, unreadable or folder argument is a usage error. */
function readArg(file: string, cwd: string, option: string): Uint8Array {
  const problem = fileArgProblem(file, cwd, option);
  if (problem !== null) throw new UsageError(problem);
  try {
    return readFileSync(path.resolve(cwd, file));
  } catch (error) {
    throw new UsageError(`${option} ${quoteArg(file)} cannot be read: ${fsReason(error)}`);
  }
}

/**
 * Reads every --keyring and --sigstore-key file: a file that cannot be read or holds no public
 * key (or a secret key) is a usage error; a missing optional package a message naming what to
 * install, returned as text. `undefined` when neither option was given.
 */
export async function readSignatureTrust(values: SignatureValues, cwd: string, command: string): Promise<SignatureTrust | string | undefined> {
  if (!hasSignatureKeys(values)) return undefined;
  const keyrings = (values.keyring ?? []).map((file) => ({ name: `--keyring ${quoteArg(file)}`, content: readArg(file, cwd, '--keyring') }));
  const sigstore = (values['sigstore-key'] ?? []).map((file) => ({
    name: `--sigstore-key ${quoteArg(file)}`,
    content: new TextDecoder().decode(readArg(file, cwd, '--sigstore-key')),
  }));
  try {
    return {
      ...(keyrings.length > 0 ? { keyring: await readKeyring(keyrings) } : {}),
      ...(sigstore.length > 0 ? { sigstoreKeys: readSigstoreKeys(sigstore) } : {}),
    };
  } catch (error) {
    if (error instanceof TeaKeyringError) throw new UsageError(error.message);
    if (isTeapurlError(error) && error.code === OPENPGP_MISSING) return `--keyring: ${error.message}; or use npx -p teapurl -p openpgp teapurl ${command} …\n`;
    if (isTeapurlError(error) && error.code === SIGSTORE_MISSING)
      return `--sigstore-key: ${error.message}; or use npx -p teapurl -p @sigstore/verify teapurl ${command} …\n`;
    if (isTeapurlError(error) && ['secret-key', 'unreadable'].includes(error.code)) throw new UsageError(error.message);
    throw error;
  }
}
