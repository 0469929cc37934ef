/**
 * The engine's canonical fast path: most PURLs handed to `canonicalize` are canonical already and
 * of types whose definitions ask nothing of the values, and such a PURL can be known canonical
 * from where its parts are and which characters they hold, without reading a component out. It
 * is an optimisation only: an engine made with `canonicalFastPath: false` answers every input the
 * same without it (a test compares the two on the whole corpus and the conformance suite).
 */
import { sortedOrder, valueEscapesCanonical, RawQualifiers } from '../syntax/raw-qualifiers.js';
import { isCanonicalSource } from '../syntax/canonical-source.js';
import { NOT_LOWER_PATH, type SourceLayout } from '../syntax/source-layout.js';
import type { Vocabulary } from '../syntax/vocabulary.js';
import { parsePurlString } from '../syntax/parse-purl-string.js';
import type { PurlComponents } from '../purl-components.js';
import type { RuleContext } from '../rules/index.js';
import { isLowerQualifierKey } from '../syntax/char-classes.js';
import { asciiEscape, escapeSlashes } from '../syntax/percent-encoding.js';
import { firstFrom, hasCharIn } from '../syntax/text-search.js';
import type { ComponentPlan, CompiledType } from '../definitions/compile-definition.js';
import { moveNamespaceTailToName } from './apply-type-rules.js';

/** What a component's definition asks of its value, when that can be told from where it is written. */
export type InPlaceRequirement = 'required' | 'optional' | 'prohibited';

/**
 * What a type's definition asks of a PURL, when all of it can be checked in place: presence or
 * absence, lowercase namespace and name, required qualifiers, and the engine's rules and the
 * definition's `permitted_characters` of namespace, name and version (run on the values as
 * written, when those hold no escape). `null` on a type whose definition has a subpath rule or
 * pattern, or case folding of the subpath.
 */
export interface InPlaceRules {
  readonly namespace: InPlaceRequirement;
  readonly version: InPlaceRequirement;
  readonly subpath: InPlaceRequirement;
  /** The namespace or the name (or both) is lowercase in canonical form: a capital there may be wrong. */
  readonly lowercasePath: boolean;
  /**
   * Everything from the type to the end of the name is lowercase in canonical form (the name,
   * and the namespace unless the type has none), so capitals there may be lowercased in place.
   * Not so for a type whose namespace folds case and whose name does not (yocto): which capitals
   * are wrong depends on where they stand, and the full path tells.
   */
  readonly lowercaseInPlace: boolean;
  /** The version is lowercase in canonical form (with {@link lowercasePath}: too; else alone, as in huggingface). */
  readonly lowercaseVersion: boolean;
  /** The qualifier keys the definition requires. */
  readonly requiredQualifiers: readonly string[];
  /** The plans of the components whose values are checked (rules or a pattern), in the order the type layer runs them; empty for most types. */
  readonly checked: readonly ComponentPlan[];
  /**
   * How many leading segments the namespace keeps when a rule moves the others into the name
   * (git: the host), or `null`. The checks then run on the values as the type layer sees them
   * after the move; the string is the same either way, as the name's `/` are written as they are.
   */
  readonly namespaceSegments: number | null;
}

/** A type the fast path can look up: what of it is checked in place, or `null`. */
export interface FastPathType {
  readonly inPlace: InPlaceRules | null;
}

/**
 * What of a compiled type is checked in place (see {@link InPlaceRules}), or `null` when it
 * cannot be.
 */
export function inPlaceRules(compiled: CompiledType): InPlaceRules | null {
  const { namespace, name, version, subpath } = compiled;
  const lowercasePath = namespace.lowercase || name.lowercase;
  if (subpath.checked || subpath.lowercase || name.requirement !== 'required') return null;
  if ((compiled.namespaceSegments ?? 1) < 1) return null;
  return {
    namespace: namespace.requirement,
    version: version.requirement,
    subpath: subpath.requirement,
    lowercasePath,
    lowercaseInPlace: name.lowercase && (namespace.lowercase || namespace.requirement === 'prohibited'),
    lowercaseVersion: version.lowercase,
    requiredQualifiers: compiled.requiredQualifiers,
    checked: [namespace, name, version].filter((plan) => plan.checked),
    namespaceSegments: compiled.namespaceSegments,
  };
}

/**
 * Whether `input` is, as it stands, a valid PURL in canonical form, told from its layout and
 * which characters its parts hold, with the checks of `rules` (see {@link InPlaceRules}) run on
 * the values as written, without reading any component out. `false` means "not known here":
 * the caller then parses in full, from the same layout, which finds the canonical form or the
 * error. It answers `true` only for the plainest canonical form: `pkg:`, a known type, a path of
 * non-empty segments of characters written as they are or escaped ASCII, at most one `@` before
 * a non-empty version without `/`, qualifiers with lowercase keys in ascending order and
 * non-empty values in canonical encoding, a subpath of such segments without `.` or `..`.
 * Parsing such a string meets no error and building its components writes it back unchanged.
 */
export function isCanonicalInPlace(input: string, layout: SourceLayout, rules: InPlaceRules, words: Vocabulary): boolean {
  return canonicalInPlace(input, layout, rules, words) === input;
}

/**
 * The canonical form of `input` when it is told in place (see {@link isCanonicalInPlace}):
 * `input` itself, or `input` with what alone keeps it from being canonical written as building
 * writes it: a type written with capitals in lowercase; capitals of a type's lowercase namespace
 * and name (and version) in lowercase, when they hold no escape and the type has no rule or
 * pattern for them; qualifiers in key order (distinct lowercase keys given out of order: building
 * sorts them, and moving whole pairs changes nothing else); an `@` in the namespace or name as
 * `%40` (an unencoded npm scope); printable ASCII that building escapes, written raw in any part
 * (a `+` in a Debian version, the `/` of a URL in a qualifier value), as its escape. All are
 * common spellings. `null` means "not known here".
 */
export function canonicalInPlace(input: string, layout: SourceLayout, rules: InPlaceRules, words: Vocabulary): string | null {
  const { pathStart, nameStart, nameEnd, versionAt, pathEnd, question, hash } = layout;
  if (layout.scheme !== 'pkg:' || nameStart === nameEnd) return null;
  // Characters building escapes, written raw (a "+" in a Debian version, the "/" of a URL in a
  // qualifier value), are escaped here when they are printable ASCII. Before the layout's
  // `plainEnd` every character is (plain ones are printable ASCII): the search starts there.
  const raw = !layout.canonicalCharacters;
  // Checked values with raw characters are left to the full path: a rule that reads the other
  // components parses them, and that parse and the escapes cost more than parsing and building
  // (measured on mlflow PURLs with URLs in their qualifiers). Told first: nothing else then helps.
  if (raw && rules.checked.length > 0) return null;
  const plainEnd = layout.plainEnd;
  if (
    (raw && plainEnd < input.length && firstFrom(NOT_PRINTABLE_ASCII, input, Math.max(plainEnd, pathStart)) < input.length) ||
    !isCanonicalSource(input, layout, false, true, raw)
  )
    return null;
  if (!meets(rules.namespace, nameStart !== pathStart) || !meets(rules.version, versionAt !== -1) || !meets(rules.subpath, hash !== -1)) return null;
  let form: string | null = input;
  // A type written with capitals (the engine found it whatever its case) is written in lowercase.
  let lowerEnd = layout.lowerEnd;
  if (lowerEnd < pathStart) {
    form = input.slice(0, pathStart).toLowerCase() + input.slice(pathStart);
    lowerEnd = firstFrom(NOT_LOWER_PATH, input, pathStart);
  }
  // Lowercase namespace and name (and version, when the type asks) are written in lowercase when
  // they hold capitals (ASCII: the characters are canonical ones) and no escape, whose hex digits
  // stay uppercase; an escape decodes to no letter (canonical escapes are of characters that are
  // not letters). Rules and patterns see lowercased values in the full path: left to it.
  const lowercaseEnd = rules.lowercaseVersion ? pathEnd : nameEnd;
  if (rules.lowercasePath && lowerEnd < lowercaseEnd) {
    if (!rules.lowercaseInPlace || (layout.percent !== -1 && layout.percent < lowercaseEnd) || rules.checked.length > 0) return null;
    // From the start: scheme and type are lowercase already, or lowercased above.
    form = form.slice(0, lowercaseEnd).toLowerCase() + form.slice(lowercaseEnd);
  } else if (
    rules.lowercaseVersion &&
    versionAt !== -1 &&
    lowerEnd < pathEnd &&
    firstFrom(NOT_LOWER_PATH, input, Math.max(lowerEnd, versionAt + 1)) < pathEnd
  ) {
    // A version lowercase alone (huggingface) holding what lowercasing could change is left to the full path.
    return null;
  }
  if (question === -1) {
    if (rules.requiredQualifiers.length > 0) return null;
  } else {
    const end = hash === -1 ? input.length : hash;
    const order = qualifiersInPlace(input, question + 1, end, words, rules.requiredQualifiers);
    if (order === NOT_IN_PLACE) return null;
    if (order === OUT_OF_ORDER) form = inKeyOrder(form, question + 1, end);
  }
  if (form === null || (rules.checked.length > 0 && !valuesPass(input, words, rules, layout))) return null;
  return raw || layout.strayAt ? escapeRaw(form, layout, raw ? form.length : pathEnd) : form;
}

/** From `lastIndex`: a character that is not printable ASCII. */
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/g;

/** Where building escapes a printable ASCII character: in a path (namespace, name, version, subpath), in a qualifier value. */
const IN_PATH = 1;
const IN_VALUE = 2;

/**
 * Per ASCII code, where building writes the character as its escape ({@link IN_PATH},
 * {@link IN_VALUE}, both, or 0: nowhere). Kept everywhere: letters, digits, `._~:-` and `%`
 * (escapes already there are canonical, and stay); `/` in a path, `&` and `=` in the qualifiers,
 * where they are separators (a key is a valid one, which holds none of the others).
 */
const ESCAPED_IN = new Uint8Array(128);
for (let c = 0x20; c < 0x7f; c++) {
  const s = String.fromCharCode(c);
  if (!/[A-Za-z0-9._~:%-]/.test(s)) ESCAPED_IN[c] = s === '/' ? IN_VALUE : s === '&' || s === '=' ? IN_PATH : IN_PATH | IN_VALUE;
}

/**
 * `form` with each character from the path's start to before `end` that building escapes written
 * as its escape, in one pass through {@link ESCAPED_IN}: in the path an `@` of the namespace or
 * name (see `SourceLayout.strayAt`; the version's `@` aside) and raw printable ASCII, in qualifier
 * values and the subpath raw printable ASCII. The separators `?` and `#` stay; anywhere else they
 * make the layout untidy, which the caller refuses. Every character from the path on is printable
 * ASCII, or canonical.
 */
function escapeRaw(form: string, layout: SourceLayout, end: number): string {
  const { pathStart, pathEnd, versionAt, question, hash } = layout;
  // Qualifiers of plain characters whose only ones to escape are "/" (a URL's, the usual case):
  // each "/" found with indexOf, rather than every character read (the loop meets the "?" only
  // when it goes on past the path).
  const valuesEnd = hash === -1 ? end : hash;
  const slashesFrom = layout.plainEnd >= valuesEnd && !hasCharIn(form, '@', question, valuesEnd) ? question : -1;
  let out = '';
  let run = 0;
  for (let i = pathStart; i < end; i++) {
    if (i === slashesFrom) {
      out += form.slice(run, i + 1) + escapeSlashes(form, i + 1, valuesEnd);
      run = valuesEnd;
      i = valuesEnd - 1;
      continue;
    }
    const c = form.charCodeAt(i);
    const where = ESCAPED_IN[c] as number;
    if (where === 0 || i === versionAt || i === question || i === hash) continue;
    // In the qualifiers from the "?" to the "#" (or the end), else in a path.
    if ((where & (i > pathEnd && (hash === -1 || i < hash) ? IN_VALUE : IN_PATH)) === 0) continue;
    out += form.slice(run, i) + asciiEscape(c);
    run = i + 1;
  }
  return out + form.slice(run);
}

/** Whether a component's presence meets its requirement. */
function meets(requirement: InPlaceRequirement, present: boolean): boolean {
  return requirement === 'optional' || present === (requirement === 'required');
}

/**
 * Whether the checked components pass their plans unchanged, run as the type layer runs them:
 * each present component in turn, on its value as written (an escape-free value is its own
 * decoding; one with an escape is left to the full parse), the engine's rules and then the
 * definition's pattern. A rule that fails, throws or changes its value, or a pattern that does
 * not match or was not run, sends the PURL the full way, which gives the same answer or error.
 * A rule that reads the other components gets them as the full parse would give it (read only
 * then).
 */
function valuesPass(input: string, words: Vocabulary, rules: InPlaceRules, layout: SourceLayout): boolean {
  const { pathStart, nameStart, nameEnd, versionAt, pathEnd, percent } = layout;
  const segments = rules.namespaceSegments;
  // Where the namespace ends and the name starts as the type layer sees them: after the
  // namespace's first `segments` segments when it has more (git: the host, then the repository path).
  let namespaceEnd = segments === null ? nameStart - 1 : pathStart - 1;
  for (let i = 0; segments !== null && i < segments && namespaceEnd < nameStart - 1; i++) namespaceEnd = input.indexOf('/', namespaceEnd + 1);
  const context = new InPlaceRuleContext(input, words, layout, segments);
  try {
    for (const plan of rules.checked) {
      const component = plan.component;
      if (component === 'namespace' ? nameStart === pathStart : component === 'version' && versionAt === -1) continue;
      const from = component === 'namespace' ? pathStart : component === 'name' ? namespaceEnd + 1 : versionAt + 1;
      const to = component === 'namespace' ? namespaceEnd : component === 'name' ? nameEnd : pathEnd;
      if (!passes(plan, input, from, to, percent, context)) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** Whether the escape-free value from `from` to `to` passes `plan`'s rules and pattern as it is. */
function passes(plan: ComponentPlan, input: string, from: number, to: number, percent: number, context: RuleContext): boolean {
  if (percent !== -1 && percent < to) {
    const escape = input.indexOf('%', from);
    if (escape !== -1 && escape < to) return false;
  }
  const value = input.slice(from, to);
  for (const rule of plan.rules) if (rule.apply(value, context) !== value) return false;
  return plan.permitted === null || plan.permitted.test(value) === true;
}

/**
 * The context a rule run in place sees: the components as `canonicalize`'s full parse hands them
 * to the type layer (qualifiers decoded), read from the input only if the rule asks; a failure
 * only ends the in-place check.
 */
class InPlaceRuleContext implements RuleContext {
  readonly #input: string;
  readonly #words: Vocabulary;
  /**
   * The layout found for the input: parsing reads the parts from it rather than finding them
   * again (a parse only ever clears its `tidy`, as the full path's parse of the same layout would).
   */
  readonly #layout: SourceLayout;
  /** The type's `namespaceSegments`: the components are those after the move, as the type layer hands them to its rules. */
  readonly #segments: number | null;
  #components: PurlComponents | null = null;

  constructor(input: string, words: Vocabulary, layout: SourceLayout, segments: number | null) {
    this.#input = input;
    this.#words = words;
    this.#layout = layout;
    this.#segments = segments;
  }

  get components(): Readonly<PurlComponents> {
    if (this.#components === null) {
      const raw = new RawQualifiers();
      const components = parsePurlString(this.#input, { lenient: true, words: this.#words, rawQualifiers: raw }, this.#layout);
      components.qualifiers = raw.toRecord();
      if (this.#segments !== null) moveNamespaceTailToName(components, this.#segments);
      this.#components = components;
    }
    return this.#components;
  }

  fail(message: string): never {
    throw new Error(message);
  }
}

/** What {@link qualifiersInPlace} tells of a PURL's qualifiers. */
const IN_ORDER = 0;
const OUT_OF_ORDER = 1;
const NOT_IN_PLACE = 2;

/**
 * Whether the qualifiers from `from` to before `to` have lowercase keys, the `required` ones among
 * them, each with one `=` and a non-empty value, the values in canonical encoding (their
 * characters are known canonical already: see `SourceLayout.canonicalCharacters`); and whether
 * the keys are in ascending order (a key met twice in a row is {@link NOT_IN_PLACE}; other
 * duplicates {@link inKeyOrder} finds).
 */
function qualifiersInPlace(
  input: string,
  from: number,
  to: number,
  words: Vocabulary,
  required: readonly string[],
): typeof IN_ORDER | typeof OUT_OF_ORDER | typeof NOT_IN_PLACE {
  if (from >= to || input.charCodeAt(to - 1) === 0x26) return NOT_IN_PLACE;
  const start = from;
  let previous = '';
  let order: typeof IN_ORDER | typeof OUT_OF_ORDER = IN_ORDER;
  let found = 0;
  let equals = input.indexOf('=', from);
  while (from < to) {
    let next = input.indexOf('&', from);
    if (next === -1 || next > to) next = to;
    if (equals === -1 || equals >= next - 1) return NOT_IN_PLACE;
    const key = words.qualifierKeys.find(input, from, equals) ?? lowercaseKey(input, from, equals);
    if (key === undefined || key === previous) return NOT_IN_PLACE;
    if (key < previous) order = OUT_OF_ORDER;
    const following = input.indexOf('=', equals + 1);
    if (following !== -1 && following < next) return NOT_IN_PLACE;
    if (required.length > 0 && required.includes(key)) found++;
    previous = key;
    equals = following;
    from = next + 1;
  }
  return found === required.length && valueEscapesCanonical(input, start, to) ? order : NOT_IN_PLACE;
}

/** The most pairs put in key order in place; more go the full way. */
const MANY_KEYS = 16;

/**
 * `input` with the pairs of its qualifiers (from `from` to before `to`: each a lowercase key, one
 * `=` and a canonical value, as {@link qualifiersInPlace} found them) in key order, as building
 * writes them; `null` when a key is given twice (the full parse refuses that), or for more pairs
 * than {@link MANY_KEYS} (left to the full path).
 */
function inKeyOrder(input: string, from: number, to: number): string | null {
  const pairs = input.slice(from, to).split('&');
  if (pairs.length > MANY_KEYS) return null;
  const keys = pairs.map((pair) => pair.slice(0, pair.indexOf('=')));
  const order = sortedOrder(keys);
  let out = input.slice(0, from);
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    if (k > 0 && keys[i] === keys[order[k - 1] as number]) return null;
    out += k === 0 ? pairs[i] : `&${pairs[i]}`;
  }
  return out + input.slice(to);
}

/** The key from `from` to `to` when it is a valid lowercase key the vocabulary does not hold. */
function lowercaseKey(input: string, from: number, to: number): string | undefined {
  const key = input.slice(from, to);
  return isLowerQualifierKey(key) ? key : undefined;
}
