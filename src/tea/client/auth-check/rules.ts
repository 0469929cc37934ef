/**
 * What `authCheck` probes and what it reports: the rules in report order, and the report's shape.
 */
import { deepFreeze } from '../../../shared/deep-freeze.js';
import type { TeaTransport } from '../transport.js';

/**
 * The rules {@link authCheck} probes, in report order.
 *
 * @example
 * ```ts
 * import { AUTH_CHECK_RULES } from 'teapurl/tea/client';
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
 * import { authCheck, type AuthCheckRuleId } from 'teapurl/tea/client';
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
 * import type { AuthCheckResult } from 'teapurl/tea/client';
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
  /** `skip` when the rule does not apply or could not be probed (no credentials, no protected resource, a refused key). */
  outcome: 'pass' | 'fail' | 'skip';
  /** What was seen, in one line. */
  detail: string;
}

/**
 * Everything {@link authCheck} found.
 *
 * @example
 * ```ts
 * import { authCheck, type AuthCheckReport } from 'teapurl/tea/client';
 * const report: AuthCheckReport = await authCheck('https://tea.example.com/v1.0.0', { credentials: { keyId: 'id', secret: 's3cret' } });
 * if (report.tokenRefusal) console.error(report.tokenRefusal);
 * else console.log(report.authentication, report.passed ? 'conforms' : 'does not conform');
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
  /**
   * Why the token endpoint gave no token for the key the check was given, when that is the
   * key's fault and not the server's: the key was refused (`invalid_client`), or the server
   * throttled the request (429). The rules that needed the token are skipped, not failed;
   * `null` when a token was issued, or no key was given.
   */
  tokenRefusal: string | null;
  /** One entry per rule of {@link AUTH_CHECK_RULES}, in that order. */
  results: AuthCheckResult[];
}

/**
 * Options for {@link authCheck}.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { authCheck, type AuthCheckOptions } from 'teapurl/tea/client';
 * import { tlsTransport } from 'teapurl/node';
 * const options: AuthCheckOptions = {
 *   credentials: { keyId: 'id', secret: 's3cret' },
 *   resource: '/artifact/1c4e8a3e-52f1-4ad5-a3f1-8d3c5e0b9f41/latest',
 *   transport: tlsTransport({ ca: readFileSync('private-ca.pem', 'utf8') }),
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
  /** How requests are sent; default the platform's `fetch`. For a private CA in Node, `tlsTransport({ ca })` from `teapurl/node`. */
  transport?: TeaTransport;
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
 * import { DEFAULT_PROBE_RESOURCE } from 'teapurl/tea/client';
 * DEFAULT_PROBE_RESOURCE; // '/product/7f4c2a4e-5b1d-4c3e-9f0a-2d6b8e1c3a5f'
 * ```
 */
export const DEFAULT_PROBE_RESOURCE = '/product/7f4c2a4e-5b1d-4c3e-9f0a-2d6b8e1c3a5f';
