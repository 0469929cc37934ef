/** An integer read from decimal digits: a number while it is exact, a bigint beyond. */
export type Int = number | bigint;

const SAFE_DIGITS = 15;

/** The integer `digits` (ASCII digits only) spell; leading zeros allowed. */
export function toInt(digits: string): Int {
  return digits.length <= SAFE_DIGITS ? Number(digits) : BigInt(digits);
}

/** Orders two integers; `<` and `>` compare a number with a bigint exactly. */
export function compareInt(a: Int, b: Int): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders two strings by UTF-16 code units (Java's String.compareTo, C's strcmp on ASCII). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether the UTF-16 code unit `c` is an ASCII digit. */
export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** Whether `c` is an ASCII letter. */
export function isAlpha(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

/** The end of the run of ASCII digits in `text` starting at `from`. */
export function digitsEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && isDigit(text.charCodeAt(i))) i++;
  return i;
}

/** The end of the run of ASCII letters in `text` starting at `from`. */
export function lettersEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && isAlpha(text.charCodeAt(i))) i++;
  return i;
}

/** `text` without its trailing `0` characters. */
export function trimTrailingZeros(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x30) end--;
  return text.slice(0, end);
}
