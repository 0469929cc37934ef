import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OPENPGP_MISSING, readKeyring, TeaKeyringError, type TeaKeyring, type TeaSignaturePolicy } from '../tea/node/download/openpgp-signature.js';
import { isTeapurlError } from '../shared/errors.js';
import { fsReason } from '../shared/node/fs-reason.js';
import { fileArgProblem } from './path-args.js';
import { quoteArg } from './output/safe-text.js';
import { UsageError } from './usage-error.js';

/** The options `download` and `verify` share for signatures, in `node:util` parseArgs form. */
export const SIGNATURE_OPTIONS = {
  keyring: { type: 'string', multiple: true },
  'allow-sha1-signatures': { type: 'boolean', default: false },
  'allow-expired-keys': { type: 'boolean', default: false },
} as const;

/** Their lines of the help text. */
export const SIGNATURE_HELP = `  --keyring FILE            verify signatures with the OpenPGP public keys in FILE
                            (armored, binary, or an Apache KEYS file; repeatable);
                            needs the optional package openpgp (npm i openpgp)
  --allow-sha1-signatures   accept a signature whose hash is SHA-1 (refused by default)
  --allow-expired-keys      accept a signature made before its key expired`;

interface SignatureValues {
  keyring?: string[] | undefined;
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

/**
 * Reads every --keyring file: a file that cannot be read or holds no public key (or a secret
 * key) is a usage error; a missing `openpgp` a message naming what to install, returned as text.
 */
export async function readKeyringArgs(values: SignatureValues, cwd: string, command: string): Promise<TeaKeyring | string | undefined> {
  const files = values.keyring ?? [];
  if (files.length === 0) return undefined;
  const sources = files.map((file) => {
    const problem = fileArgProblem(file, cwd, '--keyring');
    if (problem !== null) throw new UsageError(problem);
    try {
      return { name: `--keyring ${quoteArg(file)}`, content: readFileSync(path.resolve(cwd, file)) as Uint8Array };
    } catch (error) {
      throw new UsageError(`--keyring ${quoteArg(file)} cannot be read: ${fsReason(error)}`);
    }
  });
  try {
    return await readKeyring(sources);
  } catch (error) {
    if (error instanceof TeaKeyringError) throw new UsageError(error.message);
    if (isTeapurlError(error) && error.code === OPENPGP_MISSING) return `--keyring: ${error.message}; or use npx -p teapurl -p openpgp teapurl ${command} …\n`;
    throw error;
  }
}
