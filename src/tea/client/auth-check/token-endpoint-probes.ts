/** The token endpoint's existence (5.1.2) and its refusal of a wrong key (5.2.7, section 7). */
import { oauthError, type Probe, type Seen } from './probe.js';

/** `token-endpoint` and `invalid-client`, from the answer to a wrong key. */
export function probeTokenEndpoint(probe: Probe, refused: Seen): void {
  if (refused.status === 404) {
    probe.fail('token-endpoint', `the resource requires a token but POST ${probe.tokenUrl} answered 404`);
    probe.skip('invalid-client', 'there is no token endpoint');
    return;
  }
  probe.pass('token-endpoint', `POST ${probe.tokenUrl} answered ${refused.status} to a wrong key (not 404)`);
  const error = oauthError(refused);
  if (refused.status !== 400 && refused.status !== 401)
    probe.fail('invalid-client', `a wrong key was answered ${refused.status}, not 400 or 401${error !== undefined ? ` (error ${error})` : ''}`);
  else if (refused.json === undefined) probe.fail('invalid-client', `a wrong key was answered ${refused.status} without a JSON error body`);
  else if (error !== 'invalid_client')
    probe.fail('invalid-client', `a wrong key was answered ${refused.status} with error ${JSON.stringify(error ?? null)}, not "invalid_client"`);
  else probe.pass('invalid-client', `${refused.status} with error "invalid_client"`);
}
