/**
 * The one line that says a definition's examples were not checked, or not against all of it,
 * because the schema rejected something they depend on: without it, fixing the schema finding
 * would bring new findings about the examples in a second round, unannounced.
 */
import { humanPath } from '../../schemas/pointer.js';
import type { SemanticCheck } from './registry.js';
import { exampleStrings } from './purl-type-document.js';
import { examplesOf, examplesUnchecked } from './purl-type-examples.js';

/** Members named in the line; a definition broken in more places is summed up. */
const MAX_NAMED = 5;

function named(pointers: readonly string[]): string {
  const shown = pointers.slice(0, MAX_NAMED).map(humanPath);
  const more = pointers.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

const examplesNotChecked: SemanticCheck = {
  rule: 'purl-type/examples-unchecked',
  summary: 'Says, in one line, when the examples could not be checked against the definition, or not against all of it, and why.',
  check(document, context) {
    const unchecked = examplesUnchecked(document, context);
    if (unchecked === null) return [];
    const { blockedBy, leftOut } = unchecked;
    let message: string;
    if (blockedBy?.pointer === '/type' || blockedBy?.pointer === '') {
      // The examples cannot even be told apart by type: nothing about them was checked.
      if (exampleStrings(document).length === 0) return [];
      const why = blockedBy.pointer === '' ? 'the definition cannot be compiled' : `${humanPath(blockedBy.pointer)} is ${blockedBy.missing ? 'missing' : 'invalid'}`;
      message = `examples not checked: ${why}`;
    } else {
      // Examples of another type are reported as such; the others are the ones left unchecked.
      const own = examplesOf(document, context).filter((e) => e.ownType);
      if (own.length === 0) return [];
      message =
        blockedBy !== null
          ? `examples not checked against this definition, only for their type: ${humanPath(blockedBy.pointer)} is ${blockedBy.missing ? 'missing' : 'invalid'}`
          : `examples not checked against ${named(leftOut)}, which ${leftOut.length === 1 ? 'is' : 'are'} invalid; checked against the rest of the definition`;
    }
    return [{ pointer: '/examples', severity: 'warning', rule: this.rule, message }];
  },
};

/** The built-in purl-type-definition checks, in the order they run. */
export const PURL_TYPE_EXAMPLES_UNCHECKED_CHECKS: readonly SemanticCheck[] = [examplesNotChecked];
