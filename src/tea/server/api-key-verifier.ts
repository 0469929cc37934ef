import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { InvalidArgumentError } from '../../shared/errors.js';

/**
 * One API key (section 5.2.1): an identifier, which need not be confidential, and a secret.
 *
 * @example
 * ```ts
 * const key: ApiKey = { keyId: 'ci-bot', secret: process.env.TEA_SECRET ?? '' };
 * ```
 */
export interface ApiKey {
  /** The key id, sent in the clear as the Basic user name. */
  keyId: string;
  /** The secret. */
  secret: string;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Compares two strings in time that depends on neither their contents nor their lengths: both
 * are hashed to 32 bytes first, then compared with `crypto.timingSafeEqual`.
 *
 * @example
 * ```ts
 * constantTimeEqual(presentedSecret, storedSecret); // true only for the same string
 * ```
 */
export function constantTimeEqual(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * Builds a `verifyApiKey` function for {@link createTokenHandler} from a fixed list of keys.
 * Secrets are kept only as SHA-256 digests and compared in constant time. An unknown key id
 * costs the same comparison as a known one, so response time does not tell them apart.
 *
 * @example
 * ```ts
 * const handler = createTokenHandler({
 *   verifyApiKey: apiKeyVerifier([{ keyId: 'ci', secret: process.env.TEA_SECRET! }]),
 *   issueToken: ({ subject }) => store.issue(subject),
 * });
 * ```
 */
export function apiKeyVerifier(keys: readonly ApiKey[]): (keyId: string, secret: string) => boolean {
  const digests = new Map<string, Buffer>();
  for (const [index, key] of keys.entries()) {
    if (typeof key?.keyId !== 'string' || key.keyId === '') throw new InvalidArgumentError(`API key ${index}: keyId must be a non-empty string`);
    if (typeof key.secret !== 'string' || key.secret === '')
      throw new InvalidArgumentError(`API key ${JSON.stringify(key.keyId)}: secret must be a non-empty string`);
    if (digests.has(key.keyId)) throw new InvalidArgumentError(`API key id ${JSON.stringify(key.keyId)} appears more than once`);
    digests.set(key.keyId, digest(key.secret));
  }
  // Compared against for unknown ids; no secret hashes to it in practice.
  const decoy = randomBytes(32);
  return (keyId, secret) => {
    const stored = digests.get(keyId);
    const match = timingSafeEqual(digest(secret), stored ?? decoy);
    return stored !== undefined && match;
  };
}
