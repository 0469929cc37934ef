/**
 * Checks of a PURL type definition's `permitted_characters` patterns beyond the schema (whose
 * `format: regex` requires that they compile as ECMA-262 with the `u` flag): they are anchored at
 * both ends, cannot backtrack catastrophically, and agree with the component's case sensitivity.
 */
import { quoted } from '../../../shared/describe-value.js';
import type { RawFinding } from '../../../shared/finding.js';
import { humanPath } from '../../../shared/pointer.js';
import { regexSyntaxError, type PermittedCharacters } from '../../definitions/permitted-characters.js';
import { backtrackingCost } from '../../definitions/pattern-flagger.js';
import { toRe2Syntax } from '../../definitions/re2-syntax.js';
import type { SemanticCheck } from '../../../validation/checks/check-table.js';
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
      const beyondGuard = toRe2Syntax(site.source);
      const teapurl = beyondGuard.ok
        ? 'teapurl checks values with its linear-time pattern guard (re2js)'
        : `teapurl cannot check values with its linear-time pattern guard, because ${beyondGuard.reason}, so it leaves every value unchecked`;
      findings.push({
        pointer: site.pointer,
        severity: 'warning',
        rule: this.rule,
        message: `${humanPath(site.pointer)} ${quoted(site.source)} can backtrack catastrophically, taking exponential time on some values (a quantifier over something that itself repeats or alternates): ${teapurl}; other tools may hang`,
      });
    }
    return findings;
  },
};

const UPPERCASE_PROBES = ['A', 'Z', 'AA', 'A0', 'A-A', 'A.A', 'A_A', 'Aa', 'aA'];

/**
 * A value with an uppercase letter that the pattern accepts (`null` when none of the probes is),
 * and the length of the longest probe the pattern was not run on (`null` when it ran on all).
 */
function uppercaseWitness(pattern: PermittedCharacters, examples: readonly string[]): { witness: string | null; unrun: number | null } {
  const probes = new Set<string>();
  for (const value of examples) if (value.toUpperCase() !== value) probes.add(value.toUpperCase());
  for (const probe of UPPERCASE_PROBES) probes.add(probe);
  let unrun: number | null = null;
  for (const probe of probes) {
    const matched = pattern.test(probe);
    if (matched === true) return { witness: probe, unrun };
    if (matched === null && probe.length > (unrun ?? -1)) unrun = probe.length;
  }
  return { witness: null, unrun };
}

const caseInsensitiveUppercase: SemanticCheck = {
  rule: 'purl-type/case-insensitive-pattern',
  summary: 'A `case_sensitive: false` component has a `permitted_characters` that admits no uppercase letter.',
  check(document, context) {
    const findings: RawFinding[] = [];
    for (const site of compilingSites(document)) {
      if (site.caseSensitive !== false) continue;
      const pattern = patternOf(document, context, site);
      if (!pattern) continue;
      const values = examplesOf(document, context).flatMap((e) => {
        const value = e.components?.[site.component];
        return typeof value === 'string' ? [value] : [];
      });
      const { witness, unrun } = uppercaseWitness(pattern, values);
      if (witness !== null) {
        findings.push({
          pointer: site.pointer,
          severity: 'warning',
          rule: this.rule,
          message: `${humanPath(site.pointer)} ${quoted(site.source)} admits ${quoted(witness)}, but ${site.component} is not case sensitive, so its canonical form is lowercase and never holds an uppercase letter`,
        });
      } else if (unrun !== null) {
        findings.push({
          pointer: site.pointer,
          severity: 'warning',
          rule: this.rule,
          message: `${humanPath(site.pointer)} was not fully checked for uppercase letters: ${pattern.unrunReason(unrun) ?? 'the pattern was not run on every probe'}`,
        });
      }
    }
    return findings;
  },
};

/** The built-in purl-type-definition checks, in the order they run. */
export const PURL_TYPE_PATTERN_CHECKS: readonly SemanticCheck[] = [patternAnchored, patternBacktracking, caseInsensitiveUppercase];
