/** How the one-line notices of what was not checked name several things. */
import { humanPath } from '../../shared/pointer.js';

/** Members named in a line; a document broken in more places is summed up. */
const MAX_NAMED = 5;

/** `a`, `a and b`, `a, b and c`. */
export function listed(items: readonly string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The members at these pointers, as paths, up to five and then counted. */
export function named(pointers: readonly string[]): string {
  const shown = pointers.slice(0, MAX_NAMED).map(humanPath);
  const more = pointers.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : listed(shown);
}
