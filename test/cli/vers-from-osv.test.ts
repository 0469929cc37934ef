/**
 * `teapurl vers from-osv FILE…` (issue 37 item 2): one record per affected package, in text and
 * JSON, refusals on stderr naming the file, the record and the place in the entry.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/fake-io.js';
import { ROOT } from '../support/paths.js';

const FIXTURES = path.join(ROOT, 'test/fixtures/osv');
const fromOsv = (args: string[], cwd = FIXTURES) => runInProcess(['vers', 'from-osv', ...args], cwd, []);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'teapurl-osv-cli-'));
  writeFileSync(
    path.join(dir, 'list.json'),
    JSON.stringify([
      { id: 'A-1', affected: [{ package: { ecosystem: 'crates.io', name: 'time' }, versions: ['0.1.0'] }] },
      { id: 'A-2', affected: [] },
    ]),
  );
  writeFileSync(path.join(dir, 'broken.json'), '{"affected": [');
  writeFileSync(path.join(dir, 'no-affected.json'), '{"id": "B-1"}');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('teapurl vers from-osv', () => {
  it('prints "<purl> <vers>" per affected entry, exit 0 when every entry is read', async () => {
    const r = await fromOsv(['pypi-django.json', 'maven-log4j.json']);
    expect(r).toEqual({
      status: 0,
      stdout:
        'pkg:pypi/django vers:pypi/>=3.2|<3.2.15|>=4.0|<4.0.8\npkg:maven/org.apache.logging.log4j/log4j-core vers:maven/>=2.0-beta9|<2.12.2|>=2.13.0|<2.15.0\npkg:maven/com.example/widget vers:maven/>=1.0|<=1.4\n',
      stderr: '',
    });
  });

  it('writes one JSON object per entry, refused ones with their error, and counts the refusals', async () => {
    const r = await fromOsv(['--format', 'json', 'refused.json', 'git.json']);
    expect(r.status).toBe(1);
    const records = r.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(records).toHaveLength(5);
    expect(records[0]).toEqual({
      file: 'refused.json',
      id: 'OSV-TEST-0011',
      affected: 0,
      error: expect.stringContaining("the OSV ecosystem 'Hex' has no VERS scheme"),
    });
    expect(records[4]).toEqual({ file: 'git.json', id: 'OSV-TEST-0010', affected: 1, purl: 'pkg:npm/git-and-versions', vers: 'vers:npm/1.0.0|1.0.1' });
    expect(r.stderr).toContain('refused.json: OSV-TEST-0011 affected[1]: ranges[0].events[1].fixed: ');
    expect(r.stderr).toContain('git.json: OSV-TEST-0010 affected[1]: left out ranges[0]: a GIT range');
    expect(r.stderr.trim().split('\n').at(-1)).toBe('4 of 5 entries refused');
  });

  it('reads a list of records; an unreadable document is reported and the others read', async () => {
    const r = await fromOsv(['list.json', 'broken.json', 'no-affected.json'], dir);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('pkg:cargo/time vers:cargo/0.1.0\n');
    expect(r.stderr).toContain('broken.json: not JSON');
    expect(r.stderr).toContain('no-affected.json: B-1: not an OSV record: "affected" is not a list');
  });

  it('needs a file: none, or one that is not there, is a usage error', async () => {
    expect((await fromOsv([])).status).toBe(2);
    const missing = await fromOsv(['nope.json']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("'nope.json' does not exist");
  });
});
