/**
 * The hunks of a unified diff for a text changed by known replacements (what `fixText` applies),
 * written straight from their ranges: no diff algorithm runs, so the cost grows with the text
 * and the number of replacements, never with their product.
 */

/** One replacement: the characters `start` to `end` of the text (UTF-16 offsets) become `text`. */
export interface Replacement {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Unchanged lines shown around each change, as `diff -u` and `git diff` do. */
const CONTEXT = 3;
const NO_NEWLINE = '\\ No newline at end of file\n';

/** A run of whole lines `first` to `last` (0-based, inclusive) replaced by `lines`. */
interface Change {
  first: number;
  last: number;
  lines: string[];
  /** Whether the new lines end with a line break (only the file's last line may not). */
  newlineAtEnd: boolean;
}

/** The offset where each line of `text` starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/** The 0-based line holding `offset`, found by bisection in `starts`. */
function lineOf(starts: readonly number[], offset: number, from: number): number {
  let low = from;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Splits `segment` into lines without their breaks; says whether it ended with one. */
function splitLines(segment: string): { lines: string[]; newlineAtEnd: boolean } {
  const newlineAtEnd = segment.endsWith('\n');
  const lines = segment.split('\n');
  if (newlineAtEnd) lines.pop();
  return { lines, newlineAtEnd };
}

/**
 * The hunks (`@@ -a,b +c,d @@` and their lines, three lines of context) of the unified diff that
 * turns `before` into `before` with `replacements` applied. The replacements must not overlap;
 * any order. Empty when nothing changes. Line breaks are `\n` (a `\r` before one stays part of
 * its line), and a last line without a break gets the `\ No newline at end of file` marker.
 */
export function replacementHunks(before: string, replacements: readonly Replacement[]): string {
  const edits = [...replacements].filter((r) => r.end > r.start || r.text !== '').sort((a, b) => a.start - b.start);
  if (edits.length === 0) return '';
  const starts = lineStarts(before);
  const endsWithNewline = before.endsWith('\n');
  // The lines of the text, not counting the empty "line" after a final break.
  const lineCount = endsWithNewline ? starts.length - 1 : starts.length;
  const lineEnd = (line: number) => (line + 1 < starts.length ? starts[line + 1]! : before.length);

  // Edits that touch the same lines become one change of whole lines.
  const changes: Change[] = [];
  let line = 0;
  for (let i = 0; i < edits.length; ) {
    const first = lineOf(starts, edits[i]!.start, line);
    let last = lineOf(starts, Math.max(edits[i]!.start, edits[i]!.end - 1), first);
    let j = i + 1;
    while (j < edits.length && lineOf(starts, edits[j]!.start, last) <= last) {
      last = Math.max(last, lineOf(starts, Math.max(edits[j]!.start, edits[j]!.end - 1), last));
      j++;
    }
    const from = starts[first]!;
    const parts: string[] = [];
    let at = from;
    for (let k = i; k < j; k++) {
      parts.push(before.slice(at, edits[k]!.start), edits[k]!.text);
      at = edits[k]!.end;
    }
    parts.push(before.slice(at, lineEnd(last)));
    const replaced = parts.join('');
    const original = before.slice(from, lineEnd(last));
    if (replaced !== original) {
      const change = { first, last: Math.min(last, lineCount - 1), ...splitLines(replaced) };
      // A change right below another is one run of removed lines, then one of added lines.
      const previous = changes[changes.length - 1];
      if (previous !== undefined && previous.last + 1 === change.first) {
        previous.last = change.last;
        previous.lines.push(...change.lines);
        previous.newlineAtEnd = change.newlineAtEnd;
      } else changes.push(change);
    }
    line = last;
    i = j;
  }
  if (changes.length === 0) return '';

  const out: string[] = [];
  const oldLine = (n: number) => before.slice(starts[n]!, n + 1 < starts.length ? starts[n + 1]! - 1 : before.length);
  const marker = (n: number) => (n === lineCount - 1 && !endsWithNewline ? NO_NEWLINE : '');
  let shift = 0; // new line number minus old, before the current change
  for (let c = 0; c < changes.length; ) {
    // A hunk holds every change whose context meets the next one's.
    let d = c;
    while (d + 1 < changes.length && changes[d + 1]!.first - changes[d]!.last - 1 <= 2 * CONTEXT) d++;
    const hunkFirst = Math.max(0, changes[c]!.first - CONTEXT);
    const hunkLast = Math.min(lineCount - 1, changes[d]!.last + CONTEXT);
    // The header's place, filled in once the hunk's lengths are known.
    const header = out.push('') - 1;
    const body = out;
    let added = 0;
    let removed = 0;
    let next = hunkFirst;
    for (let k = c; k <= d; k++) {
      const change = changes[k]!;
      for (; next < change.first; next++) body.push(` ${oldLine(next)}\n`, marker(next));
      for (let n = change.first; n <= change.last; n++) body.push(`-${oldLine(n)}\n`, marker(n));
      removed += change.last - change.first + 1;
      change.lines.forEach((text, index) => {
        body.push(`+${text}\n`);
        if (index === change.lines.length - 1 && !change.newlineAtEnd) body.push(NO_NEWLINE);
      });
      added += change.lines.length;
      next = change.last + 1;
    }
    for (; next <= hunkLast; next++) body.push(` ${oldLine(next)}\n`, marker(next));
    const oldLength = hunkLast - hunkFirst + 1;
    const newLength = oldLength - removed + added;
    out[header] = `@@ -${hunkFirst + 1},${oldLength} +${hunkFirst + 1 + shift},${newLength} @@\n`;
    for (let k = c; k <= d; k++) shift += changes[k]!.lines.length - (changes[k]!.last - changes[k]!.first + 1);
    c = d + 1;
  }
  return out.join('');
}
