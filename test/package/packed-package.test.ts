/**
 * The package as a user gets it: `npm pack` of the built repository, installed with
 * `--omit=dev` into an empty project in a temporary folder, then used from there the ways users
 * use it: ESM `import` and CommonJS `require` of every entry, TypeScript consumers (nodenext ESM
 * and CommonJS, bundler resolution), the `teapurl` command, and an esbuild bundle of
 * `teapurl/purl` for the browser. The tarball's contents and the install's size are checked too.
 *
 * Needs `npm run build` first (`npm run test:install` does it); the tests do not build, because other test
 * files read dist/ at the same time. The install is offline from npm's cache when it can be.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';
import { bytesUnder } from '../support/bytes-under.js';

/**
 * Issue 13's limits for `npm i teapurl --omit=dev`: packages in node_modules (teapurl's own
 * included) and bytes of their files (the guides, CHANGELOG and licence notices the package ships
 * count too).
 */
const MAX_PACKAGES = 15;
const MAX_INSTALL_BYTES = 6_000_000;

const ENTRIES = ['teapurl', 'teapurl/purl', 'teapurl/node', 'teapurl/docs', 'teapurl/vers', 'teapurl/tea/client', 'teapurl/tea/server', 'teapurl/tea'] as const;
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const NODE_TYPES = path.join(ROOT, 'node_modules/@types');

const npmVersion = spawnSync('npm', ['--version'], { encoding: 'utf8' });
const NPM_RUNS = npmVersion.status === 0;
if (!NPM_RUNS) {
  console.warn(`[packed-package] npm is not runnable here (${npmVersion.error?.message ?? npmVersion.stderr}): the packed-package tests are skipped.`);
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end without a shell, with NODE_OPTIONS cleared so the child sees a plain Node. */
function run(command: string, args: readonly string[], cwd: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<Run> {
  const env = { ...process.env, ...extraEnv };
  delete env.NODE_OPTIONS;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

function shown(result: Run): string {
  return `exit ${result.status}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;
}

/** A README command line split into words: single quotes kept together, as a POSIX shell reads them. */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

/** Package folders under a node_modules folder, nested ones included. */
function packageFolders(nodeModules: string): string[] {
  if (!existsSync(nodeModules)) return [];
  const found: string[] = [];
  for (const name of readdirSync(nodeModules)) {
    if (name.startsWith('.')) continue; // .bin, .package-lock.json
    const folders = name.startsWith('@')
      ? readdirSync(path.join(nodeModules, name)).map((inner) => path.join(nodeModules, name, inner))
      : [path.join(nodeModules, name)];
    for (const folder of folders) {
      if (!existsSync(path.join(folder, 'package.json'))) continue;
      found.push(folder, ...packageFolders(path.join(folder, 'node_modules')));
    }
  }
  return found;
}

// The documents the consumers read: one valid discovery document, one with an error at a known place.
const VALID_DISCOVERY = `{\n  "schemaVersion": 1,\n  "endpoints": [{ "url": "https://tea.example.com", "versions": ["1.0.0"] }]\n}\n`;
const INVALID_DISCOVERY = `{\n  "schemaVersion": 1,\n  "endpoints": [\n    { "url": "https://tea.example.com", "versions": ["1.0.0", 7] }\n  ]\n}\n`;

/**
 * One real call per entry, the same for the ESM and the CommonJS consumer: what each prints is
 * compared with {@link EXPECTED_OUTPUT}.
 */
const CONSUMER_BODY = `
async function main() {
  const engine = await purlEngineFromDirectory('definitions');
  const report = await validateFiles(['docs/*.json']);
  const out = {
    root: [parsePurl('pkg:npm/%40scope/name@1.0.0').namespace, validateText(readFileSync('docs/valid.json', 'utf8'), { kind: 'tea-discovery' }).valid],
    purl: canonicalizePurl('pkg:NPM/foo@1.0.0?b=2&a=1'),
    engine: (await loadPurlEngine([JSON.parse(readFileSync('definitions/npm-definition.json', 'utf8'))])).types(),
    docs: generateDocsSite(engine.types().map((t) => engine.definition(t)), { format: 'md', engine }).map((f) => f.path),
    packageUrl: [PackageURL.fromString('pkg:PyPI/Django_Rest@1.0?b=2&a=1').toString(), new PackageURL('npm', '@scope', 'name', '1.0.0').namespace],
    className: [PackageURL.name, inspect(new PackageURL('npm', null, 'x')).split(' ')[0]],
    node: [engine.types(), report.results.map((r) => [r.file.replace(/\\\\/g, '/'), r.valid]).sort()],
    tea: rankEndpoints(JSON.parse(readFileSync('docs/valid.json', 'utf8')), ['1.0.0'])[0].baseUrl,
    server: [typeof createTokenHandler, typeof teaUnion.createTokenHandler === 'function' && teaUnion.TeaClient === TeaClient],
    urls: [(await loadPurlUrls()).purlToUrls('pkg:npm/left-pad@1.3.0').download, (await urlsFromFolder('urls')).urlToPurl('https://www.npmjs.com/package/left-pad')],
    vers: [versContains('vers:npm/>=1.0.0|<2.0.0', '1.5.0'), versFromNative('pypi', '~=2.2')],
  };
  console.log(JSON.stringify(out));
}
main().catch((error) => { console.error(error); process.exitCode = 1; });
`;

const EXPECTED_OUTPUT = {
  root: ['@scope', true],
  purl: 'pkg:npm/foo@1.0.0?a=1&b=2',
  packageUrl: ['pkg:pypi/django-rest@1.0?a=1&b=2', '@scope'],
  // Not PackageURL2 (a bundler's rename) in console.log, util.inspect and .name.
  className: ['PackageURL', 'PackageURL'],
  node: [
    ['npm'],
    [
      ['docs/invalid.json', false],
      ['docs/valid.json', true],
    ],
  ],
  engine: ['npm'],
  docs: ['index.md', 'types/npm.md'],
  tea: 'https://tea.example.com/v1.0.0',
  server: ['function', true],
  urls: ['https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz', 'pkg:npm/left-pad'],
  vers: [true, 'vers:pypi/>=2.2|<3'],
};

const ESM_CONSUMER = `import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { validateText } from 'teapurl';
import { parsePurl, canonicalizePurl, PackageURL, loadPurlUrls, loadPurlEngine } from 'teapurl/purl';
import { purlEngineFromDirectory, validateFiles, purlUrlsFromDirectory as urlsFromFolder } from 'teapurl/node';
import { generateDocsSite } from 'teapurl/docs';
import { versContains, versFromNative } from 'teapurl/vers';
import { rankEndpoints, TeaClient } from 'teapurl/tea/client';
import { createTokenHandler } from 'teapurl/tea/server';
import * as teaUnion from 'teapurl/tea';
${CONSUMER_BODY}`;

const CJS_CONSUMER = `'use strict';
const { readFileSync } = require('node:fs');
const { inspect } = require('node:util');
const { validateText } = require('teapurl');
const { parsePurl, canonicalizePurl, PackageURL, loadPurlUrls, loadPurlEngine } = require('teapurl/purl');
const { purlEngineFromDirectory, validateFiles, purlUrlsFromDirectory: urlsFromFolder } = require('teapurl/node');
const { generateDocsSite } = require('teapurl/docs');
const { versContains, versFromNative } = require('teapurl/vers');
const { rankEndpoints, TeaClient } = require('teapurl/tea/client');
const { createTokenHandler } = require('teapurl/tea/server');
const teaUnion = require('teapurl/tea');
${CONSUMER_BODY}`;

/**
 * A TypeScript consumer: imports from every entry, uses their types, and expects a type error
 * where one is due (a `@ts-expect-error` that finds none fails the compile, so `any` types would be
 * caught). The same source is an .mts (ESM) and a .cts (CommonJS) file under nodenext, and a .ts
 * under bundler resolution.
 */
const TS_CONSUMER = `import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { validateText, type ValidationResult } from 'teapurl';
import { parsePurl, canonicalizePurl, PackageURL, PurlEngine, loadPurlUrls, loadPurlEngine, type PurlComponents, type PurlUrls } from 'teapurl/purl';
import { purlEngineFromDirectory, validateFiles, purlUrlsFromDirectory as urlsFromFolder, type FilesReport } from 'teapurl/node';
import { generateDocsSite, type DocsFile } from 'teapurl/docs';
import { compileVers, versFromNative, type VersRange } from 'teapurl/vers';
import { rankEndpoints, TeaClient, type RankedEndpoint } from 'teapurl/tea/client';
import { createTokenHandler } from 'teapurl/tea/server';
import * as teaUnion from 'teapurl/tea';
import type { TeaDiscoveryDocument } from 'teapurl/types/tea-discovery';
import type { TeaEndpoint } from 'teapurl/types/tea-discovery.js';
import type { PurlTypeDefinition, TokenResponse } from 'teapurl/types';

async function main(): Promise<void> {
  // The generated types, by file name with and without .js, and all of them from teapurl/types.
  const discovery: TeaDiscoveryDocument = JSON.parse(readFileSync('docs/valid.json', 'utf8'));
  const endpoint: TeaEndpoint = discovery.endpoints[0];
  const definition: Pick<PurlTypeDefinition, 'type'> = { type: 'npm' };
  // @ts-expect-error a token response has an access_token
  const token: TokenResponse = { token_type: 'Bearer' };
  if (endpoint.url === '' || definition.type === '' || token === null) return;
  const engine: PurlEngine = await purlEngineFromDirectory('definitions');
  const report: FilesReport = await validateFiles(['docs/*.json']);
  const parsed: PurlComponents = parsePurl('pkg:npm/%40scope/name@1.0.0');
  const purl: PackageURL = PackageURL.fromString('pkg:PyPI/Django_Rest@1.0?b=2&a=1');
  const result: ValidationResult = validateText(readFileSync('docs/valid.json', 'utf8'), { kind: 'tea-discovery' });
  const best: RankedEndpoint | undefined = rankEndpoints(JSON.parse(readFileSync('docs/valid.json', 'utf8')), ['1.0.0'])[0];
  const range: VersRange = compileVers('vers:npm/>=1.0.0|<2.0.0');
  // @ts-expect-error parsePurl takes a string
  if (parsed === null) parsePurl(42);
  const out = {
    root: [parsed.namespace, result.valid],
    purl: canonicalizePurl('pkg:NPM/foo@1.0.0?b=2&a=1'),
    engine: (await loadPurlEngine([JSON.parse(readFileSync('definitions/npm-definition.json', 'utf8'))])).types(),
    docs: generateDocsSite(engine.types().map((t) => engine.definition(t)!), { format: 'md', engine }).map((f: DocsFile) => f.path),
    packageUrl: [purl.toString(), new PackageURL('npm', '@scope', 'name', '1.0.0').namespace],
    className: [PackageURL.name, inspect(new PackageURL('npm', null, 'x')).split(' ')[0]],
    node: [engine.types(), report.results.map((r) => [r.file.replace(/\\\\/g, '/'), r.valid]).sort()],
    tea: best?.baseUrl,
    server: [typeof createTokenHandler, typeof teaUnion.createTokenHandler === 'function' && teaUnion.TeaClient === TeaClient],
    urls: [(await loadPurlUrls() satisfies PurlUrls).purlToUrls('pkg:npm/left-pad@1.3.0').download, (await urlsFromFolder('urls')).urlToPurl('https://www.npmjs.com/package/left-pad')],
    vers: [range.contains('1.5.0'), versFromNative('pypi', '~=2.2')],
  };
  console.log(JSON.stringify(out));
}
main().catch((error: unknown) => { console.error(error); process.exitCode = 1; });
`;

/** What the browser bundle runs: the PURL entry, the in-memory validator (`import { validateText } from 'teapurl'`) and the TEA client, with nothing but web globals around them. */
const BROWSER_ENTRY = `import { parsePurl, buildPurl, canonicalizePurl, validatePurl, PackageURL } from 'teapurl/purl';
import { validateText } from 'teapurl';
import { parseTei, TeaClient } from 'teapurl/tea/client';
globalThis.result = {
  tei: parseTei('urn:tei:purl:products.example.com:pkg:npm/left-pad@1.3.0').domain,
  tokenUrl: new TeaClient({ baseUrl: 'https://tea.example.com/v1.0.0', credentials: { keyId: 'k', secret: 's' } }).tokenUrl,
  parsed: parsePurl('pkg:maven/org.apache.commons/io@1.3.4').namespace,
  discovery: validateText('{"schemaVersion": 1, "endpoints": [{"url": "https://tea.example.com", "versions": ["1.0.0"]}]}', { kind: 'tea-discovery' }).valid,
  built: buildPurl({ type: 'npm', namespace: '@angular', name: 'core', version: '16.0.0' }),
  canonical: canonicalizePurl('pkg:PyPI/Django_Rest@1.0'),
  valid: validatePurl('pkg:npm/x@1').valid,
  packageUrl: PackageURL.fromString('pkg:npm/%40scope/name@1.0.0?b=2&a=1').toString(),
};
`;

/** A browser app's use of the in-memory entries: no Node types in its program, so none may be needed. */
const TS_BROWSER_CONSUMER = `import { validateText, type ValidationResult } from 'teapurl';
import { parsePurl, canonicalizePurl, loadPurlEngine, type PurlComponents, type PurlValidation } from 'teapurl/purl';
import { TeaClient, fetchTransport, type TeaResult } from 'teapurl/tea/client';
import type { TeaDiscoveryDocument } from 'teapurl/types/tea-discovery';
import type { PurlTypeUrls } from 'teapurl/types/purl-type-urls.js';

const tea: Promise<TeaResult> = new TeaClient({ baseUrl: 'https://tea.example.com/v1.0.0', transport: fetchTransport() }).request('/products');
void tea;
// @ts-expect-error schemaVersion is 1
const discovery: TeaDiscoveryDocument = { schemaVersion: 2, endpoints: [{ url: 'https://tea.example.com', versions: ['1.0.0'] }] };
const urls: Pick<PurlTypeUrls, 'type'> = { type: 'npm' };

const parsed: PurlComponents = parsePurl('pkg:npm/%40scope/name@1.0.0');
const result: ValidationResult = validateText('{"schemaVersion": 1, "endpoints": []}', { kind: 'tea-discovery' });
const check: PurlValidation = (await loadPurlEngine([])).validate(canonicalizePurl('pkg:npm/x'));
// @ts-expect-error validateText takes a string
validateText({});
document.body.textContent = JSON.stringify([parsed.name, result.valid, check.valid, discovery.schemaVersion, urls.type]);
`;

/**
 * The one-line switch from packageurl-js, compiled against the packed package rather than through
 * `paths`: packageurl-js's documented usage and its helper objects (test/types/packageurl-js-*.ts,
 * which test/purl/package-url/package-url-types.test.ts compiles against packageurl-js itself) with the import
 * changed to teapurl/purl, in CommonJS projects under module node16 and under node10 resolution,
 * and in an ES module project under node16, with the strictest indexing options. `main.ts` runs.
 */
const SWITCH_PROJECTS = [
  { folder: 'switch-cjs-node16', type: 'commonjs', options: { module: 'node16', moduleResolution: 'node16' } },
  { folder: 'switch-cjs-node10', type: 'commonjs', options: { module: 'commonjs', moduleResolution: 'node10' } },
  { folder: 'switch-esm-node16', type: 'module', options: { module: 'node16', moduleResolution: 'node16' } },
] as const;
const SWITCH_FIXTURES = ['packageurl-js-usage.ts', 'packageurl-js-helpers.ts'];
const SWITCH_MAIN = `import { PackageURL, PurlType } from 'teapurl/purl';
console.log(JSON.stringify([PackageURL.fromString('pkg:npm/lodash@4.17.21').toString(), PurlType === PackageURL.Type, PackageURL.Type.npm.validate(PackageURL.fromString('pkg:npm/x'), true)]));
`;

/** skipLibCheck off: teapurl's declaration files are checked too, as a strict consumer's would be. */
function tsconfig(compilerOptions: Record<string, unknown>, files: string[]): string {
  return JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', skipLibCheck: false, ...compilerOptions }, files }, null, 2);
}

describe.skipIf(!NPM_RUNS)('the packed package (npm pack, npm i --omit=dev into an empty project)', () => {
  let work = '';
  let project = '';
  let tarballFiles: string[] = [];
  let typescript: { nodenext: Promise<Run>; bundler: Promise<Run>; switches: Promise<Run>[] };
  let install: Run;
  let manifestBefore = '';
  const installed = () => path.join(project, 'node_modules/teapurl');

  beforeAll(async () => {
    expect(existsSync(path.join(ROOT, 'dist/teapurl.cjs')), 'dist/ is missing: run npm run build first').toBe(true);
    // prepack builds when dist/ is stale, and a build empties dist/ under the other tests' feet:
    // the suite's own build must be current.
    const current = spawnSync(process.execPath, ['scripts/build.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(current.status, `${current.stderr} (npm run test:install builds before the tests)`).toBe(0);
    work = await mkdtemp(path.join(tmpdir(), 'teapurl-packed-'));
    // As a user packs it: prepack and postpack run (the build is current, so prepack's build does
    // nothing; the manifest is packed without `prepare` and then put back).
    manifestBefore = readFileSync(path.join(ROOT, 'package.json'), 'utf8');
    const pack = await run('npm', ['pack', '--json', '--pack-destination', work], ROOT);
    expect(pack.status, shown(pack)).toBe(0);
    const [info] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
    tarballFiles = info!.files.map((file) => file.path).sort();
    const tarball = path.join(work, path.basename(info!.filename));

    project = path.join(work, 'project');
    await mkdir(path.join(project, 'docs'), { recursive: true });
    await mkdir(path.join(project, 'definitions'));
    await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
    await writeFile(path.join(project, 'docs/valid.json'), VALID_DISCOVERY);
    await writeFile(path.join(project, 'docs/invalid.json'), INVALID_DISCOVERY);
    await copyFile(path.join(ROOT, 'corpus/purl-types/npm-definition.json'), path.join(project, 'definitions/npm-definition.json'));
    await mkdir(path.join(project, 'urls'));
    await copyFile(path.join(ROOT, 'corpus/purl-urls/npm-urls.json'), path.join(project, 'urls/npm-urls.json'));

    // From npm's cache when everything is there (CI's `npm ci` fills it); the registry otherwise.
    const flags = ['install', tarball, '--omit=dev', '--no-audit', '--no-fund'];
    install = await run('npm', [...flags, '--offline'], project);
    if (install.status !== 0 && /ENOTCACHED/.test(install.stderr)) install = await run('npm', [...flags, '--prefer-offline'], project);
    expect(install.status, shown(install)).toBe(0);

    // The two TypeScript compiles are the slow part: both start now and run side by side.
    const nodenext = path.join(project, 'ts-nodenext');
    await mkdir(nodenext);
    await writeFile(path.join(nodenext, 'consumer.mts'), TS_CONSUMER);
    await writeFile(path.join(nodenext, 'consumer.cts'), TS_CONSUMER);
    await writeFile(
      path.join(nodenext, 'tsconfig.json'),
      tsconfig({ module: 'nodenext', outDir: 'out', typeRoots: [NODE_TYPES], types: ['node'] }, ['consumer.mts', 'consumer.cts']),
    );
    const bundler = path.join(project, 'ts-bundler');
    await mkdir(bundler);
    await writeFile(path.join(bundler, 'consumer.ts'), TS_BROWSER_CONSUMER);
    await writeFile(
      path.join(bundler, 'tsconfig.json'),
      tsconfig({ module: 'esnext', moduleResolution: 'bundler', lib: ['ES2022', 'DOM'], types: [], noEmit: true }, ['consumer.ts']),
    );
    const switches: Promise<Run>[] = [];
    for (const { folder, type, options } of SWITCH_PROJECTS) {
      const dir = path.join(project, folder);
      await mkdir(dir);
      await writeFile(path.join(dir, 'package.json'), JSON.stringify({ type }));
      for (const fixture of SWITCH_FIXTURES) {
        const text = readFileSync(path.join(ROOT, 'test/types', fixture), 'utf8');
        expect(text).toContain("from 'packageurl-js';");
        await writeFile(path.join(dir, fixture), text.replace("from 'packageurl-js';", "from 'teapurl/purl';"));
      }
      await writeFile(path.join(dir, 'main.ts'), SWITCH_MAIN);
      const strictest = { noUncheckedIndexedAccess: true, noPropertyAccessFromIndexSignature: true, exactOptionalPropertyTypes: true };
      await writeFile(
        path.join(dir, 'tsconfig.json'),
        tsconfig({ ...options, ...strictest, outDir: 'out', typeRoots: [NODE_TYPES], types: ['node'] }, [...SWITCH_FIXTURES, 'main.ts']),
      );
      switches.push(run(process.execPath, [TSC, '-p', dir], project));
    }
    typescript = {
      nodenext: run(process.execPath, [TSC, '-p', nodenext, '--listFiles'], project),
      bundler: run(process.execPath, [TSC, '-p', bundler], project),
      switches,
    };
  }, 180_000);

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('npm pack puts package.json back as it was, and the install prints no warning', () => {
    expect(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).toBe(manifestBefore);
    expect(existsSync(path.join(ROOT, '.teapurl-pack-backup.json'))).toBe(false);
    const packed = JSON.parse(readFileSync(path.join(installed(), 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
    expect(packed.scripts?.prepare).toBeUndefined();
    expect(install.stderr.split('\n').filter((line) => /\bwarn/i.test(line))).toEqual([]);
  });

  it('the tarball ships the guides and THIRD_PARTY_NOTICES, with every package bundled into dist/ and its licence text', () => {
    expect(tarballFiles).toEqual(expect.arrayContaining(['THIRD_PARTY_NOTICES', 'CHANGELOG.md', 'docs/validate.md', 'docs/command-line.md']));
    // The benchmarks' figures and their history stay in the repository (the install's 6 MB).
    expect(tarballFiles).not.toContain('docs/performance.md');
    expect(tarballFiles.filter((file) => file.startsWith('dist/.'))).toEqual([]);
    const notices = readFileSync(path.join(installed(), 'THIRD_PARTY_NOTICES'), 'utf8');
    // What esbuild took from node_modules into each bundle, as the build recorded it.
    const bundlesFolder = path.join(ROOT, 'dist/.bundles');
    const inputs = readdirSync(bundlesFolder).flatMap(
      (file) => (JSON.parse(readFileSync(path.join(bundlesFolder, file), 'utf8')) as { inputs: string[] }).inputs,
    );
    const folders = new Set(inputs.map((input) => input.replace(/^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\/.*$/, '$1')));
    expect(folders.size).toBeGreaterThan(3);
    for (const folder of folders) {
      const manifest = JSON.parse(readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8')) as { name: string; version: string; license: string };
      expect(notices, folder).toContain(`\n${manifest.name} ${manifest.version}\nLicence: ${manifest.license}\n`);
      // A package whose npm tarball leaves its licence out has it kept from its repository.
      const shipped = readdirSync(path.join(ROOT, folder)).find((name) => /^licen[cs]e/i.test(name));
      const licence =
        shipped === undefined ? path.join(ROOT, 'scripts/licences', `${manifest.name}@${manifest.version}.LICENSE`) : path.join(ROOT, folder, shipped);
      expect(notices, folder).toContain(readFileSync(licence, 'utf8').replace(/\r\n?/g, '\n').trimEnd());
    }
    // A run-time dependency installed beside teapurl, not bundled, is not listed.
    expect(notices).not.toMatch(/^undici /m);
  });

  it('the teapurl command writes nothing outside what it is asked to: the home folder and the XDG folders stay empty', async () => {
    const home = mkdtempSync(path.join(work, 'home-'));
    const env = {
      HOME: home,
      XDG_CACHE_HOME: path.join(home, '.cache'),
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_DATA_HOME: path.join(home, '.local/share'),
      XDG_STATE_HOME: path.join(home, '.local/state'),
    };
    const teapurl = path.join(project, 'node_modules/.bin/teapurl');
    const before = readdirSync(project).sort();
    for (const args of [
      ['--help'],
      ['validate', 'docs/valid.json'],
      ['validate', '--format', 'sarif', 'docs/invalid.json'],
      ['purl', 'canonical', 'pkg:NPM/left-pad@1.3.0'],
      ['purl', 'urls', 'pkg:npm/left-pad@1.3.0'],
      ['vers', 'contains', 'vers:npm/>=1.0.0|<2.0.0', '1.5.0'],
      ['docs', '--types', 'definitions', '--out', 'home-site'],
    ]) {
      const r = await run(teapurl, args, project, env);
      expect(r.status, `teapurl ${args.join(' ')}\n${shown(r)}`).toBeLessThanOrEqual(1);
    }
    expect(readdirSync(home)).toEqual([]);
    // In the project, only the folder `docs --out` was asked to write.
    expect(readdirSync(project).sort()).toEqual([...before, 'home-site'].sort());
  });

  it('the tarball has the LICENSE, no source map and no dist/cli/', () => {
    expect(tarballFiles).toContain('LICENSE');
    expect(readFileSync(path.join(installed(), 'LICENSE'), 'utf8')).toMatch(/Apache License\s+Version 2\.0, January 2004/);
    expect(tarballFiles.filter((file) => file.startsWith('dist/cli/'))).toEqual([]);
    // Any source map, or reference to one, must lead to files the tarball has.
    const shipped = new Set(tarballFiles);
    const broken: string[] = [];
    for (const file of tarballFiles) {
      if (/\.[cm]?js$/.test(file)) {
        const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(path.join(installed(), file), 'utf8'))?.[1];
        if (url && !url.startsWith('data:') && !shipped.has(path.posix.join(path.posix.dirname(file), url))) broken.push(`${file} -> ${url}`);
      } else if (file.endsWith('.map')) {
        const map = JSON.parse(readFileSync(path.join(installed(), file), 'utf8')) as { sources?: string[]; sourceRoot?: string };
        for (const source of map.sources ?? []) {
          const target = path.posix.join(path.posix.dirname(file), map.sourceRoot ?? '', source);
          if (!shipped.has(target)) broken.push(`${file} -> ${source}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('every JavaScript file it ships is loaded by an entry or by the teapurl command', async () => {
    const entryFiles = ENTRIES.map((entry) => {
      const target = (JSON.parse(readFileSync(path.join(installed(), 'package.json'), 'utf8')) as { exports: Record<string, { import: { default: string } }> })
        .exports[entry === 'teapurl' ? '.' : `./${entry.slice('teapurl/'.length)}`]!.import.default;
      return path.join(installed(), target);
    });
    // esbuild follows every static and literal dynamic import from the entries; packages stay out.
    // Twice: as a bundler reads package.json's `imports` (the `module` condition: the kinds' bodies)
    // and as Node does (no `module`: the bodies' stand-ins, dist/bodies/*.node.js).
    const graph = (conditions?: string[]) =>
      build({
        entryPoints: entryFiles,
        bundle: true,
        platform: 'node',
        format: 'esm',
        packages: 'external',
        write: false,
        outdir: 'out',
        metafile: true,
        logLevel: 'silent',
        absWorkingDir: installed(),
        ...(conditions === undefined ? {} : { conditions }),
      });
    const loaded = new Set([...(await Promise.all([graph(), graph([])])).flatMap((g) => Object.keys(g.metafile.inputs))]);
    // bin/teapurl.cjs runs dist/teapurl.cjs, the CLI bundle.
    expect(readFileSync(path.join(installed(), 'bin/teapurl.cjs'), 'utf8')).toContain("require('../dist/teapurl.cjs')");
    loaded.add('bin/teapurl.cjs').add('dist/teapurl.cjs');
    // dist/teapurl.cjs requires its command bundles, and they the compiled validators and saxes, each
    // by a name beside it (path.join(__dirname, '…')): follow those names.
    const cli = ['dist/teapurl.cjs'];
    for (const file of cli) {
      // …or by a "./name.cjs" beside it, as validate names its worker thread's entry.
      for (const [, named, besideIt] of readFileSync(path.join(installed(), file), 'utf8').matchAll(/__dirname,\s*"([^"]+\.cjs)"|"\.\/([\w.-]+\.cjs)"/g)) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), (named ?? besideIt)!));
        if (!cli.includes(target) && existsSync(path.join(installed(), target))) cli.push(target);
      }
    }
    for (const file of cli) loaded.add(file);
    // The docs site's live PURL box: not loaded by Node, copied into every HTML site teapurl docs writes (checked below).
    loaded.add('dist/assets/purl-box.js');
    const unloaded = tarballFiles.filter((file) => /\.[cm]?js$/.test(file) && !loaded.has(file));
    expect(unloaded).toEqual([]);
  });

  it('ESM import of every entry makes a real call', async () => {
    await writeFile(path.join(project, 'consumer.mjs'), ESM_CONSUMER);
    const result = await run(process.execPath, ['consumer.mjs'], project);
    expect(result.status, shown(result)).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(EXPECTED_OUTPUT);
  });

  it('SBOMs from the installed package: the command checks and fixes an XML SBOM, require and import read one in memory (saxes is bundled, not installed)', async () => {
    const sbom = readFileSync(path.join(ROOT, 'corpus/sbom/invalid/mixed.cdx.xml'), 'utf8');
    await writeFile(path.join(project, 'bom.xml'), sbom);
    const teapurl = path.join(project, 'node_modules/.bin/teapurl');
    const checked = await run(teapurl, ['validate', 'bom.xml'], project);
    expect(checked.status, shown(checked)).toBe(1);
    expect(checked.stdout).toMatch(/^bom\.xml:\d+:\d+: error .*\(sbom\/purl-invalid\)$/m);
    expect(checked.stdout).toMatch(/^bom\.xml:\d+:\d+: warning .*\(sbom\/purl-not-canonical\)$/m);
    const diff = await run(teapurl, ['validate', '--fix', '--dry-run', 'bom.xml'], project);
    expect(diff.stdout, shown(diff)).toContain('+      <purl>pkg:npm/shop@1.4.0</purl>');
    expect(readFileSync(path.join(project, 'bom.xml'), 'utf8')).toBe(sbom);
    expect(existsSync(path.join(project, 'node_modules/saxes'))).toBe(false);
    const script = (load: string) =>
      `${load}.then(({ validateText }) => { const r = validateText(require('fs').readFileSync('bom.xml', 'utf8'), { file: 'bom.xml' }); console.log(r.kind, r.valid, r.findings.map((f) => f.rule).sort().join(',')); })`;
    const viaImport = await run(process.execPath, ['-e', script(`import('teapurl')`)], project);
    const viaRequire = await run(process.execPath, ['-e', script(`Promise.resolve(require('teapurl'))`)], project);
    expect(viaImport.stdout.trim(), shown(viaImport)).toMatch(/^cyclonedx-bom false .*sbom\/purl-invalid.*sbom\/purl-not-canonical/);
    expect(viaRequire.stdout, shown(viaRequire)).toBe(viaImport.stdout);
  });

  it('CommonJS require of every entry makes the same calls, with no warning (Node 20.19+ require of ESM)', async () => {
    await writeFile(path.join(project, 'consumer.cjs'), CJS_CONSUMER);
    const result = await run(process.execPath, ['consumer.cjs'], project);
    expect(result.status, shown(result)).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(EXPECTED_OUTPUT);
    expect(result.stderr).toBe('');
    // One module instance for both: what require returns is what import returns.
    const same = await run(
      process.execPath,
      ['-e', `import('teapurl/purl').then((m) => console.log(m.parsePurl === require('teapurl/purl').parsePurl))`],
      project,
    );
    expect(same.stdout.trim(), shown(same)).toBe('true');
  });

  it('TypeScript consumers type-check and run: nodenext as ESM (.mts) and as CommonJS (.cts)', async () => {
    const compiled = await typescript.nodenext;
    expect(compiled.status, shown(compiled)).toBe(0);
    // Every declaration file shipped is part of the consumer's program (no dead declarations).
    const inProgram = new Set(compiled.stdout.split('\n').map((line) => path.resolve(line.trim())));
    // The .mts reads the .d.ts files, the .cts their CommonJS twins (.d.cts).
    expect(tarballFiles.filter((file) => /\.d\.c?ts$/.test(file) && !inProgram.has(path.join(installed(), file)))).toEqual([]);
    expect(tarballFiles.filter((file) => file.endsWith('.d.cts')).length).toBeGreaterThanOrEqual(
      tarballFiles.filter((file) => file.endsWith('.d.ts') && file.startsWith('dist/')).length,
    );
    const folder = path.join(project, 'ts-nodenext');
    // The compiled .cjs really is CommonJS: it requires the package.
    expect(readFileSync(path.join(folder, 'out/consumer.cjs'), 'utf8')).toContain('require("teapurl/node")');
    for (const output of ['out/consumer.mjs', 'out/consumer.cjs']) {
      const result = await run(process.execPath, [path.join(folder, output)], project);
      expect(result.status, shown(result)).toBe(0);
      expect(JSON.parse(result.stdout), output).toEqual(EXPECTED_OUTPUT);
      expect(result.stderr, output).toBe('');
    }
  }, 60_000);

  for (const [i, { folder, type, options }] of SWITCH_PROJECTS.entries()) {
    it(`the packageurl-js switch type-checks and runs: ${type} project, module ${options.module}, moduleResolution ${options.moduleResolution}`, async () => {
      const compiled = await typescript.switches[i]!;
      expect(compiled.status, shown(compiled)).toBe(0);
      const result = await run(process.execPath, [path.join(project, folder, 'out/main.js')], project);
      expect(result.status, shown(result)).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual(['pkg:npm/lodash@4.17.21', true, true]);
    }, 60_000);
  }

  it('a browser TypeScript consumer with moduleResolution bundler type-checks without Node types', async () => {
    const compiled = await typescript.bundler;
    expect(compiled.status, shown(compiled)).toBe(0);
  }, 60_000);

  it('npx teapurl validate: exit 0 for a valid document, 1 and file:line:col for an invalid one', async () => {
    const valid = await run('npx', ['--no', 'teapurl', 'validate', 'docs/valid.json'], project);
    expect(valid.status, shown(valid)).toBe(0);
    const invalid = await run('npx', ['--no', 'teapurl', 'validate', 'docs/invalid.json'], project);
    expect(invalid.status, shown(invalid)).toBe(1);
    expect(invalid.stdout + invalid.stderr).toMatch(/^docs\/invalid\.json:4:63: error /m);
  });

  it('npx teapurl validate --jobs 2: the installed worker entry gives the report of one thread', async () => {
    const args = ['--no', 'teapurl', 'validate', '--format', 'json', 'docs/valid.json', 'docs/invalid.json'];
    const one = await run('npx', [...args, '--jobs', '1'], project);
    expect(one.status, shown(one)).toBe(1);
    expect(existsSync(path.join(installed(), 'dist/commands/validate-worker.cjs'))).toBe(true);
    const two = await run('npx', [...args, '--jobs', '2'], project);
    expect(two.status, shown(two)).toBe(1);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toBe(one.stderr);
  });

  it('npx teapurl purl urls and from-url answer from the URL documents the package ships', async () => {
    const urls = await run('npx', ['--no', 'teapurl', 'purl', 'urls', 'pkg:maven/org.apache.commons/commons-lang3@3.12.0'], project);
    expect(urls.status, shown(urls)).toBe(0);
    expect(urls.stdout.trim().split('\t')).toEqual([
      'pkg:maven/org.apache.commons/commons-lang3@3.12.0',
      'https://central.sonatype.com/artifact/org.apache.commons/commons-lang3',
      'https://repo.maven.apache.org/maven2/org/apache/commons/commons-lang3/3.12.0/commons-lang3-3.12.0.jar',
      'https://central.sonatype.com/artifact/org.apache.commons/commons-lang3/3.12.0',
    ]);
    const back = await run('npx', ['--no', 'teapurl', 'purl', 'from-url', 'https://registry.npmjs.org/@babel/core/-/core-7.24.0.tgz'], project);
    expect(back.status, shown(back)).toBe(0);
    expect(back.stdout).toBe('pkg:npm/%40babel/core@7.24.0\n');
  });

  it('npx teapurl docs writes a site with the live PURL box: the shipped script and the definitions of the folder given', async () => {
    const docs = await run('npx', ['--no', 'teapurl', 'docs', '--types', 'definitions', '--out', 'site'], project);
    expect(docs.status, shown(docs)).toBe(0);
    expect(docs.stdout).toBe('wrote 5 files to site (1 type, html)\n');
    const script = readFileSync(path.join(project, 'site/assets/purl-box.js'), 'utf8');
    expect(script).toBe(readFileSync(path.join(installed(), 'dist/assets/purl-box.js'), 'utf8'));
    // A classic script that builds an engine: no import or export statement a file:// page would refuse.
    expect(script).not.toMatch(/^\s*(import|export)\b/m);
    expect(script).toContain('purl-input');
    const data = readFileSync(path.join(project, 'site/assets/purl-definitions.js'), 'utf8');
    const sandbox: Record<string, unknown> = {};
    vm.runInNewContext(data, { globalThis: sandbox, JSON });
    expect((sandbox.teapurlDocsDefinitions as { type: string }[]).map((d) => d.type)).toEqual(['npm']);
    const page = readFileSync(path.join(project, 'site/types/npm.html'), 'utf8');
    expect(page).toContain('<script src="../assets/purl-box.js"></script>');
    const check = await run('npx', ['--no', 'teapurl', 'docs', '--types', 'definitions', '--out', 'site', '--check'], project);
    expect(check.status, shown(check)).toBe(0);
  });

  it("the README's TEA quick start works as written: serve, tea check with 0 failed, tea get --all, download verifying every artefact and its signature", async () => {
    // The commands are read from the README's block, so the test follows it; only the port changes (0: any free one).
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const block = /### A local TEA server with tokens\n+```sh\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block, 'the quick start block of README.md').toBeDefined();
    const lines = block!
      .replace(/\\\n\s*/g, '')
      .trim()
      .split('\n');
    // A trailing comment says what to install first (`# npm i openpgp first`): the test installs it, as a user would.
    const firsts = lines.flatMap((line) => [...(/#\s*npm i ([\w@/.-]+) first\s*$/.exec(line)?.slice(1) ?? [])]);
    const commands = lines.map((line) => words(line.replace(/\s+#.*$/, '')));
    const [echo, serve, exported, ...clients] = commands;
    expect(echo!.slice(0, 1).concat(echo!.slice(2))).toEqual(['echo', '>', 'keys.json']);
    expect(exported![0]).toBe('export');
    const [variable, secret] = exported![1]!.split('=');

    // A project of its own (the other tests want a project without the optional packages): teapurl from the tarball, and what the README says to install first.
    const dir = await mkdtemp(path.join(work, 'quick-start-'));
    await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'quick-start', version: '1.0.0', private: true }));
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))!;
    const flags = ['install', path.join(work, tarball), ...firsts, '--omit=dev', '--no-audit', '--no-fund'];
    let added = await run('npm', [...flags, '--offline'], dir);
    if (added.status !== 0 && /ENOTCACHED/.test(added.stderr)) added = await run('npm', [...flags, '--prefer-offline'], dir);
    expect(added.status, shown(added)).toBe(0);
    const bin = path.join(dir, 'node_modules/teapurl/bin/teapurl.cjs');
    await writeFile(path.join(dir, 'keys.json'), `${echo![1]}\n`);

    expect(serve!.slice(0, 3)).toEqual(['npx', 'teapurl', 'serve']);
    expect(serve!.at(-1)).toBe('&');
    const serveArgs = serve!.slice(2, -1).map((word, i, all) => (all[i - 1] === '--port' ? '0' : word));
    const env = { ...process.env, [variable!]: secret! };
    delete env.NODE_OPTIONS;
    const server = spawn(process.execPath, [bin, ...serveArgs], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const origin = await new Promise<string>((resolve, reject) => {
        let out = '';
        server.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          out += chunk;
          const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
          if (url) resolve(url);
        });
        server.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
      });
      const results: Run[] = [];
      for (const command of clients) {
        expect(command.slice(0, 2)).toEqual(['npx', 'teapurl']);
        const args = command.slice(2).map((word) => word.replace('http://127.0.0.1:8080', origin));
        results.push(await run(process.execPath, [bin, ...args], dir, { [variable!]: secret! }));
      }
      const [check, getAll, download] = results;
      expect(check!.status, shown(check!)).toBe(0);
      expect(check!.stdout).toMatch(/\b0 failed\b/);
      expect(getAll!.status, shown(getAll!)).toBe(0);
      expect((JSON.parse(getAll!.stdout) as Array<{ name: string }>).map((p) => p.name)).toEqual(['Acme Widget']);
      expect(download!.status, shown(download!)).toBe(0);
      const out = download!.stdout;
      const folder = /--out (\S+)/.exec(clients.at(-1)!.join(' '))?.[1] ?? 'demo-artefacts';
      const manifest = JSON.parse(readFileSync(path.join(dir, folder, 'teapurl-download.json'), 'utf8')) as {
        files: Array<{ verified: boolean; signatureCheck?: { verdict: string } }>;
        failures: unknown[];
      };
      // README: the release's six files, each kept once its checksums and (with --keyring) its signature hold.
      expect(manifest.files, out).toHaveLength(6);
      expect(manifest.files.every((f) => f.verified)).toBe(true);
      if (clients.at(-1)!.includes('--keyring')) expect(manifest.files.map((f) => f.signatureCheck?.verdict)).toEqual(Array(6).fill('verified'));
      expect(manifest.failures).toEqual([]);
    } finally {
      server.kill('SIGTERM');
    }
    // An install and five commands of the installed package one after another: more than the 30 s of a test in an install on a loaded machine.
  }, 240_000);

  it('teapurl serve --self-signed without the optional selfsigned package says what to install and exits 1', async () => {
    expect(existsSync(path.join(project, 'node_modules/selfsigned'))).toBe(false);
    const result = await run(process.execPath, [path.join(installed(), 'bin/teapurl.cjs'), 'serve', '--self-signed', '--port', '0'], project);
    expect(result.status, shown(result)).toBe(1);
    expect(result.stderr).toMatch(/^teapurl serve: --self-signed: .*optional package selfsigned.*npm i selfsigned/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('teapurl verify --keyring without the optional openpgp package says what to install and exits 1', async () => {
    expect(existsSync(path.join(project, 'node_modules/openpgp'))).toBe(false);
    const result = await run(
      process.execPath,
      [path.join(installed(), 'bin/teapurl.cjs'), 'verify', 'package.json', '--signature', 'package.json', '--keyring', 'package.json'],
      project,
    );
    expect(result.status, shown(result)).toBe(1);
    expect(result.stderr).toMatch(/^teapurl verify: --keyring: .*optional package openpgp.*npm i openpgp/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('teapurl/purl, teapurl and teapurl/tea/client bundle with esbuild for the browser and run with web globals only', async () => {
    await writeFile(path.join(project, 'browser.js'), BROWSER_ENTRY);
    const bundled = await build({
      entryPoints: ['browser.js'],
      bundle: true,
      platform: 'browser',
      format: 'iife',
      minify: true,
      write: false,
      logLevel: 'silent',
      absWorkingDir: project,
    }).catch((error: { errors?: { text: string }[] }) => ({ failure: (error.errors ?? []).map((e) => e.text) }));
    expect('failure' in bundled ? bundled.failure : []).toEqual([]);
    if ('failure' in bundled) return;
    // No process, Buffer or require: a page's globals, not Node's.
    const page: Record<string, unknown> = { TextEncoder, TextDecoder, URL, URLSearchParams };
    vm.runInNewContext(bundled.outputFiles[0]!.text, page);
    expect(page.result).toEqual({
      tei: 'products.example.com',
      tokenUrl: 'https://tea.example.com/v1.0.0/token',
      parsed: 'org.apache.commons',
      discovery: true,
      built: 'pkg:npm/%40angular/core@16.0.0',
      canonical: 'pkg:pypi/django-rest@1.0',
      valid: true,
      packageUrl: 'pkg:npm/%40scope/name@1.0.0?a=1&b=2',
    });
  });

  it(`a production install is at most ${MAX_PACKAGES} packages and ${MAX_INSTALL_BYTES / 1e6} MB`, () => {
    const nodeModules = path.join(project, 'node_modules');
    const packages = packageFolders(nodeModules).map((folder) => path.relative(nodeModules, folder));
    const bytes = bytesUnder(nodeModules);
    console.log(`[packed-package] npm i teapurl --omit=dev: ${packages.length} packages, ${(bytes / 1e6).toFixed(2)} MB (${packages.join(', ')})`);
    expect(packages).toContain('teapurl');
    expect(packages.length).toBeLessThanOrEqual(MAX_PACKAGES);
    expect(bytes).toBeLessThanOrEqual(MAX_INSTALL_BYTES);
  });
});
