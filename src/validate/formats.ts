/**
 * The string formats our schemas use, for the generated validators (which import this module).
 * `uri` answers plain http(s) URLs with a small expression that accepts only a subset of RFC 3986
 * URIs, and falls back to ajv-formats' full RFC 3986 expression, whose first use costs more
 * than the rest of a small validation.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';

const PLAIN_HTTP_URL = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?(?:\/[a-z0-9\-._~!$&'()*+,;=:@]*)*$/i;
const fullUri = fullFormats.uri as (value: string) => boolean;

/** An absolute URI per RFC 3986. */
export function uri(value: string): boolean {
  return PLAIN_HTTP_URL.test(value) || fullUri(value);
}

/** A regular expression JavaScript can compile. */
export const regex = fullFormats.regex as (value: string) => boolean;

export default { uri, regex };
