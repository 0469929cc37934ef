// One way to bundle an entry for a browser, shared by `npm run size` (scripts/bundle-size.mjs) and
// the browser test (test-browser/purl-bundle.browser.test.ts), so the figure the README quotes and
// the one the test asserts come from the same settings: esbuild --bundle --minify
// --platform=browser --format=esm, sizes of the minified output, gzip at zlib's default level.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';

/**
 * Node built-ins that browser-safe teapurl code still imports on a branch where their
 * replacement has not landed: `node:vm` in the pattern guard (being replaced on the `guard`
 * branch). Each is bundled as a module that throws when used, and the result says it was;
 * once nothing imports them, this list does nothing and can be emptied.
 */
export const PENDING_NODE_STUBS = ['node:vm'];

/**
 * Bundles `contents` (an ES module, e.g. `export * from 'teapurl/purl'`) resolved from
 * `resolveDir`. Returns the code and its sizes: `bytes` minified (or not, with `minify: false`),
 * `gzipBytes` of that; `stubbed` lists the PENDING_NODE_STUBS the bundle reached. Any other
 * import that cannot be resolved for the browser (a Node built-in) fails the build, unless
 * `external` names it (left as an import in the output, not bundled).
 */
export async function bundleForBrowser({ contents, resolveDir, minify = true, loader = 'js', external = [] }) {
  const stubbed = new Set();
  const stubs = {
    name: 'pending-node-stubs',
    setup(b) {
      b.onResolve({ filter: /^node:/ }, (args) => (PENDING_NODE_STUBS.includes(args.path) ? { path: args.path, namespace: 'pending-node-stub' } : undefined));
      b.onLoad({ filter: /.*/, namespace: 'pending-node-stub' }, (args) => {
        stubbed.add(args.path);
        const fail = `() => { throw new Error(${JSON.stringify(`${args.path} is not available in a browser`)}); }`;
        // Making a context or a Script is allowed (the guard makes them when its module loads); running one is not.
        return { contents: `export const createContext = (o) => o; export class Script { runInContext = ${fail}; }`, loader: 'js' };
      });
    },
  };
  const result = await build({
    stdin: { contents, resolveDir, loader, sourcefile: 'entry.js' },
    bundle: true,
    minify,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    plugins: [stubs],
    external,
  });
  const code = result.outputFiles[0].contents;
  return { code: Buffer.from(code).toString('utf8'), bytes: code.length, gzipBytes: gzipSync(code).length, stubbed: [...stubbed] };
}
