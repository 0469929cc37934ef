import { quoted } from './message-text.js';

export { MAX_QUOTED, quoted } from './message-text.js';

const MAX_SHOWN = 60;

/** A short, safe rendering of a JSON value for a message: long strings are cut, structures named. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return quoted(value, MAX_SHOWN);
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** The JSON type of a value, with the article, as used in "must be X, not Y". */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  return `a ${typeof value}`;
}

/** `1 item`, `3 items`. */
export function countOf(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
