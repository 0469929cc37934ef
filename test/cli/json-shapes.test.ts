/**
 * Issue 39 item 3: every command that prints results takes `--format json`, and what it prints
 * has the shape docs/command-line.md gives it ("Machine-readable output"). The shapes are read
 * from the guide, so the test fails when a command and its documentation part ways: a member
 * missing, of another type, or not documented. The commands run in this process (the CLI's
 * `run`), against a local TEA server for the TEA commands.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTeaContent } from '../../src/tea/node/tea-content.js';
import { startTeaServer, type RunningTeaServer } from '../../src/tea/server/test-server.js';
import { ROOT } from '../support/paths.js';
import { testCertificates } from '../support/tls.js';
import { parseShape, shapeProblems, type Shape } from '../support/json-shape.js';
import { widgetDefinition } from '../support/widget-definition.js';
import { runInProcess } from '../support/fake-io.js';

const GUIDE = path.join(ROOT, 'docs/command-line.md');
const KEY = { keyId: 'reader', secret: 's3cret' };
const TEI = 'urn:tei:uuid:products.example.com:d4d9f54a-abcf-11ee-ac79-1a52914d44b1';

/** The guide's shapes, by the heading they sit under. */
function documentedShapes(): Map<string, Shape> {
  const page = readFileSync(GUIDE, 'utf8');
  const from = page.indexOf('\n## Machine-readable output\n');
  if (from < 0) throw new Error(`${GUIDE} has no "Machine-readable output" section`);
  const section = page.slice(from + 1, page.indexOf('\n## ', from + 1));
  const shapes = new Map<string, Shape>();
  for (const part of section.split(/^#### /m).slice(1)) {
    const heading = part.slice(0, part.indexOf('\n'));
    const block = /```text\n([\s\S]*?)\n```/.exec(part);
    if (!block) throw new Error(`the shape of "${heading}" has no text block`);
    shapes.set(heading, parseShape(block[1]!));
  }
  return shapes;
}

let scratch: string;
let caFile: string;
let server: RunningTeaServer;

/** The CLI in-process, with the API key's secret in its environment. */
const cli = (args: string[]) => runInProcess(args, scratch, [], { TEAPURL_API_SECRET: KEY.secret });

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-shapes-'));
  caFile = path.join(scratch, 'ca.pem');
  writeFileSync(caFile, (await testCertificates()).ca);
  copyFileSync(path.join(ROOT, 'corpus/discovery/invalid/duplicate-url.json'), path.join(scratch, 'duplicate-url.json'));
  copyFileSync(path.join(ROOT, 'corpus/discovery/valid/minimal.json'), path.join(scratch, 'minimal.json'));
  writeFileSync(path.join(scratch, 'unknown.json'), '{"what": "nothing teapurl knows"}\n');
  writeFileSync(
    path.join(scratch, 'widget-definition.json'),
    `${JSON.stringify(widgetDefinition(['pkg:widget/ABC?os=linux&arch=x86', 'not a purl']), null, 2)}\n`,
  );
  writeFileSync(
    path.join(scratch, 'purl-suite.json'),
    JSON.stringify({
      tests: [
        {
          description: 'folds the name',
          test_group: 'required',
          test_type: 'canonical',
          input: 'pkg:PYPI/Django_Package',
          expected_output: 'pkg:pypi/django-package',
        },
        {
          description: 'a wrong expectation',
          test_group: 'required',
          test_type: 'parse',
          input: 'pkg:npm/x',
          expected_output: { type: 'npm', namespace: null, name: 'y', version: null, qualifiers: null, subpath: null },
        },
      ],
    }),
  );
  writeFileSync(
    path.join(scratch, 'vers-suite.json'),
    JSON.stringify({
      tests: [
        {
          description: 'sorts',
          test_group: 'required',
          test_type: 'comparison',
          input: { input_type: 'pypi', versions: ['1.0', '1.0a1'] },
          expected_output: ['1.0a1', '1.0'],
        },
        {
          description: 'a wrong expectation',
          test_group: 'required',
          test_type: 'equality',
          input: { input_type: 'npm', versions: ['1.0.0', '1.0.1'] },
          expected_output: true,
        },
      ],
    }),
  );
  const { store } = await readTeaContent(path.join(ROOT, 'test/fixtures/tea-content'));
  server = await startTeaServer({
    tls: (await testCertificates()).server,
    content: store,
    apiKeys: [KEY],
    discovery: (url: string) => ({ schemaVersion: 1, endpoints: [{ url, versions: ['1.0.0'] }] }),
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const PURLS = ['pkg:npm/left-pad@1.3.0', 'pkg:PYPI/Django_Rest@1.0?b=2&a=1', 'pkg:npm/%40scope/x?a=1#sub/path', 'not a purl'];

/** Each documented shape, the commands that print it, and whether they print JSON lines. */
const CASES: [heading: string, lines: boolean, args: () => string[][]][] = [
  [
    'validate',
    false,
    () => [
      ['validate', '--format', 'json', 'duplicate-url.json', 'minimal.json', 'unknown.json'],
      ['validate', '--format', 'json', '--fix', '--dry-run', 'widget-definition.json'],
    ],
  ],
  [
    'purl parse',
    true,
    () => [
      ['purl', 'parse', ...PURLS],
      ['purl', 'parse', '--format', 'json', ...PURLS],
    ],
  ],
  ['purl canonical', true, () => [['purl', 'canonical', '--format', 'json', ...PURLS]]],
  ['purl validate', true, () => [['purl', 'validate', '--format', 'json', ...PURLS]]],
  ['purl urls', true, () => [['purl', 'urls', '--format', 'json', ...PURLS]]],
  ['purl from-url', true, () => [['purl', 'from-url', '--format', 'json', 'https://crates.io/crates/rand', 'https://example.com/nothing']]],
  [
    'purl test-suite and vers test-suite',
    false,
    () => [
      ['purl', 'test-suite', '--format', 'json', 'purl-suite.json'],
      ['vers', 'test-suite', '--format', 'json', 'vers-suite.json'],
    ],
  ],
  ['vers canonical', true, () => [['vers', 'canonical', '--format', 'json', 'vers:npm/<2.0.0|>=1.0.0', 'vers:bogus']]],
  ['vers from-native', true, () => [['vers', 'from-native', 'npm', '--format', 'json', '^1.2.3', '>>>']]],
  ['vers contains', true, () => [['vers', 'contains', 'vers:npm/>=1.0.0|<2.0.0', '--format', 'json', '1.5.0', '2.0.0', 'x']]],
  ['discover', false, () => [['discover', server.url, '--ca', caFile, '--format', 'json']]],
  [
    'auth-check',
    false,
    () => [
      ['auth-check', `${server.url}/v1.0.0`, '--ca', caFile, '--format', 'json', '--key-id', KEY.keyId],
      ['auth-check', `${server.url}/v1.0.0`, '--ca', caFile, '--format', 'json'],
    ],
  ],
  ['tea check', false, () => [['tea', 'check', `${server.url}/v1.0.0`, '--ca', caFile, '--format', 'json', '--key-id', KEY.keyId]]],
  [
    'tea get',
    false,
    () => [
      ['tea', 'get', `${server.url}/v1.0.0/productRelease/123e4567-e89b-12d3-a456-426614174000`, '--ca', caFile, '--format', 'json', '--key-id', KEY.keyId],
    ],
  ],
  [
    'download',
    false,
    () => [
      ['download', TEI, '--out', path.join(scratch, 'artefacts'), '--discovery-origin', server.url, '--ca', caFile, '--key-id', KEY.keyId, '--format', 'json'],
    ],
  ],
];

describe('--format json of every command has the shape docs/command-line.md gives it', () => {
  const shapes = documentedShapes();

  it('every documented shape is exercised, and every exercised one documented', () => {
    expect([...shapes.keys()].sort()).toEqual(CASES.map(([heading]) => heading).sort());
  });

  it.each(CASES)('%s', async (heading, lines, args) => {
    const shape = shapes.get(heading)!;
    for (const argv of args()) {
      const result = await cli(argv);
      expect(result.status, `teapurl ${argv.join(' ')}: ${result.stderr}`).toBeLessThan(2);
      const values = lines
        ? result.stdout
            .trimEnd()
            .split('\n')
            .map((line) => JSON.parse(line) as unknown)
        : [JSON.parse(result.stdout) as unknown];
      expect(values.length).toBeGreaterThan(0);
      for (const value of values) expect(shapeProblems(shape, value), `teapurl ${argv.join(' ')}`).toEqual([]);
    }
  });

  it('the checker catches a departure: a member missing, one of another type, one not documented', () => {
    const shape = shapes.get('purl canonical')!;
    expect(shapeProblems(shape, { input: 'x' })).not.toEqual([]);
    expect(shapeProblems(shape, { input: 'x', canonical: 1 })).not.toEqual([]);
    expect(shapeProblems(shape, { input: 'x', canonical: 'y', extra: true })).not.toEqual([]);
    expect(shapeProblems(shape, { input: 'x', canonical: 'y' })).toEqual([]);
  });
});

describe('the line-oriented actions that print text by default take --format json', () => {
  it('purl parse --format text prints the components tab-separated, - for none', async () => {
    const result = await cli(['purl', 'parse', '--format', 'text', 'pkg:npm/%40scope/x@1?b=2&a=1#sub/path', 'pkg:npm/y']);
    expect(result.stdout).toBe('npm\t@scope\tx\t1\ta=1&b=2\tsub/path\nnpm\t-\ty\t-\t-\t-\n');
  });

  it('purl validate --format json says why a valid PURL is not canonical', async () => {
    const result = await cli(['purl', 'validate', '--format', 'json', 'pkg:PYPI/django@1.0']);
    expect(JSON.parse(result.stdout)).toMatchObject({ input: 'pkg:PYPI/django@1.0', valid: true, isCanonical: false, canonical: 'pkg:pypi/django@1.0' });
    expect((JSON.parse(result.stdout) as { differences: string[] }).differences.join(' ')).toMatch(/type must be lowercase/);
  });

  it('an unknown format is a usage error', async () => {
    const result = await cli(['purl', 'canonical', '--format', 'yaml', 'pkg:npm/x']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--format/);
  });
});
