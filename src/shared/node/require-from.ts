/**
 * A `require` that resolves from a module's URL, for the packages teapurl loads on first need
 * (picomatch, re2js, the optional verification packages).
 *
 * `node:module` is loaded on the first call, not imported: loading it loads Node's ES module
 * loader with it, a share of `teapurl validate`'s start-up that a run needing none of those
 * packages does without.
 */

/**
 * `createRequire(url)`, with `node:module` loaded when first asked.
 *
 * @example
 * ```ts
 * import { requireFrom } from './require-from.js';
 * const picomatch = requireFrom(import.meta.url)('picomatch');
 * ```
 */
export function requireFrom(url: string | URL): NodeJS.Require {
  return process.getBuiltinModule('node:module').createRequire(url);
}
