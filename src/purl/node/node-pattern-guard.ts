/**
 * The pattern guard as Node code uses it: re2js is required synchronously the first time a value
 * needs it, so a run that meets no such value (nearly all: the guard serves only patterns that can
 * backtrack catastrophically, on long values) never loads it, and a run that does gets the same
 * findings as one that had it from the start. No work is done twice and nothing is counted.
 */
import type { RE2JS } from 're2js';
import type { PatternGuard } from '../definitions/pattern-guard.js';
import { re2PatternGuard } from '../definitions/re2-pattern-guard.js';
import type { PurlValidationSetup } from '../kinds/purl-check-context.js';
import { requireFrom } from '../../shared/node/require-from.js';

// The loaded library: loading it again would give the same module.
let loaded: PatternGuard | string | undefined;

function load(): PatternGuard | string {
  if (loaded === undefined) {
    try {
      // require, not import(): the guard answers synchronously, inside the engine's parse.
      loaded = re2PatternGuard((requireFrom(import.meta.url)('re2js') as { RE2JS: typeof RE2JS }).RE2JS);
    } catch (error) {
      // A broken install: every flagged value says it was not checked, and why.
      loaded = `teapurl could not load its pattern guard (the re2js package): ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return loaded;
}

/**
 * The pattern guard `teapurl/node` and the command line give every engine and validation they
 * make: re2js, loaded on first use.
 */
export const nodePatternGuard: PatternGuard = {
  compileOnGuard(source) {
    const guard = load();
    return typeof guard === 'string' ? guard : guard.compileOnGuard(source);
  },
};

/**
 * The options with Node's pattern guard unless the caller chose one (or `null`, none): in Node it
 * costs nothing until a value needs it, and then every run answers the same.
 */
export function withNodeGuard<T extends PurlValidationSetup>(options: T): T {
  return options.patternGuard === undefined ? { ...options, patternGuard: nodePatternGuard } : options;
}
