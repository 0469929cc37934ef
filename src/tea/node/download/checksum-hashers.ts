/**
 * An incremental hasher for each checksum algorithm a TEA artefact may list: Node's own for MD5,
 * SHA-1, SHA-2, SHA-3 and BLAKE2b-512; @noble/hashes (audited, dependency-free) for BLAKE2b-256
 * and BLAKE2b-384, whose output length is a parameter of BLAKE2b that Node does not expose, and
 * for BLAKE3, which Node lacks.
 */
import { createHash } from 'node:crypto';
import { blake2b } from '@noble/hashes/blake2.js';
import { blake3 } from '@noble/hashes/blake3.js';
import { TEA_CHECKSUM_DIGEST_BYTES, type TeaChecksumAlgorithm } from '../../kinds/objects/tea-checksums.js';

/** A running digest: fed chunk by chunk, read once as lowercase hexadecimal. */
export interface Hasher {
  update(chunk: Uint8Array): void;
  hex(): string;
}

function node(name: string): () => Hasher {
  return () => {
    const hash = createHash(name);
    return { update: (chunk) => void hash.update(chunk), hex: () => hash.digest('hex') };
  };
}

function noble(make: () => { update(chunk: Uint8Array): unknown; digest(): Uint8Array }): () => Hasher {
  return () => {
    const hash = make();
    return { update: (chunk) => void hash.update(chunk), hex: () => Buffer.from(hash.digest()).toString('hex') };
  };
}

/** How to make a hasher for each algorithm, by its `algType` name. */
export const HASHERS: Readonly<Record<TeaChecksumAlgorithm, () => Hasher>> = Object.freeze({
  MD5: node('md5'),
  'SHA-1': node('sha1'),
  'SHA-256': node('sha256'),
  'SHA-384': node('sha384'),
  'SHA-512': node('sha512'),
  'SHA3-256': node('sha3-256'),
  'SHA3-384': node('sha3-384'),
  'SHA3-512': node('sha3-512'),
  'BLAKE2b-256': noble(() => blake2b.create({ dkLen: 32 })),
  'BLAKE2b-384': noble(() => blake2b.create({ dkLen: 48 })),
  'BLAKE2b-512': node('blake2b512'),
  BLAKE3: noble(() => blake3.create({})),
});

/** Whether `name` is an algorithm teapurl can compute. */
export function isChecksumAlgorithm(name: string): name is TeaChecksumAlgorithm {
  return Object.hasOwn(TEA_CHECKSUM_DIGEST_BYTES, name);
}
