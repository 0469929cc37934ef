/**
 * One contract per name, read from the built package (`npm test` builds first), the way a program
 * that imports it sees it:
 *
 * - importing the entries in any order gives the same answers (each order in a fresh process);
 * - no entry hands out a process-wide registry (a `register…` function or a mutable table);
 * - a name exported by two entries is the same value in both;
 * - each entry exports its own capability: the validator's entry has no PURL engine, the engine's
 *   entry no validator, the TEA client no server piece and the reverse.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
/** Every JavaScript entry of the package, by the name a program imports. */
const ENTRIES = Object.keys(manifest.exports)
  // JavaScript entries: teapurl/types has declarations only.
  .filter((subpath) => typeof (manifest.exports[subpath] as { import?: { default?: unknown } } | null)?.import?.default === 'string')
  .map((subpath) => (subpath === '.' ? 'teapurl' : `teapurl/${subpath.slice(2)}`));

/**
 * What a program asks teapurl, after importing `order` (the package by its own name, from the
 * repository: Node resolves a package's self-reference through its `exports`). Every answer
 * comes from the entry that owns it.
 */
function answersAfterImporting(order: readonly string[]): unknown {
  const script = `
    const loaded = {};
    for (const name of ${JSON.stringify(order)}) loaded[name] = await import(name);
    const purl = loaded['teapurl/purl'];
    const urls = await purl.loadPurlUrls();
    const definitions = await purl.loadPurlDefinitions();
    const engine = await purl.loadPurlEngine(definitions.filter((d) => d.type === 'pypi' || d.type === 'npm'), { strictTypes: true });
    const answers = {
      parse: purl.parsePurl('pkg:PyPI/Django_Rest@1.0?b=2&a=1'),
      canonical: purl.canonicalizePurl('pkg:NPM/%40Scope/Name@1.0.0#a/../b'),
      valid: purl.validatePurl('pkg:julia/Example'),
      rules: purl.defaultPurlEngine().rules().map((r) => r.id),
      urls: [urls.purlToUrls('pkg:npm/left-pad@1.3.0'), urls.urlToPurl('https://crates.io/crates/rand')],
      engine: [engine.types(), engine.validate('pkg:cargo/rand').errors.map((e) => e.code)],
      freeUrlFunctions: [typeof purl.purlToUrls, typeof purl.urlToPurl],
      validation: loaded['teapurl'].validateText(JSON.stringify(definitions.find((d) => d.type === 'cargo')), { file: 'cargo-definition.json' }).findings,
      discovery: loaded['teapurl'].validateText('{"schemaVersion":1,"endpoints":[{"url":"https://tea.example.com/","versions":["1.0"]}]}').findings.map((f) => f.rule),
      checks: Object.fromEntries(Object.entries(loaded['teapurl'].builtInChecks).map(([kind, checks]) => [kind, checks.length])),
      vers: [loaded['teapurl/vers'].versContains('vers:npm/>=1.0.0|<2.0.0', '1.5.0'), loaded['teapurl/vers'].compareVersions('maven', '1.0-SNAPSHOT', '1.0')],
    };
    process.stdout.write(JSON.stringify(answers));
  `;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }));
}

describe.skipIf(!existsSync(path.join(ROOT, 'dist/purl/index.js')))('the package entries (from dist/)', () => {
  it('are the capabilities the architecture names', () => {
    expect(ENTRIES.sort()).toEqual([
      'teapurl',
      'teapurl/docs',
      'teapurl/node',
      'teapurl/purl',
      'teapurl/tea',
      'teapurl/tea/client',
      'teapurl/tea/server',
      'teapurl/vers',
    ]);
  });

  it('answer the same whatever order a program imports them in', { timeout: 60_000 }, () => {
    const orders = [
      ENTRIES,
      [...ENTRIES].reverse(),
      // What used to change the answers: teapurl/node first handed its URL data to the others.
      ['teapurl/node', ...ENTRIES.filter((e) => e !== 'teapurl/node')],
      ['teapurl/tea', 'teapurl/docs', ...ENTRIES.filter((e) => e !== 'teapurl/tea' && e !== 'teapurl/docs')],
    ];
    const [first, ...others] = orders.map(answersAfterImporting);
    expect(first).toMatchObject({ freeUrlFunctions: ['undefined', 'undefined'], engine: [['npm', 'pypi'], ['unknown-type']] });
    expect((first as { parse: { name: string } }).parse.name).toBe('django-rest');
    for (const answers of others) expect(answers).toEqual(first);
  });

  it('hand out no process-wide registry, and a name exported twice is the same value', async () => {
    const modules = Object.fromEntries(
      await Promise.all(
        ENTRIES.map(
          async (name) =>
            [
              name,
              (await import(path.join(ROOT, 'dist', name === 'teapurl' ? 'index.js' : `${name.slice('teapurl/'.length)}/index.js`))) as Record<string, unknown>,
            ] as const,
        ),
      ),
    );
    for (const [name, exported] of Object.entries(modules)) {
      expect(
        Object.keys(exported).filter((key) => /^register|registry|^checksFor$|^purlRulesFor$|^allPurlRules$|^providePurlUrls$/i.test(key)),
        name,
      ).toEqual([]);
      // The tables handed out are frozen, rows and checks too: a program cannot change what another gets.
      const tables = (value: unknown, at: string): [string, object][] =>
        Array.isArray(value) || (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
          ? [[at, value as object], ...Object.entries(value as object).flatMap(([k, v]) => tables(v, `${at}.${k}`))]
          : [];
      for (const [key, value] of Object.entries(exported)) {
        for (const [at, table] of tables(value, `${name}.${key}`)) expect(Object.isFrozen(table), at).toBe(true);
      }
    }
    const names = Object.entries(modules);
    for (const [a, left] of names) {
      for (const [b, right] of names) {
        if (a >= b) continue;
        for (const key of Object.keys(left).filter((k) => k in right)) expect(left[key] === right[key], `${key} in ${a} and ${b}`).toBe(true);
      }
    }
  });

  it('each export its own capability', async () => {
    const load = async (name: string) => Object.keys((await import(path.join(ROOT, 'dist', name, 'index.js'))) as object);
    const [root, purl, node, docs, client, server] = (await Promise.all(['', 'purl', 'node', 'docs', 'tea/client', 'tea/server'].map(load))) as [
      string[],
      string[],
      string[],
      string[],
      string[],
      string[],
    ];
    expect(root).toContain('validateText');
    expect(root.filter((n) => ['parsePurl', 'PurlEngine', 'PackageURL', 'loadPurlUrls', 'generateDocsSite', 'validateFiles'].includes(n))).toEqual([]);
    expect(purl).toContain('parsePurl');
    expect(purl.filter((n) => ['validateText', 'validateFiles', 'generateDocsSite', 'TeaClient'].includes(n))).toEqual([]);
    expect(node).toEqual(expect.arrayContaining(['validateFiles', 'fixFiles', 'purlEngineFromDirectory', 'purlUrlsFromDirectory', 'tlsTransport']));
    expect(node.filter((n) => ['parsePurl', 'validateText', 'generateDocsSite', 'loadPurlUrls'].includes(n))).toEqual([]);
    expect(docs).toEqual(expect.arrayContaining(['generateDocsSite', 'writeDocsSite', 'checkDocsSite']));
    expect(client).toEqual(expect.arrayContaining(['TeaClient', 'discover', 'authCheck', 'parseTei', 'fetchTransport']));
    // The client is browser-safe: the Node transport is teapurl/node's.
    expect(client.filter((n) => ['createTokenHandler', 'startTeaServer', 'requireBearer', 'MemoryTokenStore', 'tlsTransport'].includes(n))).toEqual([]);
    expect(server).toEqual(expect.arrayContaining(['createTokenHandler', 'startTeaServer', 'requireBearer', 'MemoryTokenStore']));
    expect(server.filter((n) => ['TeaClient', 'discover', 'authCheck'].includes(n))).toEqual([]);
  });
});
