// The layers of src/, in the one direction imports may go (each folder imports only the folders
// listed before it):
//
//   schemas → purl → validate → docs, tea → node → cli
//   schemas → vers (beside purl: neither imports the other) → validate …
//
// plus the generated types (types/, type-only) anywhere. Inside tea/, the client (tea/client/) and
// the server (tea/server/) share the protocol modules of tea/ but never import each other; the
// client is browser-safe, and what it needs of Node (TLS settings, files) is in node/. Each
// package entry re-exports its own capability only: src/index.ts (`teapurl`) the validator,
// src/purl/index.ts (`teapurl/purl`) the engine, src/docs/index.ts, src/node/index.ts,
// src/tea/client/index.ts, src/tea/server/index.ts and src/vers/index.ts theirs. The browser-safe
// entries (the validator, the PURL engine, VERS, the TEA client) reach no Node built-in and no
// Node-only package. test/layers.test.ts runs these rules; `npx depcruise src` prints them.
const LAYERS = {
  schemas: [],
  purl: ['schemas'],
  vers: ['schemas'],
  validate: ['schemas', 'purl', 'vers'],
  docs: ['schemas', 'purl', 'vers', 'validate'],
  tea: ['schemas', 'purl', 'vers', 'validate'],
  node: ['schemas', 'purl', 'vers', 'validate', 'docs', 'tea'],
  cli: ['schemas', 'purl', 'vers', 'validate', 'docs', 'tea', 'node'],
};
const BROWSER_SAFE_ENTRIES = ['src/index.ts', 'src/purl/index.ts', 'src/vers/index.ts', 'src/tea/client/index.ts'];
// Packages that run in Node only: undici's agents are Node sockets.
const NODE_ONLY_PACKAGES = ['undici'];
// What each entry may re-export from: its own folder (the root entry: the validator).
const ENTRY_CAPABILITY = {
  'src/index.ts': 'src/validate/',
  'src/purl/index.ts': 'src/purl/',
  'src/vers/index.ts': 'src/vers/',
  'src/docs/index.ts': 'src/docs/',
  'src/node/index.ts': 'src/node/',
  'src/tea/client/index.ts': 'src/tea/(?!server/)',
  'src/tea/server/index.ts': 'src/tea/(?!client/)',
  'src/tea/index.ts': 'src/tea/(client|server)/index\\.ts$',
};

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
    ...Object.entries(ENTRY_CAPABILITY).map(([entry, capability]) => ({
      name: `entry-${entry.replace(/^src\//, '').replace(/\/?index\.ts$/, '') || 'root'}`,
      comment: `${entry} exports its own capability only: it imports from ${capability} alone`,
      severity: 'error',
      from: { path: `^${escape(entry)}$` },
      to: { path: '^src/', pathNot: `^${capability}` },
    })),
    {
      name: 'tea-client-server',
      comment: 'the TEA client and server share the protocol modules of src/tea/ but never import each other',
      severity: 'error',
      from: { path: '^src/tea/(client|server)/' },
      to: { path: '^src/tea/(client|server)/', pathNot: '^src/tea/$1/' },
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
      comment: `nothing reachable from ${BROWSER_SAFE_ENTRIES.join(' or ')} is a Node built-in or a Node-only package (${NODE_ONLY_PACKAGES.join(', ')})`,
      severity: 'error',
      from: { path: `^(${BROWSER_SAFE_ENTRIES.map(escape).join('|')})$` },
      // A reachability rule matches by path: every name Node knows, with or without `node:`, and the Node-only packages.
      to: { path: `^((node:)?(${builtinModules.map(escape).join('|')})(/|$)|(node_modules/)?(${NODE_ONLY_PACKAGES.map(escape).join('|')})(/|$))`, reachable: true },
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
