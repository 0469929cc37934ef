/**
 * An absolute URI per RFC 3986, checked by a scanner rather than a regular expression. The
 * regular expression ajv-formats uses (the grammar followed here) repeats an alternation per
 * character, and V8 ran out of stack on a few megabytes of it; this answers the same in one pass
 * over the text, whatever its length.
 */

const enum Allow {
  Unreserved = 1, // A-Z a-z 0-9 - . _ ~
  SubDelim = 2, // ! $ & ' ( ) * + , ; =
  Colon = 4,
  At = 8,
  Slash = 16,
  Question = 32,
}

const TABLE = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9\-._~]/.test(ch)) TABLE[c] = Allow.Unreserved;
  else if ("!$&'()*+,;=".includes(ch)) TABLE[c] = Allow.SubDelim;
  else if (ch === ':') TABLE[c] = Allow.Colon;
  else if (ch === '@') TABLE[c] = Allow.At;
  else if (ch === '/') TABLE[c] = Allow.Slash;
  else if (ch === '?') TABLE[c] = Allow.Question;
}

const USERINFO = Allow.Unreserved | Allow.SubDelim | Allow.Colon;
const REG_NAME = Allow.Unreserved | Allow.SubDelim;
const PATH = Allow.Unreserved | Allow.SubDelim | Allow.Colon | Allow.At | Allow.Slash;
const QUERY = PATH | Allow.Question;

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/** Whether `s[start, end)` holds only characters of `allowed` and `%XX` escapes. */
function only(s: string, start: number, end: number, allowed: number): boolean {
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === 37 /* % */) {
      if (i + 2 >= end) return false;
      if (!isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2))) return false;
      i += 2;
      continue;
    }
    if (c >= 128 || (TABLE[c]! & allowed) === 0) return false;
  }
  return true;
}

const IPV4_PART = '(?:25[0-5]|2[0-4]\\d|[01]?\\d\\d?)';
const H16 = '[0-9a-f]{1,4}';
const LS32 = `(?:${H16}:${H16}|(?:${IPV4_PART}\\.){3}${IPV4_PART})`;
/** RFC 3986's IPv6address; only ever run on the short text between `[` and `]`. */
const IPV6 = new RegExp(
  `^(?:(?:(?:${H16}:){6}|::(?:${H16}:){5}|(?:${H16})?::(?:${H16}:){4}|(?:(?:${H16}:){0,1}${H16})?::(?:${H16}:){3}|(?:(?:${H16}:){0,2}${H16})?::(?:${H16}:){2}|(?:(?:${H16}:){0,3}${H16})?::${H16}:|(?:(?:${H16}:){0,4}${H16})?::)${LS32}|(?:(?:${H16}:){0,5}${H16})?::${H16}|(?:(?:${H16}:){0,6}${H16})?::)$`,
  'i',
);
const LONGEST_IPV6 = 45;

/** `[…]` contents: an IPv6 address or an IPvFuture (`v1.xyz`). */
function ipLiteral(s: string, start: number, end: number): boolean {
  const c = s.charCodeAt(start);
  if (c === 118 || c === 86 /* v V */) {
    let i = start + 1;
    while (i < end && isHex(s.charCodeAt(i))) i++;
    if (i === start + 1 || s.charCodeAt(i) !== 46 /* . */ || i + 1 >= end) return false;
    for (let j = i + 1; j < end; j++) {
      const d = s.charCodeAt(j);
      if (d === 37 || d >= 128 || (TABLE[d]! & USERINFO) === 0) return false;
    }
    return true;
  }
  return end - start <= LONGEST_IPV6 && IPV6.test(s.slice(start, end));
}

/** `authority` = [ userinfo "@" ] host [ ":" port ], in `s[start, end)` (which holds no `/`). */
function authority(s: string, start: number, end: number): boolean {
  const at = s.indexOf('@', start);
  let hostStart = start;
  if (at !== -1 && at < end) {
    if (!only(s, start, at, USERINFO)) return false;
    hostStart = at + 1;
  }
  let hostEnd: number;
  if (s.charCodeAt(hostStart) === 91 /* [ */) {
    const close = s.indexOf(']', hostStart);
    if (close === -1 || close >= end || !ipLiteral(s, hostStart + 1, close)) return false;
    hostEnd = close + 1;
  } else {
    hostEnd = hostStart;
    while (hostEnd < end && s.charCodeAt(hostEnd) !== 58 /* : */) hostEnd++;
    if (!only(s, hostStart, hostEnd, REG_NAME)) return false;
  }
  if (hostEnd === end) return true;
  if (s.charCodeAt(hostEnd) !== 58) return false;
  for (let i = hostEnd + 1; i < end; i++) {
    const d = s.charCodeAt(i);
    if (d < 48 || d > 57) return false;
  }
  return true;
}

/** `"/" authority path-abempty` (ajv-formats also takes a single slash before the authority). */
function authorityAndPath(s: string, afterSlashes: number, end: number): boolean {
  let slash = s.indexOf('/', afterSlashes);
  if (slash === -1 || slash > end) slash = end;
  return authority(s, afterSlashes, slash) && only(s, slash, end, PATH);
}

/**
 * Whether `value` is an absolute URI (scheme, hierarchical part, optional query and fragment),
 * letters compared without regard to case, as ajv-formats' `uri` format defines it.
 */
export function isUri(value: string): boolean {
  const colon = value.indexOf(':');
  if (colon < 1) return false;
  const first = value.charCodeAt(0) | 32;
  if (first < 97 || first > 122) return false;
  for (let i = 1; i < colon; i++) {
    const c = value.charCodeAt(i);
    const lower = c | 32;
    if (!((lower >= 97 && lower <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46)) return false;
  }
  const hash = value.indexOf('#', colon);
  const end = hash === -1 ? value.length : hash;
  if (hash !== -1 && !only(value, hash + 1, value.length, QUERY)) return false;
  const question = value.indexOf('?', colon);
  const hierEnd = question === -1 || question > end ? end : question;
  if (hierEnd < end && !only(value, hierEnd + 1, end, QUERY)) return false;
  const start = colon + 1;
  if (hierEnd === start) return false; // an empty hierarchical part
  if (value.charCodeAt(start) !== 47 /* / */) {
    // path-rootless: a first segment, then segments
    return only(value, start, hierEnd, PATH);
  }
  // "//" authority, "/" authority (ajv-formats' reading of `\/?\/`), or path-absolute
  if (value.charCodeAt(start + 1) === 47 && authorityAndPath(value, start + 2, hierEnd)) return true;
  if (authorityAndPath(value, start + 1, hierEnd)) return true;
  return value.charCodeAt(start + 1) !== 47 && only(value, start + 1, hierEnd, PATH);
}
