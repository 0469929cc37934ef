import { generateCertificates } from '../../src/tea/server/self-signed.js';

/** A certificate and its private key, both PEM. */
export interface CertificatePair {
  cert: string;
  key: string;
}

/** A private CA and two leaf certificates it signed. */
export interface TestCertificates {
  /** The CA certificate: the trust anchor for both leaves. */
  ca: string;
  /** For `localhost`, `127.0.0.1` and `::1` (subjectAltName), extended key usage serverAuth. */
  server: CertificatePair;
  /** For a mutual-TLS client, extended key usage clientAuth, signed by the same CA. */
  client: CertificatePair;
}

async function make(name: string): Promise<TestCertificates> {
  const { ca, server, client } = await generateCertificates({ name, days: 2 });
  return { ca, server, client };
}

let main: Promise<TestCertificates> | undefined;
let other: Promise<TestCertificates> | undefined;

/**
 * The test CA with a server certificate valid for `localhost` and `127.0.0.1` and a client
 * certificate (EC P-256, generated with `selfsigned`), made once per process.
 */
export function testCertificates(): Promise<TestCertificates> {
  main ??= make('teapurl');
  return main;
}

/**
 * A second, unrelated CA with its own server and client certificates (same shape as
 * {@link testCertificates}): a client trusting one CA must reject a server presenting the other's
 * certificate, and a server must not accept the other CA's client certificate.
 */
export function otherCertificates(): Promise<TestCertificates> {
  other ??= make('unrelated');
  return other;
}
