/**
 * One small request/response model shared by the server kit's `node:http` and fetch-style forms,
 * so the token endpoint and the bearer check are written once.
 *
 * @internal
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { X509Certificate } from 'node:crypto';
import { readLimitedBody } from '../protocol/read-limited-body.js';

/** Returned by {@link KitRequest.body} when the body is larger than the limit. */
export const TOO_LARGE = Symbol('too large');

/** The parts of a request the kit reads. */
export interface KitRequest {
  method: string;
  /** One header value by lower-case name; repeated headers are joined with ", ". */
  header(name: string): string | undefined;
  /** Reads the whole body, or stops at `limit` bytes and returns {@link TOO_LARGE}. */
  body(limit: number): Promise<Uint8Array | typeof TOO_LARGE>;
  /** A client certificate the TLS layer verified against the server's trusted CAs, if any. */
  clientCertificate: X509Certificate | undefined;
  /** The peer's IP address, when known: what failed-credential throttling counts per address. */
  clientAddress: string | undefined;
}

/** What the kit answers. */
export interface KitResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Builds a JSON response; `body` is serialised here so callers cannot forget the content type. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): KitResponse {
  return {
    status,
    headers: { 'content-type': 'application/json;charset=UTF-8', ...headers },
    body: JSON.stringify(body),
  };
}

/** The verified client certificate of a `node:http` request over TLS, if the handshake produced one. */
export function verifiedPeerCertificate(req: IncomingMessage): X509Certificate | undefined {
  const socket = req.socket as Partial<TLSSocket>;
  // `authorized` is true only when the certificate chains to the server's `ca`: an unverified
  // certificate must never count as client authentication.
  if (!socket.encrypted || socket.authorized !== true || typeof socket.getPeerX509Certificate !== 'function') return undefined;
  return socket.getPeerX509Certificate() ?? undefined;
}

/** Adapts a `node:http` request. */
export function fromNode(req: IncomingMessage): KitRequest {
  return {
    method: req.method ?? 'GET',
    header(name) {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    body: (limit) => readNodeBody(req, limit),
    clientCertificate: verifiedPeerCertificate(req),
    clientAddress: req.socket?.remoteAddress,
  };
}

function readNodeBody(req: IncomingMessage, limit: number): Promise<Uint8Array | typeof TOO_LARGE> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(TOO_LARGE);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        resolve(TOO_LARGE);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onAborted = () => onError(new Error('the client aborted the request'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
  });
}

/** Writes a kit response to `node:http`. A body cut off at the limit closes the connection. */
export function toNode(res: ServerResponse, response: KitResponse, options: { close?: boolean } = {}): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string | number> = { ...response.headers, 'content-length': Buffer.byteLength(response.body) };
  // An unread request body would otherwise be read to its end to reuse the connection.
  if (options.close) headers.connection = 'close';
  res.writeHead(response.status, headers);
  res.end(response.body);
}

/** Adapts a fetch `Request`; `clientCertificate` must already be verified by the TLS layer. */
export function fromFetch(request: Request, clientCertificate?: X509Certificate, clientAddress?: string): KitRequest {
  return {
    method: request.method,
    header: (name) => request.headers.get(name) ?? undefined,
    body: (limit) => readFetchBody(request, limit),
    clientCertificate,
    clientAddress,
  };
}

async function readFetchBody(request: Request, limit: number): Promise<Uint8Array | typeof TOO_LARGE> {
  return (await readLimitedBody(request, limit)) ?? TOO_LARGE;
}

/** Converts a kit response to a fetch `Response`. */
export function toFetch(response: KitResponse): Response {
  return new Response(response.body, { status: response.status, headers: response.headers });
}

// RFC 6749 section 5.2 and RFC 6750 section 3 allow only these characters in error_description,
// so a description can never break out of the quoted string in a challenge.
const UNSAFE_DESCRIPTION = /[^\x20\x21\x23-\x5B\x5D-\x7E]/g;

/** Makes text safe for `error_description`: printable ASCII without `"` or `\`, at most 200 characters. */
export function safeDescription(text: string): string {
  const clean = text.replace(UNSAFE_DESCRIPTION, '?');
  return clean.length > 200 ? `${clean.slice(0, 197)}...` : clean;
}

/** An RFC 7230 quoted-string, for an auth-param of a `WWW-Authenticate` challenge. */
export function quoted(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&')}"`;
}
