/**
 * Digests of the checksum algorithms a TEA artefact may list, computed incrementally in any
 * JavaScript runtime (browsers too), with @noble/hashes: what `checkTeaServer` verifies the
 * artefacts it fetches with. (`teapurl/node`'s download uses Node's own where it has them.)
 */
import { blake2b } from '@noble/hashes/blake2.js';
import { blake3 } from '@noble/hashes/blake3.js';
import { md5, sha1 } from '@noble/hashes/legacy.js';
import { sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { sha3_256, sha3_384, sha3_512 } from '@noble/hashes/sha3.js';
import type { TeaChecksumAlgorithm } from '../kinds/objects/tea-checksums.js';

interface Incremental {
  update(chunk: Uint8Array): unknown;
  digest(): Uint8Array;
}

const MAKERS: Readonly<Record<TeaChecksumAlgorithm, () => Incremental>> = {
  MD5: () => md5.create(),
  'SHA-1': () => sha1.create(),
  'SHA-256': () => sha256.create(),
  'SHA-384': () => sha384.create(),
  'SHA-512': () => sha512.create(),
  'SHA3-256': () => sha3_256.create(),
  'SHA3-384': () => sha3_384.create(),
  'SHA3-512': () => sha3_512.create(),
  'BLAKE2b-256': () => blake2b.create({ dkLen: 32 }),
  'BLAKE2b-384': () => blake2b.create({ dkLen: 48 }),
  'BLAKE2b-512': () => blake2b.create({ dkLen: 64 }),
  BLAKE3: () => blake3.create({}),
};

/**
 * Hashes a stream of chunks with several algorithms at once, returning each digest as lowercase
 * hexadecimal. Unknown algorithm names are left out.
 *
 * @internal
 */
export function multiHasher(algorithms: readonly string[]): { update(chunk: Uint8Array): void; hex(): Record<string, string> } {
  const running = algorithms.filter((name): name is TeaChecksumAlgorithm => Object.hasOwn(MAKERS, name)).map((name) => [name, MAKERS[name]()] as const);
  return {
    update: (chunk) => running.forEach(([, hash]) => hash.update(chunk)),
    hex: () => Object.fromEntries(running.map(([name, hash]) => [name, Array.from(hash.digest(), (b) => b.toString(16).padStart(2, '0')).join('')])),
  };
}
