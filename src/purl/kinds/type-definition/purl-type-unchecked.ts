/**
 * The one line that says what of a type definition could not be checked, and why: the examples
 * when the schema rejected something they depend on (or the part of the definition they were
 * not checked against), and `$id` and the file name when it rejected the type. Without it, fixing
 * the schema's findings would bring new findings in a second round, unannounced.
 */
import { humanPath } from '../../../shared/pointer.js';
import { listed, named } from '../../../validation/checks/listed.js';
import type { SemanticCheck } from '../../../validation/checks/check-table.js';
import { asObject, own } from '../../../validation/checks/read.js';
import { exampleStrings } from './purl-type-document.js';
import { examplesOf, examplesUnchecked } from './purl-type-examples.js';
import { hasJsonFileName } from '../../../shared/file-names.js';

function fault(blockedBy: { pointer: string; missing: boolean }): string {
  return blockedBy.pointer === '' ? 'the definition cannot be compiled' : `${humanPath(blockedBy.pointer)} is ${blockedBy.missing ? 'missing' : 'invalid'}`;
}

const unchecked: SemanticCheck = {
  rule: 'purl-type/unchecked',
  summary: 'Says in one line what could not be checked because of a value the schema rejects, and why: the examples, `$id`, the file name.',
  check(document, context) {
    const skipped = examplesUnchecked(document, context);
    if (skipped === null) return [];
    const { blockedBy, leftOut } = skipped;
    if (blockedBy?.pointer === '/type') {
      // Nothing that is compared with the type was.
      const hasExamples = exampleStrings(document).length > 0;
      const what = [
        ...(hasExamples ? ['examples'] : []),
        ...(typeof own(asObject(document), '$id') === 'string' ? ['$id'] : []),
        ...(hasJsonFileName(context.file) ? ['the file name'] : []),
      ];
      if (what.length === 0) return [];
      return [{ pointer: hasExamples ? '/examples' : '', severity: 'warning', rule: this.rule, message: `${listed(what)} not checked: ${fault(blockedBy)}` }];
    }
    // Examples of another type are reported as such; those of the definition's type are the ones concerned.
    if (!examplesOf(document, context).some((e) => e.ownType)) return [];
    const message =
      blockedBy !== null
        ? `examples not checked against this definition, only for their type: ${fault(blockedBy)}`
        : `examples not checked against ${named(leftOut)}, which ${leftOut.length === 1 ? 'is' : 'are'} invalid; checked against the rest of the definition`;
    return [{ pointer: '/examples', severity: 'warning', rule: this.rule, message }];
  },
};

/** The built-in purl-type-definition checks, in the order they run. */
export const PURL_TYPE_UNCHECKED_CHECKS: readonly SemanticCheck[] = [unchecked];
