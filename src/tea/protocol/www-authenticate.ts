/**
 * `WWW-Authenticate` parsing per RFC 7235 section 4.1 (grammar in section 2.1), with the Bearer
 * parameters of RFC 6750 section 3 in mind.
 *
 * ```abnf
 * WWW-Authenticate = 1#challenge
 * challenge   = auth-scheme [ 1*SP ( token68 / #auth-param ) ]
 * auth-param  = token BWS "=" BWS ( token / quoted-string )
 * token68     = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
 * ```
 *
 * The header comes from a server we do not control, so the parser never throws: it returns every
 * challenge it could read and describes what it had to skip.
 */
import { quoted } from '../../shared/describe-value.js';

/**
 * One authentication challenge from a `WWW-Authenticate` header.
 *
 * @example
 * ```ts
 * import { findBearerChallenge, type Challenge } from 'teapurl/tea';
 * const challenge: Challenge | null = findBearerChallenge('Bearer realm="tea", error="invalid_token"');
 * // { scheme: 'Bearer', schemeLower: 'bearer', params: { realm: 'tea', error: 'invalid_token' } }
 * ```
 */
export interface Challenge {
  /** The scheme as the server spelled it, such as `Bearer`. */
  scheme: string;
  /** The scheme in lowercase: schemes compare without regard to case (RFC 7235 section 2.1). */
  schemeLower: string;
  /** Parameters by lowercase name; values unquoted and unescaped. A repeated name keeps its first value. */
  params: Record<string, string>;
  /** The token68 form (`Basic dXNlcg==`-style), when the challenge used it instead of parameters. */
  token68?: string;
}

/**
 * Everything read from one or more `WWW-Authenticate` values.
 *
 * @example
 * ```ts
 * import { inspectWwwAuthenticate, type ParsedWwwAuthenticate } from 'teapurl/tea';
 * const parsed: ParsedWwwAuthenticate = inspectWwwAuthenticate(['Basic realm="x"', 'Bearer realm="tea"']);
 * parsed.challenges.map((c) => c.scheme); // ['Basic', 'Bearer']
 * parsed.problems;                        // []
 * ```
 */
export interface ParsedWwwAuthenticate {
  /** Every challenge that could be read, in order. */
  challenges: Challenge[];
  /** What could not be read or broke the grammar, in plain words; empty for a well-formed header. */
  problems: string[];
}

const TCHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*/;

/** A cursor over one header value. */
class Reader {
  index = 0;
  constructor(readonly text: string) {}

  get done(): boolean {
    return this.index >= this.text.length;
  }

  peek(): string {
    return this.text[this.index] ?? '';
  }

  skipWhitespace(): boolean {
    const start = this.index;
    while (this.peek() === ' ' || this.peek() === '\t') this.index++;
    return this.index > start;
  }

  token(): string {
    const start = this.index;
    while (!this.done && TCHAR.test(this.peek())) this.index++;
    return this.text.slice(start, this.index);
  }

  /** Reads a quoted string starting at `"`; `null` when it never closes. */
  quotedString(): string | null {
    this.index++; // opening quote
    let value = '';
    while (!this.done) {
      const ch = this.peek();
      if (ch === '"') {
        this.index++;
        return value;
      }
      if (ch === '\\') {
        this.index++;
        if (this.done) return null;
      }
      value += this.peek();
      this.index++;
    }
    return null;
  }

  /** Skips to just past the next comma outside a quoted string, or to the end. */
  skipElement(): void {
    while (!this.done) {
      const ch = this.peek();
      if (ch === '"') {
        if (this.quotedString() === null) return;
        continue;
      }
      this.index++;
      if (ch === ',') return;
    }
  }

  /** Skips whitespace and empty list elements (`, ,` is allowed by the list rule). */
  skipSeparators(): void {
    for (;;) {
      this.skipWhitespace();
      if (this.peek() !== ',') return;
      this.index++;
    }
  }
}

function show(text: string): string {
  return quoted(text, 60);
}

/** After `name BWS "="`: reads the value; `null` with a problem recorded when there is none. */
function paramValue(reader: Reader, name: string, problems: string[]): string | null {
  reader.skipWhitespace();
  if (reader.peek() === '"') {
    const value = reader.quotedString();
    if (value === null) problems.push(`parameter ${name} has a quoted string that never closes`);
    return value;
  }
  const value = reader.token();
  if (value === '') {
    problems.push(`parameter ${name} has no value`);
    return null;
  }
  return value;
}

/**
 * Tries the token68 form right after the scheme. It must be followed by the end or a comma;
 * `realm=tea` also starts like a token68 (`realm=`) but continues, so it is read as a parameter.
 */
function tryToken68(reader: Reader): string | null {
  const match = TOKEN68.exec(reader.text.slice(reader.index));
  if (!match) return null;
  const after = reader.index + match[0].length;
  let probe = after;
  while (reader.text[probe] === ' ' || reader.text[probe] === '\t') probe++;
  if (probe < reader.text.length && reader.text[probe] !== ',') return null;
  reader.index = after;
  return match[0];
}

function parseValue(text: string, challenges: Challenge[], problems: string[]): void {
  const reader = new Reader(text);
  let current: Challenge | null = null;
  for (;;) {
    reader.skipSeparators();
    if (reader.done) return;
    const start = reader.index;
    const name = reader.token();
    if (name === '') {
      problems.push(`unexpected ${show(text.slice(start))} where a challenge or parameter should start`);
      reader.skipElement();
      current = null;
      continue;
    }
    const hadSpace = reader.skipWhitespace();
    if (current && reader.peek() === '=') {
      // Another auth-param of the current challenge.
      reader.index++;
      const value = paramValue(reader, name, problems);
      if (value !== null) addParam(current, name, value, problems);
      if (!finishElement(reader, problems, text)) current = null;
      continue;
    }
    // A new challenge: the scheme, then optionally a token68 or the first auth-param.
    current = { scheme: name, schemeLower: name.toLowerCase(), params: {} };
    challenges.push(current);
    if (reader.done || reader.peek() === ',') continue;
    if (!hadSpace) {
      problems.push(`challenge ${show(name)} is followed by ${show(text.slice(reader.index))} without a space`);
      reader.skipElement();
      current = null;
      continue;
    }
    const token68 = tryToken68(reader);
    if (token68 !== null) {
      current.token68 = token68;
      current = null; // a token68 challenge has no parameters
      continue;
    }
    const paramStart = reader.index;
    const paramName = reader.token();
    reader.skipWhitespace();
    if (paramName === '' || reader.peek() !== '=') {
      problems.push(`challenge ${show(name)} has unreadable parameters ${show(text.slice(paramStart))}`);
      reader.skipElement();
      current = null;
      continue;
    }
    reader.index++;
    const value = paramValue(reader, paramName, problems);
    if (value !== null) addParam(current, paramName, value, problems);
    if (!finishElement(reader, problems, text)) current = null;
  }
}

/** After an element: whitespace, then a comma or the end. Otherwise records the garbage and skips it. */
function finishElement(reader: Reader, problems: string[], text: string): boolean {
  reader.skipWhitespace();
  if (reader.done) return true;
  if (reader.peek() === ',') {
    reader.index++;
    return true;
  }
  problems.push(`unexpected ${show(text.slice(reader.index))} after a parameter; expected a comma`);
  reader.skipElement();
  return false;
}

function addParam(challenge: Challenge, name: string, value: string, problems: string[]): void {
  const key = name.toLowerCase();
  if (Object.hasOwn(challenge.params, key)) {
    // RFC 7235 section 2.1: each parameter name occurs only once per challenge.
    problems.push(`challenge ${challenge.scheme} repeats parameter ${key}; the first value is kept`);
    return;
  }
  challenge.params[key] = value;
}

function asValues(values: string | readonly string[] | null | undefined): string[] {
  if (values === null || values === undefined) return [];
  return typeof values === 'string' ? [values] : values.filter((v): v is string => typeof v === 'string');
}

/**
 * Parses `WWW-Authenticate` values and reports anything that broke the grammar. Never throws.
 *
 * @example
 * ```ts
 * import { inspectWwwAuthenticate } from 'teapurl/tea';
 * const { challenges, problems } = inspectWwwAuthenticate('Bearer realm="tea", error=invalid_token x');
 * // challenges[0].params.realm === 'tea'; problems has one entry about the trailing "x"
 * ```
 */
export function inspectWwwAuthenticate(values: string | readonly string[] | null | undefined): ParsedWwwAuthenticate {
  const challenges: Challenge[] = [];
  const problems: string[] = [];
  for (const value of asValues(values)) parseValue(value, challenges, problems);
  return { challenges, problems };
}

/**
 * Parses one or several `WWW-Authenticate` header values into challenges. Several challenges may
 * share one value; scheme and parameter names are case-insensitive; quoted strings are unescaped.
 * Garbage is skipped, never thrown: the result holds every challenge that could be read.
 *
 * @example
 * ```ts
 * import { parseWwwAuthenticate } from 'teapurl/tea';
 * const [basic, bearer] = parseWwwAuthenticate('Basic realm="x", Bearer realm="tea", error="invalid_token"');
 * // basic.schemeLower === 'basic'; bearer.params.error === 'invalid_token'
 * ```
 */
export function parseWwwAuthenticate(values: string | readonly string[] | null | undefined): Challenge[] {
  return inspectWwwAuthenticate(values).challenges;
}

/**
 * The first `Bearer` challenge among the values, or `null` when there is none.
 *
 * @example
 * ```ts
 * import { findBearerChallenge } from 'teapurl/tea';
 * findBearerChallenge(['Basic realm="a"', 'bearer realm="tea"'])?.params.realm; // 'tea'
 * ```
 */
export function findBearerChallenge(values: string | readonly string[] | null | undefined): Challenge | null {
  return parseWwwAuthenticate(values).find((c) => c.schemeLower === 'bearer') ?? null;
}
