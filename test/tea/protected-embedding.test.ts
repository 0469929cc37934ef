/**
 * Issue 35 item 4 (seed 5.7.2): a protected object is served through no other path. With
 * `--protect '/v*\/artifact/**'`, an artefact answers 401 without a token, and so does every
 * object that embeds it (a component release with its latest collection, a collection by version
 * or latest, the collection lists): the client gets the challenge, and with a token the whole
 * answer. When a collection itself is protected, the component release that embeds it needs a
 * token too.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readTeaContent } from '../../src/tea/node/tea-content.js';
import { startTeaServer, type RunningTeaServer } from '../../src/tea/server/test-server.js';
import { ROOT } from '../support/paths.js';

const KEY = { keyId: 'ci', secret: 'embedding-s3cret' };
const CORE_100 = 'd4a7b9c2-1e3f-4a5b-9c6d-7e8f9a0b1c01';
const PR_100 = 'b7e1d4a2-3c5f-4e6a-8b9c-0d1e2f3a4b51';
const CORE_BOM = 'e1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c03';

let server: RunningTeaServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(protect: string[]): Promise<{ get(path: string, token?: string): Promise<{ status: number; body: string }>; token(): Promise<string> }> {
  const { store } = await readTeaContent(path.join(ROOT, 'examples/tea-demo'));
  server = await startTeaServer({ tls: false, content: store, apiKeys: [KEY], protect, logRequests: false });
  const base = `${server.url}/v1.0.0`;
  return {
    async get(p, token) {
      const response = await fetch(`${base}${p}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
      return { status: response.status, body: await response.text() };
    },
    async token() {
      const response = await fetch(`${base}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${KEY.keyId}:${KEY.secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      return ((await response.json()) as { access_token: string }).access_token;
    },
  };
}

describe('a protected artefact does not leak through the objects that embed it (seed 5.7.2)', () => {
  it("with --protect '/v*/artifact/**': the artefact and every answer that embeds it are 401 without a token, whole with one", async () => {
    const api = await start(['/v*/artifact/**']);
    expect((await api.get(`/artifact/${CORE_BOM}/latest`)).status).toBe(401);
    const embedding = [
      `/componentRelease/${CORE_100}`,
      `/componentRelease/${CORE_100}/collection/latest`,
      `/componentRelease/${CORE_100}/collection/2`,
      `/componentRelease/${CORE_100}/collections`,
      `/productRelease/${PR_100}/collections`,
      `/productRelease/${PR_100}/collection/latest`,
    ];
    const token = await api.token();
    for (const p of embedding) {
      const answer = await api.get(p);
      expect(answer.status, p).toBe(401);
      // Neither the artefact, nor its download URLs or checksums.
      expect(answer.body, p).not.toMatch(/e1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c0\d|\/files\/|algValue/);
      const whole = await api.get(p, token);
      expect(whole.status, p).toBe(200);
      expect(whole.body, p).toMatch(/e1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c0\d/);
    }
    // Listings of the objects themselves stay open.
    expect((await api.get('/componentReleases')).status).toBe(200);
  });

  it('only what embeds the protected artefact needs a token: other collections stay open', async () => {
    const api = await start([`/v*/artifact/${CORE_BOM}/**`]);
    expect((await api.get(`/componentRelease/${CORE_100}`)).status).toBe(401);
    expect((await api.get(`/componentRelease/${CORE_100}/collections`)).status).toBe(401);
    const open = await api.get(`/productRelease/${PR_100}/collection/latest`);
    expect(open.status).toBe(200);
    expect(open.body).toContain('e1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c01');
  });

  it('a protected collection: the component release that embeds it needs a token too', async () => {
    const api = await start(['/v*/componentRelease/*/collection/**']);
    const challenged = await api.get(`/componentRelease/${CORE_100}`);
    expect(challenged.status).toBe(401);
    expect(challenged.body).not.toContain(CORE_BOM);
    expect((await api.get(`/componentRelease/${CORE_100}/collections`)).status).toBe(401);
    const token = await api.token();
    expect((await api.get(`/componentRelease/${CORE_100}`, token)).status).toBe(200);
    expect((JSON.parse((await api.get(`/componentRelease/${CORE_100}/collections`, token)).body) as { results: unknown[] }).results).toHaveLength(2);
  });
});
