import { statSync } from 'node:fs';
import path from 'node:path';
import { readTokenKeySet, type TokenSigningKey } from '../tea/server/signed-tokens.js';
import { fileAt, readSecretJson } from './option-json.js';
import { readFileArg } from './path-args.js';
import { escapeControls, quoteArg } from './output/safe-text.js';
import { UsageError } from './usage-error.js';

/** How to make a key set, for the help text and for the refusal of a file that is not one. */
export const TOKEN_KEY_RECIPE = `(umask 077; node -e 'console.log(JSON.stringify({keys: [{kty: "oct", kid: "k1", k: require("crypto").randomBytes(32).toString("base64url")}]}))' > token-key.json)`;

const SHAPE = '{"keys": [{"kty": "oct", "kid": "<key id>", "k": "<base64url of at least 32 random bytes>"}]}';

/** The --token-key file read: its keys and the warnings to print, or the reason to refuse it. */
export type TokenKeyFile = { keys: TokenSigningKey[]; warnings: string[] } | string;

/**
 * Reads the --token-key file: a JSON Web Key Set of `oct` keys, the first signing. A file that is
 * not there, a folder or unreadable is a usage error; an empty file, one that is not a key set or
 * a key shorter than 32 bytes is refused naming the file, line and column, never quoting a key;
 * a file every user of the machine may read is a warning (whoever reads it can sign tokens).
 */
export function loadTokenKeys(file: string, cwd: string): TokenKeyFile {
  let text: string;
  try {
    text = readFileArg(file, cwd, '--token-key');
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`${error.message}; make a key set with: ${TOKEN_KEY_RECIPE}`);
    throw error;
  }
  const named = `--token-key ${quoteArg(file)}`;
  if (text.trim() === '') return `${named} is empty: it must hold a JSON Web Key Set, ${SHAPE}; make one with: ${TOKEN_KEY_RECIPE}`;
  const source = readSecretJson(escapeControls(file), text);
  if (typeof source === 'string') return `--token-key ${source}`;
  const reading = readTokenKeySet(source.value);
  if (!reading.ok) return `--token-key ${fileAt(escapeControls(file), source.locate(reading.pointer, reading.atKey))}: ${reading.message}`;
  const warnings: string[] = [];
  if (process.platform !== 'win32') {
    const mode = statSync(path.resolve(cwd, file)).mode;
    if ((mode & 0o004) !== 0) {
      warnings.push(
        `${named} can be read by every user of this machine (mode ${(mode & 0o777).toString(8)}), and whoever reads it can sign tokens: chmod 600 it`,
      );
    }
  }
  return { keys: reading.keys, warnings };
}
