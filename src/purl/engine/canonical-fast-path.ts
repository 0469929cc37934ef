/**
 * The engine's canonical fast path: most PURLs handed to `canonicalize` are canonical already and
 * of types whose definitions ask nothing of the values, and such a PURL can be known canonical
 * from where its parts are and which characters they hold, without reading a component out. It
 * is an optimisation only: an engine made with `canonicalFastPath: false` answers every input the
 * same without it (a test compares the two on the whole corpus and the conformance suite).
 */
import { isNotCanonicalValue, RawQualifiers } from '../syntax/raw-qualifiers.js';
import { MAX_PURL_LENGTH } from '../syntax/generic-rules.js';
import type { Vocabulary } from '../syntax/vocabulary.js';
import type { WordIndex } from '../syntax/word-index.js';
import { LENIENT, parsePurlString } from '../syntax/parse-purl-string.js';
import type { PurlComponents } from '../purl-components.js';
import type { PurlRule, RuleContext } from '../rules/index.js';
import type { ComponentPlan, CompiledType } from '../definitions/compile-definition.js';

/** What a component's definition asks of its value, when that can be told from where it is written. */
export type InPlaceRequirement = 'required' | 'optional' | 'prohibited';

/**
 * What a type's definition asks of a PURL, when all of it can be checked in place: presence or
 * absence, lowercase namespace and name, and the engine's rules of namespace, name and version
 * (run on the values as written, when those hold no escape). `null` on a type whose definition
 * has a pattern, a subpath rule, a rule that moves namespace segments into the name, a required
 * qualifier, case folding of the subpath, or of the version alone.
 */
export interface InPlaceRules {
  readonly namespace: InPlaceRequirement;
  readonly version: InPlaceRequirement;
  readonly subpath: InPlaceRequirement;
  /** Namespace and name are lowercase in canonical form. */
  readonly lowercasePath: boolean;
  /** The version is lowercase in canonical form too (only with {@link lowercasePath}). */
  readonly lowercaseVersion: boolean;
  /** The engine's rules of each component, in the order the type layer applies them; empty for most types. */
  readonly namespaceRules: readonly PurlRule[];
  readonly nameRules: readonly PurlRule[];
  readonly versionRules: readonly PurlRule[];
}

/** From `lastIndex`: the first character a canonical path never holds as it is. */
const OUTSIDE_PLAIN_PATH = /[^A-Za-z0-9._~:/@%-]/g;
/** The same, also stopping at capitals. */
const OUTSIDE_LOWER_PATH = /[^a-z0-9._~:/@%-]/g;
/**
 * From `lastIndex`: a `%` that does not start an escape as building writes one in a namespace or
 * name segment (uppercase hex of an ASCII character other than `/` that needs escaping), and
 * the same in a version (where `/` is escaped). An escape of a non-ASCII octet is left to the
 * full parse, which checks its UTF-8.
 */
const NOT_PLAIN_SEGMENT_ESCAPE = /%(?![01][0-9A-F]|2[0-9A-C]|3[B-F]|40|5[B-E]|60|7[BCDF])/g;
const NOT_PLAIN_VERSION_ESCAPE = /%(?![01][0-9A-F]|2[0-9A-CF]|3[B-F]|40|5[B-E]|60|7[BCDF])/g;
/** The same for a subpath, which holds no "@" unescaped. */
const OUTSIDE_PLAIN_SUBPATH = /[^A-Za-z0-9._~:/-]/g;
/** A `.` or `..` segment. */
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

/** Where `pattern` (global) first matches from `from`, or `input.length`. */
function firstFrom(pattern: RegExp, input: string, from: number): number {
  pattern.lastIndex = from;
  return pattern.test(input) ? pattern.lastIndex - 1 : input.length;
}

/** A type the fast path can look up: what of it is checked in place, or `null`. */
export interface FastPathType {
  readonly inPlace: InPlaceRules | null;
}

/**
 * What of a compiled type is checked in place: requirements, lowercase namespace and name, and
 * the rules of namespace, name and version, which are run on the values as written; `null` for a
 * type with a pattern, a subpath rule, a rule that moves namespace segments into the name, a
 * required qualifier, case folding of the subpath, or of the version alone.
 */
export function inPlaceRules(compiled: CompiledType): InPlaceRules | null {
  const { namespace, name, version, subpath } = compiled;
  const plans: readonly ComponentPlan[] = [namespace, name, version, subpath];
  const lowercasePath = namespace.lowercase || name.lowercase;
  if (compiled.requiredQualifiers.length > 0 || plans.some((p) => p.permitted !== null) || subpath.checked || subpath.lowercase || name.requirement !== 'required') return null;
  if ((version.lowercase && !lowercasePath) || compiled.namespaceSegments !== null) return null;
  return {
    namespace: namespace.requirement,
    version: version.requirement,
    subpath: subpath.requirement,
    lowercasePath,
    lowercaseVersion: version.lowercase,
    namespaceRules: namespace.rules,
    nameRules: name.rules,
    versionRules: version.rules,
  };
}

/**
 * Whether `input` is, as it stands, a valid PURL in canonical form, of a type in `types` whose
 * definition asks nothing of the values (see {@link InPlaceRules}), told from where its
 * parts are and which characters they hold, without reading any component out. `false` means
 * "not known here": the caller then parses in full, which finds the canonical form or the error.
 * It answers `true` only for the plainest canonical form: `pkg:`, a known type, a path of
 * non-empty segments of characters written as they are or escaped ASCII, at most one `@` before a
 * non-empty version without `/`, qualifiers with known keys in ascending order and non-empty
 * values in canonical encoding, a subpath of such segments without `.` or `..`. Parsing such a
 * string meets no error and building its components writes it back unchanged.
 */
export function isCanonicalInPlace(input: string, types: WordIndex<FastPathType>, words: Vocabulary): boolean {
  if (input.length > MAX_PURL_LENGTH) return false;
  if (input.charCodeAt(0) !== 0x70 || input.charCodeAt(1) !== 0x6b || input.charCodeAt(2) !== 0x67 || input.charCodeAt(3) !== 0x3a) return false;
  const typeEnd = input.indexOf('/', 4);
  if (typeEnd === -1) return false;
  const rules = types.find(input, 4, typeEnd)?.inPlace;
  if (rules === undefined || rules === null) return false;
  const pathStart = typeEnd + 1;

  // The characters checked below exclude "?" and "#" from every part but their own, so the first
  // of each is the last, and the parts are where ECMA-427's right-to-left split puts them.
  const hash = input.indexOf('#', pathStart);
  const end = hash === -1 ? input.length : hash;
  let question = input.indexOf('?', pathStart);
  if (question > end) return false;
  if (question === -1) question = end;

  // The path: namespace and name segments, then "@" and the version. Lowercase namespace and name
  // are checked up to the first capital, the rest of the path for characters alone.
  let stop = firstFrom(rules.lowercasePath ? OUTSIDE_LOWER_PATH : OUTSIDE_PLAIN_PATH, input, pathStart);
  const at = input.indexOf('@', pathStart);
  const nameEnd = at === -1 || at > question ? question : at;
  if (stop < nameEnd) return false;
  // Past the name, a character outside the lowercase class is in the version.
  if (rules.lowercasePath && stop < question) {
    if (rules.lowercaseVersion) return false;
    stop = firstFrom(OUTSIDE_PLAIN_PATH, input, stop);
  }
  if (stop < question) return false;
  if (nameEnd === pathStart || input.charCodeAt(pathStart) === 0x2f || input.charCodeAt(nameEnd - 1) === 0x2f) return false;
  const empty = input.indexOf('//', pathStart);
  if (empty !== -1 && empty < nameEnd) return false;
  const slash = input.indexOf('/', pathStart);
  if (!meets(rules.namespace, slash !== -1 && slash < nameEnd)) return false;
  if (nameEnd !== question) {
    // One "@", a version after it, and no "/" in the version (building writes "%2F").
    if (nameEnd + 1 === question) return false;
    const next = input.indexOf('@', nameEnd + 1);
    if (next !== -1 && next < question) return false;
    const versionSlash = input.indexOf('/', nameEnd);
    if (versionSlash !== -1 && versionSlash < question) return false;
  }
  if (!meets(rules.version, nameEnd !== question)) return false;
  const percent = input.indexOf('%', pathStart);
  if (percent !== -1 && percent < question) {
    if (percent < nameEnd && firstFrom(NOT_PLAIN_SEGMENT_ESCAPE, input, percent) < nameEnd) return false;
    if (firstFrom(NOT_PLAIN_VERSION_ESCAPE, input, Math.max(percent, nameEnd)) < question) return false;
  }

  if (question !== end && !qualifiersInPlace(input, question + 1, end, words)) return false;

  if (!meets(rules.subpath, hash !== -1)) return false;
  if (hash !== -1 && !subpathInPlace(input, hash + 1)) return false;
  if (rules.namespaceRules.length === 0 && rules.nameRules.length === 0 && rules.versionRules.length === 0) return true;
  return rulesKeepValues(input, words, rules, pathStart, nameEnd, question, percent);
}

/** Whether the subpath from `from` to the end is written as building writes it. */
function subpathInPlace(input: string, from: number): boolean {
  if (from === input.length || input.charCodeAt(from) === 0x2f || input.charCodeAt(input.length - 1) === 0x2f) return false;
  if (firstFrom(OUTSIDE_PLAIN_SUBPATH, input, from) !== input.length || input.includes('//', from)) return false;
  return !(input.includes('.', from) && DOT_SEGMENT.test(input.slice(from)));
}

/**
 * Whether the engine's rules give namespace, name and version back unchanged, run as the type
 * layer runs them: each present component in turn, on its value as written (an escape-free value
 * is its own decoding; one with an escape is left to the full parse). A rule that fails, throws or
 * changes its value sends the PURL the full way, which gives the same answer or error. A rule
 * that reads the other components gets them as the full parse would give it (read only then).
 */
function rulesKeepValues(input: string, words: Vocabulary, rules: InPlaceRules, pathStart: number, nameEnd: number, question: number, percent: number): boolean {
  let nameStart = pathStart;
  for (let slash = input.indexOf('/', pathStart); slash !== -1 && slash < nameEnd; slash = input.indexOf('/', slash + 1)) nameStart = slash + 1;
  const context = new InPlaceRuleContext(input, words);
  try {
    if (nameStart !== pathStart && !keeps(rules.namespaceRules, input, pathStart, nameStart - 1, percent, context)) return false;
    if (!keeps(rules.nameRules, input, nameStart, nameEnd, percent, context)) return false;
    return nameEnd === question || keeps(rules.versionRules, input, nameEnd + 1, question, percent, context);
  } catch {
    return false;
  }
}

/** Whether `rules` leave the escape-free value from `from` to `to` as it is. */
function keeps(rules: readonly PurlRule[], input: string, from: number, to: number, percent: number, context: RuleContext): boolean {
  if (rules.length === 0) return true;
  if (percent !== -1 && percent < to) {
    const escape = input.indexOf('%', from);
    if (escape !== -1 && escape < to) return false;
  }
  const value = input.slice(from, to);
  for (const rule of rules) if (rule.apply(value, context) !== value) return false;
  return true;
}


/**
 * The context a rule run in place sees: the components as `canonicalize`'s full parse hands them
 * to the type layer (qualifiers decoded), read from the input only if the rule asks; a failure
 * only ends the in-place check.
 */
class InPlaceRuleContext implements RuleContext {
  readonly #input: string;
  readonly #words: Vocabulary;
  #components: PurlComponents | null = null;

  constructor(input: string, words: Vocabulary) {
    this.#input = input;
    this.#words = words;
  }

  get components(): Readonly<PurlComponents> {
    if (this.#components === null) {
      const raw = new RawQualifiers();
      const components = parsePurlString(this.#input, LENIENT, this.#words, raw);
      components.qualifiers = raw.toRecord();
      this.#components = components;
    }
    return this.#components;
  }

  fail(message: string): never {
    throw new Error(message);
  }
}

/** Whether a component's presence meets its requirement. */
function meets(requirement: InPlaceRequirement, present: boolean): boolean {
  return requirement === 'optional' || present === (requirement === 'required');
}

/** Whether the qualifiers from `from` to before `to` are known keys, ascending, with non-empty canonical values. */
function qualifiersInPlace(input: string, from: number, to: number, words: Vocabulary): boolean {
  if (from >= to || input.charCodeAt(to - 1) === 0x26) return false;
  let previous = '';
  while (from < to) {
    let next = input.indexOf('&', from);
    if (next === -1 || next > to) next = to;
    const equals = input.indexOf('=', from);
    if (equals === -1 || equals >= next - 1) return false;
    const key = words.qualifierKeys.find(input, from, equals);
    if (key === undefined || key <= previous) return false;
    if (isNotCanonicalValue(input.slice(equals + 1, next))) return false;
    previous = key;
    from = next + 1;
  }
  return true;
}
