/**
 * Item 7 of issue 10: no secret in any message. Each error path of the client and server kit that
 * could meet a secret is driven with one, and the message (and what is logged) is searched for it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authCheck } from '../../src/tea/client/auth-check/auth-check.js';
import { encodeBasicCredentials } from '../../src/tea/protocol/basic-credentials.js';
import { TeaClient } from '../../src/tea/client/tea-client.js';
import { discover } from '../../src/tea/client/discover.js';
import { createTokenHandler } from '../../src/tea/server/token-handler.js';
import { requireBearer } from '../../src/tea/server/require-bearer.js';
import { startTeaServer, type RunningTeaServer } from '../../src/tea/server/test-server.js';
import { testCertificates } from '../support/tls.js';
import { closedPort } from './helpers/https-server.js';
import { FORM } from './server-kit-helpers.js';
import { tlsTransport } from '../../src/tea/node/tls-transport.js';

const SECRET = 'hunter2-TOPSECRET';

async function messageOf(action: () => unknown): Promise<string> {
  try {
    await action();
  } catch (error) {
    return `${(error as Error).message} ${String((error as Error).cause ?? '')}`;
  }
  throw new Error('expected a failure');
}

describe('client side', () => {
  let server: RunningTeaServer;
  let ca: string;
  beforeAll(async () => {
    const pems = await testCertificates();
    ca = pems.ca;
    server = await startTeaServer({ tls: pems.server, apiKeys: [{ keyId: 'k', secret: 'right' }], throttle: false });
  });
  afterAll(() => server.close());

  it.each([
    ['TeaClient, a base URL with a password', () => new TeaClient({ baseUrl: `https://user:${SECRET}@tea.example.com/v1.0.0` })],
    ['TeaClient, an http base URL with a password', () => new TeaClient({ baseUrl: `http://user:${SECRET}@tea.example.com/v1.0.0` })],
    [
      'TeaClient, a request URL with a password',
      () => new TeaClient({ baseUrl: 'https://tea.example.com/v1.0.0' }).request(`https://user:${SECRET}@tea.example.com/x`),
    ],
    ['authCheck, a base URL with a password', () => authCheck(`https://user:${SECRET}@tea.example.com/v1.0.0`)],
    ['authCheck, a resource URL with a password', () => authCheck('https://tea.example.com/v1.0.0', { resource: `https://u:${SECRET}@tea.example.com/x` })],
    ['discover, a URL with a password', () => discover(`https://user:${SECRET}@tea.example.com`)],
  ])('%s is refused without echoing it', async (_name, action) => {
    const message = await messageOf(action);
    expect(message).toMatch(/user information/);
    expect(message).not.toContain(SECRET);
  });

  it('a refused key and an unreachable server: the messages hold no secret', async () => {
    const transport = tlsTransport({ ca });
    const refused = new TeaClient({ baseUrl: `${server.url}/v1.0.0`, credentials: { keyId: 'k', secret: SECRET }, transport });
    const message = await messageOf(() => refused.fetchToken());
    expect(message).toMatch(/invalid_client/);
    expect(message).not.toContain(SECRET);
    const unreachable = new TeaClient({
      baseUrl: `https://127.0.0.1:${await closedPort()}/v1.0.0`,
      credentials: { keyId: 'k', secret: SECRET },
      eagerToken: true,
      transport,
    });
    const down = await messageOf(() => unreachable.request('/product/x'));
    expect(down).toMatch(/connection was refused/);
    expect(down).not.toContain(SECRET);
    await transport.close!();
  });
});

describe('server side', () => {
  it('the token endpoint never echoes a body parameter it does not know (a pasted secret)', async () => {
    const handler = createTokenHandler({ verifyApiKey: () => false, issueToken: () => ({ access_token: 'x', expires_in: 1 }) });
    const response = await handler.fetch(
      new Request('https://tea.example/token', {
        method: 'POST',
        headers: { authorization: encodeBasicCredentials('k', SECRET), 'content-type': FORM },
        body: `grant_type=client_credentials&${SECRET}&${SECRET}`,
      }),
    );
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toMatch(/a form parameter appears more than once/);
    expect(text).not.toContain(SECRET);
    const known = await handler.fetch(
      new Request('https://tea.example/token', { method: 'POST', headers: { 'content-type': FORM }, body: 'grant_type=a&grant_type=b' }),
    );
    expect(await known.text()).toMatch(/the parameter 'grant_type' appears more than once/);
  });

  it('refusals at the token endpoint, throttled or not, and a failing callback log and answer no secret', async () => {
    const logged: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.join(' ')));
    try {
      const handler = createTokenHandler({
        verifyApiKey: (keyId) => {
          if (keyId === 'boom') throw new Error('the key store is down');
          return false;
        },
        issueToken: () => ({ access_token: 'x', expires_in: 1 }),
        throttle: { freeFailuresPerKey: 1 },
      });
      const answers: string[] = [];
      for (const keyId of ['k', 'k', 'k', 'boom']) {
        const response = await handler.fetch(
          new Request('https://tea.example/token', {
            method: 'POST',
            headers: { authorization: encodeBasicCredentials(keyId, SECRET), 'content-type': FORM },
            body: 'grant_type=client_credentials',
          }),
          { clientAddress: '192.0.2.1' },
        );
        answers.push(`${response.status} ${JSON.stringify([...response.headers])} ${await response.text()}`);
      }
      expect(answers.map((a) => a.slice(0, 3))).toEqual(['401', '401', '429', '500']);
      for (const text of [...answers, ...logged]) expect(text).not.toContain(SECRET);
      expect(logged.join('\n')).toMatch(/the key store is down/);
    } finally {
      error.mockRestore();
    }
  });

  it('the bearer guard logs no token when its check fails', async () => {
    const logged: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.join(' ')));
    try {
      const guard = requireBearer({
        verifyToken: () => {
          throw new Error('the token store is down');
        },
      });
      const result = await guard.check(new Request('https://tea.example/x', { headers: { authorization: `Bearer ${SECRET}` } }));
      expect(result.ok).toBe(false);
      expect(JSON.stringify(result)).not.toContain(SECRET);
      expect(logged.join('\n')).not.toContain(SECRET);
    } finally {
      error.mockRestore();
    }
  });
});
