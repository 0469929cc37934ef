import type { PurlTypeDefinition } from '../../../types/index.js';
import { PurlError, quote, type PurlIssue } from '../purl-error.js';
import { emptyQualifiers, type PurlComponents, type PurlComponentsInput, type PurlQualifiers } from '../purl-components.js';
import { LENIENT, parsePurlString } from '../syntax/parse-purl-string.js';
import { isCanonicalInPlace } from '../syntax/canonical-in-place.js';
import { buildPurlString } from '../syntax/build-purl-string.js';
import { RawQualifiers } from '../syntax/raw-qualifiers.js';
import { readComponents, type ReadComponents } from '../syntax/read-components.js';
import { ParsedPurl } from '../syntax/parsed-purl.js';
import { compileDefinition, DefinitionCompileError, GENERIC_PLAN, type CompiledType } from '../definitions/compile-definition.js';
import type { DefinitionRules } from '../definitions/definition-rules.js';
import { TypeEntry } from './type-entry.js';
import { checkDefinitions, DefinitionSetError, type SourcedDocument } from '../definitions/check-definitions.js';
import { applyTypeRules } from './apply-type-rules.js';
import { vocabulary, type Vocabulary } from '../syntax/vocabulary.js';

/**
 * Options of an engine.
 *
 * @example
 * ```ts
 * import { PurlEngine, defaultPurlDefinition, type PurlEngineOptions } from 'teapurl';
 * const options: PurlEngineOptions = { strictTypes: true };
 * const engine = PurlEngine.fromDefinitions([defaultPurlDefinition('cargo')], options);
 * engine.validate('pkg:acme/widget@1.0').errors[0]?.code; // 'unknown-type'
 * ```
 */
export interface PurlEngineOptions {
  /** Refuse PURLs whose type no loaded definition describes (default: parse them with the generic rules). */
  readonly strictTypes?: boolean;
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
}

/**
 * The answer of {@link PurlEngine.validate}.
 *
 * @example
 * ```ts
 * import { validatePurl, type PurlValidation } from 'teapurl';
 * const verdict: PurlValidation = validatePurl('pkg:NPM/lodash@4.17.21');
 * // { valid: true, errors: [], canonical: 'pkg:npm/lodash@4.17.21', isCanonical: false }
 * ```
 */
export interface PurlValidation {
  /** Whether the PURL is valid under strict parsing and the type's definition. */
  readonly valid: boolean;
  /** Every problem found; empty when valid. */
  readonly errors: PurlIssue[];
  /** The canonical form when the PURL is valid, else `null`. */
  readonly canonical: string | null;
  /** Whether the input already is that canonical form. */
  readonly isCanonical: boolean;
}

/** Whether the type lowercases namespace or name: only then is it worth asking {@link ParsedPurl.caseFree}. */
function foldsPath(plan: CompiledType): boolean {
  return plan.namespace.lowercase || plan.name.lowercase;
}

const STRICT = { lenient: false } as const;

let buildFromEntries: (entries: readonly TypeEntry[], options: PurlEngineOptions) => PurlEngine;

/**
 * Builds an engine from compiled types, sharing their patterns (and so their time budget) with
 * whoever compiled them: the validator's checks of one definition. Not part of the public API.
 */
export function engineFromCompiledTypes(types: readonly CompiledType[], options: PurlEngineOptions = {}): PurlEngine {
  return buildFromEntries(types.map((compiled) => TypeEntry.compiled(compiled, null)), options);
}

/**
 * Builds an engine from the rules of definitions known to compile (the bundled ones), each type
 * compiled when first asked for; `documents` are what {@link PurlEngine.definition} answers, when
 * the caller has them. Not part of the public API.
 */
export function engineFromRules(rules: readonly DefinitionRules[], options: PurlEngineOptions = {}, documents?: readonly PurlTypeDefinition[]): PurlEngine {
  return buildFromEntries(rules.map((r, index) => TypeEntry.lazy(r, documents?.[index] ?? null)), options);
}

let buildNormalised: (engine: PurlEngine, components: PurlComponentsInput) => NormalisedBuild;

/** What {@link buildNormalisedComponents} returns. */
export interface NormalisedBuild {
  /** The canonical PURL string, as {@link PurlEngine.build} writes it. */
  readonly canonical: string;
  /** The components read and normalised on the way (the caller's qualifiers record may be among them, as it is). */
  readonly components: ReadComponents;
}

/**
 * Builds as {@link PurlEngine.build} does, and also returns the normalised components it built
 * from: the `PackageURL` constructor needs both, and parsing the string again would cost as much
 * as building it. Not part of the public API.
 */
export function buildNormalisedComponents(engine: PurlEngine, components: PurlComponentsInput): NormalisedBuild {
  return buildNormalised(engine, components);
}

let buildFromSources: (documents: readonly SourcedDocument[], options: PurlEngineOptions) => PurlEngine;

/**
 * Builds an engine from documents that carry where they came from and, for files, the findings
 * the validator already gave them (with lines and columns). The Node adapter that reads a folder
 * of definitions uses it; not part of the public API.
 */
export function engineFromSourcedDocuments(documents: readonly SourcedDocument[], options: PurlEngineOptions = {}): PurlEngine {
  return buildFromSources(documents, options);
}

/** Any failure while loading definitions, as the one error type the loaders throw. */
function asDefinitionSetError(error: unknown, source: string): DefinitionSetError {
  if (error instanceof DefinitionSetError) return error;
  if (error instanceof DefinitionCompileError) return new DefinitionSetError(source, `${source}: ${error.message}`);
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const shown = what.length > 200 ? `${what.slice(0, 200)}…` : what;
  return new DefinitionSetError(
    source,
    `${source}: teapurl failed while loading this definition (${shown}); this is a fault in teapurl: please report it to the teapurl maintainers with this file`,
  );
}

/**
 * A PURL parser and builder compiled from a set of PURL type definitions. Everything a type
 * needs (case folding, permitted characters, required and prohibited components, required
 * qualifiers, the registered prose rules) comes from its definition; types no definition
 * describes get ECMA-427's generic rules, or are refused with `strictTypes`.
 *
 * @example
 * ```ts
 * import { PurlEngine, defaultPurlDefinition } from 'teapurl';
 * const engine = PurlEngine.fromDefinitions([defaultPurlDefinition('pypi')], { strictTypes: true });
 * engine.canonicalize('pkg:PYPI/Django_Package@1.0'); // 'pkg:pypi/django-package@1.0'
 * ```
 */
export class PurlEngine {
  readonly #types: Map<string, TypeEntry>;
  readonly #strictTypes: boolean;
  /** The known types and qualifier keys, for the syntax layer's fast paths. */
  readonly #words: Vocabulary;

  private constructor(entries: readonly TypeEntry[], options: PurlEngineOptions) {
    // A later entry for the same type replaces an earlier one, as a Map built from them would.
    this.#types = new Map(entries.map((entry) => [entry.type, entry]));
    this.#strictTypes = options.strictTypes ?? false;
    const keys = [...this.#types.values()].flatMap((t) => t.qualifierKeys);
    this.#words = vocabulary(this.#types.values(), keys);
  }

  /**
   * Builds an engine from definition documents. Each is checked against the PURL type
   * definition schema first; an invalid one, or two for the same type, is refused with a
   * {@link DefinitionSetError} naming the document and the finding. Nothing else is thrown: a
   * pattern the engine cannot compile, or a fault inside teapurl, is a `DefinitionSetError` too.
   *
   * @example
   * ```ts
   * const engine = PurlEngine.fromDefinitions([cargoDefinition, npmDefinition]);
   * ```
   */
  static fromDefinitions(documents: readonly unknown[], options: PurlEngineOptions = {}): PurlEngine {
    const sources = documents.map((_document, index) => `definition #${index}`);
    return PurlEngine.#fromSources(() => checkDefinitions(documents.map((document, index) => ({ document, source: sources[index]! }))), sources, options);
  }

  /** Checks and compiles definitions, turning every failure into a {@link DefinitionSetError} naming its document. */
  static #fromSources(check: () => PurlTypeDefinition[], sources: readonly string[], options: PurlEngineOptions): PurlEngine {
    let definitions: PurlTypeDefinition[];
    try {
      definitions = check();
    } catch (error) {
      throw asDefinitionSetError(error, 'the definitions');
    }
    // Compiled now, not on first use: a pattern that does not compile is reported while loading.
    const entries = definitions.map((definition, index) => {
      try {
        return TypeEntry.compiled(compileDefinition(definition), definition);
      } catch (error) {
        throw asDefinitionSetError(error, sources[index] ?? `definition #${index}`);
      }
    });
    return new PurlEngine(entries, options);
  }

  static {
    buildFromEntries = (entries, options) => new PurlEngine(entries, options);
    buildNormalised = (engine, components) => {
      const read = readComponents(components, engine.#words);
      const plan = engine.#plan(read.type);
      applyTypeRules(read, plan);
      return { canonical: buildPurlString(read, plan.namespaceSegments !== null, read.qualifierKeys), components: read };
    };
    buildFromSources = (documents, options) =>
      PurlEngine.#fromSources(() => checkDefinitions(documents), documents.map((d) => d.source), options);
  }

  /** @internal Builds an engine from documents already known to be valid, each type compiled on first use. */
  static fromCheckedDefinitions(definitions: readonly PurlTypeDefinition[], options: PurlEngineOptions = {}): PurlEngine {
    return new PurlEngine(definitions.map((definition) => TypeEntry.lazy(definition, definition)), options);
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
    const components = parsePurlString(purl, options?.lenient ? LENIENT : STRICT, this.#words);
    const { namespace, name, version, subpath } = components;
    const plan = this.#plan(components.type);
    applyTypeRules(components, plan, undefined, foldsPath(plan) && ParsedPurl.caseFree(components));
    // Remembered for build: when the rules changed nothing, the string read may be the canonical form.
    if (components.namespace === namespace && components.name === name && components.version === version && components.subpath === subpath) {
      ParsedPurl.settle(components, this);
    }
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
    // Components this engine parsed, untouched since, from a string already canonical: nothing
    // to build (see ParsedPurl). Anything else is read and built in full.
    const source = ParsedPurl.canonicalSource(components, this);
    if (source !== null) return source;
    return buildNormalised(this, components).canonical;
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
    // Qualifiers are read as written; they are decoded into a record only when the type needs
    // them, else written back from what was read (canonical values as they are).
    // Most PURLs are canonical already, and of types whose definitions ask nothing of the values:
    // such a PURL is known canonical from where its parts are and what characters they hold.
    if (typeof purl === 'string' && isCanonicalInPlace(purl, this.#words)) return purl;
    const raw = new RawQualifiers();
    const components = parsePurlString(purl, LENIENT, this.#words, raw);
    const plan = this.#plan(components.type);
    if (plan.readsQualifiers) components.qualifiers = raw.toRecord();
    const { namespace, name, version, subpath } = components;
    applyTypeRules(components, plan, undefined, foldsPath(plan) && ParsedPurl.caseFree(components));
    // Most PURLs are canonical already: when the rules changed nothing and the string is written
    // as building would write it, it is the answer, and nothing needs building.
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
    let components: PurlComponents;
    try {
      components = parsePurlString(purl, STRICT, this.#words);
    } catch (error) {
      if (error instanceof PurlError) return { valid: false, errors: [error.toIssue()], canonical: null, isCanonical: false };
      throw error;
    }
    const errors: PurlIssue[] = [];
    let plan: CompiledType;
    try {
      plan = this.#plan(components.type);
    } catch (error) {
      if (error instanceof PurlError) return { valid: false, errors: [error.toIssue()], canonical: null, isCanonical: false };
      throw error;
    }
    applyTypeRules(components, plan, errors, foldsPath(plan) && ParsedPurl.caseFree(components));
    if (errors.length > 0) return { valid: false, errors, canonical: null, isCanonical: false };
    const canonical = buildPurlString(components, plan.namespaceSegments !== null);
    return { valid: true, errors, canonical, isCanonical: canonical === purl };
  }

  /** The types this engine has definitions for, sorted. */
  types(): string[] {
    return [...this.#types.keys()].sort();
  }

  /**
   * The definition document of `type` (lowercase), or `undefined`: for a type the engine does not
   * know, and for the types of {@link defaultPurlEngine}, which holds the bundled types' rules but
   * not their texts (descriptions, notes, examples): `defaultPurlDefinitions()` from `teapurl` or
   * `teapurl/node` has those.
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

  #plan(type: string): CompiledType {
    const entry = this.#types.get(type);
    if (entry !== undefined) return entry.compiled;
    if (this.#strictTypes) {
      throw new PurlError('type', 'unknown-type', `type ${quote(type)} is not one of the ${this.#types.size} types this engine knows`);
    }
    return GENERIC_PLAN;
  }
}
