/**
 * Issue 35 item 8: after SIGINT or SIGTERM, `download` left `<uuid>/.<name>.<hex>.teapurl-part`
 * in `--out`, a new one each run. Now the part file is deleted before the process ends, and a
 * later run removes the stale part files of teapurl's own naming (and nothing else).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback, type LoopbackServer } from '../support/loopback-server.js';
import { CLI } from '../support/paths.js';
import { runInProcess } from '../support/fake-io.js';

const PR = '123e4567-e89b-12d3-a456-426614174000';
const ART = '5f1a7c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
const CONTENT = 'the artefact\n';
let loopback: LoopbackServer;
let origin: string;
let scratch: string;

function json(res: import('node:http').ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-interrupted-'));
  loopback = await listenOnLoopback((req, res) => {
    const [prefix, rest] = (req.url ?? '').split('/v1.0.0');
    if (rest === `/productRelease/${PR}`) return json(res, { uuid: PR, version: '1.0.0', createdDate: '2024-12-10T10:51:00Z', components: [] });
    if (rest === `/productRelease/${PR}/collection/latest`) {
      const sha = createHash('sha256').update(CONTENT).digest('hex');
      return json(res, {
        uuid: PR,
        version: 1,
        date: '2024-12-13T12:52:29Z',
        belongsTo: 'PRODUCT_RELEASE',
        artifacts: [
          {
            uuid: ART,
            type: 'BOM',
            formats: [{ mediaType: 'application/json', url: `${origin}${prefix}/files/bom.json`, checksums: [{ algType: 'SHA-256', algValue: sha }] }],
          },
        ],
      });
    }
    if (req.url === '/stall/files/bom.json') {
      // Some bytes, then nothing: the download is under way when the signal comes.
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.write('x'.repeat(65_536));
    }
    if (req.url === '/ok/files/bom.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(CONTENT);
    }
    res.writeHead(404).end();
  });
  origin = loopback.origin;
});
afterAll(async () => {
  await loopback.close();
  rmSync(scratch, { recursive: true, force: true });
});

const parts = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.teapurl-part')) : []);

describe('an interrupted download', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    '%s: the part file is deleted before the process ends',
    async (signal) => {
      const out = path.join(scratch, `out-${signal}`);
      const child = spawn(process.execPath, [CLI, 'download', `${origin}/stall/v1.0.0/productRelease/${PR}`, '--out', out, '--allow-http'], {
        stdio: 'ignore',
      });
      const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on('close', (code, sig) => resolve({ code, signal: sig })),
      );
      const dir = path.join(out, ART);
      const start = Date.now();
      while (parts(dir).length === 0 && Date.now() - start < 20_000) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(parts(dir)).toHaveLength(1);
      child.kill(signal);
      const end = await ended;
      expect(end.signal).toBe(signal);
      expect(parts(dir)).toEqual([]);
      expect(existsSync(path.join(out, 'teapurl-download.json'))).toBe(false);
    },
    40_000,
  );

  it("the next run removes stale part files of teapurl's naming only", async () => {
    const out = path.join(scratch, 'stale');
    const dir = path.join(out, ART);
    mkdirSync(dir, { recursive: true });
    const old = new Date(Date.now() - 3_600_000);
    const stale = ['.bom.json.0123456789ab.teapurl-part', '.bom.json.fedcba987654.teapurl-part'];
    const kept = ['.bom.json.keep.teapurl-part', 'notes.teapurl-part', '.bom.json.0123456789ab.teapurl-part.bak'];
    for (const name of [...stale, ...kept]) {
      writeFileSync(path.join(dir, name), 'left over');
      utimesSync(path.join(dir, name), old, old);
    }
    // A part file of a run going on beside this one: recent, so it stays.
    writeFileSync(path.join(dir, '.bom.json.aaaaaaaaaaaa.teapurl-part'), 'live');
    const run = await runInProcess(['download', `${origin}/ok/v1.0.0/productRelease/${PR}`, '--out', out, '--allow-http'], scratch);
    expect(run.status, run.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['.bom.json.aaaaaaaaaaaa.teapurl-part', ...kept, 'bom.json'].sort());
  });
});
