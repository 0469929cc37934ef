/**
 * A conformance checker for the server side of TEA authentication (sections 4, 5 and 7): it
 * probes a live server and says, rule by rule, what passed and what did not.
 */
import { randomBytes } from 'node:crypto';
import { validateDocument } from '../validate/index.js';
import { deepFreeze } from '../schemas/deep-freeze.js';
import { encodeBasicCredentials } from './basic-credentials.js';
import { createAgent, defaultFetch, isJsonContentType, readBody, utf8, type Dispatcher, type FetchFunction } from './http.js';
import { toNetworkError } from './network-error.js';
import { findBearerChallenge, inspectWwwAuthenticate } from './www-authenticate.js';

/**
 * The rules {@link authCheck} probes, in report order.
 *
 * @example
 * ```ts
 * import { AUTH_CHECK_RULES } from 'teapurl/tea';
 * AUTH_CHECK_RULES.map((r) => `${r.section}: ${r.title}`);
 * ```
 */
export const AUTH_CHECK_RULES = deepFreeze([
  { id: 'no-authentication', section: '4, 5.1.1', title: 'a server without authentication answers 404 at POST /token' },
  { id: 'ignores-bearer', section: '5.1.1', title: 'a server without authentication ignores a Bearer header' },
  { id: 'challenge', section: '5.5.3, 5.7.2, 7', title: 'a protected resource answers 401 with a Bearer challenge' },
  { id: 'challenge-shape', section: '5.3.5', title: 'the challenge is well-formed and carries a realm' },
  { id: 'token-endpoint', section: '5.1.2', title: 'a server that protects resources implements POST /token' },
  { id: 'invalid-client', section: '5.2.7, 7', title: 'a wrong API key gets error invalid_client (400 or 401)' },
  { id: 'token-json', section: '4', title: 'POST /token answers 200 with a JSON content type' },
  { id: 'token-no-store', section: '4', title: 'the token response has Cache-Control: no-store' },
  { id: 'token-bearer', section: '2.3', title: 'the token response has an access_token and token_type Bearer' },
  { id: 'token-expires-in', section: '2.3, 5.3.4', title: 'the token response says expires_in' },
  { id: 'no-refresh-token', section: '5.3.6', title: 'no refresh token is issued with client_credentials' },
  { id: 'bearer-accepted', section: '5.3.1', title: 'the issued token is accepted on the protected resource' },
  { id: 'unsupported-grant', section: '5.2.7, 7', title: 'an unknown grant gets error unsupported_grant_type' },
  { id: 'invalid-token', section: '5.3.5, 7', title: 'a garbage token gets 401 with error="invalid_token"' },
  { id: 'no-x-api-key', section: '5.8', title: 'an X-API-Key header is not taken in place of a bearer token' },
] as const);

/**
 * Identifier of a probed rule.
 *
 * @example
 * ```ts
 * import { authCheck, type AuthCheckRuleId } from 'teapurl/tea';
 * const report = await authCheck('https://tea.example.com/v1.0.0');
 * const failed: AuthCheckRuleId[] = report.results.filter((r) => r.outcome === 'fail').map((r) => r.id);
 * ```
 */
export type AuthCheckRuleId = (typeof AUTH_CHECK_RULES)[number]['id'];

/**
 * The verdict on one rule.
 *
 * @example
 * ```ts
 * import type { AuthCheckResult } from 'teapurl/tea';
 * const result: AuthCheckResult = {
 *   id: 'token-no-store',
 *   section: '4',
 *   title: 'the token response has Cache-Control: no-store',
 *   outcome: 'fail',
 *   detail: 'no Cache-Control header',
 * };
 * ```
 */
export interface AuthCheckResult {
  /** Which rule, as listed in {@link AUTH_CHECK_RULES}. */
  id: AuthCheckRuleId;
  /** The specification section(s) the rule comes from. */
  section: string;
  /** What the rule requires, in one line. */
  title: string;
  /** `skip` when the rule does not apply or could not be probed (no credentials, no protected resource). */
  outcome: 'pass' | 'fail' | 'skip';
  /** What was seen, in one line. */
  detail: string;
}

/**
 * Everything {@link authCheck} found.
 *
 * @example
 * ```ts
 * import { authCheck, type AuthCheckReport } from 'teapurl/tea';
 * const report: AuthCheckReport = await authCheck('https://tea.example.com/v1.0.0', { credentials: { keyId: 'id', secret: 's3cret' } });
 * console.log(report.authentication, report.passed ? 'conforms' : 'does not conform');
 * ```
 */
export interface AuthCheckReport {
  /** The API base URL probed, without a trailing slash. */
  baseUrl: string;
  /** The resource URL probed. */
  resourceUrl: string;
  /** `none` when the server requires no authentication at all (5.1.1). */
  authentication: 'none' | 'required';
  /** `true` when no rule failed. */
  passed: boolean;
  /** One entry per rule of {@link AUTH_CHECK_RULES}, in that order. */
  results: AuthCheckResult[];
}

/**
 * Options for {@link authCheck}.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { authCheck, type AuthCheckOptions } from 'teapurl/tea';
 * const options: AuthCheckOptions = {
 *   credentials: { keyId: 'id', secret: 's3cret' },
 *   resource: '/artifact/1c4e8a3e-52f1-4ad5-a3f1-8d3c5e0b9f41',
 *   ca: readFileSync('private-ca.pem', 'utf8'),
 * };
 * await authCheck('https://tea.internal.example/v1.0.0', options);
 * ```
 */
export interface AuthCheckOptions {
  /** A valid API key. Without it the probes that need a token are skipped. */
  credentials?: {
    /** The API key id. */
    keyId: string;
    /** The secret issued with it. */
    secret: string;
  };
  /** A resource path relative to the base URL (or an absolute URL). Default: a product (section 4). */
  resource?: string;
  /** Extra trust anchors (PEM). */
  ca?: string | string[];
  /** A custom fetch (undici's signature). */
  fetch?: FetchFunction;
  /** A custom undici dispatcher; replaces the agent built from `ca`. */
  dispatcher?: Dispatcher;
  /** Per-request time limit. Default 10,000 ms. */
  timeoutMs?: number;
  /** Accept an `http://` base URL (local tests only, section 5.4). */
  allowInsecureHttp?: boolean;
}

/**
 * The product the probe asks for when no resource is named.
 *
 * @example
 * ```ts
 * import { DEFAULT_PROBE_RESOURCE } from 'teapurl/tea';
 * DEFAULT_PROBE_RESOURCE; // '/product/7f4c2a4e-5b1d-4c3e-9f0a-2d6b8e1c3a5f'
 * ```
 */
export const DEFAULT_PROBE_RESOURCE = '/product/7f4c2a4e-5b1d-4c3e-9f0a-2d6b8e1c3a5f';

interface Seen {
  status: number;
  headers: { get(name: string): string | null };
  text: string | null;
  json: unknown;
}

function joinUrl(baseUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

function oneLine(text: string, max = 120): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 3)}...` : line;
}

/**
 * Probes a TEA server's authentication against sections 4, 5 and 7 and returns one result per
 * rule of {@link AUTH_CHECK_RULES}. A server answering 404 at `POST /token` while its resource is
 * open is read as "no authentication" (5.1.1), which passes. Throws a `NetworkError` when the
 * server cannot be reached at all.
 *
 * The API key goes only to the token endpoint (5.2.6): the secret is sent once, in HTTP Basic
 * credentials to `POST /token`, and nowhere else. The `no-x-api-key` probe sends a random decoy
 * in `X-API-Key`, never the key. Key ids and secrets with `:`, `%`, `+`, spaces or non-ASCII
 * characters are form-urlencoded, then UTF-8, then Base64 (5.2.3).
 *
 * @example
 * ```ts
 * import { authCheck } from 'teapurl/tea';
 * const report = await authCheck('https://tea.example.com/v1.0.0', { credentials: { keyId: 'id', secret: 's3cret' } });
 * for (const r of report.results) console.log(r.outcome, r.section, r.title);
 * ```
 */
export async function authCheck(baseUrl: string, options: AuthCheckOptions = {}): Promise<AuthCheckReport> {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new TypeError(`${JSON.stringify(baseUrl)} is not an absolute URL`);
  }
  // Not echoed: user information may be a password.
  if (base.username || base.password) throw new TypeError('the base URL must not carry user information (user:password@)');
  // The raw text, not base.search and base.hash, which are empty for a bare trailing "?" or "#":
  // paths are appended to the base, and after either they would land in the query or fragment,
  // sending the credentials to the base itself. Not echoed: a query may hold a secret too.
  if (/[?#]/.test(baseUrl)) throw new TypeError('the base URL must not carry a query (?) or a fragment (#): it is the API base, url + "/v" + version (section 9)');
  if (base.protocol === 'http:' && !options.allowInsecureHttp) throw new TypeError(`${baseUrl} uses http://; TEA servers are reached over TLS only (section 5.4)`);
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new TypeError(`${baseUrl} is not an https:// URL`);
  const root = base.href.replace(/\/+$/, '');
  const resourceUrl = joinUrl(root, options.resource ?? DEFAULT_PROBE_RESOURCE);
  if (/^https?:\/\/[^/?#]*@/i.test(resourceUrl)) throw new TypeError('the resource URL must not carry user information (user:password@)');
  const tokenUrl = new URL('token', `${root}/`).href;
  const fetch = options.fetch ?? defaultFetch;
  const ownAgent = options.dispatcher ? undefined : options.ca !== undefined ? createAgent({ ca: options.ca }) : undefined;
  const dispatcher = options.dispatcher ?? ownAgent;

  const send = async (url: string, init: { method: string; headers?: Record<string, string>; body?: string }): Promise<Seen> => {
    try {
      const response = await fetch(url, {
        method: init.method,
        headers: init.headers ?? {},
        ...(init.body !== undefined ? { body: init.body } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        ...(dispatcher ? { dispatcher } : {}),
      });
      let text: string | null = null;
      try {
        text = utf8(await readBody(response, 256 * 1024));
      } catch {
        text = null;
      }
      let json: unknown;
      try {
        json = text === null ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, headers: response.headers, text, json };
    } catch (error) {
      throw toNetworkError(error, url);
    }
  };
  const tokenRequest = (authorization: string | null, grantType: string) =>
    send(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...(authorization ? { authorization } : {}) },
      body: new URLSearchParams({ grant_type: grantType }).toString(),
    });

  const results = new Map<AuthCheckRuleId, Omit<AuthCheckResult, 'id' | 'section' | 'title'>>();
  const pass = (id: AuthCheckRuleId, detail: string) => results.set(id, { outcome: 'pass', detail });
  const fail = (id: AuthCheckRuleId, detail: string) => results.set(id, { outcome: 'fail', detail });
  const skip = (id: AuthCheckRuleId, detail: string) => results.set(id, { outcome: 'skip', detail });

  try {
    const unauthenticated = await send(resourceUrl, { method: 'GET', headers: { accept: 'application/json' } });
    const isProtected = unauthenticated.status === 401;
    const challengeHeader = unauthenticated.headers.get('www-authenticate');

    // A wrong key tells whether /token exists (5.1) and how it refuses (5.2.7) in one request.
    const wrongKey = encodeBasicCredentials(options.credentials?.keyId ?? `teapurl-probe-${randomBytes(6).toString('hex')}`, `wrong-${randomBytes(12).toString('hex')}`);
    const refused = await tokenRequest(wrongKey, 'client_credentials');
    const hasTokenEndpoint = refused.status !== 404;

    if (!isProtected && !hasTokenEndpoint) {
      pass('no-authentication', `the resource answered ${unauthenticated.status} without a token and POST /token answered 404: this server requires no authentication`);
      const garbage = await send(resourceUrl, { method: 'GET', headers: { authorization: `Bearer teapurl-probe-${randomBytes(16).toString('hex')}` } });
      if (garbage.status === 401) fail('ignores-bearer', 'a request with a made-up Bearer token was answered 401; a server without authentication ignores the header');
      else pass('ignores-bearer', `a made-up Bearer token was ignored (${garbage.status}, as without a token)`);
      for (const rule of AUTH_CHECK_RULES) if (!results.has(rule.id)) skip(rule.id, 'the server requires no authentication');
      return report('none');
    }

    if (!isProtected && refused.status !== 400 && refused.status !== 401) {
      // Neither the 404 of a server without a token endpoint nor the refusal of one that has it.
      fail('no-authentication', `the resource is open but POST /token answered ${refused.status}: a server without a token endpoint answers 404 (section 4), one with it refuses a wrong key with invalid_client`);
      for (const rule of AUTH_CHECK_RULES) if (!results.has(rule.id)) skip(rule.id, 'cannot tell whether the server has a token endpoint');
      return report('required');
    }
    skip('no-authentication', 'the server has authentication');
    skip('ignores-bearer', 'the server has authentication');

    // The challenge (5.5.3) and its shape (5.3.5, RFC 6750 section 3, RFC 7235).
    const notProtected = (id: AuthCheckRuleId) =>
      skip(
        id,
        unauthenticated.status === 404
          ? `the resource answered 404 without a token; if it is protected that is a concealing 404 (5.7.2); name a protected resource with --resource`
          : `the resource answered ${unauthenticated.status} without a token: it is not protected; name a protected one with --resource`,
      );
    const challenge = findBearerChallenge(challengeHeader);
    if (!isProtected) {
      notProtected('challenge');
      notProtected('challenge-shape');
    } else if (!challenge) {
      fail('challenge', challengeHeader ? `401 without a Bearer challenge: WWW-Authenticate: ${oneLine(challengeHeader)}` : '401 without a WWW-Authenticate header');
      skip('challenge-shape', 'there is no Bearer challenge');
    } else {
      pass('challenge', `401 with WWW-Authenticate: ${oneLine(challengeHeader ?? '')}`);
      const { problems } = inspectWwwAuthenticate(challengeHeader);
      if (problems.length > 0) fail('challenge-shape', `the WWW-Authenticate header is malformed (RFC 7235): ${problems[0]}`);
      else if (challenge.params.realm === undefined) fail('challenge-shape', 'the Bearer challenge has no realm parameter (expected realm="tea")');
      else {
        const note = challenge.params.realm === 'tea' ? '' : ` (the specification's example uses realm="tea")`;
        pass('challenge-shape', `Bearer realm="${challenge.params.realm}"${note}`);
      }
    }

    // The token endpoint must exist when anything is protected (5.1.2).
    if (!hasTokenEndpoint) {
      fail('token-endpoint', `the resource requires a token but POST ${tokenUrl} answered 404`);
    } else pass('token-endpoint', `POST ${tokenUrl} answered ${refused.status} to a wrong key (not 404)`);

    // invalid_client on a wrong key (5.2.7, section 7).
    if (!hasTokenEndpoint) skip('invalid-client', 'there is no token endpoint');
    else {
      const error = (refused.json as { error?: unknown } | undefined)?.error;
      if (refused.status !== 400 && refused.status !== 401) fail('invalid-client', `a wrong key was answered ${refused.status}, not 400 or 401${typeof error === 'string' ? ` (error ${error})` : ''}`);
      else if (refused.json === undefined) fail('invalid-client', `a wrong key was answered ${refused.status} without a JSON error body`);
      else if (error !== 'invalid_client') fail('invalid-client', `a wrong key was answered ${refused.status} with error ${JSON.stringify(error ?? null)}, not "invalid_client"`);
      else pass('invalid-client', `${refused.status} with error "invalid_client"`);
    }

    // A real token (section 4, 2.3, 5.3.4, 5.3.6).
    const tokenRules: AuthCheckRuleId[] = ['token-json', 'token-no-store', 'token-bearer', 'token-expires-in', 'no-refresh-token', 'bearer-accepted', 'unsupported-grant'];
    let accessToken: string | null = null;
    if (!options.credentials) {
      for (const id of tokenRules) skip(id, 'needs a valid API key (--key-id and --secret)');
    } else if (!hasTokenEndpoint) {
      for (const id of tokenRules) skip(id, 'there is no token endpoint');
    } else {
      const basic = encodeBasicCredentials(options.credentials.keyId, options.credentials.secret);
      const issued = await tokenRequest(basic, 'client_credentials');
      const contentType = issued.headers.get('content-type');
      if (issued.status !== 200) {
        const error = (issued.json as { error?: unknown } | undefined)?.error;
        fail('token-json', `POST /token with the given key answered ${issued.status}${typeof error === 'string' ? ` (error ${error})` : ''}, not 200`);
        for (const id of ['token-no-store', 'token-bearer', 'token-expires-in', 'no-refresh-token', 'bearer-accepted'] as const) skip(id, 'no token was issued');
      } else {
        if (!isJsonContentType(contentType)) fail('token-json', `200 with content type ${JSON.stringify(contentType ?? '(none)')}, not application/json`);
        else if (issued.json === undefined) fail('token-json', `200 with content type ${contentType} but the body is not JSON`);
        else pass('token-json', `200, Content-Type: ${contentType}`);

        const cacheControl = issued.headers.get('cache-control');
        if (cacheControl && /(^|,)\s*no-store\s*(,|$)/i.test(cacheControl)) pass('token-no-store', `Cache-Control: ${cacheControl}`);
        else fail('token-no-store', cacheControl ? `Cache-Control: ${oneLine(cacheControl)} lacks no-store` : 'no Cache-Control header');

        const body = issued.json;
        const verdict = validateDocument(body, { kind: 'tea-token-response' });
        const schemaErrors = verdict.findings.filter((f) => f.severity === 'error');
        if (body === undefined) fail('token-bearer', 'the body is not JSON');
        else if (schemaErrors.length > 0) fail('token-bearer', `not a token response: ${schemaErrors[0]!.message}`);
        else {
          const token = body as { access_token: string; token_type: string };
          pass('token-bearer', `token_type ${JSON.stringify(token.token_type)}, access_token of ${token.access_token.length} characters`);
          accessToken = token.access_token;
        }
        const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
        if (!fields) {
          skip('token-expires-in', 'the body is not a JSON object');
          skip('no-refresh-token', 'the body is not a JSON object');
        } else {
          if (typeof fields.expires_in === 'number' && fields.expires_in >= 0) pass('token-expires-in', `expires_in ${fields.expires_in}`);
          else if (fields.expires_in === undefined) fail('token-expires-in', 'no expires_in: clients cannot renew before expiry');
          else fail('token-expires-in', `expires_in is ${JSON.stringify(fields.expires_in)}, not a number of seconds`);
          if (fields.refresh_token === undefined) pass('no-refresh-token', 'no refresh_token');
          else fail('no-refresh-token', 'the response carries a refresh_token');
        }

        if (!isProtected) notProtected('bearer-accepted');
        else if (accessToken === null) skip('bearer-accepted', 'no usable token was issued');
        else {
          const authorized = await send(resourceUrl, { method: 'GET', headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
          if (authorized.status === 401) fail('bearer-accepted', 'the resource answered 401 to the token just issued');
          else pass('bearer-accepted', `the resource answered ${authorized.status} with the token`);
        }
      }

      const unknownGrant = await tokenRequest(basic, 'urn:teapurl:params:oauth:grant-type:auth-check-unknown');
      const grantError = (unknownGrant.json as { error?: unknown } | undefined)?.error;
      if (unknownGrant.status !== 400) fail('unsupported-grant', `an unknown grant_type was answered ${unknownGrant.status}${typeof grantError === 'string' ? ` (error ${grantError})` : ''}, not 400`);
      else if (grantError !== 'unsupported_grant_type') fail('unsupported-grant', `an unknown grant_type was answered 400 with error ${JSON.stringify(grantError ?? null)}, not "unsupported_grant_type"`);
      else pass('unsupported-grant', '400 with error "unsupported_grant_type"');
    }

    // invalid_token on a garbage token (5.3.5, section 7).
    if (!isProtected) notProtected('invalid-token');
    else {
      const garbage = await send(resourceUrl, { method: 'GET', headers: { authorization: `Bearer teapurl-probe-${randomBytes(16).toString('hex')}` } });
      const header = garbage.headers.get('www-authenticate');
      const bearer = findBearerChallenge(header);
      if (garbage.status !== 401) fail('invalid-token', `a made-up token was answered ${garbage.status}, not 401`);
      else if (!bearer) fail('invalid-token', `401 without a Bearer challenge${header ? `: ${oneLine(header)}` : ''}`);
      else if (bearer.params.error !== 'invalid_token') fail('invalid-token', `the challenge has error ${JSON.stringify(bearer.params.error ?? null)}, not "invalid_token"`);
      else pass('invalid-token', `401 with ${oneLine(header ?? '')}`);
    }

    // 5.8: an X-API-Key header is no credential.
    if (!isProtected) notProtected('no-x-api-key');
    else {
      // 5.2.6: the key never goes to a resource endpoint, so the probe carries a random decoy.
      const decoy = `teapurl-decoy-${randomBytes(16).toString('hex')}`;
      const apiKeyHeader = await send(resourceUrl, { method: 'GET', headers: { 'x-api-key': decoy, accept: 'application/json' } });
      if (apiKeyHeader.status === 401) pass('no-x-api-key', 'a request with only an X-API-Key header (a random decoy, never the key) was answered 401');
      else fail('no-x-api-key', `a request with only an X-API-Key header (a random decoy) was answered ${apiKeyHeader.status}: the header was taken in place of a bearer token`);
    }
    return report('required');
  } finally {
    await ownAgent?.close().catch(() => undefined);
  }

  function report(authentication: AuthCheckReport['authentication']): AuthCheckReport {
    const list = AUTH_CHECK_RULES.map((rule): AuthCheckResult => ({ id: rule.id, section: rule.section, title: rule.title, ...(results.get(rule.id) ?? { outcome: 'skip', detail: 'not probed' }) }));
    return { baseUrl: root, resourceUrl, authentication, passed: list.every((r) => r.outcome !== 'fail'), results: list };
  }
}
