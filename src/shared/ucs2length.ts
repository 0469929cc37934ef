/**
 * The length of a string in Unicode code points, as JSON Schema's `minLength` and `maxLength`
 * count it (a surrogate pair is one character). The generated validators call it where ajv's own
 * runtime helper would be, so that they need nothing from ajv at run time.
 */
export default function ucs2length(value: string): number {
  let length = 0;
  for (let i = 0; i < value.length; i++) {
    length++;
    const code = value.charCodeAt(i);
    // A high surrogate followed by a low one: the pair is one code point.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return length;
}
