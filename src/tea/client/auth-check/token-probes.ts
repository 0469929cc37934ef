/**
 * The probes that need a valid API key: a real token (sections 4, 2.3, 5.3.4, 5.3.6), its use on
 * the resource (5.3.1), and the refusal of an unknown grant (5.2.7).
 */
import { teaProtocolValidator } from '../../kinds/protocol-text-validator.js';
import { isJsonContentType } from '../http.js';
import { oauthError, oneLine, type Probe, type Seen } from './probe.js';
import { skipUnprotected } from './challenge-probes.js';
import type { AuthCheckRuleId } from './rules.js';

/** The rules that need a token issued for the given key. */
const NEEDS_TOKEN: readonly AuthCheckRuleId[] = ['token-json', 'token-no-store', 'token-bearer', 'token-expires-in', 'no-refresh-token', 'bearer-accepted'];
const NEEDS_KEY: readonly AuthCheckRuleId[] = [...NEEDS_TOKEN, 'unsupported-grant'];

/** OAuth errors that refuse the client's credentials (RFC 6749 section 5.2): the key's fault, not the server's. */
const REFUSED_CLIENT = new Set(['invalid_client', 'unauthorized_client']);

/**
 * Why no token was issued when that is not the server's fault: the key was refused, or the
 * request was throttled. `null` for an answer the server is to blame for.
 */
function refusalOf(issued: Seen): string | null {
  const error = oauthError(issued);
  if ((issued.status === 400 || issued.status === 401) && error !== undefined && REFUSED_CLIENT.has(error)) {
    return `the key was refused: ${error}; check the key id and the secret`;
  }
  if (issued.status === 429) {
    const retry = issued.headers.get('retry-after');
    return `the server throttled the token request (429${retry ? `, Retry-After ${oneLine(retry)} s` : ''}); wait and run the check again`;
  }
  return null;
}

/** Every rule that needs a key, when there is none or nothing to give it to. */
export function skipKeyProbes(probe: Probe, detail: string): void {
  for (const id of NEEDS_KEY) probe.skip(id, detail);
}

/** The token rules: `keyId`/`secret` is the key the check was given. */
export async function probeToken(probe: Probe, keyId: string, secret: string, unauthenticated: Seen): Promise<void> {
  const issued = await probe.token(keyId, secret, 'client_credentials');
  if (issued.status !== 200) {
    const refusal = refusalOf(issued);
    if (refusal !== null) {
      probe.tokenRefusal = refusal;
      for (const id of NEEDS_TOKEN) probe.skip(id, refusal);
    } else {
      const error = oauthError(issued);
      probe.fail('token-json', `POST /token with the given key answered ${issued.status}${error !== undefined ? ` (error ${error})` : ''}, not 200`);
      for (const id of NEEDS_TOKEN.slice(1)) probe.skip(id, 'no token was issued');
    }
  } else {
    const accessToken = judgeTokenResponse(probe, issued);
    if (unauthenticated.status !== 401) skipUnprotected(probe, 'bearer-accepted', unauthenticated);
    else if (accessToken === null) probe.skip('bearer-accepted', 'no usable token was issued');
    else {
      const authorized = await probe.resource({ authorization: `Bearer ${accessToken}`, accept: 'application/json' });
      if (authorized.status === 401) probe.fail('bearer-accepted', 'the resource answered 401 to the token just issued');
      else probe.pass('bearer-accepted', `the resource answered ${authorized.status} with the token`);
    }
  }
  await probeUnknownGrant(probe, keyId, secret);
}

/** `token-json`, `token-no-store`, `token-bearer`, `token-expires-in`, `no-refresh-token`; the token, when one was issued. */
function judgeTokenResponse(probe: Probe, issued: Seen): string | null {
  const contentType = issued.headers.get('content-type');
  if (!isJsonContentType(contentType)) probe.fail('token-json', `200 with content type ${JSON.stringify(contentType ?? '(none)')}, not application/json`);
  else if (issued.json === undefined) probe.fail('token-json', `200 with content type ${contentType} but the body is not JSON`);
  else probe.pass('token-json', `200, Content-Type: ${contentType}`);

  const cacheControl = issued.headers.get('cache-control');
  if (cacheControl && /(^|,)\s*no-store\s*(,|$)/i.test(cacheControl)) probe.pass('token-no-store', `Cache-Control: ${cacheControl}`);
  else probe.fail('token-no-store', cacheControl ? `Cache-Control: ${oneLine(cacheControl)} lacks no-store` : 'no Cache-Control header');

  const body = issued.json;
  let accessToken: string | null = null;
  const schemaErrors = teaProtocolValidator.validateDocument(body, { kind: 'tea-token-response' }).findings.filter((f) => f.severity === 'error');
  if (body === undefined) probe.fail('token-bearer', 'the body is not JSON');
  else if (schemaErrors.length > 0) probe.fail('token-bearer', `not a token response: ${schemaErrors[0]!.message}`);
  else {
    const token = body as { access_token: string; token_type: string };
    probe.pass('token-bearer', `token_type ${JSON.stringify(token.token_type)}, access_token of ${token.access_token.length} characters`);
    accessToken = token.access_token;
  }
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  if (!fields) {
    probe.skip('token-expires-in', 'the body is not a JSON object');
    probe.skip('no-refresh-token', 'the body is not a JSON object');
    return accessToken;
  }
  if (typeof fields.expires_in === 'number' && fields.expires_in >= 0) probe.pass('token-expires-in', `expires_in ${fields.expires_in}`);
  else if (fields.expires_in === undefined) probe.fail('token-expires-in', 'no expires_in: clients cannot renew before expiry');
  else probe.fail('token-expires-in', `expires_in is ${JSON.stringify(fields.expires_in)}, not a number of seconds`);
  if (fields.refresh_token === undefined) probe.pass('no-refresh-token', 'no refresh_token');
  else probe.fail('no-refresh-token', 'the response carries a refresh_token');
  return accessToken;
}

/** `unsupported-grant`: a grant the server cannot know gets `unsupported_grant_type`. */
async function probeUnknownGrant(probe: Probe, keyId: string, secret: string): Promise<void> {
  if (probe.tokenRefusal !== null) {
    // A refused key may be refused before the grant is read: the answer would say nothing about grants.
    probe.skip('unsupported-grant', probe.tokenRefusal);
    return;
  }
  const unknownGrant = await probe.token(keyId, secret, 'urn:teapurl:params:oauth:grant-type:auth-check-unknown');
  const error = oauthError(unknownGrant);
  if (unknownGrant.status !== 400)
    probe.fail('unsupported-grant', `an unknown grant_type was answered ${unknownGrant.status}${error !== undefined ? ` (error ${error})` : ''}, not 400`);
  else if (error !== 'unsupported_grant_type')
    probe.fail('unsupported-grant', `an unknown grant_type was answered 400 with error ${JSON.stringify(error ?? null)}, not "unsupported_grant_type"`);
  else probe.pass('unsupported-grant', '400 with error "unsupported_grant_type"');
}
