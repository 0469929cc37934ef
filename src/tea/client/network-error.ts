import { TeapurlError } from '../../shared/errors.js';
/**
 * One typed error for every way an HTTPS request can fail before a status line arrives, so that
 * callers (and failover) can tell a refused connection from a certificate problem.
 */

/**
 * What went wrong below HTTP.
 *
 * @example
 * ```ts
 * import { toNetworkError, type NetworkFailureKind } from 'teapurl/tea';
 * const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' });
 * const kind: NetworkFailureKind = toNetworkError(new TypeError('fetch failed', { cause: refused }), 'https://127.0.0.1').code;
 * // 'connection-refused'
 * ```
 */
export type NetworkFailureKind = 'dns' | 'connection-refused' | 'connection-reset' | 'tls' | 'timeout' | 'aborted' | 'network';

/**
 * A request that got no HTTP answer: name resolution, connection, TLS handshake or certificate
 * verification failed, or it timed out. `code` says which (one of {@link NetworkFailureKind});
 * `systemCode` is the lower-level code the platform gave, when it gave one.
 *
 * @example
 * ```ts
 * import { TeaClient, NetworkError } from 'teapurl/tea';
 * const client = new TeaClient({ baseUrl: 'https://tea.example.com/v1.0.0' });
 * try {
 *   await client.request('/product/09e8c73b-ac45-4475-acac-33e6a7314e6d');
 * } catch (e) {
 *   if (e instanceof NetworkError && e.code === 'tls') console.error('certificate problem:', e.systemCode, e.message);
 *   else throw e;
 * }
 * ```
 */
export class NetworkError extends TeapurlError<NetworkFailureKind> {
  /** Always `'NetworkError'`. */
  override name = 'NetworkError';
  constructor(
    /** What went wrong: the error's `code`. */
    kind: NetworkFailureKind,
    /** The URL requested. */
    readonly url: string,
    message: string,
    /** The lower-level code (`ECONNREFUSED`, `ERR_TLS_CERT_ALTNAME_INVALID`, …) when there was one. */
    readonly systemCode?: string,
    options?: { cause?: unknown },
  ) {
    super(message, { code: kind, cause: options?.cause });
  }

  /**
   * What went wrong: the same as `code`.
   *
   * @deprecated use `code` (the lower-level code that `code` held before is `systemCode`); `kind` goes in the next minor version.
   */
  get kind(): NetworkFailureKind {
    return this.code;
  }
}

const TLS_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'HOSTNAME_MISMATCH',
  'EPROTO',
]);

/** The innermost error with a `code`, following `cause` links (undici wraps socket errors). */
function rootCause(error: unknown): { code?: string; message: string; name?: string } {
  let current: unknown = error;
  let found: { code?: string; message: string; name?: string } | undefined;
  let deepest: { message: string; name?: string } | undefined;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown };
    const here = { message: typeof e.message === 'string' ? e.message : String(current), ...(typeof e.name === 'string' ? { name: e.name } : {}) };
    if (typeof e.code === 'string') found = { ...here, code: e.code };
    // An abort reason names the timeout on the outside; the innermost message says the most otherwise.
    if (deepest?.name !== 'TimeoutError') deepest = here;
    current = e.cause;
  }
  return found ?? deepest ?? { message: String(error) };
}

function kindOf(code: string | undefined, name: string | undefined, message: string): NetworkFailureKind {
  if (name === 'TimeoutError') return 'timeout';
  if (name === 'AbortError') return 'aborted';
  if (!code) return /certificate|ssl|tls/i.test(message) ? 'tls' : 'network';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL') return 'dns';
  if (code === 'ECONNREFUSED') return 'connection-refused';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED') return 'connection-reset';
  if (
    code === 'ETIMEDOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'ABORT_ERR_TIMEOUT'
  )
    return 'timeout';
  if (TLS_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_') || code.startsWith('ERR_OSSL_')) return 'tls';
  return 'network';
}

const DESCRIBE: Record<NetworkFailureKind, string> = {
  dns: 'the host name does not resolve',
  'connection-refused': 'the connection was refused',
  'connection-reset': 'the connection was closed unexpectedly',
  tls: 'the TLS handshake or certificate verification failed',
  timeout: 'the request timed out',
  aborted: 'the request was aborted',
  network: 'the request failed',
};

/**
 * Turns whatever `fetch` threw into a {@link NetworkError}; a `NetworkError` passes through.
 *
 * @example
 * ```ts
 * import { toNetworkError } from 'teapurl/tea';
 * const url = 'https://tea.example.com/.well-known/tea';
 * try { await fetch(url); } catch (e) { throw toNetworkError(e, url); }
 * ```
 */
export function toNetworkError(error: unknown, url: string): NetworkError {
  if (error instanceof NetworkError) return error;
  const root = openSslReason(rootCause(error));
  const kind = kindOf(root.code, root.name, root.message);
  // OpenSSL's messages end in a line break: one line, as every message here is.
  const message = root.message.replace(/\s+/g, ' ').trim();
  const detail = root.code ? `${root.code}: ${message}` : message;
  return new NetworkError(kind, url, `${url}: ${describe(kind, root.code, message)} (${detail})`, root.code, { cause: error });
}

/** OpenSSL's own line inside a socket error (`…:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:…`). */
const OPENSSL_LINE = /:error:[0-9A-F]+:SSL routines:[^:]*:([^:]+):/;

/**
 * A socket error that carries OpenSSL's line (`EPROTO` from `node:https`) said as Node's TLS
 * errors say it: `ERR_SSL_WRONG_VERSION_NUMBER: wrong version number`, not a path into OpenSSL's sources.
 */
function openSslReason(root: { code?: string; message: string; name?: string }): { code?: string; message: string; name?: string } {
  const reason = OPENSSL_LINE.exec(root.message)?.[1];
  if (reason === undefined) return root;
  return { ...root, code: `ERR_SSL_${reason.trim().toUpperCase().replace(/\W+/g, '_')}`, message: reason.trim() };
}

/** What went wrong, in words; a plain-HTTP answer to TLS and a port that speaks no TLS are said as such. */
function describe(kind: NetworkFailureKind, code: string | undefined, message: string): string {
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || /wrong version number/i.test(message)) return 'the server answered in plain HTTP, not TLS';
  if (code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG' || /packet length too long|unknown protocol/i.test(message))
    return "what answers there does not speak TLS: is it the TEA server's port?";
  if (kind === 'connection-refused') return 'the connection was refused: nothing listens on that host and port';
  return DESCRIBE[kind];
}
