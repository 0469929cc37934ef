// The layers of src/, in the one direction imports may go (each folder imports only the folders
// listed for it):
//
//   shared → validation → purl, vers → sbom, tea → validator → docs → node (the entry) → cli
//
// `shared/` holds the primitives (findings, pointers, messages, positions, one SemVer, one safe
// write, one glob, the error base class); `validation/` is the generic validation engine, which
// imports no kind; each domain (purl, vers, tea, sbom) holds its engine, its document kinds
// (`kinds/`) and a `node/` part where it needs Node; `validator/` is the list of every kind and the
// validator made from it (the `teapurl` entry). Plus the generated types (types/, type-only)
// anywhere. Inside tea/, the client (tea/client/) and the server (tea/server/) share tea/protocol/
// and tea/kinds/ but never import each other. Only `node/` folders, tea/server/ and cli/ may reach
// a Node built-in; the browser-safe entries reach none. Each package entry re-exports its own
// capability only (and shared primitives). test/layers.test.ts runs these rules; `npx depcruise src`
// prints them.
const LAYERS = {
  shared: [],
  validation: ['shared'],
  purl: ['shared', 'validation'],
  vers: ['shared', 'validation'],
  sbom: ['shared', 'validation', 'purl', 'vers'],
  tea: ['shared', 'validation', 'purl', 'vers'],
  validator: ['shared', 'validation', 'purl', 'vers', 'sbom', 'tea'],
  docs: ['shared', 'validation', 'purl', 'vers', 'validator'],
  node: ['shared', 'validation', 'purl', 'vers', 'sbom', 'tea', 'validator', 'docs'],
  cli: ['shared', 'validation', 'purl', 'vers', 'sbom', 'tea', 'validator', 'docs', 'node'],
};
const BROWSER_SAFE_ENTRIES = ['src/index.ts', 'src/purl/index.ts', 'src/vers/index.ts', 'src/tea/client/index.ts'];
// Where Node may be used: the node/ parts, the TEA server, the CLI.
const NODE_PLACES = '^src/(node|(shared|validation|validator|purl|vers|tea|sbom|docs)/node)/|^src/tea/server/|^src/cli/|^src/(tea|docs)/index\\.ts$';
// Packages that run in Node only: undici's agents are Node sockets.
const NODE_ONLY_PACKAGES = ['undici'];
// What each entry may re-export from: its own capability (and the shared primitives).
const ENTRY_CAPABILITY = {
  'src/index.ts': 'src/(validator|shared)/',
  'src/purl/index.ts': 'src/(purl|shared)/(?!.*node/)',
  'src/vers/index.ts': 'src/(vers|shared)/(?!.*node/)',
  'src/docs/index.ts': 'src/(docs|shared)/',
  'src/node/index.ts': 'src/(node/|shared/|(validation|validator|purl|vers|tea|sbom|docs)/node/)',
  'src/tea/client/index.ts': 'src/(tea/(?!server/|node/)|shared/(?!node/))',
  'src/tea/server/index.ts': 'src/(tea/(?!client/|node/)|shared/)',
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
      from: { path: layer === 'node' ? '^src/node/index\\.ts$' : `^src/${layer}/` },
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
      name: 'node-only-places',
      comment: 'only node/ folders, src/tea/server/ and src/cli/ import a Node built-in or a Node-only package',
      severity: 'error',
      from: { path: '^src/', pathNot: NODE_PLACES },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'node-only-packages',
      comment: `only node/ folders, src/tea/server/ and src/cli/ import ${NODE_ONLY_PACKAGES.join(', ')}`,
      severity: 'error',
      from: { path: '^src/', pathNot: NODE_PLACES },
      to: { path: `^(node_modules/)?(${NODE_ONLY_PACKAGES.map(escape).join('|')})(/|$)` },
    },
    {
      name: 'no-node-parts-outside',
      comment: 'a browser-safe module never imports a node/ part, the TEA server or the CLI',
      severity: 'error',
      from: { path: '^src/', pathNot: NODE_PLACES },
      to: { path: NODE_PLACES },
    },
    {
      name: 'no-circular',
      comment: 'no module imports itself through others, type-only imports included',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'browser-safe-entries',
      comment: `nothing reachable from ${BROWSER_SAFE_ENTRIES.join(' or ')} is a Node built-in or a Node-only package (${NODE_ONLY_PACKAGES.join(', ')})`,
      severity: 'error',
      from: { path: `^(${BROWSER_SAFE_ENTRIES.map(escape).join('|')})$` },
      // A reachability rule matches by path: every name Node knows, with or without `node:`, and the Node-only packages.
      to: {
        path: `^((node:)?(${builtinModules.map(escape).join('|')})(/|$)|(node_modules/)?(${NODE_ONLY_PACKAGES.map(escape).join('|')})(/|$))`,
        reachable: true,
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|test|scripts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.d.ts', '.js'],
    },
  },
};
