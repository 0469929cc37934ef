/**
 * The resource side of TEA authentication (sections 5.3, 5.7, 5.8 and 7): a check that answers
 * `401` with an RFC 6750 `Bearer` challenge unless the request carries a valid access token.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fromFetch, fromNode, jsonResponse, quoted, safeDescription, toFetch, toNode, type KitRequest, type KitResponse } from './http-exchange.js';

/**
 * Why a presented token was not accepted; each is answered with `error="invalid_token"` (5.3.5).
 *
 * @example
 * ```ts
 * const reason: InvalidTokenReason = 'expired';
 * ```
 */
export type InvalidTokenReason = 'expired' | 'revoked' | 'malformed' | 'unknown';

/**
 * What `verifyToken` says about a presented token.
 *
 * @example
 * ```ts
 * const ok: TokenVerdict<string> = { valid: true, principal: 'ci-bot' };
 * const expired: TokenVerdict = { valid: false, reason: 'expired' };
 * ```
 */
export type TokenVerdict<Principal = unknown> =
  | {
      /** The token is accepted. */
      valid: true;
      /** Whom the token stands for; {@link BearerGuard.principalOf} returns it. */
      principal?: Principal;
    }
  | {
      /** The token is refused. */
      valid: false;
      /** Why: it decides the default `error_description`. */
      reason: InvalidTokenReason;
      /** Replaces the default `error_description`. */
      description?: string;
    };

/**
 * Options for {@link requireBearer}.
 *
 * @example
 * ```ts
 * const options: RequireBearerOptions<TokenRecord> = { verifyToken: (token) => store.verify(token), realm: 'tea' };
 * ```
 */
export interface RequireBearerOptions<Principal = unknown> {
  /** Judges a syntactically valid token from `Authorization: Bearer <token>`. Give this or `tokens`, not both. */
  verifyToken?(token: string): TokenVerdict<Principal> | Promise<TokenVerdict<Principal>>;
  /**
   * The token service that judges tokens, called as `tokens.verify(token)`: the same object given
   * to {@link createTokenHandler} (a {@link MemoryTokenStore}, {@link SignedTokens} or your own
   * `TokenService`). Give this or `verifyToken`, not both.
   */
  tokens?: {
    /** Judges a presented token. */
    verify(token: string): TokenVerdict<Principal> | Promise<TokenVerdict<Principal>>;
  };
  /** Realm of the challenge. Default `tea`. */
  realm?: string;
  /** Told when `verifyToken` throws (answered 500). Default: one line on standard error; never the token. */
  onError?(error: unknown): void;
}

/**
 * The outcome of {@link BearerGuard.check}: the principal, or the 401 to send.
 *
 * @example
 * ```ts
 * async function handle(request: Request): Promise<Response> {
 *   const result: BearerCheck = await guard.check(request);
 *   if (!result.ok) return new Response(result.body, { status: result.status, headers: result.headers });
 *   return Response.json({ hello: result.principal });
 * }
 * ```
 */
export type BearerCheck<Principal = unknown> =
  | {
      /** The token is valid. */
      ok: true;
      /** The token presented. */
      token: string;
      /** What `verifyToken` returned as the principal. */
      principal: Principal | undefined;
    }
  | {
      /** No valid token: send this answer. */
      ok: false;
      /** The status to answer with, 401 (or 500 when `verifyToken` threw). */
      status: number;
      /** Response headers, `WWW-Authenticate` among them. */
      headers: Record<string, string>;
      /** The JSON body to send. */
      body: string;
    };

/**
 * Node middleware (connect/express shape) plus the building blocks for other frameworks.
 *
 * @example
 * ```ts
 * const guard: BearerGuard<TokenRecord> = requireBearer({ verifyToken: (t) => store.verify(t) });
 * app.use('/v1.0.0/artifact', guard); // express
 * app.get('/v1.0.0/artifact/:id', (req, res) => res.json({ for: guard.principalOf(req)?.subject }));
 * ```
 */
export interface BearerGuard<Principal = unknown> {
  /** Calls `next()` when the token is valid; otherwise answers 401 itself. Read the principal with `principalOf(req)`. */
  (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void;
  /** The decision alone, for a request's method and headers (`Authorization`). */
  check(request: IncomingMessage | Request): Promise<BearerCheck<Principal>>;
  /** Wraps a fetch-style handler: it runs only with a valid token, and receives the principal. */
  wrapFetch(handler: (request: Request, principal: Principal | undefined) => Response | Promise<Response>): (request: Request) => Promise<Response>;
  /** The principal `verifyToken` returned for a request the middleware let through. */
  principalOf(req: IncomingMessage): Principal | undefined;
}

// RFC 6750 section 2.1: credentials = "Bearer" 1*SP b64token.
const BEARER = /^bearer(?:[ \t]+(.*))?$/i;
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

const DESCRIPTIONS: Record<InvalidTokenReason, string> = {
  expired: 'the access token has expired',
  revoked: 'the access token has been revoked',
  malformed: 'the access token is malformed',
  unknown: 'the access token is not recognised',
};

/**
 * Reads the bearer token from an `Authorization` header value: `undefined` when the header is
 * absent or uses another scheme (so `Basic` or an `X-API-Key` header count as no token),
 * `null` when the Bearer credentials are malformed.
 *
 * @example
 * ```ts
 * bearerToken('Bearer abc.DEF-123'); // 'abc.DEF-123'
 * bearerToken('bearer  a b');         // null
 * bearerToken('Basic Zm9vOmJhcg==');  // undefined
 * ```
 */
export function bearerToken(authorization: string | undefined): string | null | undefined {
  if (authorization === undefined) return undefined;
  const match = BEARER.exec(authorization.trim());
  if (!match) return undefined;
  const token = match[1]?.trim() ?? '';
  return B64TOKEN.test(token) ? token : null;
}

/**
 * Protects resources with bearer tokens (RFC 6750). With no token it answers
 * `401` and `WWW-Authenticate: Bearer realm="tea"`, the signal clients use to discover that
 * authentication is needed (5.5.3); with an expired, revoked, malformed or unknown token it adds
 * `error="invalid_token", error_description="..."` (5.3.5), so the client renews and retries once.
 * Only the `Authorization: Bearer` header is read: an API key in `X-API-Key` (5.8) or a `Basic`
 * header (5.2.6) is not a token. Authorization (403, concealing 404, filtered views, 5.7.4) is
 * left to the handler behind it. Decide what to guard on the path your router reads: see
 * {@link canonicalRequestPath}.
 *
 * @example
 * ```ts
 * const guard = requireBearer({ verifyToken: (token) => store.verify(token) });
 * const isProtected = pathGlob('/v*\/artifact/**');
 * createServer(tls, (req, res) => {
 *   // Read the path once; decide and route on that same reading, never on req.url again.
 *   const target = canonicalRequestPath(req.url ?? '/');
 *   if (!target.ok) return void res.writeHead(400).end(target.reason);
 *   if (isProtected(target.path)) return guard(req, res, () => serveArtifact(target.path, res));
 *   // ...
 * });
 * // fetch style: const handler = guard.wrapFetch(async (request, principal) => Response.json({ ok: true }));
 * ```
 */
export function requireBearer<Principal = unknown>(options: RequireBearerOptions<Principal>): BearerGuard<Principal> {
  if ((options.verifyToken === undefined) === (options.tokens === undefined)) {
    throw new TypeError('give verifyToken or tokens (a token service such as MemoryTokenStore or SignedTokens), exactly one of them');
  }
  const verifyToken: (token: string) => TokenVerdict<Principal> | Promise<TokenVerdict<Principal>> =
    options.verifyToken ?? ((token) => options.tokens!.verify(token));
  const realm = quoted(options.realm ?? 'tea');
  const onError =
    options.onError ??
    ((error: unknown) => {
      console.error(`teapurl bearer check: ${error instanceof Error ? error.message : String(error)}`);
    });
  const principals = new WeakMap<IncomingMessage, Principal | undefined>();

  const challenge = (description?: string): KitResponse =>
    description === undefined
      ? // RFC 6750 section 3.1: no error code when the request has no authentication at all.
        jsonResponse(
          401,
          { error: 'unauthorized', error_description: 'this resource needs a bearer token from POST /token' },
          { 'www-authenticate': `Bearer realm=${realm}` },
        )
      : jsonResponse(
          401,
          { error: 'invalid_token', error_description: safeDescription(description) },
          { 'www-authenticate': `Bearer realm=${realm}, error="invalid_token", error_description=${quoted(safeDescription(description))}` },
        );

  async function decide(request: KitRequest): Promise<BearerCheck<Principal>> {
    const fail = (response: KitResponse): BearerCheck<Principal> => ({ ok: false, ...response });
    const token = bearerToken(request.header('authorization'));
    if (token === undefined) return fail(challenge());
    if (token === null) return fail(challenge(DESCRIPTIONS.malformed));
    let verdict: TokenVerdict<Principal>;
    try {
      verdict = await verifyToken(token);
    } catch (error) {
      onError(error);
      return fail(jsonResponse(500, { error: 'server_error', error_description: 'the token could not be checked; see the server log' }));
    }
    if (verdict.valid) return { ok: true, token, principal: verdict.principal };
    return fail(challenge(verdict.description ?? DESCRIPTIONS[verdict.reason] ?? DESCRIPTIONS.unknown));
  }

  const toKit = (request: IncomingMessage | Request): KitRequest =>
    typeof (request as Request).headers?.get === 'function' ? fromFetch(request as Request) : fromNode(request as IncomingMessage);

  const middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    void decide(fromNode(req))
      .then((result) => {
        if (result.ok) {
          principals.set(req, result.principal);
          next();
        } else {
          toNode(res, result);
        }
      })
      .catch((error: unknown) => {
        // Thrown by next(): answer rather than leave an unhandled rejection and a hanging client.
        onError(error);
        toNode(res, jsonResponse(500, { error: 'server_error', error_description: 'the request failed; see the server log' }));
      });
  };
  return Object.assign(middleware, {
    check: (request: IncomingMessage | Request) => decide(toKit(request)),
    wrapFetch:
      (handler: (request: Request, principal: Principal | undefined) => Response | Promise<Response>) =>
      async (request: Request): Promise<Response> => {
        const result = await decide(fromFetch(request));
        return result.ok ? handler(request, result.principal) : toFetch(result);
      },
    principalOf: (req: IncomingMessage) => principals.get(req),
  });
}
