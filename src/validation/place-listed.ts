import type { Finding, RawFinding } from '../shared/finding.js';
import { completed, placeFindings } from './document-validator.js';
import type { DocumentSource, SourcePosition } from './source/document-source.js';
import { compareRanks } from './source/value-order.js';

/**
 * {@link placeFindings} for a verdict that lists at most `max` findings: when there are more and
 * the source can tell their order from its value, they are sorted by it and only those listed,
 * and the first past them (where the note of how many more stands), are placed; the rest keep
 * no line. The list is the same as {@link placeFindings} would give, up to the first past the cap.
 * Not part of the public API.
 */
export function placeListed(file: string, raw: readonly (RawFinding & { position?: SourcePosition })[], source: DocumentSource, max: number): Finding[] {
  const shown = Math.max(0, max) + 1;
  const orderOf = source.orderOf;
  if (!(raw.length > shown) || orderOf === undefined || raw.some((f) => f.position !== undefined)) return placeFindings(file, raw, source);
  const ranks = orderOf.call(source, raw);
  if (ranks === null) return placeFindings(file, raw, source);
  // Equal ranks stand at the same place: they keep the order they came in, as a stable sort by
  // line and column keeps them.
  const order = raw.map((_, i) => i).sort((a, b) => compareRanks(ranks[a]!, ranks[b]!) || a - b);
  const found = source.locateAll(order.slice(0, shown).map((i) => raw[i]!));
  return order.map((i, n) => completed(file, raw[i]!, found[n]));
}
