// The layers of src/, in the one direction imports may go (each folder imports only the folders
// listed before it):
//
//   schemas → purl → validate → docs, tea → node → cli
//   schemas → vers (beside purl: neither imports the other) → validate …
//
// plus the generated types (types/, type-only) anywhere. src/index.ts (the `teapurl` entry) sits
// with validate; src/purl/index.ts is `teapurl/purl`, src/vers/index.ts `teapurl/vers`. All three
// are browser-safe: no Node built-in may be reachable from them. test/layers.test.ts runs these
// rules; `npx depcruise src` prints them.
const LAYERS = {
  schemas: [],
  purl: ['schemas'],
  vers: ['schemas'],
  validate: ['schemas', 'purl', 'vers'],
  docs: ['schemas', 'purl', 'vers', 'validate'],
  tea: ['schemas', 'purl', 'vers', 'validate'],
  node: ['schemas', 'purl', 'vers', 'validate', 'docs'],
  cli: ['schemas', 'purl', 'vers', 'validate', 'docs', 'tea', 'node'],
};
const BROWSER_SAFE_ENTRIES = ['src/index.ts', 'src/purl/index.ts', 'src/vers/index.ts'];

const { builtinModules } = require('node:module');
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...Object.entries(LAYERS).map(([layer, below]) => ({
      name: `layer-${layer}`,
      comment: `src/${layer}/ may import only ${below.length ? below.map((b) => `src/${b}/`).join(', ') : 'nothing else in src/'} (and itself)`,
      severity: 'error',
      from: { path: `^src/${layer}/` },
      to: { path: '^src/', pathNot: `^src/(${[layer, ...below].join('|')})/` },
    })),
    {
      name: 'layer-root-entry',
      comment: 'src/index.ts (teapurl) re-exports the browser-safe layers only',
      severity: 'error',
      from: { path: '^src/index\\.ts$' },
      to: { path: '^src/', pathNot: '^src/(schemas|purl|validate)/' },
    },
    {
      name: 'no-circular',
      comment: 'no module imports itself through others at run time (a cycle of type-only imports leaves nothing behind)',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'browser-safe-entries',
      comment: `nothing reachable from ${BROWSER_SAFE_ENTRIES.join(' or ')} is a Node built-in`,
      severity: 'error',
      from: { path: `^(${BROWSER_SAFE_ENTRIES.map(escape).join('|')})$` },
      // A reachability rule matches by path: every name Node knows, with or without `node:`.
      to: { path: `^(node:)?(${builtinModules.map(escape).join('|')})(/|$)`, reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|test|scripts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.d.ts', '.js'] },
  },
};
