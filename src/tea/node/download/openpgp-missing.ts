/**
 * The `code` of the error thrown when the optional package `openpgp` is not installed.
 *
 * @example
 * ```ts
 * import { OPENPGP_MISSING, readKeyring } from 'teapurl/node';
 * const keyring = await readKeyring([{ name: 'KEYS', content: '…' }]).catch((error: { code?: string }) => {
 *   if (error.code === OPENPGP_MISSING) console.error('npm i openpgp');
 *   throw error;
 * });
 * ```
 */
export const OPENPGP_MISSING = 'ERR_TEAPURL_OPENPGP_MISSING';
