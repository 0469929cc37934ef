import { BUNDLED_PATTERN_SAFE_LENGTHS_JSON, DEFAULT_RULES_JSON } from './compiled/default-rules.js';
import type { DefinitionRules } from './definitions/definition-rules.js';
import { createEngine, engineSettings, type PurlEngine, type PurlEngineOptions } from './engine/purl-engine.js';
import type { PurlComponents, PurlComponentsInput } from './purl-components.js';
import type { ParseOptions, PurlValidation } from './engine/purl-engine.js';

// Made on first use and never changed: every caller of defaultPurlEngine gets the same answers.
let engine: PurlEngine | undefined;

/**
 * The engine of teapurl's bundled type definitions (`corpus/purl-types`) with the default options:
 * {@link defaultPurlRules}, no pattern guard, generic rules for other types. One engine, made on
 * first use; {@link bundledPurlEngine} makes one with other options. It holds the definitions'
 * rules only (requirements, case folding, permitted characters, qualifiers), each type compiled
 * when first asked for; the definitions are checked when the package is built, not at run time.
 * Their texts (descriptions, notes, examples) are not loaded with it: `definition(type)` answers
 * `undefined`, and {@link loadPurlDefinitions} has the documents.
 *
 * @example
 * ```ts
 * import { defaultPurlEngine } from 'teapurl/purl';
 * defaultPurlEngine().types().includes('cargo'); // true
 * ```
 */
export function defaultPurlEngine(): PurlEngine {
  engine ??= bundledPurlEngine();
  return engine;
}

/**
 * A new engine of teapurl's bundled type definitions under these options: other rules, a pattern
 * guard, `strictTypes`. Each call makes its own engine; nothing it is given reaches any other.
 *
 * @example
 * ```ts
 * import { bundledPurlEngine } from 'teapurl/purl';
 * const strict = bundledPurlEngine({ strictTypes: true });
 * strict.validate('pkg:acme/widget@1.0').errors[0]?.code; // 'unknown-type'
 * bundledPurlEngine({ rules: [] }).canonicalize('pkg:pypi/Django_Package'); // 'pkg:pypi/django_package' (no PyPI rule)
 * ```
 */
export function bundledPurlEngine(options: PurlEngineOptions = {}): PurlEngine {
  const rules = JSON.parse(DEFAULT_RULES_JSON) as DefinitionRules[];
  // The bundled patterns were measured when teapurl was built: the flagger is not loaded here.
  const limited = new Map(JSON.parse(BUNDLED_PATTERN_SAFE_LENGTHS_JSON) as [string, number][]);
  return createEngine(
    rules.map((r) => ({ rules: r, document: null })),
    engineSettings(options, (pattern) => limited.get(pattern) ?? Infinity),
  );
}

/**
 * Parses a PURL with the default engine; see {@link PurlEngine.parse}.
 *
 * @example
 * ```ts
 * parsePurl('pkg:pypi/Django_Package@1.0').name; // 'django-package'
 * ```
 */
export function parsePurl(purl: string, options?: ParseOptions): PurlComponents {
  return defaultPurlEngine().parse(purl, options);
}

/**
 * Builds a canonical PURL with the default engine; see {@link PurlEngine.build}.
 *
 * @example
 * ```ts
 * buildPurl({ type: 'cargo', namespace: null, name: 'rand', version: '0.8.5', qualifiers: null, subpath: null }); // 'pkg:cargo/rand@0.8.5'
 * ```
 */
export function buildPurl(components: PurlComponentsInput): string {
  return defaultPurlEngine().build(components);
}

/**
 * Canonicalises a PURL with the default engine; see {@link PurlEngine.canonicalize}.
 *
 * @example
 * ```ts
 * canonicalizePurl('pkg:GITHUB/Package-URL/purl-spec'); // 'pkg:github/package-url/purl-spec'
 * ```
 */
export function canonicalizePurl(purl: string): string {
  return defaultPurlEngine().canonicalize(purl);
}

/**
 * Validates a PURL with the default engine; see {@link PurlEngine.validate}.
 *
 * @example
 * ```ts
 * validatePurl('pkg:julia/Dates@1.9.0').valid; // false: julia PURLs need the uuid qualifier
 * ```
 */
export function validatePurl(purl: string): PurlValidation {
  return defaultPurlEngine().validate(purl);
}
