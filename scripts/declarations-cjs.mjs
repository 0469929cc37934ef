// Writes a CommonJS twin (.d.cts) of every declaration file the package ships, for the `require`
// condition of package.json `exports`. The `require` condition loads the same ES module (Node
// 20.19+ require() of ESM), but TypeScript reads a .d.ts in a `"type": "module"` package as an ES
// module, and refuses to let a CommonJS file import one under module node16 (TS1479, TS1541 for
// `import type`). A .d.cts is read as CommonJS, and so are the .d.cts files it imports: each
// relative import is rewritten to its twin (`./x.js` → `./x.cjs`, which TypeScript resolves to
// `./x.d.cts`). The generated types in types/ get twins in dist/types/, so that nothing is
// written outside dist/.
//
// Run by `npm run build` after prune-dist.mjs, so that only kept declarations get a twin.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const dist = path.join(root, 'dist');
const types = path.join(root, 'types');

/** Every .d.ts file under `folder`. */
function declarations(folder) {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/** Where the twin of a declaration file (or of a module, without extension) goes. */
function twinOf(file) {
  const base = file.replace(/\.d\.ts$|\.js$/, '');
  const inTypes = base.startsWith(`${types}${path.sep}`);
  return (inTypes ? path.join(dist, 'types', path.relative(types, base)) : base) + '.d.cts';
}

/** A relative module specifier, from one twin to another, as written in an import (`./x.cjs`). */
function specifier(fromTwin, toTwin) {
  const relative = path
    .relative(path.dirname(fromTwin), toTwin)
    .split(path.sep)
    .join('/')
    .replace(/\.d\.cts$/, '.cjs');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

// Relative specifiers in import, export and import() forms: `from './x.js'`, `import('../y.js')`.
const RELATIVE = /(\bfrom\s*|\bimport\s*\(\s*)(['"])(\.\.?\/[^'"]+?)\.js\2/g;

let written = 0;
for (const file of [...declarations(dist), ...declarations(types)]) {
  const twin = twinOf(file);
  const text = readFileSync(file, 'utf8').replace(RELATIVE, (_match, head, quote, target) => {
    const resolved = path.resolve(path.dirname(file), `${target}.js`);
    return `${head}${quote}${specifier(twin, twinOf(resolved))}${quote}`;
  });
  mkdirSync(path.dirname(twin), { recursive: true });
  writeFileSync(twin, text);
  written++;
}
console.log(`dist/: ${written} CommonJS declaration files (.d.cts)`);
