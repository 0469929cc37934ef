/**
 * The TEA client's transport for Node with TLS settings: extra trust anchors for a private CA, a
 * client certificate for mutual TLS, a connect timeout. Built on undici's `Agent` (undici is the
 * HTTP client inside Node's own `fetch`), with certificate verification always on.
 */
import { rootCertificates } from 'node:tls';
import { Agent, fetch as undiciFetch } from 'undici';
import type { TeaTransport } from '../tea/client/transport.js';

/**
 * A client certificate and its private key (PEM), for mutual TLS with one service.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { tlsTransport, type ClientCertificate } from 'teapurl/node';
 * const clientCertificate: ClientCertificate = { cert: readFileSync('client.pem', 'utf8'), key: readFileSync('client-key.pem', 'utf8') };
 * const transport = tlsTransport({ clientCertificate });
 * ```
 */
export interface ClientCertificate {
  /** PEM certificate (chain). */
  cert: string;
  /** PEM private key. */
  key: string;
  /** Passphrase of an encrypted private key. */
  passphrase?: string;
}

/**
 * Options of {@link tlsTransport}.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { tlsTransport, type TlsTransportOptions } from 'teapurl/node';
 * const options: TlsTransportOptions = { ca: readFileSync('private-ca.pem', 'utf8'), connectTimeoutMs: 5_000 };
 * const transport = tlsTransport(options);
 * ```
 */
export interface TlsTransportOptions {
  /** Extra trust anchors (PEM) for a service whose certificate comes from a private CA; added to Node's bundled roots, never in their place. */
  ca?: string | string[];
  /**
   * A client certificate for mutual TLS (section 5.6). It is presented only on requests to the
   * service the client was made for (its origin); requests elsewhere, such as an artefact host or
   * a redirect to another origin, go without it. With it the client can get a token without an API key.
   */
  clientCertificate?: ClientCertificate;
  /** Time allowed to open a connection and finish the TLS handshake. Default 10,000 ms. */
  connectTimeoutMs?: number;
}

/**
 * A {@link TeaTransport} for Node with trust anchors and an optional client certificate.
 * Certificate verification cannot be turned off. Call `close()` when done to release its
 * connections.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { TeaClient } from 'teapurl/tea/client';
 * import { tlsTransport } from 'teapurl/node';
 * const transport = tlsTransport({
 *   ca: readFileSync('private-ca.pem', 'utf8'),
 *   clientCertificate: { cert: readFileSync('client.pem', 'utf8'), key: readFileSync('client-key.pem', 'utf8') },
 * });
 * const client = new TeaClient({ baseUrl: 'https://tea.internal.example/v1.0.0', transport });
 * await client.fetchToken(); // POST /token without an Authorization header: the certificate authenticates
 * await transport.close?.();
 * ```
 */
export function tlsTransport(options: TlsTransportOptions = {}): TeaTransport {
  const extra = options.ca === undefined ? [] : Array.isArray(options.ca) ? options.ca : [options.ca];
  const certificate = options.clientCertificate;
  if (certificate !== undefined && (typeof certificate.cert !== 'string' || typeof certificate.key !== 'string')) {
    throw new TypeError('clientCertificate needs PEM strings cert and key');
  }
  const agent = (withCertificate: boolean) =>
    new Agent({
      connect: {
        timeout: options.connectTimeoutMs ?? 10_000,
        ...(extra.length > 0 ? { ca: [...rootCertificates, ...extra] } : {}),
        ...(withCertificate && certificate
          ? { cert: certificate.cert, key: certificate.key, ...(certificate.passphrase ? { passphrase: certificate.passphrase } : {}) }
          : {}),
        rejectUnauthorized: true,
      },
    });
  const plain = agent(false);
  // The certificate belongs to one service (section 5.6): other origins get the agent without it.
  const service = certificate ? agent(true) : plain;
  return {
    presentsClientCertificate: certificate !== undefined,
    async send(url, request) {
      // undici's own fetch: the dispatcher option is honoured only by the undici that made the agent.
      return (await undiciFetch(url, {
        method: request.method,
        headers: [...request.headers],
        ...(request.body !== undefined ? { body: request.body } : {}),
        redirect: 'manual',
        ...(request.signal ? { signal: request.signal } : {}),
        dispatcher: request.toService ? service : plain,
      })) as unknown as Response;
    },
    async close() {
      await Promise.all([...new Set([plain, service])].map((a) => a.close().catch(() => undefined)));
    },
  };
}
