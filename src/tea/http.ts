/**
 * The HTTP plumbing shared by discovery, the client and the checker: undici's fetch, a TLS agent
 * that adds a private trust anchor (never one that skips verification), bounded body reads.
 */
import { rootCertificates } from 'node:tls';
import { Agent, Headers, fetch as undiciFetch, type Dispatcher, type RequestInit, type Response } from 'undici';
import { readLimitedBody } from './read-limited-body.js';

/**
 * A `fetch` with undici's signature; undici's own is the default.
 *
 * @example
 * ```ts
 * import { fetch } from 'undici';
 * import { TeaClient, type FetchFunction } from 'teapurl/tea';
 * const logged: FetchFunction = (input, init) => {
 *   console.log(init?.method ?? 'GET', String(input));
 *   return fetch(input, init);
 * };
 * const client = new TeaClient({ baseUrl: 'https://tea.example.com/v1.0.0', fetch: logged });
 * ```
 */
export type FetchFunction = (input: string | URL, init?: RequestInit) => Promise<Response>;

export type { Dispatcher, Response, RequestInit };
export { Headers };

/** The default fetch: undici's, which accepts a per-request `dispatcher`. */
export const defaultFetch: FetchFunction = (input, init) => undiciFetch(input, init);

/**
 * TLS settings for one service.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { TeaClient, type TlsOptions } from 'teapurl/tea';
 * const tls: TlsOptions = { ca: readFileSync('private-ca.pem', 'utf8') };
 * const client = new TeaClient({ baseUrl: 'https://tea.internal.example/v1.0.0', tls });
 * ```
 */
export interface TlsOptions {
  /**
   * Extra trust anchors (PEM) for a service whose certificate comes from a private CA. They are
   * added to Node's bundled roots, not put in their place.
   */
  ca?: string | string[];
}

/**
 * A client certificate and its private key (PEM), for mutual TLS with one service.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { TeaClient, type ClientCertificate } from 'teapurl/tea';
 * const certificate: ClientCertificate = { cert: readFileSync('client.pem', 'utf8'), key: readFileSync('client-key.pem', 'utf8') };
 * const client = new TeaClient({ baseUrl: 'https://tea.example.com/v1.0.0', credentials: certificate });
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
 * An undici agent for one service. Certificate verification stays on: only trust anchors and an
 * optional client certificate are configured.
 */
export function createAgent(tls: TlsOptions = {}, clientCertificate?: ClientCertificate, connectTimeoutMs = 10_000): Agent {
  const extra = tls.ca === undefined ? [] : Array.isArray(tls.ca) ? tls.ca : [tls.ca];
  return new Agent({
    connect: {
      timeout: connectTimeoutMs,
      ...(extra.length > 0 ? { ca: [...rootCertificates, ...extra] } : {}),
      ...(clientCertificate
        ? { cert: clientCertificate.cert, key: clientCertificate.key, ...(clientCertificate.passphrase ? { passphrase: clientCertificate.passphrase } : {}) }
        : {}),
      rejectUnauthorized: true,
    },
  });
}

/** A body was larger than allowed. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  constructor(readonly limit: number) {
    super(`the response body is larger than ${limit} bytes`);
  }
}

/**
 * Reads a response body, stopping (and cancelling the rest) as soon as it passes `limit` bytes,
 * so a hostile server cannot make us buffer without end.
 */
export async function readBody(response: Response, limit: number): Promise<Buffer> {
  const body = await readLimitedBody(response, limit);
  if (body === null) throw new BodyTooLargeError(limit);
  return body;
}

/** Discards a body we do not need, so the connection can be reused. */
export async function discardBody(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/** `true` for `application/json` and any `+json` type, whatever the parameters. */
export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9!#$&^_.+-]+\+json$/.test(type);
}

/** Decodes a body as UTF-8 (dropping a byte order mark); `null` for bytes that are not UTF-8. */
export function utf8(bytes: Buffer): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return null;
  }
}

/** The origin of a URL, `null` for something that is not an absolute URL. */
export function originOf(url: string | URL): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
