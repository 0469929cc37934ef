/**
 * SPDX 2.x tag-value read as the JSON form of the same document, so that the checks, the pointers
 * and the messages are those of SPDX JSON: `PackageName` opens `packages[i]`, and
 * `ExternalRef: PACKAGE-MANAGER purl <locator>` is `packages[i].externalRefs[j]` with its
 * `referenceCategory`, `referenceType` and `referenceLocator`. Only what the checks read is kept.
 *
 * The syntax is lines of `Tag: value`, a value between `<text>` and `</text>` may span lines, and
 * a line starting with `#` is a comment. A line of any other form is an error, and the rest is
 * still read, so that one bad line hides no PURL.
 */
import { cut } from '../../shared/messages.js';
import { lineStarts, positionAt, recordedSource, type PlacedFinding, type SourceOutcome, type StringSlot } from '../../validation/source/document-source.js';

const TAG = /^([A-Za-z][A-Za-z0-9_-]*):[ \t]*/;
const TEXT_OPEN = '<text>';
const TEXT_CLOSE = '</text>';
const WHITE = /[ \t]/;
/** Lines of another form reported one by one; past this many, one finding counts the rest. */
const MAX_LINE_FINDINGS = 100;

/** A tag's value and where it stands in the text. */
interface TagValue {
  readonly tag: string;
  readonly tagStart: number;
  readonly value: string;
  readonly valueStart: number;
}

/** The tags the JSON form names another way, in a package and in the document. */
const PACKAGE_FIELDS: ReadonlyMap<string, string> = new Map([
  ['SPDXID', 'SPDXID'],
  ['PackageVersion', 'versionInfo'],
]);

interface Package {
  readonly pointer: string;
  readonly node: Record<string, unknown>;
  refs: unknown[] | null;
}

/** Where the `<text>` value starting at `start` ends: its `</text>`, or -1. */
function textEnd(text: string, start: number): number {
  return text.indexOf(TEXT_CLOSE, start + TEXT_OPEN.length);
}

/**
 * Reads SPDX tag-value. Never refuses the whole text: a line of an unknown form is a finding
 * (`tag-value/syntax`) and the lines after it are still read.
 */
export function parseSpdxTagValue(rawText: string): SourceOutcome {
  const shift = rawText.charCodeAt(0) === 0xfeff ? 1 : 0;
  const text = shift ? rawText.slice(1) : rawText;
  const offsets = new Map<string, number>([['', shift]]);
  const slots = new Map<string, StringSlot | string>();
  const findings: PlacedFinding[] = [];
  const root: Record<string, unknown> = {};
  const packages: unknown[] = [];
  let current: Package | null = null;
  let badLines = 0;
  let starts: number[] | undefined;
  const at = (offset: number) => positionAt((starts ??= lineStarts(text)), offset);
  const problem = (offset: number, message: string) => {
    if (++badLines <= MAX_LINE_FINDINGS) findings.push({ pointer: '', severity: 'error', rule: 'tag-value/syntax', message, position: at(offset) });
  };

  const openPackage = (offset: number): Package => {
    const pointer = `/packages/${packages.length}`;
    const node: Record<string, unknown> = {};
    packages.push(node);
    root.packages = packages;
    offsets.set('/packages', offset + shift);
    offsets.set(pointer, offset + shift);
    return { pointer, node, refs: null };
  };

  const take = ({ tag, tagStart, value, valueStart }: TagValue): void => {
    if (tag === 'PackageName') {
      current = openPackage(tagStart);
      current.node.name = value;
      return;
    }
    if (tag === 'SPDXVersion' && current === null && root.spdxVersion === undefined) {
      root.spdxVersion = value;
      offsets.set('/spdxVersion', valueStart + shift);
      return;
    }
    if (tag === 'ExternalRef') {
      // A reference before any package still has its PURL checked, as a package of its own.
      current ??= openPackage(tagStart);
      current.refs ??= current.node.externalRefs = [];
      const pointer = `${current.pointer}/externalRefs/${current.refs.length}`;
      current.refs.push(externalRef(value, valueStart, pointer, offsets, slots, shift));
      offsets.set(`${current.pointer}/externalRefs`, tagStart + shift);
      offsets.set(pointer, tagStart + shift);
      return;
    }
    const field = current === null ? undefined : PACKAGE_FIELDS.get(tag);
    if (current !== null && field !== undefined) (current as Package).node[field] ??= value;
  };

  let i = 0;
  while (i < text.length) {
    let end = text.indexOf('\n', i);
    if (end === -1) end = text.length;
    const lineEnd = text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    const line = text.slice(i, lineEnd);
    const trimmed = line.trimStart();
    if (trimmed === '' || trimmed.startsWith('#')) {
      i = end + 1;
      continue;
    }
    const match = TAG.exec(line);
    if (match === null) {
      problem(i, `line ${at(i).line} is not "Tag: value", a comment or blank: ${JSON.stringify(cut(line, 80))}`);
      i = end + 1;
      continue;
    }
    const tag = match[1]!;
    const valueStart = i + match[0].length;
    if (text.startsWith(TEXT_OPEN, valueStart)) {
      const close = textEnd(text, valueStart);
      if (close === -1) {
        problem(valueStart, `the ${tag} value opened with ${TEXT_OPEN} at line ${at(valueStart).line} has no ${TEXT_CLOSE}; the lines after it were not read`);
        break;
      }
      take({ tag, tagStart: i, value: text.slice(valueStart + TEXT_OPEN.length, close), valueStart: valueStart + TEXT_OPEN.length });
      const after = text.indexOf('\n', close);
      i = after === -1 ? text.length : after + 1;
      continue;
    }
    let valueEnd = lineEnd;
    while (valueEnd > valueStart && WHITE.test(text[valueEnd - 1]!)) valueEnd--;
    take({ tag, tagStart: i, value: text.slice(valueStart, valueEnd), valueStart });
    i = end + 1;
  }
  if (badLines > MAX_LINE_FINDINGS) {
    findings.push({
      pointer: '',
      severity: 'error',
      rule: 'tag-value/syntax',
      message: `${badLines - MAX_LINE_FINDINGS} more lines are not "Tag: value", a comment or blank`,
      position: at(0),
    });
  }
  return { ok: true, source: recordedSource('tag-value', rawText, root, offsets, slots), findings };
}

/** A locator is one word: written in place as it is, unless it would no longer be one word. */
function writeLocator(value: string): string | { refused: string } {
  return value === '' || /[\s]/.test(value) || value.startsWith(TEXT_OPEN) ? { refused: 'the new locator would not be one word' } : value;
}

/**
 * `CATEGORY TYPE LOCATOR` as its JSON members; the locator is the rest of the value, so that one
 * with white space in it is read whole (and found invalid) rather than cut.
 */
function externalRef(
  value: string,
  valueStart: number,
  pointer: string,
  offsets: Map<string, number>,
  slots: Map<string, StringSlot | string>,
  shift: number,
): Record<string, string> {
  const ref: Record<string, string> = {};
  const names = ['referenceCategory', 'referenceType'] as const;
  let at = 0;
  for (const name of names) {
    while (at < value.length && /\s/.test(value[at]!)) at++;
    const start = at;
    while (at < value.length && !/\s/.test(value[at]!)) at++;
    if (start === at) return ref;
    ref[name] = value.slice(start, at);
    offsets.set(`${pointer}/${name}`, valueStart + start + shift);
  }
  while (at < value.length && /\s/.test(value[at]!)) at++;
  let end = value.length;
  while (end > at && /\s/.test(value[end - 1]!)) end--;
  if (at === end) return ref;
  ref.referenceLocator = value.slice(at, end);
  const locator = `${pointer}/referenceLocator`;
  offsets.set(locator, valueStart + at + shift);
  // A locator inside a <text> block may hold a line break; the slot is its characters all the same.
  slots.set(
    locator,
    ref.referenceLocator.includes('\n') ? 'it spans lines' : { start: valueStart + at + shift, end: valueStart + end + shift, write: writeLocator },
  );
  return ref;
}
