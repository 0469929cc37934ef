/**
 * A conformance checker for the server side of TEA authentication (sections 4, 5 and 7): it
 * probes a live server and says, rule by rule, what passed and what did not. Each probe is a
 * function of its own module; this one decides which apply, in order.
 */
import { defaultTransport } from '../transport.js';
import { madeUp, Probe } from './probe.js';
import { DEFAULT_PROBE_RESOURCE, type AuthCheckOptions, type AuthCheckReport } from './rules.js';
import { probeOpenServer } from './open-server-probes.js';
import { probeChallenge } from './challenge-probes.js';
import { probeTokenEndpoint } from './token-endpoint-probes.js';
import { probeToken, skipKeyProbes } from './token-probes.js';
import { probeInvalidToken, probeNoXApiKey } from './resource-probes.js';
import { InvalidArgumentError } from '../../../shared/errors.js';

function joinUrl(baseUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The base URL without a trailing slash, refused with a `TypeError` when it cannot be probed safely. */
function checkedBase(baseUrl: string, allowInsecureHttp: boolean): string {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new InvalidArgumentError(`${JSON.stringify(baseUrl)} is not an absolute URL`);
  }
  // Not echoed: user information may be a password.
  if (base.username || base.password) throw new InvalidArgumentError('the base URL must not carry user information (user:password@)');
  // The raw text, not base.search and base.hash, which are empty for a bare trailing "?" or "#":
  // paths are appended to the base, and after either they would land in the query or fragment,
  // sending the credentials to the base itself. Not echoed: a query may hold a secret too.
  if (/[?#]/.test(baseUrl))
    throw new InvalidArgumentError('the base URL must not carry a query (?) or a fragment (#): it is the API base, url + "/v" + version (section 9)');
  if (base.protocol === 'http:' && !allowInsecureHttp)
    throw new InvalidArgumentError(`${baseUrl} uses http://; TEA servers are reached over TLS only (section 5.4)`);
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new InvalidArgumentError(`${baseUrl} is not an https:// URL`);
  return base.href.replace(/\/+$/, '');
}

/** What `authCheck` (auth-check.ts, which loads this module on first call) does. */
export async function runAuthCheck(baseUrl: string, options: AuthCheckOptions = {}): Promise<AuthCheckReport> {
  const root = checkedBase(baseUrl, options.allowInsecureHttp === true);
  const resourceUrl = joinUrl(root, options.resource ?? DEFAULT_PROBE_RESOURCE);
  if (/^https?:\/\/[^/?#]*@/i.test(resourceUrl)) throw new InvalidArgumentError('the resource URL must not carry user information (user:password@)');
  const probe = new Probe(root, resourceUrl, new URL('token', `${root}/`).href, options.transport ?? defaultTransport(), options.timeoutMs ?? 10_000);

  const unauthenticated = await probe.resource({ accept: 'application/json' });
  // A wrong key tells whether /token exists (5.1) and how it refuses (5.2.7) in one request.
  const refused = await probe.token(options.credentials?.keyId ?? madeUp('teapurl-probe', 6), madeUp('wrong', 12), 'client_credentials');
  const isProtected = unauthenticated.status === 401;

  if (!isProtected && refused.status === 404) {
    await probeOpenServer(probe, unauthenticated);
    return probe.report('none');
  }
  if (!isProtected && refused.status !== 400 && refused.status !== 401) {
    // Neither the 404 of a server without a token endpoint nor the refusal of one that has it.
    probe.fail(
      'no-authentication',
      `the resource is open but POST /token answered ${refused.status}: a server without a token endpoint answers 404 (section 4), one with it refuses a wrong key with invalid_client`,
    );
    probe.skipTheRest('cannot tell whether the server has a token endpoint');
    return probe.report('required');
  }
  probe.skip('no-authentication', 'the server has authentication');
  probe.skip('ignores-bearer', 'the server has authentication');

  probeChallenge(probe, unauthenticated);
  probeTokenEndpoint(probe, refused);
  if (!options.credentials) skipKeyProbes(probe, 'needs a valid API key (the credentials option)');
  else if (refused.status === 404) skipKeyProbes(probe, 'there is no token endpoint');
  else await probeToken(probe, options.credentials.keyId, options.credentials.secret, unauthenticated);
  await probeInvalidToken(probe, unauthenticated);
  await probeNoXApiKey(probe, unauthenticated);
  return probe.report('required');
}
