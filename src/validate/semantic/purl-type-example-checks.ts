/**
 * Checks of a PURL type definition's `examples`, which the spec calls "valid canonical PURLs of
 * this type": each is of the definition's type, parses under an engine built from the definition,
 * is already canonical, and names a different package from the others.
 */
import { quoted } from '../describe-value.js';
import type { RawFinding } from '../finding.js';
import { humanPath, toPointer } from '../pointer.js';
import { registerChecks, type SemanticCheck } from './registry.js';
import { definitionType } from './purl-type-document.js';
import { examplesOf } from './purl-type-examples.js';

const exampleType: SemanticCheck = {
  rule: 'purl-type/example-type',
  summary: "Every example is a PURL of the definition's type.",
  check(document, { schemaValid }) {
    const type = definitionType(document);
    return examplesOf(document, schemaValid)
      .filter((e) => !e.ownType)
      .map((e) => {
        const pointer = toPointer(['examples', e.index]);
        return {
          pointer,
          severity: 'error',
          rule: this.rule,
          message: `${humanPath(pointer)} ${quoted(e.purl)} is a PURL of type ${quoted(e.type ?? '')}, not of this definition's type ${quoted(type)}`,
        };
      });
  },
};

const exampleValid: SemanticCheck = {
  rule: 'purl-type/example-valid',
  summary: 'Every example parses under an engine built from the definition itself.',
  check(document, { schemaValid }) {
    const findings: RawFinding[] = [];
    for (const e of examplesOf(document, schemaValid)) {
      if (!e.validation || e.validation.valid) continue;
      const pointer = toPointer(['examples', e.index]);
      const problems = e.validation.errors.map((issue) => issue.message).join('; ');
      findings.push({
        pointer,
        severity: 'error',
        rule: this.rule,
        message: `${humanPath(pointer)} ${quoted(e.purl)} is not a valid PURL under this definition: ${problems}`,
      });
    }
    return findings;
  },
};

const exampleCanonical: SemanticCheck = {
  rule: 'purl-type/example-canonical',
  summary: 'Every valid example is written in its canonical form.',
  check(document, { schemaValid }) {
    const findings: RawFinding[] = [];
    for (const e of examplesOf(document, schemaValid)) {
      if (!e.validation?.valid || e.validation.isCanonical) continue;
      const pointer = toPointer(['examples', e.index]);
      findings.push({
        pointer,
        severity: 'error',
        rule: this.rule,
        message: `${humanPath(pointer)} ${quoted(e.purl)} is not canonical; its canonical form is ${quoted(e.validation.canonical)}`,
      });
    }
    return findings;
  },
};

const exampleUnique: SemanticCheck = {
  rule: 'purl-type/example-unique',
  summary: 'No two examples are the same PURL once canonicalised.',
  check(document, { schemaValid }) {
    const findings: RawFinding[] = [];
    const firstByCanonical = new Map<string, number>();
    for (const e of examplesOf(document, schemaValid)) {
      const canonical = e.validation?.canonical;
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
        message: `${humanPath(pointer)} ${quoted(e.purl)} is the same PURL as ${humanPath(toPointer(['examples', first]))} once canonicalised (${quoted(canonical)})`,
      });
    }
    return findings;
  },
};

registerChecks('purl-type-definition', [exampleType, exampleValid, exampleCanonical, exampleUnique]);
