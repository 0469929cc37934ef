// Searches of a stretch of a string in place, without slicing it out: the syntax layer's scans.

/** Whether `pattern` (global, matching one character) matches from `from` to before `to`. */
export function foundIn(pattern: RegExp, input: string, from: number, to: number): boolean {
  pattern.lastIndex = from;
  return pattern.test(input) && pattern.lastIndex - 1 < to;
}

/** Where `pattern` (global, matching one character) first matches from `from` on, or the string's length. */
export function firstFrom(pattern: RegExp, input: string, from: number): number {
  pattern.lastIndex = from;
  return pattern.test(input) ? pattern.lastIndex - 1 : input.length;
}

/** Whether `text` occurs in `input` from `from` to before `to`. */
export function hasCharIn(input: string, text: string, from: number, to: number): boolean {
  const i = input.indexOf(text, from);
  return i !== -1 && i < to;
}
