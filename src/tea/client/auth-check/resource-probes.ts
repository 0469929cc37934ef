/** What a protected resource does with a garbage token (5.3.5, section 7) and an X-API-Key header (5.8). */
import { findBearerChallenge } from '../../protocol/www-authenticate.js';
import { madeUp, oneLine, type Probe, type Seen } from './probe.js';
import { skipUnprotected } from './challenge-probes.js';

/** `invalid-token`: a made-up token gets 401 with `error="invalid_token"`. */
export async function probeInvalidToken(probe: Probe, unauthenticated: Seen): Promise<void> {
  if (unauthenticated.status !== 401) return skipUnprotected(probe, 'invalid-token', unauthenticated);
  const garbage = await probe.resource({ authorization: `Bearer ${madeUp('teapurl-probe')}` });
  const header = garbage.headers.get('www-authenticate');
  const bearer = findBearerChallenge(header);
  if (garbage.status !== 401) probe.fail('invalid-token', `a made-up token was answered ${garbage.status}, not 401`);
  else if (!bearer) probe.fail('invalid-token', `401 without a Bearer challenge${header ? `: ${oneLine(header)}` : ''}`);
  else if (bearer.params.error !== 'invalid_token')
    probe.fail('invalid-token', `the challenge has error ${JSON.stringify(bearer.params.error ?? null)}, not "invalid_token"`);
  else probe.pass('invalid-token', `401 with ${oneLine(header ?? '')}`);
}

/** `no-x-api-key`: an X-API-Key header is no credential. The header carries a random decoy, never the key (5.2.6). */
export async function probeNoXApiKey(probe: Probe, unauthenticated: Seen): Promise<void> {
  if (unauthenticated.status !== 401) return skipUnprotected(probe, 'no-x-api-key', unauthenticated);
  const answer = await probe.resource({ 'x-api-key': madeUp('teapurl-decoy'), accept: 'application/json' });
  if (answer.status === 401) probe.pass('no-x-api-key', 'a request with only an X-API-Key header (a random decoy, never the key) was answered 401');
  else
    probe.fail(
      'no-x-api-key',
      `a request with only an X-API-Key header (a random decoy) was answered ${answer.status}: the header was taken in place of a bearer token`,
    );
}
