import type { PurlTypeDefinition } from '../../../types/index.js';
import { hasTypeWarnings, typeWarnings } from './type-warnings.js';
import { PurlError, quote, type PurlIssue } from '../purl-error.js';
import { emptyQualifiers, type PurlComponents, type PurlComponentsInput, type PurlQualifiers } from '../purl-components.js';
import { parsePurlString, type SyntaxContext } from '../syntax/parse-purl-string.js';
import { buildPurlString } from '../syntax/build-purl-string.js';
import { RawQualifiers } from '../syntax/raw-qualifiers.js';
import { readComponents, type ReadComponents } from '../syntax/read-components.js';
import { ParsedPurl } from '../syntax/parsed-purl.js';
import { vocabulary, type Vocabulary } from '../syntax/vocabulary.js';
import { locateParts, type SourceLayout } from '../syntax/source-layout.js';
import { MAX_PURL_LENGTH } from '../syntax/generic-rules.js';
import type { WordIndex } from '../syntax/word-index.js';
import { GENERIC_PLAN, type CompiledType } from '../definitions/compile-definition.js';
import type { DefinitionRules } from '../definitions/definition-rules.js';
import type { CompileSettings } from '../definitions/compile-definition.js';
import type { PatternGuard } from '../definitions/pattern-guard.js';
import { defaultPurlRules, rulesLookup, type PurlRule, type RuleComponent, type RulesLookup } from '../rules/index.js';
import { TypeEntry } from './type-entry.js';
import { applyTypeRules } from './apply-type-rules.js';
import { canonicalInPlace } from './canonical-fast-path.js';
import { NORMALISED_BUILD } from './engine-internals.js';
import { InvalidArgumentError } from '../../shared/errors.js';

/**
 * Options of an engine: everything it needs is given to it here, and nothing outside it changes
 * what it answers.
 *
 * @example
 * ```ts
 * import { loadPurlEngine, type PurlEngineOptions } from 'teapurl/purl';
 * const options: PurlEngineOptions = { strictTypes: true };
 * const engine = await loadPurlEngine([cargoDefinition], options);
 * engine.validate('pkg:acme/widget@1.0').errors[0]?.code; // 'unknown-type'
 * ```
 */
export interface PurlEngineOptions {
  /** Refuse PURLs whose type no loaded definition describes (default: parse them with the generic rules). */
  readonly strictTypes?: boolean;
  /**
   * The rules for what definitions state in prose only ({@link PurlRule}); default
   * {@link defaultPurlRules}. `[]` applies the definitions alone. A rule id given twice is a `TypeError`.
   */
  readonly rules?: readonly PurlRule[];
  /**
   * The linear-time engine to run long values of patterns that can backtrack catastrophically on
   * ({@link loadPatternGuard}); without it such values are reported `pattern-skipped`.
   */
  readonly patternGuard?: PatternGuard | null;
  /**
   * Whether `canonicalize` may answer a PURL known canonical from its shape alone, without reading
   * its components (default `true`). Switching it off changes no answer, only the time taken: it
   * exists to compare the two.
   */
  readonly canonicalFastPath?: boolean;
}

/**
 * Options of {@link PurlEngine.parse}.
 *
 * @example
 * ```ts
 * import { parsePurl, type ParseOptions } from 'teapurl';
 * const lenient: ParseOptions = { lenient: true };
 * parsePurl('pkg:maven/org.apache.commons/io@1.3.4?Type=pom', lenient).qualifiers; // { type: 'pom' }
 * parsePurl('pkg:maven/org.apache.commons/io@1.3.4?Type=pom'); // throws PurlError 'uppercase-qualifier-key'
 * ```
 */
export interface ParseOptions {
  /**
   * Repair what ECMA-427 lets a reader repair instead of refusing it (qualifier keys written in
   * uppercase). {@link PurlEngine.canonicalize} always parses this way.
   */
  readonly lenient?: boolean;
  /**
   * Refuse, too, what the type's definition asks for without requiring it (ECMA-427 2nd
   * edition): a namespace none of its `registered_values` (`unregistered-namespace`), a qualifier
   * it marks `recommended` missing (`missing-recommended-qualifier`). Without it, parsing is
   * silent about them; {@link PurlEngine.validate} always reports them as `warnings`.
   */
  readonly strict?: boolean;
}

/**
 * The answer of {@link PurlEngine.validate}.
 *
 * @example
 * ```ts
 * import { validatePurl, type PurlValidation } from 'teapurl';
 * const verdict: PurlValidation = validatePurl('pkg:NPM/lodash@4.17.21');
 * // { valid: true, errors: [], warnings: [], canonical: 'pkg:npm/lodash@4.17.21', isCanonical: false }
 * ```
 */
export interface PurlValidation {
  /** Whether the PURL is valid under strict parsing and the type's definition. */
  readonly valid: boolean;
  /** Every problem found; empty when valid. */
  readonly errors: PurlIssue[];
  /**
   * What the type's definition asks for without requiring it (ECMA-427 2nd edition), on a valid
   * PURL: a namespace none of the registered values (`unregistered-namespace`), a recommended
   * qualifier missing (`missing-recommended-qualifier`). They never make a PURL invalid. Empty
   * for an invalid PURL.
   */
  readonly warnings: PurlIssue[];
  /** The canonical form when the PURL is valid, else `null`. */
  readonly canonical: string | null;
  /** Whether the input already is that canonical form. */
  readonly isCanonical: boolean;
}

/** Whether the type lowercases namespace, name or version: only then is it worth asking {@link ParsedPurl.caseFree}. */
function foldsCase(plan: CompiledType): boolean {
  return plan.namespace.lowercase || plan.name.lowercase || plan.version.lowercase;
}

/** What {@link NORMALISED_BUILD} returns. */
export interface NormalisedBuild {
  /** The canonical PURL string, as {@link PurlEngine.build} writes it. */
  readonly canonical: string;
  /** The components read and normalised on the way (the caller's qualifiers record may be among them, as it is). */
  readonly components: ReadComponents;
}

/** An engine's settings once its options are read. */
export interface EngineSettings {
  readonly strictTypes: boolean;
  readonly rules: readonly PurlRule[];
  readonly rulesFor: RulesLookup;
  readonly patternGuard: PatternGuard | null;
  readonly canonicalFastPath: boolean;
  /** How long a value each type's patterns run on directly (see {@link CompileSettings.safeLength}). */
  readonly safeLength: (pattern: string) => number;
}

/**
 * A PURL parser and builder compiled from a set of PURL type definitions. Everything a type
 * needs (case folding, permitted characters, required and prohibited components, required
 * qualifiers) comes from its definition, and what definitions state in prose only from the
 * engine's rules; types no definition describes get ECMA-427's generic rules, or are refused with
 * `strictTypes`. An engine holds all it uses: two engines in one program never see each other's
 * rules or pattern guard.
 *
 * @example
 * ```ts
 * import { loadPurlEngine } from 'teapurl/purl';
 * const engine = await loadPurlEngine([pypiDefinition], { strictTypes: true });
 * engine.canonicalize('pkg:PYPI/Django_Package@1.0'); // 'pkg:pypi/django-package@1.0'
 * ```
 */
export class PurlEngine {
  readonly #types: Map<string, TypeEntry>;
  readonly #settings: EngineSettings;
  /** The known types and qualifier keys, for the syntax layer's fast paths. */
  readonly #words: Vocabulary;
  /** The same types index, typed as the engine's own entries, for the canonical fast path. */
  readonly #entries: WordIndex<TypeEntry>;
  /** How the syntax layer reads for this engine, strictly and leniently: made once, for every input. */
  readonly #strict: SyntaxContext;
  readonly #lenient: SyntaxContext;

  /**
   * Engines are made by {@link loadPurlEngine}, {@link bundledPurlEngine} and
   * {@link defaultPurlEngine}; teapurl's own modules make them through one internal factory.
   *
   * @hidden
   */
  constructor(entries: readonly TypeEntry[], settings: EngineSettings) {
    if (!Array.isArray(entries) || !entries.every((entry) => entry instanceof TypeEntry)) {
      throw new InvalidArgumentError('make an engine with loadPurlEngine(definitions) or bundledPurlEngine()');
    }
    // A later entry for the same type replaces an earlier one, as a Map built from them would.
    this.#types = new Map(entries.map((entry) => [entry.type, entry]));
    this.#settings = settings;
    const words = vocabulary(
      [...this.#types.values()],
      [...this.#types.values()].flatMap((t) => t.qualifierKeys),
    );
    this.#words = words;
    this.#entries = words.types;
    this.#strict = { lenient: false, words };
    this.#lenient = { lenient: true, words };
  }

  /**
   * Builds the canonical PURL string and returns it with the components normalised on the way:
   * the `PackageURL` constructor needs both, and parsing the string again would cost as much as
   * building it.
   *
   * @hidden
   */
  [NORMALISED_BUILD](components: PurlComponentsInput): NormalisedBuild {
    const read = readComponents(components, this.#words);
    const plan = this.#plan(read.type);
    applyTypeRules(read, plan);
    return { canonical: buildPurlString(read, plan.namespaceSegments !== null, read.qualifierKeys), components: read };
  }

  /**
   * Parses a PURL string into normalised components: percent-decoded, lowercased where the type
   * is case-insensitive, with the type's rules applied.
   *
   * @throws {@link PurlError} naming the component and a stable code.
   * @example
   * ```ts
   * engine.parse('pkg:npm/%40angular/core@17.0.0');
   * // { type: 'npm', namespace: '@angular', name: 'core', version: '17.0.0', qualifiers: null, subpath: null }
   * ```
   */
  parse(purl: string, options?: ParseOptions): PurlComponents {
    // The layout and the type's entry are found here, not in the syntax layer, so that the entry
    // is at hand for the type's plan (else looked up again by name, in a Map).
    const layout = typeof purl === 'string' && purl.length <= MAX_PURL_LENGTH ? locateParts(purl) : undefined;
    const entry = this.#entryOf(purl, layout);
    const components = parsePurlString(purl, options?.lenient ? this.#lenient : this.#strict, layout, entry);
    const { namespace, name, version, subpath } = components;
    const plan = entry != null ? entry.compiled : this.#plan(components.type);
    applyTypeRules(components, plan, undefined, foldsCase(plan) ? ParsedPurl.caseFree(components) : 0);
    if (options?.strict === true) refuseWarnings(components, plan);
    // Remembered for build: components left as settled need no reading or checking again.
    const changed = components.namespace !== namespace || components.name !== name || components.version !== version || components.subpath !== subpath;
    ParsedPurl.settle(components, this, plan.namespaceSegments !== null, changed);
    return components;
  }

  /**
   * Builds the canonical PURL string from components (any object of the {@link PurlComponents}
   * shape, such as a packageurl-js `PackageURL`).
   *
   * @throws {@link PurlError} naming the component and a stable code.
   * @example
   * ```ts
   * engine.build({ type: 'maven', namespace: 'org.apache.commons', name: 'io', version: '1.3.4', qualifiers: null, subpath: null });
   * // 'pkg:maven/org.apache.commons/io@1.3.4'
   * ```
   */
  build(components: PurlComponentsInput): string {
    // Components this engine parsed, untouched since: already read, checked and normalised (see
    // ParsedPurl). Anything else is read and built in full.
    return ParsedPurl.canonicalForm(components, this) ?? this[NORMALISED_BUILD](components).canonical;
  }

  /**
   * Returns the canonical form of a PURL string. Parsing is lenient: what ECMA-427 lets a reader
   * repair (uppercase qualifier keys) is repaired.
   *
   * @throws {@link PurlError} when the PURL cannot be repaired.
   * @example
   * ```ts
   * engine.canonicalize('pkg:Maven/org.apache.commons/io@1.3.4?Type=pom'); // 'pkg:maven/org.apache.commons/io@1.3.4?type=pom'
   * ```
   */
  canonicalize(purl: string): string {
    // Most PURLs are canonical already, and of types whose definitions ask nothing of the values:
    // such a PURL is known canonical from where its parts are and what characters they hold (or
    // canonical but for the order of its qualifiers, which are then put in order). Any other is
    // parsed from the same layout.
    const layout = typeof purl === 'string' && purl.length <= MAX_PURL_LENGTH ? locateParts(purl) : undefined;
    const entry = this.#entryOf(purl, layout);
    if (entry != null && this.#settings.canonicalFastPath) {
      const rules = entry.inPlace;
      const form = rules === null ? null : canonicalInPlace(purl, layout as SourceLayout, rules, this.#words);
      if (form !== null) return form;
    }
    // Qualifiers are read as written; they are decoded into a record only when the type needs
    // them, else written back from what was read (canonical values as they are).
    const raw = new RawQualifiers();
    const components = parsePurlString(purl, { lenient: true, words: this.#words, rawQualifiers: raw }, layout, entry);
    const plan = entry != null ? entry.compiled : this.#plan(components.type);
    if (plan.readsQualifiers) components.qualifiers = raw.toRecord();
    const { namespace, name, version, subpath } = components;
    applyTypeRules(components, plan, undefined, foldsCase(plan) ? ParsedPurl.caseFree(components) : 0);
    // When the rules changed nothing and the string is written as building would write it, it
    // is the answer, and nothing needs building.
    const unchanged = components.namespace === namespace && components.name === name && components.version === version && components.subpath === subpath;
    const source = unchanged ? ParsedPurl.sourceIfCanonical(components) : null;
    if (source !== null) return source;
    return buildPurlString(components, plan.namespaceSegments !== null, null, raw);
  }

  /**
   * Checks a PURL under strict parsing and its type's definition, collecting every type-level
   * problem rather than stopping at the first.
   *
   * @example
   * ```ts
   * engine.validate('pkg:vcpkg/boost/asio').errors; // [{ component: 'namespace', code: 'prohibited', message: … }]
   * ```
   */
  validate(purl: string): PurlValidation {
    // Most PURLs an SBOM holds are canonical: one told so in place (see canonicalize) is valid,
    // its definition's checks run on it, and has no warning when its type gives none. Any other
    // is parsed from the same layout.
    const layout = typeof purl === 'string' && purl.length <= MAX_PURL_LENGTH ? locateParts(purl) : undefined;
    const entry = this.#entryOf(purl, layout);
    if (
      entry?.inPlace &&
      this.#settings.canonicalFastPath &&
      !hasTypeWarnings(entry.compiled) &&
      canonicalInPlace(purl, layout!, entry.inPlace, this.#words) === purl
    ) {
      return { valid: true, errors: [], warnings: [], canonical: purl, isCanonical: true };
    }
    let components: PurlComponents;
    let plan: CompiledType;
    try {
      components = parsePurlString(purl, this.#strict, layout, entry);
      plan = entry != null ? entry.compiled : this.#plan(components.type);
    } catch (error) {
      if (error instanceof PurlError) return { valid: false, errors: [error.toIssue()], warnings: [], canonical: null, isCanonical: false };
      throw error;
    }
    const errors: PurlIssue[] = [];
    applyTypeRules(components, plan, errors, foldsCase(plan) ? ParsedPurl.caseFree(components) : 0);
    if (errors.length > 0) return { valid: false, errors, warnings: [], canonical: null, isCanonical: false };
    const canonical = buildPurlString(components, plan.namespaceSegments !== null);
    const warnings = hasTypeWarnings(plan) ? typeWarnings(components, plan) : [];
    return { valid: true, errors, warnings, canonical, isCanonical: canonical === purl };
  }

  /** The types this engine has definitions for, sorted. */
  types(): string[] {
    return [...this.#types.keys()].sort();
  }

  /**
   * The definition document of `type` (lowercase), or `undefined`: for a type the engine does not
   * know, and for the types of {@link defaultPurlEngine} and {@link bundledPurlEngine}, which hold
   * the bundled types' rules but not their texts (descriptions, notes, examples):
   * {@link loadPurlDefinitions} has those.
   */
  definition(type: string): PurlTypeDefinition | undefined {
    return this.#types.get(type)?.document ?? undefined;
  }

  /**
   * The qualifiers of parsed components with each missing qualifier's `default_value` filled in:
   * what the PURL means, as opposed to how it is written.
   *
   * @example
   * ```ts
   * engine.effectiveQualifiers(engine.parse('pkg:maven/org.apache.commons/io@1.3.4')).type; // 'jar'
   * ```
   */
  effectiveQualifiers(components: Pick<PurlComponents, 'type' | 'qualifiers'>): PurlQualifiers {
    const result = emptyQualifiers();
    const defaults = this.#types.get(components.type)?.compiled.qualifierDefaults;
    if (defaults) Object.assign(result, defaults);
    if (components.qualifiers) Object.assign(result, components.qualifiers);
    return result;
  }

  /**
   * The rules this engine applies to one component of one type, in the order it applies them.
   *
   * @example
   * ```ts
   * import { defaultPurlEngine } from 'teapurl/purl';
   * defaultPurlEngine().rulesFor('pypi', 'name').map((rule) => rule.summary); // ['Each "_" in the name becomes "-".']
   * defaultPurlEngine().rulesFor('npm', 'name'); // []
   * ```
   */
  rulesFor(type: string, component: RuleComponent): readonly PurlRule[] {
    return this.#settings.rulesFor(type, component);
  }

  /**
   * Every rule this engine was given, in the order given.
   *
   * @example
   * ```ts
   * import { defaultPurlEngine } from 'teapurl/purl';
   * defaultPurlEngine().rules().map((rule) => rule.id); // ['pypi/name/underscore-to-dash', 'cpan/name/distribution-not-module', …]
   * ```
   */
  rules(): readonly PurlRule[] {
    return this.#settings.rules;
  }

  /**
   * This engine's entry for the type written where `layout` (found for `purl`) says, `null` when it
   * has none, or `undefined` without a layout (or a type): parsing then finds the type itself.
   */
  #entryOf(purl: string, layout: SourceLayout | undefined): TypeEntry | null | undefined {
    if (layout === undefined || layout.pathStart === -1) return undefined;
    // A type written with capitals (`pkg:Maven/…`) has its entry all the same (parsing then knows
    // the type was not written in lowercase, from the layout); looked up apart, so that this stays
    // small enough for V8 to inline.
    return (
      this.#entries.find(purl, layout.typeStart, layout.pathStart - 1) ?? (layout.lowerEnd < layout.pathStart - 1 ? this.#entryInAnyCase(purl, layout) : null)
    );
  }

  /** The entry of the type written with capitals where `layout` says, or `null`. */
  #entryInAnyCase(purl: string, layout: SourceLayout): TypeEntry | null {
    return this.#entries.get(purl.slice(layout.typeStart, layout.pathStart - 1).toLowerCase()) ?? null;
  }

  #plan(type: string): CompiledType {
    const entry = this.#types.get(type);
    if (entry !== undefined) return entry.compiled;
    if (this.#settings.strictTypes) {
      throw new PurlError('type', 'unknown-type', `type ${quote(type)} is not one of the ${this.#types.size} types this engine knows`);
    }
    return GENERIC_PLAN;
  }
}

/** Throws the first warning as a {@link PurlError}: what `parse(s, { strict: true })` does. */
function refuseWarnings(components: PurlComponents, plan: CompiledType): void {
  if (!hasTypeWarnings(plan)) return;
  const [first] = typeWarnings(components, plan);
  if (first !== undefined) throw new PurlError(first.component, first.code, first.message);
}

/** A type an engine is made from: the rules to compile and, when the caller has it, the whole document. */
export interface EngineType {
  readonly rules: DefinitionRules;
  readonly document: PurlTypeDefinition | null;
  /** Where it came from, for a compile error's message; absent for types known to compile. */
  readonly source?: string;
  /** The type compiled already, with these settings, by a caller that shares its patterns. */
  readonly compiled?: CompiledType;
}

/**
 * Reads an engine's options once, refusing what cannot be used. `safeLength` tells how long a
 * value the patterns of its types run on directly (see {@link CompileSettings.safeLength}).
 */
export function engineSettings(options: PurlEngineOptions, safeLength: (pattern: string) => number): EngineSettings {
  if (typeof options !== 'object' || options === null) throw new InvalidArgumentError('engine options must be an object');
  const rules = options.rules ?? defaultPurlRules;
  return {
    strictTypes: options.strictTypes === true,
    rules,
    rulesFor: rulesLookup(rules),
    patternGuard: options.patternGuard ?? null,
    canonicalFastPath: options.canonicalFastPath !== false,
    safeLength,
  };
}

/**
 * The one factory behind every engine. Types with a `source` are compiled at once, so that a
 * pattern that does not compile is reported while loading, as `failed` makes it (the loaders: a
 * `DefinitionSetError` naming the document); the others (the bundled types, checked when
 * teapurl is built) are compiled when first asked for.
 */
export function createEngine(
  types: readonly EngineType[],
  settings: EngineSettings,
  failed: (error: unknown, source: string) => Error = (error) => error as Error,
): PurlEngine {
  const compile = { rules: settings.rulesFor, patternGuard: settings.patternGuard, safeLength: settings.safeLength };
  const entries = types.map(({ rules, document, source, compiled }) => {
    const entry = new TypeEntry(rules, document, compile, compiled ?? null);
    if (source !== undefined) {
      try {
        void entry.compiled;
      } catch (error) {
        throw failed(error, source);
      }
    }
    return entry;
  });
  return new PurlEngine(entries, settings);
}
