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
    let newline = bytes.indexOf(NEWLINE, start);
    while (newline !== -1) {
      number++;
      if (overflow || pendingSize + (newline - start) > byteLimit) yield { number, tooLong: true };
      else yield decodeLine(number, pendingSize === 0 ? bytes.subarray(start, newline) : Buffer.concat([...pending, bytes.subarray(start, newline)]), maxLength);
      pending = [];
      pendingSize = 0;
      overflow = false;
      start = newline + 1;
      newline = bytes.indexOf(NEWLINE, start);
    }
    if (!overflow && start < bytes.length) {
      const rest = bytes.subarray(start);
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
  if (overflow) yield { number: number + 1, tooLong: true };
  else if (pendingSize > 0) yield decodeLine(number + 1, Buffer.concat(pending), maxLength);
}

function decodeLine(number: number, bytes: Buffer, maxLength: number): InputLine {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === CARRIAGE_RETURN ? bytes.length - 1 : bytes.length;
  const text = bytes.toString('utf8', 0, end);
  // toString turns bad bytes into U+FFFD; only then is the slower check needed to tell them from a real U+FFFD.
  if (text.includes('\uFFFD') && !isUtf8(bytes.subarray(0, end))) return { number, invalidUtf8: true };
  if (text.length > maxLength) return { number, tooLong: true };
  return { number, text };
}
