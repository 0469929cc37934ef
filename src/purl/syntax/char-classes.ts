// Character tests for the hot paths. Regular expressions, because V8 compiles them to native
// code that beats a charCodeAt loop on strings of PURL length.

/** A valid type, already lowercase. */
const LOWER_TYPE = /^[a-z][a-z0-9.-]*$/;
/** A valid qualifier key, already lowercase. */
const LOWER_QUALIFIER_KEY = /^[a-z][a-z0-9._-]*$/;

/** Whether `value` is a valid type already in lowercase. */
export function isLowerType(value: string): boolean {
  return LOWER_TYPE.test(value);
}

/** Whether `value` is a valid qualifier key already in lowercase. */
export function isLowerQualifierKey(value: string): boolean {
  return LOWER_QUALIFIER_KEY.test(value);
}

/** A `.` or `..` segment of a path. */
export const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

/** From `lastIndex`: a `%` that does not start an escape (uppercase hex) of an ASCII character that needs one in a value (`%2F` included). */
export const NOT_ASCII_VALUE_ESCAPE = /%(?![01][0-9A-F]|2[0-9A-CF]|3[B-F]|40|5[B-E]|60|7[BCDF])/g;
