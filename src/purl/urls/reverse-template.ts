import { canonicalText, upgradeScheme, withoutTrailingSlash, type UrlPosition } from './canonical-url.js';
import type { UriTemplate } from './uri-template.js';
import type { ValuePattern } from './value-pattern.js';

/** The raw (still percent-encoded) text each variable of a template matched, lists already split. */
export type MatchedValues = Map<string, string | string[]>;

/** What a matcher answers when a URL can be read in more ways than it tries: it names no package for sure. */
export const UNDECIDED = 'undecided';

/**
 * Reads a URL (in the spelling of canonicalUrl) back into variable values: every way the template
 * can be split over it, or `null` when the template does not match, or UNDECIDED when there are
 * too many to try (a hostile URL). Several readings mean the URL alone may not tell where one
 * value ends (`{name}-{version}{platform_suffix}.gem` over `nokogiri-1.16.0-x86_64-linux.gem`);
 * the caller keeps a URL only when the readings that are valid PURLs are one PURL. Never throws.
 */
export type TemplateMatcher = (url: string) => MatchedValues[] | typeof UNDECIDED | null;

/** Why a template cannot be read back, or `null` when it can. */
export function unreadableReason(template: UriTemplate): string | null {
  for (const part of template.parts) {
    if (part.kind === 'literal') continue;
    if (part.variables.length !== 1) return `the expression ${part.text} has more than one variable: which value came from which cannot be told apart`;
    const [variable] = part.variables;
    if (variable!.maxLength !== null) return `the expression ${part.text} keeps only a prefix of its value`;
    if (part.operator === '+' && variable!.name === 'registry') continue;
    if (part.operator !== '' && part.operator !== '/' && part.operator !== '.')
      return `the operator of ${part.text} is not one urlToPurl reads (it reads {x}, {/x}, {/x*}, {.x} and {+registry})`;
    if (variable!.explode && part.operator !== '/') return `the explode modifier of ${part.text} is read back only with the "/" operator`;
  }
  return null;
}

/** Text one value of a `{x}` or `{/x}` expression can expand to: url-template encodes `/`, `?` and `#`. */
const SEGMENT = '[^/?#]*';
/** The marker a unit's pattern carries where a value goes, replaced by SEGMENT. */
const VALUE = '\u0000';
/** The most steps, and the most readings, one URL is read with before it is UNDECIDED. */
const MAX_STEPS = 20_000;
const MAX_READINGS = 64;

/**
 * What the document says of a template's variables beyond its text, which cuts the readings to
 * those that can be valid: the variables that must have a value, the text a derived `prefix`
 * variable starts with (`-` of maven's classifier_suffix), matched as its operator would be, and
 * the shapes values must have (`patterns`).
 */
export interface MatcherHints {
  readonly required: ReadonlySet<string>;
  readonly prefixes: ReadonlyMap<string, string>;
  readonly patterns: ReadonlyMap<string, ValuePattern>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/**
 * The longest URL a template is matched against. Every variable matches within one path segment,
 * and each run of segments is matched atomically (see compileMatcher), so the work is at most
 * the URL's length to the power of the most variables in one segment; the bound keeps that small
 * for hostile URLs.
 */
function maxUrlLength(freeVariablesInOneUnit: number): number {
  if (freeVariablesInOneUnit <= 2) return 4096;
  if (freeVariablesInOneUnit === 3) return 400;
  return 100;
}

/**
 * A template as a sequence to match: literal text (in the canonical spelling), one value
 * (`{x}`, `{/x}`, `{.x}`: `lead` is what comes before a present value), or a list (`{/x*}`).
 */
type Token =
  | { readonly kind: 'literal'; text: string }
  | {
      readonly kind: 'value';
      readonly name: string;
      readonly lead: string;
      readonly required: boolean;
      /** The lead is part of the value (a prefix). */
      readonly prefixed: boolean;
      /** The shape the value (with its lead when prefixed) must have. */
      readonly pattern: ValuePattern | null;
    }
  | { readonly kind: 'list'; readonly name: string; readonly required: boolean /** The shape each item must have. */; readonly pattern: ValuePattern | null };

/**
 * The template's tokens, its literals in the canonical spelling when `canonical`, and without the
 * `/` that ends the path (strictUrl and canonicalUrl drop it from the URL). `null` when it needs a
 * registry the document lacks.
 */
function tokensOf(template: UriTemplate, registry: string | undefined, canonical: boolean, hints: MatcherHints): Token[] | null {
  const tokens: Token[] = [];
  const position: UrlPosition = { origin: true, query: false };
  let pathEnd: Extract<Token, { kind: 'literal' }> | null = null;
  const literal = (text: string) => {
    const inPath = !position.query;
    // The scheme does not tell packages apart: URLs are read with https (strictUrl upgrades them too).
    const raw = position.origin ? upgradeScheme(text) : text;
    const spelt = canonicalText(raw, position);
    const token = { kind: 'literal' as const, text: canonical ? spelt : raw };
    if (inPath && position.query) pathEnd = token;
    tokens.push(token);
  };
  for (const part of template.parts) {
    if (part.kind === 'literal') {
      literal(part.text);
      continue;
    }
    const variable = part.variables[0]!;
    if (variable.name === 'registry' && part.operator === '+') {
      if (registry === undefined) return null;
      literal(registry);
      continue;
    }
    position.origin = false;
    const required = hints.required.has(variable.name);
    const pattern = hints.patterns.get(variable.name) ?? null;
    const prefix = part.operator === '' ? hints.prefixes.get(variable.name) : undefined;
    if (part.operator === '/' && variable.explode) tokens.push({ kind: 'list', name: variable.name, required, pattern });
    else if (prefix)
      tokens.push({ kind: 'value', name: variable.name, lead: canonical ? canonicalText(prefix, { ...position }) : prefix, required, prefixed: true, pattern });
    else tokens.push({ kind: 'value', name: variable.name, lead: part.operator, required, prefixed: false, pattern });
  }
  const last = tokens.at(-1);
  pathEnd ??= last?.kind === 'literal' ? last : null;
  if (pathEnd !== null) (pathEnd as { text: string }).text = withoutTrailingSlash((pathEnd as { text: string }).text);
  return tokens;
}

/**
 * Compiles a template into a matcher. An anchored regular expression first tells whether the
 * template matches at all, in bounded time: one named group per variable occurrence (later
 * occurrences of a variable are backreferences, so a name that appears twice must be the same
 * text), cut into units at each `/`; a unit without a list variable is matched atomically (a
 * lookahead then a backreference), so that the engine never goes back into a segment it has
 * passed: the cost of a failed match is a sum over segments, not a product. When it matches,
 * every reading is enumerated (readingsOf): the regular expression gives one, and the one it
 * gives is not always the only valid one. `registry` is matched only as `defaultRegistry`.
 * Returns `null` for a template that cannot be read back (see unreadableReason) or that needs a
 * registry the document does not have. `canonical`: for URLs in canonicalUrl's spelling, else strictUrl's.
 */
export function compileMatcher(template: UriTemplate, defaultRegistry: string | undefined, canonical: boolean, hints: MatcherHints): TemplateMatcher | null {
  if (unreadableReason(template) !== null) return null;
  const tokens = tokensOf(template, defaultRegistry, canonical, hints);
  if (tokens === null) return null;
  const groups = new Map<string, string>();
  const units: { pattern: string; atomic: boolean; free: number }[] = [];
  let current = { pattern: '', atomic: true, free: 0 };
  let groupCount = 0;
  const cut = () => {
    if (current.pattern !== '') units.push(current);
    current = { pattern: '', atomic: true, free: 0 };
  };
  for (const token of tokens) {
    if (token.kind === 'literal') {
      token.text.split('/').forEach((piece, i) => {
        if (i > 0) {
          cut();
          current.pattern += '/';
        }
        current.pattern += escapeRegExp(piece);
      });
      continue;
    }
    const known = groups.get(token.name);
    const group = `v${groupCount++}`;
    if (known === undefined) groups.set(token.name, group);
    // Patterns are the walk's: they describe the decoded value, which the URL may spell encoded.
    if (token.kind === 'list') {
      cut();
      units.push({ pattern: `(?<${group}>(?:/${VALUE})*)`, atomic: false, free: 1 });
      continue;
    }
    if (token.lead === '/' && !token.prefixed) cut();
    const capture = known === undefined ? `(?<${group}>${VALUE})` : `\\k<${known}>`;
    if (known === undefined) current.free++;
    // An absent value expands to nothing at all, its operator included.
    current.pattern += token.lead === '' ? capture : `(?:${escapeRegExp(token.lead)}${capture})?`;
  }
  cut();
  // A unit ends where a path segment does (the next unit starts with "/"), so that an atomic unit
  // cannot stop inside its segment.
  const source =
    units.reduce((text, unit, i) => {
      const pattern = unit.pattern.replaceAll(VALUE, SEGMENT);
      return text + (unit.atomic && unit.free > 0 ? `(?=(?<u${i}>${pattern})(?=/|$))\\k<u${i}>` : pattern);
    }, '^') + '$';
  const matches = new RegExp(source);
  const limit = maxUrlLength(Math.max(0, ...units.map((unit) => unit.free)));
  return (url) => {
    if (url.length > limit || !matches.test(url)) return null;
    return readingsOf(tokens, url);
  };
}

/** Whether the text a value has in a URL decodes to a value of the pattern's shape. */
function hasShape(text: string, pattern: ValuePattern): boolean {
  try {
    return pattern.test(decodeURIComponent(text));
  } catch {
    return false;
  }
}

/** Where the value starting at `at` must end at the latest: the next `/`, `?` or `#`. */
function segmentEnd(url: string, at: number): number {
  let end = at;
  while (end < url.length && url[end] !== '/' && url[end] !== '?' && url[end] !== '#') end++;
  return end;
}

/**
 * Every way the tokens split `url` (a depth-first walk over where each value ends), or UNDECIDED
 * past MAX_STEPS steps or MAX_READINGS readings. A value is absent (unless required) or non-empty:
 * an empty one expands as an absent one does, or to a lone operator that the check against the
 * URL refuses.
 */
function readingsOf(tokens: readonly Token[], url: string): MatchedValues[] | typeof UNDECIDED | null {
  const readings: MatchedValues[] = [];
  const values: MatchedValues = new Map();
  const seen = new Set<string>();
  let steps = 0;
  // Returns false to stop the whole walk.
  const walk = (index: number, at: number): boolean => {
    if (++steps > MAX_STEPS) return false;
    const token = tokens[index];
    if (token === undefined) {
      if (at === url.length) readings.push(new Map([...values].map(([name, value]) => [name, typeof value === 'string' ? value : [...value]])));
      return readings.length <= MAX_READINGS;
    }
    if (token.kind === 'literal') return !url.startsWith(token.text, at) || walk(index + 1, at + token.text.length);
    const lead = token.kind === 'list' ? '/' : token.lead;
    if (seen.has(token.name)) {
      // A repeated variable: the same text as before, or absent again.
      const previous = values.get(token.name);
      const kept = token.kind === 'value' && token.prefixed ? '' : lead;
      const text = previous === undefined ? '' : typeof previous === 'string' ? kept + previous : previous.map((item) => `/${item}`).join('');
      return !url.startsWith(text, at) || walk(index + 1, at + text.length);
    }
    seen.add(token.name);
    let going = token.required || walk(index + 1, at);
    if (token.kind === 'list') {
      const items: string[] = [];
      let end = at;
      const following = tokens[index + 1];
      // A literal that goes on in the list's last segment (`{/ref_path*}.tar.gz`) may end that item inside it.
      const within = following?.kind === 'literal' && following.text !== '' && !following.text.startsWith('/') ? following.text : null;
      while (going && url[end] === '/') {
        const next = segmentEnd(url, end + 1);
        for (let k = within === null ? -1 : url.indexOf(within, end + 2); going && k !== -1 && k < next; k = url.indexOf(within!, k + 1)) {
          const last = url.slice(end + 1, k);
          if (++steps > MAX_STEPS) return false;
          if (token.pattern !== null && !hasShape(last, token.pattern)) continue;
          values.set(token.name, [...items, last]);
          going = walk(index + 1, k);
        }
        const item = url.slice(end + 1, next);
        // A list goes on only through items of its shape.
        if (token.pattern !== null && !hasShape(item, token.pattern)) break;
        items.push(item);
        end = next;
        values.set(token.name, items);
        going = walk(index + 1, end);
      }
    } else if (url.startsWith(lead, at)) {
      const start = at + lead.length;
      const last = segmentEnd(url, start);
      const from = token.prefixed ? at : start;
      for (let end = start + 1; going && end <= last; end++) {
        const text = url.slice(from, end);
        if (token.pattern !== null && (++steps > MAX_STEPS || !hasShape(text, token.pattern))) {
          going = steps <= MAX_STEPS;
          continue;
        }
        values.set(token.name, text);
        going = walk(index + 1, end);
      }
    }
    values.delete(token.name);
    seen.delete(token.name);
    return going;
  };
  if (!walk(0, 0)) return UNDECIDED;
  return readings.length === 0 ? null : readings;
}
