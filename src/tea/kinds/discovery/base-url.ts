/**
 * What is wrong with a string that should be a TEA base URL (an absolute http or https URL with a
 * lowercase scheme, a host, and no userinfo, query, fragment, white space or trailing slash: the
 * discovery schema's `url` pattern and `uri` format), told part by part, each with what to do.
 * A trailing slash and an uppercase scheme have one correct rewrite, which changes nothing a
 * server sees; everything else needs a person.
 */
import { quoted } from '../../../shared/describe-value.js';

/** One thing wrong with the URL, and what to do about it. */
interface Problem {
  readonly says: string;
  readonly remedy: string;
  /** The rewrite that removes this problem and nothing else, when there is exactly one. */
  readonly repair?: (url: string) => string;
}

/** What {@link diagnoseBaseUrl} makes of a string. */
export interface BaseUrlDiagnosis {
  /** One clause per problem, each with its remedy; empty when the string is a base URL. */
  readonly problems: readonly string[];
  /** The whole message after the value: the problems, and the rewrite when there is one. */
  readonly message: string;
  /** The one correct rewrite, when every problem has one; else `null`. */
  readonly rewrite: string | null;
  /** The string as a message may show it: userinfo, which may hold a password, left out. */
  readonly shown: string;
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const WHITE_SPACE = /[\s\u0000-\u001f\u007f-\u009f]/u;

const NAMED_SPACES: Readonly<Record<string, string>> = { ' ': 'a space', '\t': 'a tab', '\n': 'a line break', '\r': 'a carriage return' };

function whiteSpaceName(char: string): string {
  return NAMED_SPACES[char] ?? `the white space or control character U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** A character RFC 3986 does not allow in a URI as it is: not unreserved, reserved or `%` (white space is said apart). */
const NOT_IN_URI = /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%\s\u0000-\u001f\u007f-\u009f]/u;
/** A `%` that begins no percent-encoding. */
const LONE_PERCENT = /%(?![0-9A-Fa-f]{2})/;

/** The first character a URI cannot hold as it is (white space aside), with where it is: two searches, whatever the length. */
function unwritable(url: string): Problem | null {
  const char = NOT_IN_URI.exec(url);
  const percent = LONE_PERCENT.exec(url);
  if (percent !== null && (char === null || percent.index < char.index)) {
    return { says: `holds a "%" (character ${percent.index + 1}) that begins no percent-encoding`, remedy: 'write a percent sign as %25' };
  }
  if (char === null) return null;
  // A lone surrogate cannot be encoded: it is not text at all.
  const lone = char[0].length === 1 && char[0] >= '\ud800' && char[0] <= '\udfff';
  return {
    says: `holds ${JSON.stringify(char[0])} (character ${char.index + 1}), which a URL holds only percent-encoded`,
    remedy: lone ? 'remove it' : `write ${encodeURIComponent(char[0])}`,
  };
}

/** `url` without the slashes it ends with (a loop: a regular expression would backtrack over a long run of them). */
function stripTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url.charCodeAt(end - 1) === 0x2f) end--;
  return url.slice(0, end);
}
const lowercaseScheme = (url: string) => url.replace(SCHEME, (scheme) => scheme.toLowerCase());

/** The problems of the part after `scheme:`: the `//`, userinfo, host, port, path, query and fragment. */
function hierarchicalProblems(scheme: string, rest: string): { problems: Problem[]; userinfo: string | null } {
  if (!rest.startsWith('//'))
    return { problems: [{ says: `lacks the "//" after ${quoted(`${scheme}:`)}`, remedy: `write ${quoted(`${scheme}://`)} and the host` }], userinfo: null };
  const afterSlashes = rest.slice(2);
  const hash = afterSlashes.indexOf('#');
  const beforeHash = hash === -1 ? afterSlashes : afterSlashes.slice(0, hash);
  const question = beforeHash.indexOf('?');
  const hierarchical = question === -1 ? beforeHash : beforeHash.slice(0, question);
  const slash = hierarchical.indexOf('/');
  const authority = slash === -1 ? hierarchical : hierarchical.slice(0, slash);
  const path = slash === -1 ? '' : hierarchical.slice(slash);
  const at = authority.lastIndexOf('@');
  const host = authority.slice(at + 1);
  const problems: Problem[] = [];
  if (at !== -1) problems.push({ says: 'names a user before its host ("…@")', remedy: 'remove it, a discovery document is public and carries no credentials' });
  if (host === '' || host.startsWith(':')) problems.push({ says: 'has no host', remedy: `write the host after ${quoted(`${scheme}://`)}` });
  if (question !== -1) problems.push({ says: `has a query (${quoted(beforeHash.slice(question))})`, remedy: 'remove it, a base URL has none' });
  if (hash !== -1) problems.push({ says: `has a fragment (${quoted(afterSlashes.slice(hash))})`, remedy: 'remove it, a base URL has none' });
  if (path.endsWith('/') && question === -1 && hash === -1)
    problems.push({ says: 'ends with a slash', remedy: 'remove it, a base URL ends without one', repair: stripTrailingSlashes });
  else if (path.endsWith('/')) problems.push({ says: 'ends its path with a slash', remedy: 'remove it' });
  return { problems, userinfo: at === -1 ? null : authority.slice(0, at + 1) };
}

/** The problems of a string that names no scheme. */
function relativeProblem(url: string): Problem {
  if (url.startsWith('//')) return { says: 'has no scheme', remedy: 'begin it with "https:"' };
  const first = url.split(/[/?#]/, 1)[0]!;
  // "tea.example.com/api" names a host; "/api/tea" or "api/tea" is a path on a host not given.
  if (first.includes('.') && !url.startsWith('/')) return { says: 'has no scheme', remedy: `write ${quoted(`https://${url}`)}` };
  return { says: 'is relative', remedy: `write the absolute URL, such as ${quoted(`https://<host>${url.startsWith('/') ? '' : '/'}${url}`)}` };
}

function schemeProblem(scheme: string): Problem | null {
  const lower = scheme.toLowerCase();
  if (lower !== 'http' && lower !== 'https')
    return { says: `uses the scheme ${quoted(scheme)}`, remedy: 'a TEA endpoint is https (http only for local tests)' };
  if (scheme !== lower)
    return { says: `writes its scheme "${scheme}" in uppercase`, remedy: `write "${lower}", schemes are lowercase`, repair: lowercaseScheme };
  return null;
}

/**
 * Says what keeps `url` from being a TEA base URL, part by part. A string it finds nothing wrong
 * with is one the discovery schema's `url` pattern and `uri` format accept.
 */
export function diagnoseBaseUrl(url: string): BaseUrlDiagnosis {
  const problems: Problem[] = [];
  let shown = url;
  if (url === '') problems.push({ says: 'is empty', remedy: 'write the absolute base URL of the API, such as "https://tea.example.com/api"' });
  const space = WHITE_SPACE.exec(url);
  if (space) {
    const remedy = space[0] === ' ' && space.index > 0 && space.index < url.length - 1 ? 'percent-encode it as %20, or remove it' : 'remove it';
    problems.push({ says: `holds ${whiteSpaceName(space[0])} (character ${space.index + 1}), which a URL cannot hold`, remedy });
  }
  // White space around the URL is said above; the parts are read without it.
  const trimmed = url.trim();
  const scheme = SCHEME.exec(trimmed)?.[1];
  if (trimmed !== '' && scheme === undefined) problems.push(relativeProblem(trimmed));
  if (scheme !== undefined) {
    const wrongScheme = schemeProblem(scheme);
    if (wrongScheme) problems.push(wrongScheme);
    const rest = hierarchicalProblems(scheme, trimmed.slice(scheme.length + 1));
    problems.push(...rest.problems);
    if (rest.userinfo !== null) shown = url.replace(rest.userinfo, '…@');
  }
  const character = unwritable(url);
  if (character) problems.push(character);
  const fixable = problems.length > 0 && problems.every((p) => p.repair !== undefined);
  const rewrite = fixable ? problems.reduce((value, p) => p.repair!(value), url) : null;
  const clauses = problems.map((p) => `${p.says}: ${p.remedy}`);
  const message = rewrite === null ? clauses.join('; ') : `${problems.map((p) => p.says).join(' and ')}: write ${quoted(rewrite)}`;
  return { problems: clauses, message, rewrite, shown };
}
