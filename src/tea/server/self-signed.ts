import { isIP } from 'node:net';
import { requireOptionalPackage } from '../../shared/node/optional-package.js';

type Generate = typeof import('selfsigned').generate;

/**
 * The `code` of the error {@link generateCertificates} rejects with when the optional package
 * `selfsigned` is not installed.
 *
 * @example
 * ```ts
 * import { generateCertificates, SELFSIGNED_MISSING } from 'teapurl/tea';
 * const pems = await generateCertificates().catch((error: NodeJS.ErrnoException) => {
 *   if (error.code === SELFSIGNED_MISSING) return undefined; // fall back to certificates of your own
 *   throw error;
 * });
 * ```
 */
export const SELFSIGNED_MISSING = 'ERR_TEAPURL_SELFSIGNED_MISSING';

/**
 * Loads `selfsigned` when first asked for. It is an optional peer dependency: its tree (pkijs,
 * @peculiar/*, asn1js, @noble/hashes, tsyringe) was half of a production install and
 * only `serve --self-signed` needs it, so teapurl leaves installing it to whoever wants that.
 */
function loadGenerate(): Generate {
  return requireOptionalPackage<typeof import('selfsigned')>('selfsigned', { needs: 'generating certificates', code: SELFSIGNED_MISSING }).generate;
}

/**
 * A certificate and its private key, both PEM.
 *
 * @example
 * ```ts
 * import https from 'node:https';
 * import { generateCertificates, type PemPair } from 'teapurl/tea';
 * const { server }: { server: PemPair } = await generateCertificates();
 * https.createServer({ cert: server.cert, key: server.key });
 * ```
 */
export interface PemPair {
  /** The certificate, PEM. */
  cert: string;
  /** Its private key, PEM. */
  key: string;
}

/**
 * A private CA and the server and client certificates it signed (all PEM).
 *
 * @example
 * ```ts
 * import { Agent } from 'undici';
 * import { generateCertificates, type GeneratedCertificates } from 'teapurl/tea';
 * const pems: GeneratedCertificates = await generateCertificates();
 * new Agent({ connect: { ca: pems.ca, cert: pems.client.cert, key: pems.client.key } });
 * ```
 */
export interface GeneratedCertificates {
  /** The CA certificate: what a client adds as a trust anchor (`--ca FILE`, `tls.ca`). */
  ca: string;
  /** The CA's own key pair, kept so callers can sign more certificates; never give it to a client. */
  caPair: PemPair;
  /** A server certificate for every name in `hosts`, extended key usage serverAuth. */
  server: PemPair;
  /** A client certificate for mutual TLS (section 5.6), extended key usage clientAuth. */
  client: PemPair;
}

/**
 * Options for {@link generateCertificates}.
 *
 * @example
 * ```ts
 * await generateCertificates({ hosts: ['tea.local', '192.168.1.20'], days: 7 });
 * ```
 */
export interface GenerateCertificatesOptions {
  /** DNS names and IP addresses the server certificate is valid for. Default `localhost`, `127.0.0.1`, `::1`. */
  hosts?: string[];
  /** Prefix for the certificates' common names. Default `teapurl`. */
  name?: string;
  /** Validity in days from an hour ago. Default 30. */
  days?: number;
}

// EC P-256: a key takes milliseconds to make, where RSA 2048 takes a noticeable fraction of a second.
const KEY = { keyType: 'ec', curve: 'P-256', algorithm: 'sha256' } as const;

/**
 * Generates a throwaway private CA with a server certificate (subjectAltName for each of `hosts`,
 * so hostname verification passes) and a client certificate, using the `selfsigned` library.
 * Meant for local test servers such as `teapurl serve --self-signed`.
 *
 * `selfsigned` is an optional peer dependency (`npm i selfsigned`); without it the promise rejects
 * with an error whose `code` is {@link SELFSIGNED_MISSING} and whose message says what to install.
 *
 * @example
 * ```ts
 * const pems = await generateCertificates({ hosts: ['localhost', '127.0.0.1'] });
 * const server = await startTeaServer({ tls: { ...pems.server }, apiKeys });
 * // clients trust pems.ca
 * ```
 */
export async function generateCertificates(options: GenerateCertificatesOptions = {}): Promise<GeneratedCertificates> {
  const hosts = options.hosts ?? ['localhost', '127.0.0.1', '::1'];
  const name = options.name ?? 'teapurl';
  // Starting an hour back keeps clock differences from making a fresh certificate "not yet valid".
  const notBeforeDate = new Date(Date.now() - 60 * 60 * 1000);
  const notAfterDate = new Date(notBeforeDate.getTime() + (options.days ?? 30) * 24 * 60 * 60 * 1000);
  const dates = { notBeforeDate, notAfterDate };
  const generate = loadGenerate();

  const ca = await generate([{ name: 'commonName', value: `${name} test CA` }], {
    ...KEY,
    ...dates,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const signer = { ca: { cert: ca.cert, key: ca.private } };
  const server = await generate([{ name: 'commonName', value: hosts[0] ?? 'localhost' }], {
    ...KEY,
    ...dates,
    ...signer,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: hosts.map((host) => (isIP(host) ? { type: 7 as const, ip: host } : { type: 2 as const, value: host })),
      },
    ],
  });
  const client = await generate([{ name: 'commonName', value: `${name} test client` }], {
    ...KEY,
    ...dates,
    ...signer,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true },
      { name: 'extKeyUsage', clientAuth: true },
    ],
  });
  return {
    ca: ca.cert,
    caPair: { cert: ca.cert, key: ca.private },
    server: { cert: server.cert, key: server.private },
    client: { cert: client.cert, key: client.private },
  };
}
