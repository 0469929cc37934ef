/**
 * The twelve checksum algorithms of the TEA OpenAPI description: each hasher gives the published
 * test vector for "abc" (RFC 1321, FIPS 180-4, FIPS 202, RFC 7693, the BLAKE3 reference), fed in
 * one piece or byte by byte, and its digest has the length the validator checks.
 */
import { describe, expect, it } from 'vitest';
import { HASHERS } from '../../src/tea/node/download/checksum-hashers.js';
import { TEA_CHECKSUM_DIGEST_BYTES } from '../../src/tea/kinds/objects/tea-checksums.js';

const ABC: Record<keyof typeof HASHERS, string> = {
  MD5: '900150983cd24fb0d6963f7d28e17f72',
  'SHA-1': 'a9993e364706816aba3e25717850c26c9cd0d89d',
  'SHA-256': 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  'SHA-384': 'cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7',
  'SHA-512': 'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
  'SHA3-256': '3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532',
  'SHA3-384': 'ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25',
  'SHA3-512': 'b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0',
  'BLAKE2b-256': 'bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319',
  'BLAKE2b-384': '6f56a82c8e7ef526dfe182eb5212f7db9df1317e57815dbda46083fc30f54ee6c66ba83be64b302d7cba6ce15bb556f4',
  'BLAKE2b-512': 'ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923',
  BLAKE3: '6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85',
};

describe('checksum hashers', () => {
  it('cover exactly the algorithms the validator knows', () => {
    expect(Object.keys(HASHERS).sort()).toEqual(Object.keys(TEA_CHECKSUM_DIGEST_BYTES).sort());
  });

  it.each(Object.entries(ABC))('%s gives the published digest of "abc", whole or byte by byte, of the length the validator checks', (name, expected) => {
    const whole = HASHERS[name as keyof typeof HASHERS]();
    whole.update(new TextEncoder().encode('abc'));
    expect(whole.hex()).toBe(expected);
    const pieces = HASHERS[name as keyof typeof HASHERS]();
    for (const byte of new TextEncoder().encode('abc')) pieces.update(Uint8Array.of(byte));
    expect(pieces.hex()).toBe(expected);
    expect(expected.length).toBe(TEA_CHECKSUM_DIGEST_BYTES[name as keyof typeof TEA_CHECKSUM_DIGEST_BYTES] * 2);
  });
});
