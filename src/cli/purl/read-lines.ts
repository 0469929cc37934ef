import { isUtf8 } from 'node:buffer';

/**
 * One line of input, numbered from 1: its text, or the reason it cannot be used (too long to
 * keep, or bytes that are not UTF-8).
 */
export type InputLine =
  | { readonly number: number; readonly text: string }
  | { readonly number: number; readonly tooLong: true }
  | { readonly number: number; readonly invalidUtf8: true };

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
/** The most UTF-8 bytes one UTF-16 code unit takes (a surrogate pair's four bytes make two units). */
const BYTES_PER_UNIT = 3;

/**
 * Splits a byte or text stream into lines in constant memory: a line longer than `maxLength`
 * characters is skipped up to its end and reported as too long, never buffered whole. Lines are
 * split on bytes and each is decoded on its own, so a byte that is not UTF-8 makes that one line
 * `invalidUtf8` instead of becoming U+FFFD. `\r\n` endings are accepted and a missing final
 * newline is fine.
 */
export async function* readLines(input: AsyncIterable<Buffer | string>, maxLength: number): AsyncGenerator<InputLine> {
  const byteLimit = maxLength * BYTES_PER_UNIT;
  let pending: Buffer[] = [];
  let pendingSize = 0;
  let overflow = false;
  let number = 0;
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = 0;
    if (pendingSize > 0 || overflow) {
      // First finish the line the previous chunks began.
      const newline = bytes.indexOf(NEWLINE);
      if (newline !== -1) {
        number++;
        if (overflow || pendingSize + newline > byteLimit) yield { number, tooLong: true };
        else yield decodeLine(number, Buffer.concat([...pending, bytes.subarray(0, newline)]), maxLength);
        pending = [];
        pendingSize = 0;
        overflow = false;
        start = newline + 1;
      } else {
        start = bytes.length;
        if (!overflow) keep(bytes);
      }
    }
    const last = bytes.lastIndexOf(NEWLINE);
    if (last >= start) {
      const lines = bytes.subarray(start, last);
      // The common case, a chunk of whole lines that is all UTF-8, is decoded in one go.
      if (isUtf8(lines)) {
        for (const text of splitText(lines.toString('utf8'))) {
          number++;
          yield text.length > maxLength ? { number, tooLong: true } : { number, text };
        }
      } else {
        let from = start;
        for (let newline = bytes.indexOf(NEWLINE, from); newline !== -1 && newline <= last; newline = bytes.indexOf(NEWLINE, from)) {
          number++;
          yield decodeLine(number, bytes.subarray(from, newline), maxLength);
          from = newline + 1;
        }
      }
      start = last + 1;
    }
    if (start < bytes.length) keep(bytes.subarray(start));
  }
  if (overflow) yield { number: number + 1, tooLong: true };
  else if (pendingSize > 0) yield decodeLine(number + 1, Buffer.concat(pending), maxLength);

  /** Holds the start of a line until its end arrives, or only notes that it is too long. */
  function keep(rest: Buffer): void {
    if (pendingSize + rest.length > byteLimit) {
      overflow = true;
      pending = [];
      pendingSize = 0;
    } else {
      // Copied: a stream may reuse its chunk's memory for the next one.
      pending.push(Buffer.from(rest));
      pendingSize += rest.length;
    }
  }
}

/** The lines of decoded text (no final newline), each without a trailing `\r`. */
function* splitText(text: string): Generator<string> {
  let from = 0;
  for (;;) {
    const newline = text.indexOf('\n', from);
    const line = newline === -1 ? text.slice(from) : text.slice(from, newline);
    yield line.endsWith('\r') ? line.slice(0, -1) : line;
    if (newline === -1) return;
    from = newline + 1;
  }
}

function decodeLine(number: number, bytes: Buffer, maxLength: number): InputLine {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === CARRIAGE_RETURN ? bytes.length - 1 : bytes.length;
  const text = bytes.toString('utf8', 0, end);
  // toString turns bad bytes into U+FFFD; only then is the slower check needed to tell them from a real U+FFFD.
  if (text.includes('\uFFFD') && !isUtf8(bytes.subarray(0, end))) return { number, invalidUtf8: true };
  if (text.length > maxLength) return { number, tooLong: true };
  return { number, text };
}
