/**
 * Checks of a PURL type definition's `examples`, which the spec calls "valid canonical PURLs of
 * this type": each is of the definition's type, parses under an engine built from the definition,
 * is already canonical, and names a different package from the others.
 */
import { quoted } from '../../../shared/describe-value.js';
import type { RawFinding } from '../../../shared/finding.js';
import { humanPath, toPointer } from '../../../shared/pointer.js';
import type { SemanticCheck } from '../../../validation/checks/check-table.js';
import type { CheckContext } from '../../../validation/checks/check-context.js';
import { definitionType } from './purl-type-document.js';
import { examplesOf, patternOf, type ParsedExample } from './purl-type-examples.js';
import { patternSites } from './purl-type-document.js';
import { countOf } from '../../../shared/describe-value.js';
import { canonicalFix } from '../canonical-fix.js';
import { canonicalDifferences } from '../../syntax/canonical-differences.js';

const exampleType: SemanticCheck = {
  rule: 'purl-type/example-type',
  summary: "Every example is a PURL of the definition's type.",
  check(document, context) {
    const type = definitionType(document);
    return examplesOf(document, context)
      .filter((e) => !e.ownType)
      .map((e) => {
        const pointer = toPointer(['examples', e.index]);
        return {
          pointer,
          severity: 'error',
          rule: this.rule,
          message: `${humanPath(pointer)} ${quoted(e.purl)} is a PURL of type ${quoted(e.type ?? '')}, not of this definition's type ${quoted(type)}`,
          // Without a type, the schema's words (a PURL begins with pkg:<type>/) say it better.
          explainsSchema: e.type !== null,
        };
      });
  },
};

/** A canonical form is what the author copies to fix an example: shown longer than other values. */
const MAX_CANONICAL_SHOWN = 500;

/**
 * One warning per pattern that was not run on some examples (`pattern-skipped`): a pattern that
 * can backtrack catastrophically, on values longer than it can safely run on, without the pattern
 * guard. How many examples it did not check, and why. Their other problems, canonical form and
 * uniqueness are still checked.
 */
function uncheckedNotices(document: unknown, context: CheckContext, examples: readonly ParsedExample[], rule: string): RawFinding[] {
  const findings: RawFinding[] = [];
  for (const site of patternSites(document)) {
    const count = examples.filter((e) => e.unchecked.includes(site.component)).length;
    if (count === 0) continue;
    const why = patternOf(document, context, site)?.unrunReason(null) ?? 'the pattern was not run';
    findings.push({
      pointer: site.pointer,
      severity: 'warning',
      rule,
      message: `${countOf(count, 'example')} ${count === 1 ? 'was' : 'were'} not checked against ${humanPath(site.pointer)}: ${why}`,
    });
  }
  return findings;
}

const exampleValid: SemanticCheck = {
  rule: 'purl-type/example-valid',
  summary: 'Every example parses under an engine built from the definition itself.',
  check(document, context) {
    const findings: RawFinding[] = [];
    const examples = examplesOf(document, context);
    for (const e of examples) {
      if (e.problems.length === 0) continue;
      const pointer = toPointer(['examples', e.index]);
      const problems = e.problems.map((issue) => issue.message).join('; ');
      findings.push({
        pointer,
        severity: 'error',
        rule: this.rule,
        message: `${humanPath(pointer)} ${quoted(e.purl)} is not a valid PURL under this definition: ${problems}`,
        explainsSchema: true,
      });
    }
    return findings.concat(uncheckedNotices(document, context, examples, this.rule));
  },
};

const exampleCanonical: SemanticCheck = {
  rule: 'purl-type/example-canonical',
  summary: 'Every valid example is written in its canonical form.',
  check(document, context) {
    const findings: RawFinding[] = [];
    for (const e of examplesOf(document, context)) {
      if (e.canonical === null || e.canonical === e.purl) continue;
      const pointer = toPointer(['examples', e.index]);
      const why = canonicalDifferences(e.purl);
      const message = `${humanPath(pointer)} ${quoted(e.purl)} is not canonical${why.length === 0 ? '' : `: ${why.join('; ')}`}; its canonical form is ${quoted(e.canonical, MAX_CANONICAL_SHOWN)}`;
      const fixed = canonicalFix(e, pointer);
      findings.push(
        'fix' in fixed
          ? { pointer, severity: 'error', rule: this.rule, message, fix: fixed.fix, explainsSchema: true }
          : { pointer, severity: 'error', rule: this.rule, message: `${message}; ${fixed.reason}`, explainsSchema: true },
      );
    }
    return findings;
  },
};

const exampleUnique: SemanticCheck = {
  rule: 'purl-type/example-unique',
  summary: 'No two examples are the same PURL once canonicalised.',
  check(document, context) {
    const findings: RawFinding[] = [];
    const firstByCanonical = new Map<string, number>();
    for (const e of examplesOf(document, context)) {
      const canonical = e.canonical;
      if (!canonical) continue;
      const first = firstByCanonical.get(canonical);
      if (first === undefined) {
        firstByCanonical.set(canonical, e.index);
        continue;
      }
      const pointer = toPointer(['examples', e.index]);
      findings.push({
        pointer,
        severity: 'error',
        rule: this.rule,
        message: `${humanPath(pointer)} ${quoted(e.purl)} is the same PURL as ${humanPath(toPointer(['examples', first]))} once canonicalised (${quoted(canonical, MAX_CANONICAL_SHOWN)})`,
      });
    }
    return findings;
  },
};

/** The built-in purl-type-definition checks, in the order they run. */
export const PURL_TYPE_EXAMPLE_CHECKS: readonly SemanticCheck[] = [exampleType, exampleValid, exampleCanonical, exampleUnique];
