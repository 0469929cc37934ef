// Character tests for the hot paths. Regular expressions, because V8 compiles them to native
// code that beats a charCodeAt loop on strings of PURL length.

/** Characters ECMA-427 leaves unencoded in a component: letters, digits, `.-_~` and `:`. */
const NEEDS_ENCODING = /[^A-Za-z0-9._~:-]/;
/** The same, with `/` allowed: a path whose segments need no encoding. */
const PATH_NEEDS_ENCODING = /[^A-Za-z0-9._~:/-]/;
/** A valid type, already lowercase. */
const LOWER_TYPE = /^[a-z][a-z0-9.-]*$/;
/** A valid qualifier key, already lowercase. */
const LOWER_QUALIFIER_KEY = /^[a-z][a-z0-9._-]*$/;

/** Whether `value` needs no percent-encoding at all. */
export function isUnencoded(value: string): boolean {
  return !NEEDS_ENCODING.test(value);
}

/** Whether the `/`-separated segments of `path` need no percent-encoding. */
export function isUnencodedPath(path: string): boolean {
  return !PATH_NEEDS_ENCODING.test(path);
}

/** Whether the ASCII character `code` is written as it is in a component. */
export function isUnencodedAscii(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2e || code === 0x2d || code === 0x5f || code === 0x7e || code === 0x3a
  );
}

/** Whether `value` is a valid type already in lowercase. */
export function isLowerType(value: string): boolean {
  return LOWER_TYPE.test(value);
}

/** Whether `value` is a valid qualifier key already in lowercase. */
export function isLowerQualifierKey(value: string): boolean {
  return LOWER_QUALIFIER_KEY.test(value);
}
