/** The challenge a protected resource answers with (sections 5.5.3, 5.3.5; RFC 6750 section 3, RFC 7235). */
import { findBearerChallenge, inspectWwwAuthenticate } from '../../protocol/www-authenticate.js';
import { oneLine, type Probe, type Seen } from './probe.js';
import type { AuthCheckRuleId } from './rules.js';

/** Skips a rule that needs a protected resource, saying why the resource does not count as one. */
export function skipUnprotected(probe: Probe, id: AuthCheckRuleId, unauthenticated: Seen): void {
  probe.skip(
    id,
    unauthenticated.status === 404
      ? `the resource answered 404 without a token; if it is protected that is a concealing 404 (5.7.2); name a protected resource with the resource option`
      : `the resource answered ${unauthenticated.status} without a token: it is not protected; name a protected one with the resource option`,
  );
}

/** `challenge` and `challenge-shape`, from the answer to a request without a token. */
export function probeChallenge(probe: Probe, unauthenticated: Seen): void {
  if (unauthenticated.status !== 401) {
    skipUnprotected(probe, 'challenge', unauthenticated);
    skipUnprotected(probe, 'challenge-shape', unauthenticated);
    return;
  }
  const header = unauthenticated.headers.get('www-authenticate');
  const challenge = findBearerChallenge(header);
  if (!challenge) {
    probe.fail('challenge', header ? `401 without a Bearer challenge: WWW-Authenticate: ${oneLine(header)}` : '401 without a WWW-Authenticate header');
    probe.skip('challenge-shape', 'there is no Bearer challenge');
    return;
  }
  probe.pass('challenge', `401 with WWW-Authenticate: ${oneLine(header ?? '')}`);
  const { problems } = inspectWwwAuthenticate(header);
  if (problems.length > 0) probe.fail('challenge-shape', `the WWW-Authenticate header is malformed (RFC 7235): ${problems[0]}`);
  else if (challenge.params.realm === undefined) probe.fail('challenge-shape', 'the Bearer challenge has no realm parameter (expected realm="tea")');
  else {
    const note = challenge.params.realm === 'tea' ? '' : ` (the specification's example uses realm="tea")`;
    probe.pass('challenge-shape', `Bearer realm="${challenge.params.realm}"${note}`);
  }
}
