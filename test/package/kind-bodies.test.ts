/**
 * Issue 33: what the kinds other than the protocol's need (their compiled validators, checks,
 * engines and readers: the kinds' bodies, `src/**\/kinds/**\/*-body.ts`) is loaded in Node when a
 * document of one of those kinds is first validated, not with `import('teapurl')`, and not by a
 * `teapurl validate` of a discovery document. Bundlers and browsers get the bodies with the entry
 * (package.json `imports`, the `module` condition). The verdicts must not depend on which: the same
 * built package is asked the same questions in Node as it is (bodies on first use) and with the
 * bundlers' condition (`node -C module`, bodies with the entry).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { standInSource } from '../../scripts/lib/kind-bodies.mjs';
import { CLI, ROOT } from '../support/paths.js';

const BUILT = existsSync(path.join(ROOT, 'dist/bodies/kinds.node.js'));
const scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-kind-bodies-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs an ES module script from the repository root (where `teapurl` resolves to the checkout itself) and parses what it prints. */
function runScript(script: string, conditions: readonly string[] = []): unknown {
  const args = [...conditions.flatMap((c) => ['-C', c]), '--input-type=module', '-e', script];
  return JSON.parse(execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
}

/** The bodies' files Node has required so far, as the script sees them. */
const LOADED = `Object.keys(require.cache).filter((f) => f.includes('/dist/bodies/')).map((f) => path.basename(f)).sort()`;
const PRELUDE = `
  import { createRequire } from 'node:module';
  import path from 'node:path';
  const require = createRequire(import.meta.url);
`;

describe.skipIf(!BUILT)('the kinds’ bodies in Node (from dist/)', () => {
  it('are not loaded by import or require of teapurl, nor by a discovery document, and are loaded by the first document of their kinds', () => {
    const seen = runScript(`${PRELUDE}
      const steps = {};
      const { validateText, builtInChecks, ALL_KINDS } = await import('teapurl');
      steps.imported = ${LOADED};
      require('teapurl');
      steps.required = ${LOADED};
      // Reading the kinds and their checks' rules loads nothing either.
      steps.listed = [ALL_KINDS.length, Object.values(builtInChecks).flat().map((c) => c.rule).length > 100, ${LOADED}];
      const discovery = validateText('{"schemaVersion":1,"endpoints":[{"url":"https://tea.example.com","versions":["1.0.0"]}]}');
      steps.discovery = [discovery.kind, discovery.valid, ${LOADED}];
      const bom = validateText('{"bomFormat":"CycloneDX","specVersion":"1.6","components":[{"type":"library","name":"x","purl":"pkg:NPM/x@1"}]}');
      steps.sbom = [bom.kind, bom.findings.map((f) => f.rule), ${LOADED}];
      const artifact = validateText('{"uuid":"x","name":"x","type":"BOM","formats":[]}', { kind: 'tea-artifact' });
      steps.teaObject = [artifact.kind, artifact.valid, ${LOADED}];
      process.stdout.write(JSON.stringify(steps));
    `);
    expect(seen).toEqual({
      imported: [],
      required: [],
      listed: [26, true, []],
      discovery: ['tea-discovery', true, []],
      sbom: ['cyclonedx-bom', ['sbom/purl-not-canonical'], ['kinds.js', 'purl-engine.js']],
      teaObject: ['tea-artifact', false, ['kinds.js', 'purl-engine.js', 'tea-objects.js']],
    });
  });

  it('give every document of the corpus, every kind’s schema validator and every check the answers the bodies loaded with the entry give', () => {
    const script = `${PRELUDE}
      import { readdirSync, readFileSync } from 'node:fs';
      const teapurl = await import('teapurl');
      const files = readdirSync('corpus', { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath ?? e.path, e.name)).sort();
      const verdicts = files.map((file) => teapurl.validateText(readFileSync(file, 'utf8'), { file }));
      const fixes = files.filter((file) => file.includes('invalid')).map((file) => teapurl.fixText(readFileSync(file, 'utf8'), { file }));
      // A schema validator called directly leaves its errors on itself, as ajv's do.
      const schemas = teapurl.ALL_KINDS.map((kind) => [kind.name, kind.validate({}), kind.validate.errors?.map((e) => e.instancePath + ' ' + e.keyword)]);
      const checks = Object.entries(teapurl.builtInChecks).map(([kind, list]) => [kind, Object.isFrozen(list), list.map((c) => [c.rule, c.summary, Object.isFrozen(c), (() => { try { return c.check({}, { schemaValid: false, setup: {}, shared: (k, make) => make() }); } catch (e) { return 'threw ' + e.message; } })()])]);
      const own = teapurl.createValidator(teapurl.ALL_KINDS.filter((k) => k.name.startsWith('purl-'))).validateText(readFileSync('corpus/purl-types/npm-definition.json', 'utf8'), { file: 'npm-definition.json' });
      const resolved = import.meta.resolve('#teapurl-bodies/kinds');
      process.stdout.write(JSON.stringify({ resolved: path.basename(new URL(resolved).pathname), count: files.length, verdicts, fixes, schemas, checks, own }));
    `;
    const inNode = runScript(script) as Record<string, unknown>;
    const bundled = runScript(script, ['module']) as Record<string, unknown>;
    expect([inNode.resolved, bundled.resolved]).toEqual(['kinds.node.js', 'kinds.js']);
    expect(inNode.count).toBeGreaterThan(150);
    expect(JSON.stringify(inNode.verdicts)).toContain('"valid":false');
    expect({ ...inNode, resolved: null }).toEqual({ ...bundled, resolved: null });
  }, 60_000);

  it('teapurl validate of a discovery document requires neither the bodies’ bundle nor another kind’s validator; an SBOM requires the bodies', () => {
    const hook = path.join(scratch, 'list-required.cjs');
    writeFileSync(
      hook,
      `process.on('exit', () => require('node:fs').writeSync(2, '\\nREQUIRED ' + JSON.stringify(Object.keys(require.cache).filter((f) => f.includes('/dist/')).map((f) => f.slice(f.indexOf('/dist/') + 1)).sort()) + '\\n'));`,
    );
    const required = (file: string) => {
      const run = spawnSync(process.execPath, ['-r', hook, CLI, 'validate', file], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      expect(run.status).toBe(0);
      return JSON.parse(/REQUIRED (.*)/.exec(run.stderr)![1]!) as string[];
    };
    expect(required('corpus/discovery/valid/minimal.json')).toEqual([
      'dist/commands/compiled/tea-discovery.cjs',
      'dist/commands/validate-command.cjs',
      'dist/teapurl.cjs',
    ]);
    expect(required('corpus/sbom/valid/every-place.cdx.json')).toEqual(
      expect.arrayContaining(['dist/commands/kind-bodies.cjs', 'dist/commands/compiled/cyclonedx-bom.cjs']),
    );
  });

  it('teapurl validate of small files loads neither node:v8 (and Node’s streams with it) nor node:module nor node:os; a file over 1 MiB asks for the heap limit', () => {
    const hook = path.join(scratch, 'list-builtins.cjs');
    writeFileSync(
      hook,
      `const before = new Set(process.moduleLoadList);
       process.on('exit', () => require('node:fs').writeSync(2, '\\nBUILTINS ' + JSON.stringify(process.moduleLoadList.filter((m) => !before.has(m) && m.startsWith('NativeModule ')).map((m) => m.slice(13))) + '\\n'));`,
    );
    const builtins = (file: string) => {
      const run = spawnSync(process.execPath, ['-r', hook, CLI, 'validate', file], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      expect(run.status, run.stderr).toBe(0);
      return JSON.parse(/BUILTINS (.*)/.exec(run.stderr)![1]!) as string[];
    };
    const small = builtins('corpus/discovery/valid/minimal.json');
    expect(small).not.toContain('v8');
    expect(small).not.toContain('stream');
    expect(small).not.toContain('module');
    expect(small).not.toContain('os');
    // Past the least heap-sized limit the limit is worked out, and the file is still validated.
    const padded = path.join(scratch, 'padded-discovery.json');
    writeFileSync(padded, `${readFileSync(path.join(ROOT, 'corpus/discovery/valid/minimal.json'), 'utf8')}${' '.repeat(1024 * 1024 + 1)}`);
    expect(builtins(padded)).toContain('v8');
  });
});

describe('a body’s stand-in (scripts/lib/kind-bodies.mjs)', () => {
  it('has the body’s exports, loads it on the first call, calls each function as a method of what holds it, and copies a validator’s errors', async () => {
    const real = path.join(scratch, 'real.mjs');
    writeFileSync(
      real,
      `globalThis.__bodyLoads = (globalThis.__bodyLoads ?? 0) + 1;
       export function schema(data) { schema.errors = data === 1 ? null : [{ keyword: 'const' }]; return data === 1; }
       export const CHECKS = Object.freeze([{ rule: 'r/one', summary: 'The first.', check(document) { return [this.rule, document]; } }, { rule: 'r/two', summary: 'The second.', explains: true, check() { return [this.explains]; } }]);
       export const BY_KIND = { a: [{ rule: 'r/one', summary: 'The first.', check: function check() { return ['a']; } }] };`,
    );
    const standIn = path.join(scratch, 'stand-in.mjs');
    writeFileSync(standIn, standInSource(await import(pathToFileURL(real).href), `await0()`, [`const await0 = () => globalThis.__loadReal();`]));
    const loaded: unknown[] = [];
    const realModule = await import(pathToFileURL(real).href);
    (globalThis as { __loadReal?: () => unknown }).__loadReal = () => {
      loaded.push('body');
      return realModule;
    };
    const m = (await import(pathToFileURL(standIn).href)) as typeof realModule;
    expect(Object.keys(m).sort()).toEqual(['BY_KIND', 'CHECKS', 'schema']);
    expect(loaded).toEqual([]);
    expect([m.CHECKS.map((c: { rule: string }) => c.rule), Object.isFrozen(m.CHECKS), Object.isFrozen(m.BY_KIND)]).toEqual([['r/one', 'r/two'], true, false]);
    expect(m.CHECKS[1].explains).toBe(true);
    expect(loaded).toEqual([]);
    expect([m.schema(2), m.schema.errors]).toEqual([false, [{ keyword: 'const' }]]);
    expect([m.schema(1), m.schema.errors]).toEqual([true, null]);
    expect([m.CHECKS[0].check('doc'), m.CHECKS[1].check(), m.BY_KIND.a[0].check()]).toEqual([['r/one', 'doc'], [true], ['a']]);
    expect([m.schema.name, m.CHECKS[0].check.name]).toEqual(['schema', 'check']);
    expect(loaded).toEqual(['body']);
  });

  it('refuses a body that exports anything but functions, checks and lists or records of them', () => {
    expect(() => standInSource({ PATTERN: /x/ }, 'x')).toThrow(/PATTERN is neither a function, a check nor a list or record of them/);
    expect(() => standInSource({ TABLE: new Map() }, 'x')).toThrow(/TABLE is neither/);
  });
});
