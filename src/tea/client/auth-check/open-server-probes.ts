/** The rules for a server that requires no authentication at all (section 5.1.1). */
import { madeUp, type Probe, type Seen } from './probe.js';

/**
 * `no-authentication` and `ignores-bearer`: the resource answered without a token and
 * `POST /token` answered 404, so the server has no authentication; it must ignore a bearer token.
 */
export async function probeOpenServer(probe: Probe, unauthenticated: Seen): Promise<void> {
  probe.pass(
    'no-authentication',
    `the resource answered ${unauthenticated.status} without a token and POST /token answered 404: this server requires no authentication`,
  );
  const garbage = await probe.resource({ authorization: `Bearer ${madeUp('teapurl-probe')}` });
  if (garbage.status === 401)
    probe.fail('ignores-bearer', 'a request with a made-up Bearer token was answered 401; a server without authentication ignores the header');
  else probe.pass('ignores-bearer', `a made-up Bearer token was ignored (${garbage.status}, as without a token)`);
  probe.skipTheRest('the server requires no authentication');
}
