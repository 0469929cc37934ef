import type { PurlComponents } from '../purl-components.js';
import { percentEncode } from './percent-encoding.js';
import { isUnencodedPath } from './char-classes.js';

/**
 * Writes normalised components as a canonical PURL string: segments percent-encoded one by one,
 * qualifiers sorted by key with empty values left out, subpath without empty, `.` or `..`
 * segments (the components are expected to be normalised already). With `nameIsPath` the
 * name's `/` are separators, written unencoded.
 */
export function buildPurlString(c: PurlComponents, nameIsPath = false): string {
  let out = `pkg:${c.type}/`;
  if (c.namespace !== null) out += `${encodePath(c.namespace)}/`;
  out += nameIsPath ? encodePath(c.name) : percentEncode(c.name);
  if (c.version !== null) out += `@${percentEncode(c.version)}`;
  if (c.qualifiers !== null) {
    const keys = Object.keys(c.qualifiers);
    if (keys.length > 1) keys.sort();
    let separator = '?';
    for (const key of keys) {
      const value = c.qualifiers[key];
      if (value === undefined || value === '') continue;
      out += `${separator}${key}=${percentEncode(value)}`;
      separator = '&';
    }
  }
  if (c.subpath !== null) out += `#${encodePath(c.subpath)}`;
  return out;
}

function encodePath(path: string): string {
  if (isUnencodedPath(path)) return path;
  return path.split('/').map(percentEncode).join('/');
}
