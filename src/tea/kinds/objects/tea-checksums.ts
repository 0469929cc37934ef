/**
 * The checksum algorithms a TEA artefact or distribution may list, with the length of their
 * digests: what the validator checks a digest against, and what a download computes.
 */

/**
 * Each algorithm's digest length in bytes (its hexadecimal form has twice as many digits).
 * BLAKE3's is its default output, 32 bytes.
 */
export const TEA_CHECKSUM_DIGEST_BYTES = Object.freeze({
  MD5: 16,
  'SHA-1': 20,
  'SHA-256': 32,
  'SHA-384': 48,
  'SHA-512': 64,
  'SHA3-256': 32,
  'SHA3-384': 48,
  'SHA3-512': 64,
  'BLAKE2b-256': 32,
  'BLAKE2b-384': 48,
  'BLAKE2b-512': 64,
  BLAKE3: 32,
} as const);

/** The name of a checksum algorithm, as `algType` spells it. */
export type TeaChecksumAlgorithm = keyof typeof TEA_CHECKSUM_DIGEST_BYTES;
