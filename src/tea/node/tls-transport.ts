/**
 * The TEA client's transport for Node with TLS settings: extra trust anchors for a private CA, a
 * client certificate for mutual TLS, a connect timeout. Built on `node:https` (no dependency: the
 * HTTP client package this used to need was a third of a production install), with certificate
 * verification always on, and the answer handed back as the platform's `Response`.
 */
import { Agent, request as httpsRequest, type RequestOptions } from 'node:https';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { rootCertificates } from 'node:tls';
import type { TeaTransport, TeaTransportRequest } from '../client/transport.js';
import { InvalidArgumentError } from '../../shared/errors.js';

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
  /**
   * The longest the connection may stay silent once open, waiting for the answer's headers or
   * the next bytes of its body; the request then fails (`ETIMEDOUT`). Default 60,000 ms.
   */
  idleTimeoutMs?: number;
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
    throw new InvalidArgumentError('clientCertificate needs PEM strings cert and key');
  }
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  const agent = (withCertificate: boolean) =>
    new Agent({
      keepAlive: true,
      ...(extra.length > 0 ? { ca: [...rootCertificates, ...extra] } : {}),
      ...(withCertificate && certificate
        ? { cert: certificate.cert, key: certificate.key, ...(certificate.passphrase ? { passphrase: certificate.passphrase } : {}) }
        : {}),
      rejectUnauthorized: true,
    });
  const plain = agent(false);
  // The certificate belongs to one service (section 5.6): other origins get the agent without it.
  const service = certificate ? agent(true) : plain;
  return {
    presentsClientCertificate: certificate !== undefined,
    send: (url, request) => send(url, request, request.toService ? service : plain, connectTimeoutMs, idleTimeoutMs),
    async close() {
      for (const a of new Set([plain, service])) a.destroy();
    },
  };
}

/** Statuses whose answer has no body (and for which `Response` refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/** One request over `agent` (https) or a plain connection (http, local tests only), answered as a `Response`. */
function send(url: string, request: TeaTransportRequest, agent: Agent, connectTimeoutMs: number, idleTimeoutMs: number): Promise<Response> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const https = target.protocol === 'https:';
    const options: RequestOptions = {
      method: request.method,
      headers: Object.fromEntries(request.headers),
      ...(https ? { agent } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
    };
    const outgoing = (https ? httpsRequest : httpRequest)(target, options, (incoming) => {
      // The signal bounds the body too: a cancelled read ends the answer with the signal's reason.
      const signal = request.signal;
      if (signal) {
        const onAbort = () => incoming.destroy(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
        if (signal.aborted) onAbort();
        else {
          signal.addEventListener('abort', onAbort, { once: true });
          incoming.once('close', () => signal.removeEventListener('abort', onAbort));
        }
      }
      resolve(asResponse(incoming, request.method));
    });
    // A connection that falls silent (no headers, or a body that stops) is closed after the idle limit.
    outgoing.setTimeout(idleTimeoutMs, () =>
      outgoing.destroy(Object.assign(new Error(`the connection was silent for ${idleTimeoutMs} ms`), { code: 'ETIMEDOUT' })),
    );
    // As fetch does: a cancelled request rejects with the signal's reason (a TimeoutError names the
    // limit), any other failure below HTTP with `TypeError: fetch failed` whose cause says what it was.
    outgoing.on('error', (error) => reject(request.signal?.aborted ? request.signal.reason : new TypeError('fetch failed', { cause: error })));
    // The connection (and for https the handshake) must be up within the limit; a reused one already is.
    outgoing.on('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(
        () => outgoing.destroy(Object.assign(new Error(`no connection within ${connectTimeoutMs} ms`), { code: 'ETIMEDOUT' })),
        connectTimeoutMs,
      );
      socket.once(https ? 'secureConnect' : 'connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    outgoing.end(request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : Buffer.from(request.body));
  });
}

/** The platform's `Response` for an answer whose headers arrived; the body streams as it is read. */
function asResponse(incoming: IncomingMessage, method: string): Response {
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const status = incoming.statusCode ?? 0;
  const empty = NO_BODY.has(status) || method === 'HEAD';
  if (empty) incoming.resume();
  return new Response(empty ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>), { status, statusText: incoming.statusMessage ?? '', headers });
}
