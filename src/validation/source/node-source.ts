/**
 * A source whose reader records where each value stands by the value's own nodes (the object or
 * array it built), not by JSON Pointer: reading writes no pointer at all, and a request's pointer
 * is followed through the value when a finding or a fix asks. A reader of 100,000 components
 * would otherwise write, hash and keep two pointers a component (CycloneDX XML: a third of its
 * reading time) for the few that are ever asked for.
 */
import type { FindingFix } from '../../shared/finding.js';
import { pointerTokens } from '../../shared/pointer.js';
import type { PositionRequest } from '../../shared/position-index.js';
import { positionsAt, type DocumentSource, type SourceFormat, type SourcePosition, type StringSlot, type TextEdit } from './document-source.js';

/**
 * A string member a reader may be asked to place or rewrite, one of its holder's; a reader adds
 * what it needs to work out the member's slot, when a fix asks (most never are).
 */
export interface RecordedMember {
  /** The member's name in its holder. */
  readonly name: string;
  /** Where its string starts. */
  readonly offset: number;
  /** The holder's next recorded member. */
  readonly next: this | null;
}

/** What a reader recorded of one object or array of the value. */
export interface RecordedNode<M extends RecordedMember = RecordedMember> {
  /** Where it starts. */
  readonly start: number;
  /** Its recorded string members, the last recorded first. */
  members: M | null;
}

function memberOf<M extends RecordedMember>(record: RecordedNode<M> | undefined, name: string): M | null {
  for (let m = record?.members ?? null; m !== null; m = m.next) if (m.name === name) return m;
  return null;
}

/** The own member `token` of a node of the value; `undefined` for none (or not a node). */
function child(node: unknown, token: string): unknown {
  return typeof node === 'object' && node !== null && Object.hasOwn(node, token) ? (node as Record<string, unknown>)[token] : undefined;
}

/**
 * The offset of the value at `pointer`, or of its nearest recorded ancestor: what a map of every
 * recorded pointer gives (the pointers a reader records are the paths to its nodes and members).
 */
function offsetOf(root: unknown, records: ReadonlyMap<object, RecordedNode>, pointer: string): number {
  let node: unknown = root;
  let offset = records.get(root as object)?.start ?? 0;
  for (const token of pointerTokens(pointer)) {
    const next = child(node, token);
    if (typeof next === 'object' && next !== null) {
      const record = records.get(next);
      if (record !== undefined) offset = record.start;
      node = next;
      continue;
    }
    const member = next === undefined ? null : memberOf(records.get(node as object), token);
    if (member !== null) offset = member.offset;
    break;
  }
  return offset;
}

/** The recorded member at `pointer`: the last token of a recorded holder's. */
function memberAt<M extends RecordedMember>(root: unknown, records: ReadonlyMap<object, RecordedNode<M>>, pointer: string): M | null {
  const tokens = pointerTokens(pointer);
  const name = tokens.pop();
  if (name === undefined) return null;
  let node: unknown = root;
  for (const token of tokens) {
    node = child(node, token);
    if (typeof node !== 'object' || node === null) return null;
  }
  return typeof child(node, name) === 'string' ? memberOf(records.get(node as object), name) : null;
}

/**
 * The source of a format whose reader recorded, for the nodes of the value it built, where each
 * starts and which string members it may place and rewrite (`slotOf` says how a member is
 * rewritten, or why it cannot be). Lines are counted only when asked.
 */
export function nodeRecordedSource<M extends RecordedMember>(
  format: SourceFormat,
  text: string,
  value: unknown,
  records: ReadonlyMap<object, RecordedNode<M>>,
  slotOf: (member: M) => StringSlot | string,
): DocumentSource {
  return {
    format,
    value,
    locateAll: (requests: readonly PositionRequest[]): SourcePosition[] =>
      positionsAt(
        text,
        requests.map(({ pointer }) => offsetOf(value, records, pointer)),
      ),
    // The offsets are known without counting lines: they are the order.
    orderOf: (requests: readonly PositionRequest[]): number[][] => requests.map(({ pointer }) => [offsetOf(value, records, pointer)]),
    edits: (fixes: readonly FindingFix[]): (TextEdit | string)[] =>
      fixes.map(({ pointer, replacement }) => {
        const member = memberAt(value, records, pointer);
        if (member === null) return 'no string stands there';
        const slot = slotOf(member);
        if (typeof slot === 'string') return slot;
        const written = slot.write(replacement);
        return typeof written === 'string' ? { start: slot.start, end: slot.end, text: written } : written.refused;
      }),
  };
}
