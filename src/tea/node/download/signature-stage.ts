/**
 * The signature step of a download: each format's `signatureUrl` fetched (through the client, so
 * the bearer token goes only to the API's origin; bounded in size and time), then verified over
 * the downloaded bytes before the file gets its name.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { TeaClient } from '../../client/tea-client.js';
import { discardBody } from '../../client/http.js';
import { readLimitedBody } from '../../protocol/read-limited-body.js';
import { TeapurlError } from '../../../shared/errors.js';
import { errorText } from '../../../shared/messages.js';
import {
  MAX_SIGNATURE_BYTES,
  verifyDetachedSignature,
  type TeaKeyring,
  type TeaSignatureCheck,
  type TeaSignaturePolicy,
  type TeaSignatureVerdict,
} from './openpgp-signature.js';
import { isSigstoreBundle, verifySigstoreBundle, type SigstoreKeys } from './sigstore-bundle.js';

/** The keys signatures are verified with: OpenPGP, Sigstore, or both. */
export interface SignatureTrust {
  readonly keyring?: TeaKeyring | undefined;
  readonly sigstoreKeys?: SigstoreKeys | undefined;
}

/** The largest file a Sigstore bundle is verified over: its signature is over the bytes, held in memory. */
export const MAX_SIGSTORE_ARTIFACT_BYTES = 1024 ** 3;

/**
 * An artefact file refused for its signature: `code` is the verdict (`unsigned` when signatures
 * are required and the format lists none), `check` what the verification found.
 *
 * @example
 * ```ts
 * import { TeaSignatureError } from 'teapurl/node';
 * const explain = (error: unknown) => (error instanceof TeaSignatureError ? `${error.code}: ${error.check?.fingerprint ?? 'no key'}` : String(error));
 * ```
 */
export class TeaSignatureError extends TeapurlError<Exclude<TeaSignatureVerdict, 'verified'>> {
  constructor(
    code: Exclude<TeaSignatureVerdict, 'verified'>,
    message: string,
    /** What the verification found, when a signature was read. */
    readonly check?: TeaSignatureCheck,
  ) {
    super(message, { code });
  }
}

/**
 * Fetches a detached signature: at most {@link MAX_SIGNATURE_BYTES}, within `timeoutMs`. With
 * `absentOn404` (the API's signature download endpoint, upstream #262, which answers 404 when
 * no signature is published) a 404 is `null`: the format is unsigned.
 */
export async function fetchSignature(client: TeaClient, url: string, timeoutMs: number, absentOn404: true): Promise<Uint8Array | null>;
export async function fetchSignature(client: TeaClient, url: string, timeoutMs: number): Promise<Uint8Array>;
export async function fetchSignature(client: TeaClient, url: string, timeoutMs: number, absentOn404 = false): Promise<Uint8Array | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`the signature took longer than ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
  try {
    const result = await client.request(url, { signal: controller.signal });
    if (!result.ok) {
      await discardBody(result.response);
      if (absentOn404 && result.status === 404) return null;
      throw new TeaSignatureError(
        'unavailable',
        `the signature ${url} answered ${result.status}${result.outcome === 'unauthorized' ? ` (${result.unauthorizedReason ?? 'unauthorized'})` : ''}`,
      );
    }
    const body = await readLimitedBody(result.response, MAX_SIGNATURE_BYTES);
    if (body === null)
      throw new TeaSignatureError('too-large', `the signature ${url} is larger than ${MAX_SIGNATURE_BYTES} bytes, more than a detached signature has`);
    return body;
  } catch (error) {
    if (error instanceof TeaSignatureError) throw error;
    const reason = controller.signal.reason as { name?: string; message?: string } | undefined;
    const why = controller.signal.aborted && reason?.name === 'TimeoutError' ? (reason.message ?? 'timed out') : errorText(error).replace(/^\w*Error: /, '');
    throw new TeaSignatureError('unavailable', `the signature ${url} could not be read: ${why}`);
  } finally {
    clearTimeout(timer);
  }
}

/** Verifies the downloaded file at `file` (streamed) against `signature`; throws a {@link TeaSignatureError} unless it holds. */
export async function verifyFileSignature(
  file: string,
  signature: Uint8Array,
  signatureUrl: string,
  trust: SignatureTrust,
  policy: TeaSignaturePolicy,
): Promise<TeaSignatureCheck> {
  const check = await checkSignature(file, signature, trust, policy);
  if (check.verdict !== 'verified') {
    const key = check.fingerprint ? ` (key ${check.fingerprint}${check.userId ? ` ${check.userId}` : ''})` : '';
    throw new TeaSignatureError(
      check.verdict,
      `the signature ${signatureUrl} does not vouch for the file: ${check.message}${key}; the file was not kept`,
      check,
    );
  }
  return check;
}

/** The signature's verdict: a Sigstore bundle with the Sigstore keys, anything else as OpenPGP with the keyring. */
export async function checkSignature(file: string, signature: Uint8Array, trust: SignatureTrust, policy: TeaSignaturePolicy): Promise<TeaSignatureCheck> {
  if (isSigstoreBundle(signature)) {
    if (!trust.sigstoreKeys) return { verdict: 'unknown-key', message: 'it is a Sigstore bundle, and no Sigstore public key was given to verify it with' };
    const { size } = await stat(file);
    if (size > MAX_SIGSTORE_ARTIFACT_BYTES)
      return {
        verdict: 'too-large',
        message: `the file is ${size} bytes; a Sigstore bundle is verified over the file in memory, up to ${MAX_SIGSTORE_ARTIFACT_BYTES} bytes`,
      };
    return verifySigstoreBundle(await readFile(file), signature, trust.sigstoreKeys);
  }
  if (!trust.keyring) return { verdict: 'unknown-key', message: 'it is not a Sigstore bundle, and no OpenPGP keyring was given to verify it with' };
  return verifyDetachedSignature(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, signature, trust.keyring, policy);
}
