/**
 * A definition's examples, each parsed by an engine built from that very definition. Built once
 * per document and shared by the checks that need it, and so is the compiled definition. A
 * pattern that can backtrack catastrophically is not run on a value longer than it can safely run
 * on while the pattern guard is not loaded (`pattern-skipped`): such examples are counted apart,
 * their other checks still run.
 */
import type { PurlTypeDefinition } from '../../../types/index.js';
import type { PurlComponents } from '../../purl/purl-components.js';
import type { PurlIssue } from '../../purl/purl-error.js';
import { engineFromCompiledTypes, type PurlEngine, type PurlValidation } from '../../purl/engine/purl-engine.js';
import { compileDefinition, type CompiledType } from '../../purl/definitions/compile-definition.js';
import { compilePermittedCharacters, type PermittedCharacters } from '../../purl/definitions/permitted-characters.js';
import { regexSyntaxError } from '../../schemas/regex-syntax.js';
import { COMPONENTS, definitionType, exampleStrings, type PatternSite } from './purl-type-document.js';

/** One example and what the definition's own engine makes of it. */
export interface ParsedExample {
  readonly index: number;
  readonly purl: string;
  /** The type the example names, lowercased; `null` when it names none. */
  readonly type: string | null;
  /** Whether that type is the definition's. Other checks skip an example of another type. */
  readonly ownType: boolean;
  /** The engine's verdict; `null` for an example of another type. */
  readonly validation: PurlValidation | null;
  /** The problems found, without the patterns that were no longer run (`pattern-skipped`). */
  readonly problems: readonly PurlIssue[];
  /** The components a pattern that was no longer run did not check. */
  readonly unchecked: readonly string[];
  /**
   * The canonical form when the example is valid, or when its only problem is a pattern that was
   * no longer run (patterns never change the canonical form); else `null`.
   */
  readonly canonical: string | null;
  /** The components, on the same terms as `canonical`; else `null`. */
  readonly components: PurlComponents | null;
  /**
   * What the same engine reads back from `canonical`, when it differs from the example: a fix
   * replaces the example only when this equals `components`.
   */
  readonly canonicalComponents: PurlComponents | null;
}

interface DefinitionRun {
  readonly compiled: CompiledType | null;
  readonly examples: readonly ParsedExample[];
}

const TYPE_PREFIX = /^pkg:\/*([^/@?#]*)/i;
const runs = new WeakMap<object, DefinitionRun>();
const loosePatterns = new WeakMap<object, Map<string, PermittedCharacters>>();

function compiledOrNull(definition: PurlTypeDefinition): CompiledType | null {
  try {
    return compileDefinition(definition);
  } catch {
    // A pattern that does not compile; the schema's `format: regex` reports it.
    return null;
  }
}

/** The definition without its patterns: the canonical form of an example whose pattern was not run. */
function withoutPatterns(definition: PurlTypeDefinition): PurlTypeDefinition {
  const copy: Record<string, unknown> = { ...definition };
  for (const component of COMPONENTS) {
    const key = `${component}_definition`;
    const part = (definition as unknown as Record<string, unknown>)[key];
    if (part && typeof part === 'object') {
      const { permitted_characters: _pattern, ...rest } = part as Record<string, unknown>;
      copy[key] = rest;
    }
  }
  return copy as unknown as PurlTypeDefinition;
}

function parsedOrNull(engine: PurlEngine, purl: string): PurlComponents | null {
  try {
    return engine.parse(purl);
  } catch {
    return null;
  }
}

function run(document: unknown, schemaValid: boolean): DefinitionRun {
  if (!schemaValid || typeof document !== 'object' || document === null) return { compiled: null, examples: [] };
  const cached = runs.get(document);
  if (cached) return cached;
  const definition = document as PurlTypeDefinition;
  const definitionTypeName = definitionType(document);
  const compiled = compiledOrNull(definition);
  const examples: ParsedExample[] = [];
  if (compiled && definitionTypeName !== undefined) {
    const engine = engineFromCompiledTypes([compiled]);
    let patternless: PurlEngine | null | undefined;
    const strings = exampleStrings(document);
    for (const { index, purl } of strings) {
      const type = TYPE_PREFIX.exec(purl)?.[1]?.toLowerCase() || null;
      const ownType = type === definitionTypeName;
      const validation = ownType ? engine.validate(purl) : null;
      const problems = validation ? validation.errors.filter((issue) => issue.code !== 'pattern-skipped') : [];
      const unchecked = validation ? validation.errors.filter((issue) => issue.code === 'pattern-skipped').map((issue) => issue.component) : [];
      let canonical = validation?.valid ? validation.canonical : null;
      let components = validation?.valid ? parsedOrNull(engine, purl) : null;
      let reader = engine;
      if (validation && !validation.valid && problems.length === 0) {
        patternless ??= engineFromCompiledTypes([compileDefinition(withoutPatterns(definition))]);
        const loose = patternless.validate(purl);
        canonical = loose.canonical;
        components = loose.valid ? parsedOrNull(patternless, purl) : null;
        reader = patternless;
      }
      const canonicalComponents = canonical !== null && canonical !== purl && components ? parsedOrNull(reader, canonical) : null;
      examples.push({ index, purl, type, ownType, validation, problems, unchecked, canonical, components, canonicalComponents });
    }
  }
  const result = { compiled, examples };
  runs.set(document, result);
  return result;
}

/**
 * The examples of a schema-valid definition, parsed; empty when the document is not schema-valid
 * (no engine can be built from it) or its patterns do not compile.
 */
export function examplesOf(document: unknown, schemaValid: boolean): readonly ParsedExample[] {
  return run(document, schemaValid).examples;
}

/**
 * The compiled pattern of a site, the very one the examples were checked with when there is one;
 * else compiled once per document. `null` when it does not compile.
 */
export function patternOf(document: unknown, schemaValid: boolean, site: PatternSite): PermittedCharacters | null {
  const compiled = run(document, schemaValid).compiled;
  const shared = compiled?.[site.component].permitted;
  if (shared && shared.source === site.source) return shared;
  if (typeof document !== 'object' || document === null || regexSyntaxError(site.source) !== null) return null;
  let patterns = loosePatterns.get(document);
  if (!patterns) {
    patterns = new Map();
    loosePatterns.set(document, patterns);
  }
  let pattern = patterns.get(site.source);
  if (!pattern) {
    pattern = compilePermittedCharacters(site.source);
    patterns.set(site.source, pattern);
  }
  return pattern;
}
