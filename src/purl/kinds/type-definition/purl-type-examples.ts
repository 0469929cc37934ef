/**
 * A definition's examples, each parsed by an engine built from that very definition, with the
 * validation's PURL rules and pattern guard. Built once per validation and shared by the checks
 * that need it, and so is the compiled definition. A pattern that can backtrack catastrophically
 * is not run on a value longer than it can safely run on without the pattern guard
 * (`pattern-skipped`): such examples are counted apart, their other checks still run.
 */
import type { PurlComponents } from '../../purl-components.js';
import type { PurlIssue } from '../../purl-error.js';
import { createEngine, engineSettings, type EngineSettings, type PurlEngine, type PurlValidation } from '../../engine/purl-engine.js';
import { compileDefinition, DefinitionCompileError, type CompiledType } from '../../definitions/compile-definition.js';
import type { ComponentRules, DefinitionRules } from '../../definitions/definition-rules.js';
import type { PermittedCharacters } from '../../definitions/permitted-characters.js';
import { compilePermittedCharacters, patternSafeLength } from '../../definitions/pattern-flagger.js';
import { regexSyntaxError } from '../../../shared/regex-syntax.js';
import { pointerTokens } from '../../../shared/pointer.js';
import { COMPONENTS, definitionType, exampleStrings, type PatternSite } from './purl-type-document.js';
import { checkableDefinition, type CheckableDefinition } from './purl-type-checkable.js';
import type { CheckContext } from '../../../validation/checks/check-context.js';
import { purlContextOf } from '../purl-check-context.js';

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
   * no longer run (patterns never change the canonical form), or when its only problems are what
   * ECMA-427 lets a reader repair (a qualifier key in uppercase: the canonical form is the repair,
   * as `purl canonical` writes it); else `null`.
   */
  readonly canonical: string | null;
  /** The components, on the same terms as `canonical` (read leniently for a repair); else `null`. */
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
  /** Why the examples were not checked against the definition, when they were not. */
  readonly blockedBy: CheckableDefinition['blockedBy'];
  /** Rejected members (and patterns that do not compile) the examples were not checked against. */
  readonly leftOut: readonly string[];
}

const TYPE_PREFIX = /^pkg:\/*([^/@?#]*)/i;
const NOTHING_REJECTED: ReadonlySet<string> = new Set();
const NO_RUN: DefinitionRun = { compiled: null, examples: [], blockedBy: null, leftOut: [] };
/** What of a check's context decides how examples are checked, and where the run is kept. */
export type ExampleContext = CheckContext;

/**
 * The definition compiled; a pattern that does not compile (which the schema's `format: regex`
 * reports) is left out and named in `leftOut`, so that the examples are still checked against
 * the rest. `null` for anything else that stops compiling.
 */
function compiledOrNull(rules: DefinitionRules, leftOut: string[], settings: EngineSettings): CompiledType | null {
  let current = rules;
  // Each round leaves out one of the four patterns, so this ends.
  for (let round = 0; round <= COMPONENTS.length; round++) {
    try {
      return compileDefinition(current, { rules: settings.rulesFor, patternGuard: settings.patternGuard, safeLength: settings.safeLength });
    } catch (error) {
      if (!(error instanceof DefinitionCompileError)) return null;
      const key = pointerTokens(error.pointer)[0] ?? '';
      const part = (current as unknown as Record<string, ComponentRules | undefined>)[key];
      if (part?.permitted_characters === undefined) return null;
      const { permitted_characters: _pattern, ...rest } = part;
      current = { ...current, [key]: rest };
      leftOut.push(error.pointer);
    }
  }
  return null;
}

/** The definition without its patterns: the canonical form of an example whose pattern was not run. */
function withoutPatterns(definition: DefinitionRules): DefinitionRules {
  const copy: Record<string, unknown> = { ...definition };
  for (const component of COMPONENTS) {
    const key = `${component}_definition`;
    const part = (definition as unknown as Record<string, unknown>)[key];
    if (part && typeof part === 'object') {
      const { permitted_characters: _pattern, ...rest } = part as Record<string, unknown>;
      copy[key] = rest;
    }
  }
  return copy as unknown as DefinitionRules;
}

function parsedOrNull(engine: PurlEngine, purl: string): PurlComponents | null {
  try {
    return engine.parse(purl);
  } catch {
    return null;
  }
}

/**
 * The canonical form and components of an example strict parsing refuses, when what it refuses is
 * only what ECMA-427 lets a reader repair: the reading `canonicalize` (and `purl canonical`) makes.
 */
function repairedOrNull(engine: PurlEngine, purl: string): { canonical: string; components: PurlComponents } | null {
  try {
    return { canonical: engine.canonicalize(purl), components: engine.parse(purl, { lenient: true }) };
  } catch {
    return null;
  }
}

/**
 * What the examples are checked against: a schema-valid definition as it is; else the parts of
 * it the schema accepts (see checkableDefinition).
 */
function checkable(document: object, { schemaValid, rejected }: ExampleContext): CheckableDefinition {
  if (schemaValid) {
    const type = definitionType(document) ?? null;
    return { rules: type === null ? null : (document as DefinitionRules), type, blockedBy: null, leftOut: [] };
  }
  return checkableDefinition(document, rejected ?? NOTHING_REJECTED);
}

function run(document: unknown, context: ExampleContext): DefinitionRun {
  if (typeof document !== 'object' || document === null) return NO_RUN;
  return context.shared('purl-type/examples', () => runExamples(document, context));
}

/** An engine of the one compiled type, sharing its patterns (and so their time budget) with the checks. */
function engineOf(compiled: CompiledType, settings: EngineSettings): PurlEngine {
  return createEngine([{ rules: { type: compiled.type }, document: null, compiled }], settings);
}

function runExamples(document: object, context: ExampleContext): DefinitionRun {
  const settings = engineSettings({ rules: purlContextOf(context).purlRules, patternGuard: purlContextOf(context).patternGuard }, patternSafeLength);
  const { rules, type: definitionTypeName, blockedBy, leftOut: rejectedParts } = checkable(document, context);
  const leftOut = [...rejectedParts];
  const compiled = rules ? compiledOrNull(rules, leftOut, settings) : null;
  const examples: ParsedExample[] = [];
  if (definitionTypeName !== null) {
    const engine = compiled ? engineOf(compiled, settings) : null;
    let patternless: PurlEngine | null | undefined;
    const strings = exampleStrings(document);
    for (const { index, purl } of strings) {
      const type = TYPE_PREFIX.exec(purl)?.[1]?.toLowerCase() || null;
      const ownType = type === definitionTypeName;
      const validation = ownType && engine ? engine.validate(purl) : null;
      let problems = validation ? validation.errors.filter((issue) => issue.code !== 'pattern-skipped') : [];
      const unchecked = validation ? validation.errors.filter((issue) => issue.code === 'pattern-skipped').map((issue) => issue.component) : [];
      let canonical = validation?.valid ? validation.canonical : null;
      let components = validation?.valid && engine ? parsedOrNull(engine, purl) : null;
      let reader = engine;
      const repaired = problems.length > 0 && unchecked.length === 0 && engine ? repairedOrNull(engine, purl) : null;
      if (repaired !== null) {
        ({ canonical, components } = repaired);
        problems = [];
      } else if (validation && !validation.valid && problems.length === 0 && rules) {
        patternless ??= engineOf(
          compileDefinition(withoutPatterns(rules), { rules: settings.rulesFor, patternGuard: null, safeLength: settings.safeLength }),
          settings,
        );
        const loose = patternless.validate(purl);
        canonical = loose.canonical;
        components = loose.valid ? parsedOrNull(patternless, purl) : null;
        reader = patternless;
      }
      const canonicalComponents = canonical !== null && canonical !== purl && components && reader ? parsedOrNull(reader, canonical) : null;
      examples.push({ index, purl, type, ownType, validation, problems, unchecked, canonical, components, canonicalComponents });
    }
  }
  const unusable = rules !== null && compiled === null ? { pointer: '', missing: false } : null;
  return { compiled, examples, blockedBy: blockedBy ?? unusable, leftOut };
}

/**
 * Why examples were not checked against the definition, or not against all of it: `blockedBy`
 * when no engine could be built (the schema rejected a member the examples depend on, or the
 * definition does not compile), else the rejected members left out; `null` when nothing was.
 */
export function examplesUnchecked(document: unknown, context: ExampleContext): Pick<DefinitionRun, 'blockedBy' | 'leftOut'> | null {
  const { blockedBy, leftOut } = run(document, context);
  return blockedBy === null && leftOut.length === 0 ? null : { blockedBy, leftOut };
}

/**
 * The examples of a definition, parsed under the parts of it the schema accepts; none when its
 * type is rejected. An example has no `validation` when no engine could be built (see
 * {@link examplesUnchecked}).
 */
export function examplesOf(document: unknown, context: ExampleContext): readonly ParsedExample[] {
  return run(document, context).examples;
}

/**
 * The compiled pattern of a site, the very one the examples were checked with when there is one;
 * else compiled once per document. `null` when it does not compile.
 */
export function patternOf(document: unknown, context: ExampleContext, site: PatternSite): PermittedCharacters | null {
  const compiled = run(document, context).compiled;
  const shared = compiled?.[site.component].permitted;
  if (shared && shared.source === site.source) return shared;
  if (typeof document !== 'object' || document === null || regexSyntaxError(site.source) !== null) return null;
  const patterns = context.shared('purl-type/loose-patterns', () => new Map<string, PermittedCharacters>());
  let pattern = patterns.get(site.source);
  if (!pattern) {
    pattern = compilePermittedCharacters(site.source, purlContextOf(context).patternGuard);
    patterns.set(site.source, pattern);
  }
  return pattern;
}
