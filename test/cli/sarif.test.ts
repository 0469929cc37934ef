import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Log, Result } from 'sarif';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInChecks } from '../../src/validator/index.js';
import { ROOT } from '../support/paths.js';
import { widgetDefinition } from '../support/widget-definition.js';
import { runCli } from '../support/run-cli.js';

/**
 * The SARIF 2.1.0 schema as Microsoft's SARIF SDK ships it with its multitool (a dev dependency:
 * `@microsoft/sarif-multitool` installs the package for this platform).
 */
const MULTITOOL_DIR = path.dirname(createRequire(import.meta.url).resolve(`@microsoft/sarif-multitool-${process.platform}/package.json`));
const validateSarif = (() => {
  const ajv = new Ajv2020.default({ allErrors: true, strict: false });
  addFormats.default(ajv);
  return ajv.compile(JSON.parse(readFileSync(path.join(MULTITOOL_DIR, 'sarif-2.1.0.json'), 'utf8')) as object);
})();

/** The multitool itself, when it can start here (it is a self-contained .NET program). */
const MULTITOOL = path.join(MULTITOOL_DIR, process.platform === 'win32' ? 'Sarif.Multitool.exe' : 'Sarif.Multitool');
const multitoolProbe = spawnSync(MULTITOOL, ['--version'], { encoding: 'utf8' });
const multitoolMissing =
  multitoolProbe.status === 0 ? null : `the SARIF multitool cannot start here (${multitoolProbe.error?.message ?? multitoolProbe.stderr.slice(0, 200)})`;
if (multitoolMissing) console.warn(`[teapurl tests] ${multitoolMissing}: its SARIF and GitHub rules are not applied; the schema check still runs.`);

const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

const BAD = '{\n  "schemaVersion": 1,\n  "endpoints": [\n    { "url": "https://tea.example.com", "versions": ["1.0"] }\n  ]\n}\n';
const LOCAL = '{\n  "schemaVersion": 1,\n  "endpoints": [{ "url": "http://localhost:8080", "versions": ["1.0.0"] }]\n}\n';
const VALID = '{ "schemaVersion": 1, "endpoints": [{ "url": "https://tea.example.com", "versions": ["1.0.0"] }] }\n';
/** A member name holding CR LF: in SARIF it is data, escaped by JSON. */
const CRLF_KEY = '{ "schemaVersion": 1, "endpoints": [{ "url": "https://tea.example.com", "versions": ["1.0.0"] }], "a\\r\\nb": 1 }\n';
const ODD_NAME = 'bad é\u202e.json';
const CRLF_NAME = 'cr\r\nlf.json';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'teapurl-sarif-'));
  writeFileSync(path.join(dir, ODD_NAME), BAD);
  writeFileSync(path.join(dir, CRLF_NAME), BAD);
  writeFileSync(path.join(dir, 'local.json'), LOCAL);
  writeFileSync(path.join(dir, 'valid.json'), VALID);
  writeFileSync(path.join(dir, 'key.json'), CRLF_KEY);
  writeFileSync(path.join(dir, 'empty.json'), '');
  mkdirSync(path.join(dir, 'sub dir'));
  writeFileSync(path.join(dir, 'sub dir', 'x%y.json'), BAD);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function sarif(args: string[], input?: string): { status: number | null; log: Log; stderr: string; text: string } {
  const r = runCli(['validate', '--format', 'sarif', ...args], { cwd: dir, ...(input ? { input } : {}) });
  return { status: r.status, log: JSON.parse(r.stdout) as Log, stderr: r.stderr, text: r.stdout };
}

function expectSchemaValid(log: Log): void {
  const ok = validateSarif(log);
  expect(validateSarif.errors ?? [], 'SARIF 2.1.0 schema errors').toEqual([]);
  expect(ok).toBe(true);
}

const outputs: string[] = [];
/** Keeps an output for the multitool, which is run once over all of them. */
function keep(text: string): void {
  const file = path.join(dir, `out-${outputs.length}.sarif`);
  writeFileSync(file, text);
  outputs.push(file);
}

const uriOf = (r: Result) => r.locations![0]!.physicalLocation!.artifactLocation!.uri;

describe('teapurl validate --format sarif', () => {
  it('invalid files, standard input, odd file names: valid SARIF 2.1.0 with rules, levels, relative URIs, line and column', () => {
    const { status, log, text } = sarif([ODD_NAME, CRLF_NAME, 'local.json', 'valid.json', 'sub dir/x%y.json', 'empty.json', '-'], BAD);
    expect(status).toBe(1);
    expectSchemaValid(log);
    keep(text);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const run = log.runs[0]!;
    expect(run.tool.driver).toMatchObject({ name: 'teapurl', version: VERSION });
    expect(run.tool.driver.informationUri).toMatch(/^https:\/\//);
    expect(run.originalUriBaseIds!['%SRCROOT%']!.uri).toBe(pathToFileURL(`${dir}${path.sep}`).href);
    expect(run.invocations).toEqual([{ executionSuccessful: true }]);

    // Every rule that has a result is listed once, with its index, and no other.
    const rules = run.tool.driver.rules!;
    const results = run.results!;
    expect(rules.map((r) => r.id).sort()).toEqual([...new Set(results.map((r) => r.ruleId))].sort());
    for (const result of results) {
      expect(rules[result.ruleIndex!]!.id).toBe(result.ruleId);
      expect(['error', 'warning']).toContain(result.level);
    }
    for (const rule of rules) {
      expect(rule.shortDescription!.text.length).toBeGreaterThan(10);
      // The help travels in the SARIF itself; without a repository in package.json, no helpUri.
      expect(rule.help!.text).toContain(rule.shortDescription!.text);
      expect(rule.help!.markdown).toContain(rule.shortDescription!.text);
    }
    // A check's own summary is its description.
    const insecure = builtInChecks['tea-discovery']!.find((c) => c.rule === 'discovery/insecure-url')!;
    expect(rules.find((r) => r.id === 'discovery/insecure-url')!.shortDescription!.text).toBe(insecure.summary);
    expect(results.find((r) => r.ruleId === 'discovery/insecure-url')!.level).toBe('warning');

    // URIs: relative to the working directory, percent-encoded, forward slashes; standard input is `-`.
    expect(results.map(uriOf)).toEqual(['-', 'bad%20%C3%A9%E2%80%AE.json', 'cr%0D%0Alf.json', 'local.json', 'sub%20dir/x%25y.json', 'empty.json']);
    const badRegion = { startLine: 4, startColumn: BAD.split('\n')[3]!.indexOf('"1.0"') + 1 };
    const patternResults = results.filter((r) => r.ruleId === 'schema/pattern');
    expect(patternResults.length).toBeGreaterThan(0);
    for (const result of patternResults) {
      expect(result.locations![0]!.physicalLocation!.region).toEqual(badRegion);
      expect(result.locations![0]!.logicalLocations).toEqual([{ fullyQualifiedName: '/endpoints/0/versions/0' }]);
      expect(result.properties).toEqual({ pointer: '/endpoints/0/versions/0' });
      if (uriOf(result) !== '-') expect(result.locations![0]!.physicalLocation!.artifactLocation!.uriBaseId).toBe('%SRCROOT%');
    }
    // A finding without a line (an empty file) has no region; one on the whole document no logical location.
    const empty = results.find((r) => r.ruleId === 'file/empty')!;
    expect(empty.locations![0]!.physicalLocation).toEqual({ artifactLocation: { uri: 'empty.json', uriBaseId: '%SRCROOT%' } });
    expect(empty.locations![0]!.logicalLocations).toBeUndefined();
  });

  it('positions agree with --format json', () => {
    const json = JSON.parse(runCli(['validate', '--format', 'json', ODD_NAME, 'local.json'], { cwd: dir }).stdout) as {
      findings: { line: number; column: number; rule: string }[];
    }[];
    const { log } = sarif([ODD_NAME, 'local.json']);
    const fromJson = json.flatMap((f) => f.findings.map((x) => [x.rule, x.line, x.column]));
    const fromSarif = log.runs[0]!.results!.map((r) => [
      r.ruleId,
      r.locations![0]!.physicalLocation!.region!.startLine,
      r.locations![0]!.physicalLocation!.region!.startColumn,
    ]);
    expect(fromSarif).toEqual(fromJson);
  });

  it('valid files: no results, no rules, exit 0', () => {
    const { status, log, text } = sarif(['valid.json']);
    expect(status).toBe(0);
    expectSchemaValid(log);
    keep(text);
    expect(log.runs[0]!.results).toEqual([]);
    expect(log.runs[0]!.tool.driver.rules).toEqual([]);
  });

  it('a key holding CR LF stays data: the pointer is exact in the JSON, the output has no raw CR', () => {
    const { log, text } = sarif(['key.json']);
    expectSchemaValid(log);
    keep(text);
    const result = log.runs[0]!.results!.find((r) => r.properties!.pointer === '/a\r\nb');
    expect(result, JSON.stringify(log.runs[0]!.results)).toBeDefined();
    expect(result!.locations![0]!.logicalLocations).toEqual([{ fullyQualifiedName: '/a\r\nb' }]);
    // JSON escapes CR LF itself; the bidi controls and separators it leaves raw are teapurl's to escape.
    expect(text).not.toMatch(/[\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
  });

  it('an argument that names nothing: a tool execution notification, executionSuccessful false, exit 2; the rest reported', () => {
    const { status, log, text, stderr } = sarif(['nope.json', ODD_NAME]);
    expect(status).toBe(2);
    expectSchemaValid(log);
    keep(text);
    expect(stderr).toBe("teapurl validate: 'nope.json' does not exist\nSee 'teapurl validate --help'\n");
    expect(log.runs[0]!.invocations).toEqual([
      { executionSuccessful: false, toolExecutionNotifications: [{ level: 'error', message: { text: "'nope.json' does not exist" } }] },
    ]);
    expect(log.runs[0]!.results!.length).toBeGreaterThan(0);
  });

  it('--fix and --fix --dry-run: standard output is SARIF alone, the fixes in the run properties, the diff on stderr applies', () => {
    const sub = mkdtempSync(path.join(dir, 'fix-'));
    const broken = `${JSON.stringify(widgetDefinition(['pkg:widget/a@1?os=linux&arch=arm64', 'pkg:npm/b@1']), null, 2)}\n`;
    const fixed = broken.replace('os=linux&arch=arm64', 'arch=arm64&os=linux');
    writeFileSync(path.join(sub, 'widget-definition.json'), broken);
    const run = (args: string[]) => runCli(['validate', '--format', 'sarif', '--fix', ...args, 'widget-definition.json'], { cwd: sub });

    const dry = run(['--dry-run']);
    const dryLog = JSON.parse(dry.stdout) as Log;
    expectSchemaValid(dryLog);
    keep(dry.stdout);
    expect(dryLog.runs[0]!.properties).toMatchObject({
      teapurlFix: {
        dryRun: true,
        fixed: 1,
        files: [{ uri: 'widget-definition.json', outcome: 'would-fix', fixed: [{ pointer: '/examples/0', after: 'pkg:widget/a@1?arch=arm64&os=linux' }] }],
      },
    });
    expect(dryLog.runs[0]!.results!.map((r) => r.ruleId)).toEqual(['purl-type/example-type']);
    expect(dry.stderr).toMatch(/^--- a\/widget-definition\.json\n\+\+\+ b\/widget-definition\.json\n@@ /);
    expect(readFileSync(path.join(sub, 'widget-definition.json'), 'utf8')).toBe(broken);
    writeFileSync(path.join(sub, 'fix.patch'), dry.stderr);
    const patched = spawnSync('patch', ['-p1', '-s', '-i', 'fix.patch'], { cwd: sub, encoding: 'utf8' });
    if (patched.error) expect(spawnSync('git', ['apply', 'fix.patch'], { cwd: sub, encoding: 'utf8' }).status).toBe(0);
    else expect(patched.status, patched.stderr).toBe(0);
    expect(readFileSync(path.join(sub, 'widget-definition.json'), 'utf8')).toBe(fixed);

    writeFileSync(path.join(sub, 'widget-definition.json'), broken);
    const wet = run([]);
    const log = JSON.parse(wet.stdout) as Log;
    expectSchemaValid(log);
    keep(wet.stdout);
    expect(wet.stderr).toBe('');
    expect(wet.status).toBe(1);
    expect(log.runs[0]!.properties).toMatchObject({ teapurlFix: { dryRun: false, fixed: 1, files: [{ outcome: 'fixed' }] } });
    expect(readFileSync(path.join(sub, 'widget-definition.json'), 'utf8')).toBe(fixed);
  });

  it('--quiet leaves warnings out', () => {
    const { log } = sarif(['--quiet', 'local.json']);
    expect(log.runs[0]!.results).toEqual([]);
  });

  it.skipIf(multitoolMissing !== null)(
    "Microsoft's SARIF multitool finds no error or warning, GitHub's ingestion rules included",
    () => {
      expect(outputs.length).toBeGreaterThan(0);
      const report = path.join(dir, 'multitool.sarif');
      const r = spawnSync(MULTITOOL, ['validate', '--rule-kind', 'Gh;Sarif', '--level', 'Error;Warning', '--log', 'ForceOverwrite', '-o', report, ...outputs], {
        encoding: 'utf8',
      });
      expect(r.status, r.stdout + r.stderr).toBe(0);
      const found = (JSON.parse(readFileSync(report, 'utf8')) as Log).runs.flatMap((run) => run.results ?? []);
      const shown = found.map((f) => `${f.ruleId}: ${f.message.text ?? JSON.stringify(f.message)}`);
      // SARIF2017 asks every location for a region. A finding on a whole file (empty, binary, too
      // large) has no line, and SARIF's own meaning of a location without a region is "the whole
      // artifact": that is what teapurl writes, and the only warning left.
      const missingRegion = shown.filter((line) => line.startsWith('SARIF2017: '));
      expect(missingRegion).toEqual([expect.stringMatching(/Warning_MissingRegion.*runs\[0\]\.results\[5\]\.locations\[0\]/)]);
      expect(shown.filter((line) => !missingRegion.includes(line))).toEqual([]);
    },
    60_000,
  );
});
