/**
 * What the validator needs of a document's text, whatever its format: the value it reads (a JSON
 * value; for XML and tag-value the members teapurl reads, under the names the format's JSON form
 * gives them, so that one JSON Pointer names one place in every format), where each value stands,
 * and how a string is rewritten in place. JSON, CycloneDX XML and SPDX tag-value each implement it;
 * the checks, the placing of findings and `fixText` work on this alone.
 */
import type { FindingFix, RawFinding } from '../../shared/finding.js';
import type { PositionRequest } from '../../shared/position-index.js';

/**
 * A 1-based position in a source text.
 *
 * @example
 * ```ts
 * import { teapurlValidator, type SourcePosition } from 'teapurl';
 * const { source } = teapurlValidator.validateTextValue('{"a": 1}', { kind: 'discovery' });
 * const at: SourcePosition | undefined = source?.locateAll([{ pointer: '/a' }])[0]; // { line: 1, column: 7 }
 * ```
 */
export interface SourcePosition {
  /** The line, from 1. */
  line: number;
  /** In UTF-16 code units, as the findings count. */
  column: number;
}

/**
 * How a document is written: `json`, or a format a kind brings (`xml`, `tag-value`).
 *
 * @example
 * ```ts
 * import type { SourceFormat } from 'teapurl';
 * const format: SourceFormat = 'xml';
 * ```
 */
export type SourceFormat = 'json' | (string & {});

/**
 * The characters `[start, end)` of a text, to be replaced by `text`.
 *
 * @example
 * ```ts
 * import type { TextEdit } from 'teapurl';
 * const edit: TextEdit = { start: 9, end: 14, text: '"pkg:npm/x"' };
 * ```
 */
export interface TextEdit {
  /** The offset of the first character replaced. */
  readonly start: number;
  /** The offset after the last character replaced. */
  readonly end: number;
  /** What stands there instead. */
  readonly text: string;
}

/**
 * A parsed text that can say where any of its values stands and rewrite its strings in place.
 *
 * @example
 * ```ts
 * import { teapurlValidator, type DocumentSource } from 'teapurl';
 * const source: DocumentSource | undefined = teapurlValidator.validateTextValue('{"schemaVersion": 1}', { kind: 'discovery' }).source;
 * source?.format; // 'json'
 * ```
 */
export interface DocumentSource {
  /** The format the text is written in. */
  readonly format: SourceFormat;
  /** The document as checks read it. */
  readonly value: unknown;
  /**
   * Where each requested value starts (with `atKey`, its member name where the format has one). A
   * value the text lacks gets the position of its nearest ancestor that is there. One pass
   * answers them all.
   */
  locateAll(requests: readonly PositionRequest[]): SourcePosition[];
  /**
   * Optional: the order in which the requested values stand in the text, told without reading
   * it: a rank per request, its numbers compared in turn and a shorter rank first when one starts
   * the other (equal ranks: the same place). `null`, or no such member, when the source cannot
   * tell. A validation with more findings than it lists sorts them by it, and places only those
   * it lists.
   */
  orderOf?(requests: readonly PositionRequest[]): readonly (readonly number[])[] | null;
  /**
   * For each fix, the edit that writes its replacement in place of the string at its pointer, in
   * the format's own syntax (offsets into the text as it was given), or why that string cannot be
   * rewritten in place. Edits of different pointers never overlap.
   */
  edits(fixes: readonly FindingFix[]): (TextEdit | string)[];
}

/**
 * A finding whose position was known when it was made (a syntax error, found while reading).
 *
 * @example
 * ```ts
 * import type { PlacedFinding } from 'teapurl';
 * const finding: PlacedFinding = { pointer: '', severity: 'error', rule: 'json/syntax', message: 'malformed JSON', position: { line: 1, column: 2 } };
 * ```
 */
export type PlacedFinding = RawFinding & {
  /** Where the finding stands. */
  position: SourcePosition;
};

/**
 * Either the parsed text, with what reading it found, or the findings that stopped it: what a
 * {@link SourceReader} answers.
 *
 * @example
 * ```ts
 * import { SPDX_KIND, type SourceOutcome } from 'teapurl';
 * const outcome: SourceOutcome | undefined = SPDX_KIND.readers?.[0]?.read('SPDXVersion: SPDX-2.3\n');
 * outcome?.ok; // true
 * ```
 */
export type SourceOutcome<S extends DocumentSource = DocumentSource> =
  | {
      /** The text was read. */
      ok: true;
      /** The text as read. */
      source: S;
      /** What reading it found that does not stop it (a repeated key). */
      findings: PlacedFinding[];
    }
  | {
      /** The text could not be read. */
      ok: false;
      /** Why. */
      findings: PlacedFinding[];
    };

/** Offsets of the first character of each line (after LF, CRLF or a lone CR). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return starts;
}

/** The line and column of an offset, given the text's {@link lineStarts}. */
export function positionAt(starts: readonly number[], offset: number): SourcePosition {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}

/**
 * The line and column of each offset, as {@link positionAt} over {@link lineStarts} gives them,
 * from one pass over the text up to the last offset: no table of every line is built, and a text
 * without a carriage return is read a line at a time (`indexOf`), not a character at a time.
 */
export function positionsAt(text: string, offsets: readonly number[]): SourcePosition[] {
  const positions = new Array<SourcePosition>(offsets.length);
  if (offsets.length === 0) return positions;
  const order = Array.from(offsets.keys()).sort((a, b) => offsets[a]! - offsets[b]!);
  const plainLines = text.indexOf('\r') === -1;
  let line = 1;
  let lineStart = 0;
  // Plain lines: the offset of the next line feed at or after lineStart (Infinity: none).
  let next = -1;
  // Other texts: the characters before this are counted.
  let scanned = 0;
  for (const k of order) {
    const offset = offsets[k]!;
    if (plainLines) {
      for (;;) {
        if (next < lineStart) {
          const found = text.indexOf('\n', lineStart);
          next = found === -1 ? Number.POSITIVE_INFINITY : found;
        }
        if (next >= offset) break;
        line++;
        lineStart = next + 1;
      }
    } else {
      const end = Math.min(offset, text.length);
      for (let i = scanned; i < end; i++) {
        const c = text.charCodeAt(i);
        if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
          line++;
          lineStart = i + 1;
        }
      }
      scanned = Math.max(scanned, end);
    }
    positions[k] = { line, column: offset - lineStart + 1 };
  }
  return positions;
}

/**
 * Positions by pointer for a format that records where each value it reads stands: a request the
 * map lacks gets its nearest recorded ancestor's, and the lines are counted only once asked.
 */
function mappedLocator(text: string, offsets: ReadonlyMap<string, number>): (requests: readonly PositionRequest[]) => SourcePosition[] {
  return (requests) =>
    positionsAt(
      text,
      requests.map(({ pointer }) => {
        let at = pointer;
        let offset = offsets.get(at);
        while (offset === undefined && at !== '') {
          at = at.slice(0, at.lastIndexOf('/'));
          offset = offsets.get(at);
        }
        return offset ?? 0;
      }),
    );
}

/** A place in a text where a string stands, and how a new string is written there. */
export interface StringSlot {
  readonly start: number;
  readonly end: number;
  /** The new string as the format writes it at this place, or why it cannot be written there. */
  readonly write: (replacement: string) => string | { refused: string };
}

/**
 * The source of a format whose reader records, by pointer, where each value it kept stands and
 * the slot of each string it may rewrite (a slot missing: why that string cannot be rewritten).
 */
export function recordedSource(
  format: SourceFormat,
  text: string,
  value: unknown,
  offsets: ReadonlyMap<string, number>,
  slots: ReadonlyMap<string, StringSlot | string>,
): DocumentSource {
  return { format, value, locateAll: mappedLocator(text, offsets), edits: (fixes) => slotEdits(slots, fixes) };
}

/** {@link DocumentSource.edits} for a format that records a slot for each string it may rewrite. */
function slotEdits(slots: ReadonlyMap<string, StringSlot | string>, fixes: readonly FindingFix[]): (TextEdit | string)[] {
  return fixes.map(({ pointer, replacement }) => {
    const slot = slots.get(pointer);
    if (slot === undefined) return 'no string stands there';
    if (typeof slot === 'string') return slot;
    const text = slot.write(replacement);
    return typeof text === 'string' ? { start: slot.start, end: slot.end, text } : text.refused;
  });
}

/**
 * A format other than JSON that a kind's documents may be written in (CycloneDX XML, SPDX
 * tag-value): the kind brings its reader, so that the generic engine knows JSON alone.
 *
 * @example
 * ```ts
 * import { CYCLONEDX_KIND, type SourceReader } from 'teapurl';
 * const xml: SourceReader | undefined = CYCLONEDX_KIND.readers?.[0];
 * xml?.extension.test('bom.xml'); // true
 * ```
 */
export interface SourceReader {
  /** The format's name, as `DocumentSource.format` gives it. */
  readonly format: SourceFormat;
  /** File names written in the format. */
  readonly extension: RegExp;
  /** Whether a text looks written in the format, from its first character that is not blank (`start`). */
  sniff(text: string, start: number): boolean;
  /** Reads a text of the format. */
  read(text: string): SourceOutcome;
}
