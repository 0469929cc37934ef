import { quoted } from '../../shared/describe-value.js';
import { visit, printParseErrorCode } from 'jsonc-parser';
import type { FindingFix } from '../../shared/finding.js';
import { toPointer, humanPath } from '../../shared/pointer.js';
import { PositionIndex, type PositionRequest } from '../../shared/position-index.js';
import { MAX_DEPTH } from '../../shared/limits.js';
import { measureText, keysBound, measureValue } from '../count-keys.js';
import { ranksOf } from './value-order.js';
import { lineStarts, positionAt, type DocumentSource, type PlacedFinding, type SourceOutcome, type SourcePosition, type TextEdit } from './document-source.js';

/** A parsed JSON text that can say where any of its values stands. */
export interface JsonSource extends DocumentSource {
  readonly format: 'json';
  /** The document, as `JSON.parse` builds it (so `__proto__` is an ordinary own key). */
  readonly value: unknown;
  /** Where the value at `pointer` starts; with `atKey`, where its property name starts. */
  locate(pointer: string, atKey?: boolean): SourcePosition;
  /**
   * {@link locate} for many pointers at once: one pass over the text answers them all, so the
   * cost grows with the text and the number of pointers, never with their product.
   */
  locateAll(requests: readonly PositionRequest[]): SourcePosition[];
}

/**
 * How many characters of a text the position scan reads in the time a finding's rank takes to
 * work out (measured: 100,000 findings on a 1.2 MB discovery document ranked in more time than
 * the scan placed them all).
 */
const CHARACTERS_A_RANK = 64;

/** Either the parsed text, or the findings that stopped it from parsing. */
export type ParseOutcome = SourceOutcome<JsonSource>;

const SYNTAX_WORDS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":"',
  CommaExpected: 'expected "," or a closing bracket',
  CloseBraceExpected: 'expected "}"',
  CloseBracketExpected: 'expected "]"',
  EndOfFileExpected: 'unexpected content after the end of the document',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'malformed \\u escape',
  InvalidEscapeCharacter: 'invalid escape sequence in a string',
  InvalidCharacter: 'control character in a string (escape it)',
};

/**
 * The reader's own fixed wordings of a syntax error (`malformed JSON: …`), which quote nothing of
 * the text. Its other syntax messages may (its last resort is V8's message, which quotes the text
 * around the error): a caller reading a file that may hold secrets shows only these.
 */
export const FIXED_JSON_SYNTAX_MESSAGES: ReadonlySet<string> = new Set(Object.values(SYNTAX_WORDS).map((words) => `malformed JSON: ${words}`));

// The deepest nesting read lives in shared/limits.ts, so that the TEA client's body reader takes
// it without this module (and jsonc-parser) coming along.
export { MAX_DEPTH };

/** What closes where the scanner waited for a property name or a value: after a comma, a trailing one. */
const TRAILING_COMMA: Readonly<Record<string, { readonly closer: string; readonly last: string }>> = {
  PropertyNameExpected: { closer: '}', last: "an object's last property" },
  ValueExpected: { closer: ']', last: "an array's last item" },
};

/**
 * The words for a trailing comma, which JavaScript allows and JSON does not: the scanner's
 * complaint `name` at `offset` (a property name or value expected) is about the bracket that closes
 * the object or array right after a comma. `null` for any other complaint.
 */
function trailingComma(text: string, name: string, offset: number): string | null {
  const expected = TRAILING_COMMA[name];
  if (expected === undefined || text.charAt(offset) !== expected.closer) return null;
  let at = offset - 1;
  while (at >= 0 && /[ \t\r\n]/.test(text.charAt(at))) at--;
  if (text.charAt(at) !== ',') return null;
  return `a trailing comma precedes "${expected.closer}" (JSON allows no comma after ${expected.last}): remove the comma`;
}

/** Runs jsonc-parser's scanner for what JSON.parse cannot say: where a syntax error is, which keys repeat. */
function scan(text: string): { syntax: PlacedFinding[]; duplicates: PlacedFinding[] } {
  const syntax: PlacedFinding[] = [];
  const duplicates: PlacedFinding[] = [];
  const keysStack: Set<string>[] = [];
  visit(
    text,
    {
      onObjectBegin: () => {
        keysStack.push(new Set());
      },
      onObjectEnd: () => {
        keysStack.pop();
      },
      onObjectProperty: (property, _offset, _length, startLine, startCharacter, pathSupplier) => {
        const keys = keysStack[keysStack.length - 1];
        if (!keys) return;
        if (keys.has(property)) {
          duplicates.push({
            pointer: toPointer([...pathSupplier(), property]),
            position: { line: startLine + 1, column: startCharacter + 1 },
            severity: 'error',
            rule: 'json/duplicate-key',
            message: `${humanPath(toPointer(pathSupplier()))} has the key ${quoted(property)} more than once; JSON readers silently keep only the last`,
          });
        }
        keys.add(property);
      },
      onError: (code, offset, _length, startLine, startCharacter) => {
        if (syntax.length > 0) return; // after the first syntax error the rest is noise
        const name = printParseErrorCode(code);
        syntax.push({
          pointer: '',
          severity: 'error',
          rule: 'json/syntax',
          message: `malformed JSON: ${trailingComma(text, name, offset) ?? SYNTAX_WORDS[name] ?? name}`,
          position: { line: startLine + 1, column: startCharacter + 1 },
        });
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  return { syntax, duplicates };
}

/** {@link scan}, except that input nested too deeply for its recursion reports no position. */
function safeScan(text: string): { syntax: PlacedFinding[]; duplicates: PlacedFinding[] } {
  try {
    return scan(text);
  } catch (error) {
    if (error instanceof RangeError) return { syntax: [], duplicates: [] };
    throw error;
  }
}

/**
 * Parses strict JSON (RFC 8259: no comments, no trailing commas), reporting syntax errors and
 * repeated object keys with their line and column. `JSON.parse` silently keeps the last of two
 * equal keys; a validator must not.
 *
 * The common case, a well-formed document without repeated keys, costs one `JSON.parse` and one
 * count of the keys written: when the text holds more keys than the parsed value, some repeated,
 * and only then does the slower positional scan run.
 */
export function parseJsonSource(rawText: string): ParseOutcome {
  // A UTF-8 byte order mark is tolerated (RFC 8259 section 8.1 lets parsers ignore it); a second
  // one is not: it is an unexpected character, whatever JSON.parse or the scanner make of it.
  const text = rawText.charCodeAt(0) === 0xfeff ? rawText.slice(1) : rawText;
  if (text.charCodeAt(0) === 0xfeff) {
    return {
      ok: false,
      findings: [
        {
          pointer: '',
          severity: 'error',
          rule: 'json/syntax',
          message: 'malformed JSON: the text starts with two byte order marks (U+FEFF); remove the second',
          position: { line: 1, column: 1 },
        },
      ],
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const { syntax } = safeScan(text);
    if (syntax.length > 0) return { ok: false, findings: syntax };
    // The scanner is more lenient than JSON.parse in a few corners; JSON.parse names the offset.
    const match = /position (\d+)/.exec(String(error));
    const position = positionAt(lineStarts(text), match ? Number(match[1]) : 0);
    return {
      ok: false,
      findings: [{ pointer: '', severity: 'error', rule: 'json/syntax', message: `malformed JSON: ${(error as Error).message}`, position }],
    };
  }
  // Most texts repeat no key: the colons bound the keys written, and when the parsed value has
  // as many, its nesting is the text's. Any other text is measured character by character.
  const shape = measureValue(value, MAX_DEPTH);
  const plain = shape.depth <= MAX_DEPTH && keysBound(text) === shape.keys;
  const measure = plain ? { keys: shape.keys, depth: shape.depth } : measureText(text);
  if (measure.depth > MAX_DEPTH) {
    return {
      ok: false,
      findings: [
        {
          pointer: '',
          severity: 'error',
          rule: 'json/too-deep',
          message: `the document nests arrays and objects ${measure.depth} levels deep; teapurl reads at most ${MAX_DEPTH}`,
          position: { line: 1, column: 1 },
        },
      ],
    };
  }
  // Within the depth limit the value was measured whole: shape.keys are all its keys, and a text
  // with more keys written than that repeats one.
  const uniqueKeys = plain || measure.keys === shape.keys;
  const duplicates = uniqueKeys ? [] : scan(text).duplicates;

  const locateAll = (requests: readonly PositionRequest[]): SourcePosition[] => new PositionIndex(text, requests, { uniqueKeys }).positions();
  const bomLength = rawText.length - text.length;
  const source: JsonSource = {
    format: 'json',
    value,
    locate: (pointer, atKey = false) => locateAll([{ pointer, atKey }])[0]!,
    locateAll,
    // Of two equal keys JSON.parse keeps the first one's place and the last one's value: only a
    // text without them has the value's order. Ranking a request costs about what reading a few
    // dozen characters does: for a short text with many findings one scan is cheaper.
    ...(uniqueKeys
      ? { orderOf: (requests: readonly PositionRequest[]) => (requests.length * CHARACTERS_A_RANK > text.length ? null : ranksOf(value, requests)) }
      : {}),
    edits: (fixes) => stringEdits(text, fixes, bomLength, uniqueKeys),
  };
  return { ok: true, source, findings: duplicates };
}

/** Where the JSON string starting at `start` (its opening quote) ends: just past its closing quote. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i + 1;
  }
  return -1;
}

/**
 * Each fix as the edit that replaces the JSON string at its pointer, quotes and escapes included.
 * One pass finds every string, so the cost grows with the text and the number of fixes, never
 * with their product. Offsets are shifted by `shift`, the byte order mark the text was read without.
 */
function stringEdits(text: string, fixes: readonly FindingFix[], shift: number, uniqueKeys: boolean): (TextEdit | string)[] {
  const starts = new PositionIndex(
    text,
    fixes.map((f) => ({ pointer: f.pointer })),
    { uniqueKeys },
  ).offsets();
  return fixes.map((fix, i) => {
    const start = starts[i]!;
    const end = text.charCodeAt(start) === 0x22 ? stringEnd(text, start) : -1;
    if (end === -1) return 'no string stands there';
    return { start: start + shift, end: end + shift, text: JSON.stringify(fix.replacement) };
  });
}
