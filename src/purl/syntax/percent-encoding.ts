import { PurlError, quote, type PurlComponentName } from '../purl-error.js';

// ECMA-427 leaves letters, digits, `.-_~` and the colon unencoded; everything else is a
// percent-encoded UTF-8 octet. encodeURIComponent also spares `!*'()` and encodes `:`, so those
// six are fixed up after it.
const NEEDS_ENCODING = /[^A-Za-z0-9._~:-]/;
const URI_COMPONENT_DIFFERENCES = /[!'()*]|%3A/g;
const FIX_UPS: Record<string, string> = { '!': '%21', "'": '%27', '(': '%28', ')': '%29', '*': '%2A', '%3A': ':' };

/** Percent-encodes one component (or segment, or qualifier value) in canonical form. */
export function percentEncode(value: string): string {
  if (!NEEDS_ENCODING.test(value)) return value;
  let encoded: string;
  try {
    encoded = encodeURIComponent(value);
  } catch {
    // A lone surrogate cannot be UTF-8 encoded: re-encode it as U+FFFD rather than fail a build.
    encoded = encodeURIComponent(value.toWellFormed());
  }
  return encoded.replace(URI_COMPONENT_DIFFERENCES, (c) => FIX_UPS[c] ?? c);
}

/** Decodes percent-escapes; a malformed escape or invalid UTF-8 is an error on `component`. */
export function percentDecode(value: string, component: PurlComponentName): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    throw new PurlError(
      component,
      'invalid-encoding',
      `${component} ${quote(value)} has a malformed percent-escape or is not UTF-8 once decoded`,
    );
  }
}
