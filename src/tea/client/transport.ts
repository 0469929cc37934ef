/**
 * How the TEA client reaches the network: one interface for every request it sends, so the same
 * client runs on the platform's `fetch` (Node, bundlers, browsers) or on a Node transport that
 * adds trust anchors and a client certificate (`tlsTransport` from `teapurl/node`).
 */

/**
 * One request as the client hands it to a {@link TeaTransport}.
 *
 * @example
 * ```ts
 * import type { TeaTransportRequest } from 'teapurl/tea/client';
 * const request: TeaTransportRequest = { method: 'GET', headers: new Headers({ accept: 'application/json' }), toService: true };
 * ```
 */
export interface TeaTransportRequest {
  /** `GET`, `POST`, … */
  readonly method: string;
  /** The headers to send, complete: the transport adds none that carry credentials. */
  readonly headers: Headers;
  /** A body that the client can send again. */
  readonly body?: string | Uint8Array;
  /** Cancels the request. */
  readonly signal?: AbortSignal;
  /**
   * `true` when the request goes to the origin of the service the client was made for (its API
   * base URL and token endpoint). A transport that holds a client certificate presents it only
   * then: the certificate belongs to that service (section 5.6).
   */
  readonly toService: boolean;
}

/**
 * Sends the client's requests. It must not follow redirects (the client follows them itself, to
 * keep tokens from other origins) and must not add credentials of its own except a TLS client
 * certificate for requests marked `toService`. A failure below HTTP is thrown (any error; the
 * client turns it into a `NetworkError`).
 *
 * @example
 * ```ts
 * import { TeaClient, fetchTransport, type TeaTransport } from 'teapurl/tea/client';
 * const inner = fetchTransport();
 * const logged: TeaTransport = {
 *   send(url, request) {
 *     console.log(request.method, url);
 *     return inner.send(url, request);
 *   },
 * };
 * const client = new TeaClient({ baseUrl: 'https://tea.example.com/v1.0.0', transport: logged });
 * ```
 */
export interface TeaTransport {
  /** Sends one request and resolves to the response as it arrived (a redirect is a response, not followed). */
  send(url: string, request: TeaTransportRequest): Promise<Response>;
  /**
   * `true` when the transport presents a TLS client certificate to the service (mutual TLS): the
   * client may then ask `POST /token` for a token without an API key, with no Authorization header.
   */
  readonly presentsClientCertificate?: boolean;
  /** Releases the connections the transport holds; the client does not call it (the transport may be shared). */
  close?(): Promise<void>;
}

/**
 * A transport over a `fetch` function: by default the platform's `globalThis.fetch` (Node 20+,
 * browsers, workers), with `redirect: 'manual'`. It holds no credentials and no TLS settings; for
 * a private CA or mutual TLS in Node use `tlsTransport` from `teapurl/node`.
 *
 * In a browser a redirect answers as an opaque response (status 0) whose target a page cannot
 * read: the client reports it as a `RedirectError` rather than follow it blindly.
 *
 * @example
 * ```ts
 * import { TeaClient, fetchTransport } from 'teapurl/tea/client';
 * const client = new TeaClient({ baseUrl: 'https://tea.example.com/v1.0.0', transport: fetchTransport() });
 * ```
 */
export function fetchTransport(fetch: (input: string, init: RequestInit) => Promise<Response> = (input, init) => globalThis.fetch(input, init)): TeaTransport {
  return {
    send(url, request) {
      return fetch(url, {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined ? { body: request.body as RequestInit['body'] } : {}),
        redirect: 'manual',
        // Credentials are the client's business: no cookies or HTTP authentication from the platform.
        credentials: 'omit',
        ...(request.signal ? { signal: request.signal } : {}),
      });
    },
  };
}

/** The transport used when none is given: {@link fetchTransport} over `globalThis.fetch`. */
export function defaultTransport(): TeaTransport {
  return fetchTransport();
}
