/**
 * Checks of a PURL type definition's `permitted_characters` patterns beyond the schema (whose
 * `format: regex` requires that they compile as ECMA-262 with the `u` flag): they are anchored at
 * both ends, cannot backtrack catastrophically, and agree with the component's case sensitivity.
 */
import { quoted } from '../../schemas/describe-value.js';
import type { RawFinding } from '../../schemas/finding.js';
import { humanPath } from '../../schemas/pointer.js';
import {
  backtrackingCost,
  forEachUnderPatternTimeLimit,
  PATTERN_TIME_LIMIT_MS,
  regexSyntaxError,
  type PermittedCharacters,
} from '../../purl/definitions/permitted-characters.js';
import type { SemanticCheck } from './registry.js';
import { patternSites, type PatternSite } from './purl-type-document.js';
import { examplesOf, patternOf } from './purl-type-examples.js';

/** The patterns that compile with the `u` flag; the schema's `format: regex` reports the others. */
function compilingSites(document: unknown): PatternSite[] {
  return patternSites(document).filter((site) => regexSyntaxError(site.source) === null);
}

/** The pattern split at its top-level `|`, outside groups and character classes. */
function topLevelAlternatives(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      parts.push(source.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(source.slice(start));
  return parts;
}

/** Whether `source` ends with a `$` that is not escaped. */
function endsWithAnchor(source: string): boolean {
  if (!source.endsWith('$')) return false;
  let backslashes = 0;
  for (let i = source.length - 2; i >= 0 && source[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 0;
}

const patternAnchored: SemanticCheck = {
  rule: 'purl-type/pattern-anchored',
  summary: '`permitted_characters` is anchored with `^` and `$`, so it constrains the whole value.',
  check(document) {
    const findings: RawFinding[] = [];
    for (const site of compilingSites(document)) {
      const alternatives = topLevelAlternatives(site.source);
      const loose = alternatives.filter((a) => !a.startsWith('^') || !endsWithAnchor(a));
      if (loose.length === 0) continue;
      const why =
        alternatives.length > 1
          ? `its top-level alternatives are not each anchored, so ^ and $ bind to only some of them; wrap the alternation: ^(?:…)$`
          : `it is not anchored with ^ and $, so it only requires some part of the value to match`;
      findings.push({
        pointer: site.pointer,
        severity: 'warning',
        rule: this.rule,
        message: `${humanPath(site.pointer)} ${quoted(site.source)}: ${why}`,
      });
    }
    return findings;
  },
};

const patternBacktracking: SemanticCheck = {
  rule: 'purl-type/pattern-backtracking',
  summary: '`permitted_characters` cannot backtrack catastrophically (a nested quantifier such as `(a+)+`).',
  check(document) {
    const findings: RawFinding[] = [];
    for (const site of compilingSites(document)) {
      if (!backtrackingCost(site.source).exponential) continue;
      findings.push({
        pointer: site.pointer,
        severity: 'warning',
        rule: this.rule,
        message: `${humanPath(site.pointer)} ${quoted(site.source)} can take exponential time on some values (a quantifier over something that itself repeats or alternates); teapurl runs it under a time limit, other tools may hang`,
      });
    }
    return findings;
  },
};

const UPPERCASE_PROBES = ['A', 'Z', 'AA', 'A0', 'A-A', 'A.A', 'A_A', 'Aa', 'aA'];

/** A value with an uppercase letter that the pattern accepts, or `null` when none of the probes is. */
function uppercaseWitness(pattern: PermittedCharacters, examples: readonly string[]): string | null {
  const probes = new Set<string>();
  for (const value of examples) if (value.toUpperCase() !== value) probes.add(value.toUpperCase());
  for (const probe of UPPERCASE_PROBES) probes.add(probe);
  const list = [...probes];
  let witness: string | null = null;
  forEachUnderPatternTimeLimit(list.length, (i) => {
    if (witness === null && pattern.test(list[i]!) === true) witness = list[i]!;
  });
  return witness;
}

const caseInsensitiveUppercase: SemanticCheck = {
  rule: 'purl-type/case-insensitive-pattern',
  summary: 'A `case_sensitive: false` component has a `permitted_characters` that admits no uppercase letter.',
  check(document, { schemaValid }) {
    const findings: RawFinding[] = [];
    for (const site of compilingSites(document)) {
      if (site.caseSensitive !== false) continue;
      const pattern = patternOf(document, schemaValid, site);
      if (!pattern) continue;
      const values = examplesOf(document, schemaValid).flatMap((e) => {
        const value = e.components?.[site.component];
        return typeof value === 'string' ? [value] : [];
      });
      const witness = uppercaseWitness(pattern, values);
      if (witness !== null) {
        findings.push({
          pointer: site.pointer,
          severity: 'warning',
          rule: this.rule,
          message: `${humanPath(site.pointer)} ${quoted(site.source)} admits ${quoted(witness)}, but ${site.component} is not case sensitive, so its canonical form is lowercase and never holds an uppercase letter`,
        });
      } else if (pattern.slowOn !== null) {
        findings.push({
          pointer: site.pointer,
          severity: 'warning',
          rule: this.rule,
          message: `${humanPath(site.pointer)} was not fully checked for uppercase letters: it ran out of time (over ${PATTERN_TIME_LIMIT_MS} ms) on ${quoted(pattern.slowOn)}, and teapurl does not run it again for this definition`,
        });
      }
    }
    return findings;
  },
};

/** The built-in purl-type-definition checks, in the order they run. */
export const PURL_TYPE_PATTERN_CHECKS: readonly SemanticCheck[] = [patternAnchored, patternBacktracking, caseInsensitiveUppercase];
