import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/paths.js';

const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** Runs dependency-cruiser with the project's rules on `src/` under `cwd`; returns its violations. */
function violations(cwd: string): Violation[] {
  let out: string;
  try {
    out = execFileSync(process.execPath, [DEPCRUISE, 'src', '--config', CONFIG, '--output-type', 'json'], {
      cwd,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    // depcruise exits non-zero when it finds violations; its report is still on standard output.
    out = (error as { stdout: string }).stdout;
  }
  return (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}

const shown = (list: Violation[]) => list.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();

/** The rules' violations in a made-up tree of these files (path → text), written to a temporary folder. */
function violationsIn(files: Record<string, string>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'teapurl-layers-'));
  try {
    const all = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }),
      'package.json': JSON.stringify({ type: 'module' }),
      ...files,
    };
    for (const [file, text] of Object.entries(all)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    return shown(violations(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The src/ modules reachable from these entries, by dependency-cruiser's reading. */
function reachableFrom(entries: readonly string[]): string[] {
  const out = execFileSync(process.execPath, [DEPCRUISE, ...entries, '--config', CONFIG, '--output-type', 'json'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return (JSON.parse(out) as { modules: { source: string }[] }).modules.map((m) => m.source).filter((source) => source.startsWith('src/'));
}

describe('layers (.dependency-cruiser.cjs)', () => {
  it('the browser-safe entries use no Node global either (Buffer, process, require, __dirname, setImmediate)', { timeout: 60_000 }, () => {
    const modules = reachableFrom(['src/index.ts', 'src/purl/index.ts', 'src/tea/client/index.ts']);
    expect(modules).toContain('src/tea/client/tea-client.ts');
    const offenders = modules.flatMap((file) => {
      // Comments may mention them (examples run in Node); code may not.
      const code = readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
        .join('\n');
      return [...new Set(code.match(/\b(Buffer|process|require|__dirname|setImmediate)\b\s*[.(]/g) ?? [])].map((use) => `${file}: ${use}`);
    });
    expect(offenders).toEqual([]);
  });

  it('src/ imports only downwards, has no run-time cycle, and its browser-safe entries reach no Node built-in', { timeout: 60_000 }, () => {
    expect(shown(violations(ROOT))).toEqual([]);
  });

  it('the rules catch an upward import, a cycle, and a Node built-in behind a browser-safe entry', { timeout: 60_000 }, () => {
    expect(
      violationsIn({
        'src/index.ts': "export * from './purl/index.js';\n",
        'src/purl/index.ts': "export { parse } from './parse.js';\n",
        // The engine reaching up into the full validator, and through it into the file system.
        'src/purl/parse.ts': "import { check } from '../validator/check.js';\nexport const parse = (s: string) => check(s);\n",
        'src/validator/check.ts':
          "import { readFileSync } from 'node:fs';\nimport { parse } from '../purl/parse.js';\nexport const check = (s: string) => (s ? readFileSync(s, 'utf8') : parse('x'));\n",
      }),
    ).toEqual(
      [
        'browser-safe-entries: src/index.ts → fs',
        'browser-safe-entries: src/purl/index.ts → fs',
        // The root entry re-exports the validator alone, not the engine's entry.
        'entry-root: src/index.ts → src/purl/index.ts',
        'layer-purl: src/purl/parse.ts → src/validator/check.ts',
        'no-circular: src/purl/parse.ts → src/validator/check.ts',
        'node-only-places: src/validator/check.ts → fs',
      ].sort(),
    );
  });

  it('the rules catch the generic engine importing a kind, Node outside a node/ part, a browser-safe module reaching a node/ part, and a type-only cycle', {
    timeout: 60_000,
  }, () => {
    expect(
      violationsIn({
        // The generic engine naming one of the domains' kinds.
        'src/validation/engine.ts': "import { discovery } from '../tea/kinds/discovery.js';\nexport const kinds = [discovery];\n",
        'src/tea/kinds/discovery.ts': "export const discovery = { name: 'tea-discovery' };\n",
        // A domain's browser-safe code using Node, and reaching into its own node/ part.
        'src/sbom/reader.ts':
          "import { createHash } from 'node:crypto';\nimport { open } from './node/open.js';\nexport const read = () => [createHash('sha256'), open()];\n",
        'src/sbom/node/open.ts': "import { openSync } from 'node:fs';\nexport const open = () => openSync('x');\n",
        // Two modules that need each other's types only.
        'src/vers/a.ts': "import type { B } from './b.js';\nexport interface A { b?: B }\n",
        'src/vers/b.ts': "import type { A } from './a.js';\nexport interface B { a?: A }\n",
      }),
    ).toEqual(
      [
        'layer-validation: src/validation/engine.ts → src/tea/kinds/discovery.ts',
        'no-circular: src/vers/a.ts → src/vers/b.ts',
        'no-node-parts-outside: src/sbom/reader.ts → src/sbom/node/open.ts',
        'node-only-places: src/sbom/reader.ts → crypto',
      ].sort(),
    );
  });

  it('the rules catch an entry that exports another capability, the TEA client and server importing each other, and Node behind the client', {
    timeout: 60_000,
  }, () => {
    expect(
      violationsIn({
        'src/purl/index.ts': 'export const parse = (s: string) => s;\n',
        'src/tea/shared.ts': 'export const version = 1;\n',
        // The client reaching into the server for a helper, and the server entry handing out a client module.
        'src/tea/client/index.ts':
          "export { issue } from '../server/issue.js';\nexport { version } from '../shared.js';\nexport { agent } from './transport.js';\n",
        'src/tea/server/issue.ts': "export const issue = () => 'token';\n",
        'src/tea/server/index.ts': "export { issue } from './issue.js';\nexport { fetchToken } from '../client/fetch-token.js';\n",
        'src/tea/client/fetch-token.ts': "export const fetchToken = () => 'token';\n",
        // The Node entry re-exporting the engine.
        'src/node/index.ts': "export { parse } from '../purl/index.js';\n",
        // The browser-safe client reaching Node's TLS and undici's agents.
        'src/tea/client/transport.ts':
          "import { rootCertificates } from 'node:tls';\nimport { Agent } from 'undici';\nexport const agent = () => new Agent({ connect: { ca: [...rootCertificates] } });\n",
      }),
    ).toEqual(
      [
        'browser-safe-entries: src/tea/client/index.ts → tls',
        'browser-safe-entries: src/tea/client/index.ts → undici',
        'entry-node: src/node/index.ts → src/purl/index.ts',
        'entry-tea/client: src/tea/client/index.ts → src/tea/server/issue.ts',
        'entry-tea/server: src/tea/server/index.ts → src/tea/client/fetch-token.ts',
        // The browser-safe client reaching the Node-only server, and Node itself.
        'no-node-parts-outside: src/tea/client/index.ts → src/tea/server/issue.ts',
        'node-only-packages: src/tea/client/transport.ts → undici',
        'node-only-places: src/tea/client/transport.ts → tls',
        'tea-client-server: src/tea/client/index.ts → src/tea/server/issue.ts',
        'tea-client-server: src/tea/server/index.ts → src/tea/client/fetch-token.ts',
      ].sort(),
    );
  });
});
