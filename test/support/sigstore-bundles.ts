/**
 * Sigstore bundles made at run time for the tests: a key pair from node:crypto (as
 * `cosign generate-key-pair` makes), and a v0.3 bundle whose message signature is over the
 * bytes, signed by that key (no transparency log, no certificate: offline).
 */
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

export function sigstoreKeyPair(): { publicKeyPem: string; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), privateKey };
}

/** A bundle of `data` signed by `privateKey`; `digestOf` lets the bundle claim other bytes' digest. */
export function sigstoreBundle(data: Uint8Array, privateKey: KeyObject, options: { digestOf?: Uint8Array; hint?: string } = {}): string {
  return JSON.stringify({
    mediaType: 'application/vnd.dev.sigstore.bundle.v0.3+json',
    verificationMaterial: { publicKey: { hint: options.hint ?? 'release-key' }, tlogEntries: [], timestampVerificationData: { rfc3161Timestamps: [] } },
    messageSignature: {
      messageDigest: {
        algorithm: 'SHA2_256',
        digest: createHash('sha256')
          .update(options.digestOf ?? data)
          .digest('base64'),
      },
      signature: sign('sha256', data, privateKey).toString('base64'),
    },
  });
}

/** A DSSE bundle (an attestation): a signed statement, not a signature over the file. */
export function dsseBundle(privateKey: KeyObject): string {
  const payload = Buffer.from(JSON.stringify({ _type: 'https://in-toto.io/Statement/v1', subject: [], predicateType: 'x', predicate: {} }));
  const type = 'application/vnd.in-toto+json';
  const pae = Buffer.concat([Buffer.from(`DSSEv1 ${type.length} ${type} ${payload.length} `), payload]);
  return JSON.stringify({
    mediaType: 'application/vnd.dev.sigstore.bundle.v0.3+json',
    verificationMaterial: { publicKey: { hint: 'release-key' }, tlogEntries: [], timestampVerificationData: { rfc3161Timestamps: [] } },
    dsseEnvelope: {
      payload: payload.toString('base64'),
      payloadType: type,
      signatures: [{ sig: sign('sha256', pae, privateKey).toString('base64'), keyid: '' }],
    },
  });
}
