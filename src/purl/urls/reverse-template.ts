import type { TemplatePart, UriTemplate } from './uri-template.js';

/** The raw (still percent-encoded) text each variable of a template matched, lists already split. */
export type MatchedValues = Map<string, string | string[]>;

/**
 * Reads a URL back into variable values: the reading that gives earlier variables the most text
 * and the one that gives them the least (one entry when they agree), or `null` when the template
 * does not match. Two readings mean the URL alone does not tell where one value ends
 * (`{name}-{version}.gem` over `nokogiri-1.16.0-x86_64-linux.gem`); the caller keeps a reading
 * only when it is the one PURL they lead to. Never throws.
 */
export type TemplateMatcher = (url: string) => MatchedValues[] | null;

/** Why a template cannot be read back, or `null` when it can. */
export function unreadableReason(template: UriTemplate): string | null {
  for (const part of template.parts) {
    if (part.kind === 'literal') continue;
    if (part.variables.length !== 1) return `the expression ${part.text} has more than one variable: which value came from which cannot be told apart`;
    const [variable] = part.variables;
    if (variable!.maxLength !== null) return `the expression ${part.text} keeps only a prefix of its value`;
    if (part.operator === '+' && variable!.name === 'registry') continue;
    if (part.operator !== '' && part.operator !== '/' && part.operator !== '.') return `the operator of ${part.text} is not one urlToPurl reads (it reads {x}, {/x}, {/x*}, {.x} and {+registry})`;
    if (variable!.explode && part.operator !== '/') return `the explode modifier of ${part.text} is read back only with the "/" operator`;
  }
  return null;
}

/** Text one value of a `{x}` or `{/x}` expression can expand to: url-template encodes `/`, `?` and `#`. */
const SEGMENT = '[^/?#]*';
/** The same, shortest first. */
const SHORTEST_SEGMENT = '[^/?#]*?';
/** The marker a unit's pattern carries where a value goes, replaced by SEGMENT or SHORTEST_SEGMENT. */
const VALUE = '\u0000';

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/**
 * The longest URL a template is matched against. Every variable matches within one path segment,
 * and each run of segments is matched atomically (see compileMatcher), so the work is at most
 * the URL's length to the power of the most variables in one segment; the bound keeps that small
 * for hostile URLs.
 */
export function maxUrlLength(freeVariablesInOneUnit: number): number {
  if (freeVariablesInOneUnit <= 2) return 4096;
  if (freeVariablesInOneUnit === 3) return 400;
  return 100;
}

interface Unit {
  pattern: string;
  atomic: boolean;
  free: number;
}

/**
 * Compiles a template into an anchored regular expression over the normalised URL, with one
 * named group per variable occurrence (later occurrences of a variable are backreferences, so a
 * name that appears twice must be the same text). The expression is cut into units at each `/`;
 * a unit without a list variable is matched atomically (a lookahead then a backreference), so
 * that the engine never goes back into a segment it has passed: the cost of a failed match is a
 * sum over segments, not a product. `registry` is matched only as `defaultRegistry`.
 * Returns `null` for a template that cannot be read back (see unreadableReason) or that needs a
 * registry the document does not have.
 */
export function compileMatcher(template: UriTemplate, defaultRegistry: string | undefined): TemplateMatcher | null {
  if (unreadableReason(template) !== null) return null;
  const groups = new Map<string, string>();
  const units: Unit[] = [];
  let current: Unit = { pattern: '', atomic: true, free: 0 };
  let groupCount = 0;
  const cut = () => {
    if (current.pattern !== '') units.push(current);
    current = { pattern: '', atomic: true, free: 0 };
  };
  const addLiteral = (text: string) => {
    const pieces = text.split('/');
    pieces.forEach((piece, i) => {
      if (i > 0) {
        cut();
        current.pattern += '/';
      }
      current.pattern += escapeRegExp(piece);
    });
  };
  for (const part of template.parts as TemplatePart[]) {
    if (part.kind === 'literal') {
      addLiteral(part.text);
      continue;
    }
    const variable = part.variables[0]!;
    if (variable.name === 'registry' && part.operator === '+') {
      if (defaultRegistry === undefined) return null;
      addLiteral(defaultRegistry);
      continue;
    }
    const known = groups.get(variable.name);
    const group = `v${groupCount++}`;
    if (known === undefined) groups.set(variable.name, group);
    if (part.operator === '/' && variable.explode) {
      cut();
      units.push({ pattern: `(?<${group}>(?:/${VALUE})*)`, atomic: false, free: 1 });
      continue;
    }
    if (part.operator === '/') cut();
    const capture = known === undefined ? `(?<${group}>${VALUE})` : `\\k<${known}>`;
    if (known === undefined) current.free++;
    // An absent value expands to nothing at all, its operator included.
    const lead = part.operator === '/' ? '/' : part.operator === '.' ? '\\.' : '';
    current.pattern += lead === '' ? capture : `(?:${lead}${capture})?`;
  }
  cut();
  // A unit ends where a path segment does (the next unit starts with "/"), so that an atomic unit
  // read shortest first cannot stop inside its segment.
  const source = (value: string, lazyList: boolean) =>
    units.reduce((text, unit, i) => {
      const pattern = unit.pattern.replaceAll(VALUE, value).replace(/\)\*\)$/, lazyList && !unit.atomic ? ')*?)' : ')*)');
      return text + (unit.atomic && unit.free > 0 ? `(?=(?<u${i}>${pattern})(?=/|$))\\k<u${i}>` : pattern);
    }, '^') + '$';
  const longest = new RegExp(source(SEGMENT, false));
  const shortest = new RegExp(source(SHORTEST_SEGMENT, true));
  const limit = maxUrlLength(Math.max(0, ...units.map((unit) => unit.free)));
  const listGroups = new Set(template.parts.flatMap((part) => (part.kind === 'expression' && part.operator === '/' && part.variables[0]!.explode ? [part.variables[0]!.name] : [])));
  const read = (match: RegExpExecArray): MatchedValues => {
    const values: MatchedValues = new Map();
    for (const [name, group] of groups) {
      const text = match.groups?.[group];
      if (text === undefined || text === '') continue;
      values.set(name, listGroups.has(name) ? text.slice(1).split('/') : text);
    }
    return values;
  };
  const same = (a: MatchedValues, b: MatchedValues) => a.size === b.size && [...a].every(([name, value]) => String(b.get(name)) === String(value));
  return (url) => {
    if (url.length > limit) return null;
    const most = longest.exec(url);
    if (most === null) return null;
    const first = read(most);
    const least = shortest.exec(url);
    const second = least === null ? null : read(least);
    return second === null || same(first, second) ? [first] : [first, second];
  };
}
