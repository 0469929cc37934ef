/**
 * Sigstore bundles over downloaded artefacts, verified offline against public keys the user
 * gives (`--sigstore-key`), with `@sigstore/verify`: an optional peer dependency, loaded only when
 * a key is given. Only a bundle's message signature over the file itself is read; a DSSE
 * attestation (an in-toto statement about the file) is refused, since it signs a statement, not
 * the bytes. Keyless bundles (a Fulcio certificate, a trusted root, the transparency log) are not
 * verified: see the TEA guide.
 */
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as SigstoreVerify from '@sigstore/verify';
import type * as SigstoreBundle from '@sigstore/bundle';
import { TeapurlError } from '../../../shared/errors.js';
import { requireOptionalPackage } from '../../../shared/node/optional-package.js';
import type { TeaSignatureCheck } from './openpgp-signature.js';

/**
 * The `code` of the error thrown when the optional package `@sigstore/verify` is not installed.
 *
 * @example
 * ```ts
 * import { SIGSTORE_MISSING, readSigstoreKeys } from 'teapurl/node';
 * try {
 *   readSigstoreKeys([{ name: 'cosign.pub', content: '-----BEGIN PUBLIC KEY-----…' }]);
 * } catch (error) {
 *   if ((error as { code?: string }).code === SIGSTORE_MISSING) console.error('npm i @sigstore/verify');
 * }
 * ```
 */
export const SIGSTORE_MISSING = 'ERR_TEAPURL_SIGSTORE_MISSING';

const PACKAGE = '@sigstore/verify';

function loadSigstore(): { verify: typeof SigstoreVerify; bundle: typeof SigstoreBundle } {
  return requireOptionalPackage(PACKAGE, {
    needs: 'verifying Sigstore bundles',
    code: SIGSTORE_MISSING,
    load: (require) => ({
      verify: require(PACKAGE) as typeof SigstoreVerify,
      // Its own @sigstore/bundle, wherever npm placed it.
      bundle: createRequire(require.resolve(PACKAGE))('@sigstore/bundle') as typeof SigstoreBundle,
    }),
  });
}

/**
 * Public keys to verify Sigstore bundles with, read by {@link readSigstoreKeys}.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { readSigstoreKeys } from 'teapurl/node';
 * const keys = readSigstoreKeys([{ name: 'cosign.pub', content: readFileSync('cosign.pub', 'utf8') }]);
 * console.log(keys.fingerprints.join('\n'));
 * ```
 */
export class SigstoreKeys {
  /** @internal Each key, with its fingerprint. */
  readonly keys: ReadonlyArray<{
    /** The key, as node:crypto holds it. */
    readonly key: KeyObject;
    /** Its fingerprint. */
    readonly fingerprint: string;
  }>;
  /** Each key's fingerprint: the SHA-256 of its SubjectPublicKeyInfo, uppercase hexadecimal. */
  readonly fingerprints: readonly string[];
  /** @internal */
  constructor(keys: SigstoreKeys['keys']) {
    this.keys = keys;
    this.fingerprints = keys.map((k) => k.fingerprint);
  }
}

/**
 * Reads PEM public keys (`-----BEGIN PUBLIC KEY-----`, as `cosign generate-key-pair` writes
 * `cosign.pub`). A private key is refused, never printed. Loads `@sigstore/verify` so that a
 * missing package is said before any download.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { readSigstoreKeys } from 'teapurl/node';
 * const keys = readSigstoreKeys([{ name: 'cosign.pub', content: readFileSync('cosign.pub', 'utf8') }]);
 * ```
 */
export function readSigstoreKeys(sources: ReadonlyArray<{ readonly name: string; readonly content: string }>): SigstoreKeys {
  loadSigstore();
  const keys = sources.map(({ name, content }) => {
    if (/PRIVATE KEY/.test(content))
      throw new TeapurlError(`${name} holds a private key; give the public key (cosign.pub), not the signing key: it was not read`, { code: 'secret-key' });
    const blocks = content.match(/-----BEGIN PUBLIC KEY-----[\s\S]*?-----END PUBLIC KEY-----/g);
    if (blocks?.length !== 1)
      throw new TeapurlError(`${name} holds ${blocks ? blocks.length : 'no'} PEM public key${blocks?.length === 1 ? '' : 's'}; one is expected`, {
        code: 'unreadable',
      });
    let key: KeyObject;
    try {
      key = createPublicKey(blocks[0]!);
    } catch (error) {
      throw new TeapurlError(`${name} cannot be read as a public key: ${(error as Error).message}`, { code: 'unreadable' });
    }
    const fingerprint = createHash('sha256')
      .update(key.export({ type: 'spki', format: 'der' }))
      .digest('hex')
      .toUpperCase();
    return { key, fingerprint };
  });
  return new SigstoreKeys(keys);
}

const KEY_TYPES: Readonly<Record<string, string>> = { ec: 'ECDSA', rsa: 'RSA', 'rsa-pss': 'RSA-PSS', ed25519: 'Ed25519' };
const DIGESTS: Readonly<Record<string, string>> = { SHA2_256: 'SHA-256', SHA2_384: 'SHA-384', SHA2_512: 'SHA-512' };

/** Whether `bytes` look like a Sigstore bundle (JSON with a Sigstore bundle media type). */
export function isSigstoreBundle(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 2048));
  return /^\s*\{/.test(head) && /"mediaType"\s*:\s*"application\/vnd\.dev\.sigstore\.bundle/.test(head);
}

/**
 * Verifies a Sigstore bundle's message signature over `artifact` (the whole file, in memory:
 * Sigstore signs the bytes, not a digest one could stream) with one of `keys`. Never throws for
 * a bad bundle: the verdict says what held, as {@link verifyDetachedSignature}'s does.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { readSigstoreKeys, verifySigstoreBundle } from 'teapurl/node';
 * const keys = readSigstoreKeys([{ name: 'cosign.pub', content: readFileSync('cosign.pub', 'utf8') }]);
 * const check = verifySigstoreBundle(readFileSync('app.tar.gz'), readFileSync('app.tar.gz.sigstore.json'), keys);
 * console.log(check.verdict, check.fingerprint);
 * ```
 */
export function verifySigstoreBundle(artifact: Uint8Array, bundleBytes: Uint8Array | string, keys: SigstoreKeys): TeaSignatureCheck {
  const sigstore = loadSigstore();
  let json: unknown;
  try {
    json = JSON.parse(typeof bundleBytes === 'string' ? bundleBytes : new TextDecoder().decode(bundleBytes));
  } catch (error) {
    return { verdict: 'malformed', message: `it is not JSON: ${(error as Error).message}` };
  }
  let bundle: SigstoreBundle.Bundle;
  try {
    bundle = sigstore.bundle.bundleFromJSON(json);
  } catch (error) {
    return { verdict: 'malformed', message: `it is not a Sigstore bundle: ${(error as Error).message}` };
  }
  if (bundle.content.$case !== 'messageSignature')
    return { verdict: 'not-detached', message: 'it is a DSSE attestation (a signed statement about the file), not a signature over the file' };
  const material = bundle.verificationMaterial.content;
  if (material.$case !== 'publicKey')
    return {
      verdict: 'unknown-key',
      message: 'it is signed by a certificate (keyless signing), which teapurl does not verify: only bundles signed by a public key given to it',
    };
  const facts = { hashAlgorithm: DIGESTS[String(bundle.content.messageSignature.messageDigest?.algorithm)] ?? 'SHA-256' };
  const emptyRoot = {
    mediaType: 'application/vnd.dev.sigstore.trustedroot+json;version=0.1',
    tlogs: [],
    certificateAuthorities: [],
    ctlogs: [],
    timestampAuthorities: [],
  };
  let last = '';
  for (const { key, fingerprint } of keys.keys) {
    const trust = sigstore.verify.toTrustMaterial(emptyRoot as unknown as Parameters<typeof sigstore.verify.toTrustMaterial>[0], () => ({
      publicKey: key,
      validFor: () => true,
    }));
    const verifier = new sigstore.verify.Verifier(trust, { tlogThreshold: 0, ctlogThreshold: 0, timestampThreshold: 0 });
    try {
      verifier.verify(sigstore.verify.toSignedEntity(bundle, Buffer.from(artifact.buffer, artifact.byteOffset, artifact.byteLength)));
      return {
        verdict: 'verified',
        message: `a good signature by the key ${fingerprint}`,
        fingerprint,
        keyId: material.publicKey.hint,
        ...facts,
        publicKeyAlgorithm: KEY_TYPES[key.asymmetricKeyType ?? ''] ?? String(key.asymmetricKeyType),
      };
    } catch (error) {
      last = (error as Error).message;
    }
  }
  // The digest in the bundle tells "other bytes" from "another key".
  const digest = bundle.content.messageSignature.messageDigest?.digest;
  if (digest && Buffer.compare(Buffer.from(digest), createHash('sha256').update(artifact).digest()) !== 0)
    return { verdict: 'bad-signature', message: 'the signature does not match these bytes (the bundle is for other bytes)', ...facts };
  return {
    verdict: 'unknown-key',
    message: `no key given verifies it (the bundle names the key ${JSON.stringify(material.publicKey.hint)}; ${last})`,
    ...facts,
  };
}
