/**
 * SemVer 2.0.0 (semver.org): MAJOR.MINOR.PATCH, an optional pre-release of dot-separated
 * identifiers, optional build metadata that never affects precedence. One scanner serves the
 * schemes that order by SemVer precedence and differ only in spelling: `semver` and `cargo`
 * (strict), `npm` (node-semver's strict reading also takes a leading `v`), `golang` (Go's `v`,
 * which advisories also leave off, so it is taken but not required; `v1` and `v1.2` are shorthands
 * for `v1.0.0` and `v1.2.0`, as in golang.org/x/mod).
 * A hand-written scanner rather than a regular expression: it names the offset of a mistake and
 * takes a tested version in one pass, which containment does per question.
 */
import { BadVersion } from '../vers-error.js';
import { digitsEnd, isAlpha, isDigit, toInt, type Int } from './numbers.js';
import { compareSemVerPrecedence } from '../../shared/semver.js';
import { scheme } from './scheme.js';

/** A pre-release identifier: numeric ones as integers, which sort below alphanumeric ones. */
type Identifier = Int | string;

export interface SemVerKey {
  readonly major: Int;
  readonly minor: Int;
  readonly patch: Int;
  /** `undefined` for a release. */
  readonly pre: readonly Identifier[] | undefined;
}

interface Spelling {
  /** Whether a leading `v` is refused, taken or needed. */
  readonly v: 'forbidden' | 'optional' | 'required';
  /** Whether `v1` and `v1.2` stand for `v1.0.0` and `v1.2.0` (Go). */
  readonly shorthand: boolean;
}

function readNumber(text: string, from: number, what: string): [Int, number] {
  const end = digitsEnd(text, from);
  if (end === from) throw new BadVersion(`${what} must be a number`, from);
  if (end - from > 1 && text.charCodeAt(from) === 0x30) throw new BadVersion(`${what} has a leading zero`, from);
  return [toInt(text.slice(from, end)), end];
}

/** Reads dot-separated identifiers from `from` to the end or to `stop`; returns them and where they end. */
function readIdentifiers(text: string, from: number, stop: string | undefined, what: string, numeric: boolean): [Identifier[], number] {
  const ids: Identifier[] = [];
  let start = from;
  let i = from;
  for (;;) {
    const c = text[i];
    if (c === undefined || c === '.' || c === stop) {
      if (i === start) throw new BadVersion(`empty ${what} identifier`, i);
      const id = text.slice(start, i);
      let allDigits = true;
      for (let j = 0; j < id.length; j++) if (!isDigit(id.charCodeAt(j))) allDigits = false;
      if (numeric && allDigits) {
        if (id.length > 1 && id.charCodeAt(0) === 0x30) throw new BadVersion(`numeric ${what} identifier '${id}' has a leading zero`, start);
        ids.push(toInt(id));
      } else {
        ids.push(id);
      }
      if (c !== '.') return [ids, i];
      start = i + 1;
    } else if (!isAlpha(text.charCodeAt(i)) && !isDigit(text.charCodeAt(i)) && c !== '-') {
      throw new BadVersion(`'${c}' is not allowed in a ${what} identifier`, i);
    }
    i++;
  }
}

/** Reads a SemVer version spelled as `spelling` says. */
export function parseSemVer(text: string, spelling: Spelling): SemVerKey {
  let i = 0;
  if (text[0] === 'v') {
    if (spelling.v === 'forbidden') throw new BadVersion("a leading 'v' is not part of a SemVer version", 0);
    i = 1;
  } else if (spelling.v === 'required') {
    throw new BadVersion("must start with 'v'", 0);
  }
  // biome-ignore lint/style/useConst: assigned on each branch below
  let major: Int;
  let minor: Int = 0;
  let patch: Int = 0;
  [major, i] = readNumber(text, i, 'MAJOR');
  let parts = 1;
  if (text[i] === '.') {
    [minor, i] = readNumber(text, i + 1, 'MINOR');
    parts = 2;
    if (text[i] === '.') {
      [patch, i] = readNumber(text, i + 1, 'PATCH');
      parts = 3;
    }
  }
  if (parts < 3 && !(spelling.shorthand && i === text.length)) {
    throw new BadVersion('must have three numbers, MAJOR.MINOR.PATCH', i);
  }
  let pre: Identifier[] | undefined;
  if (text[i] === '-') [pre, i] = readIdentifiers(text, i + 1, '+', 'pre-release', true);
  if (text[i] === '+') [, i] = readIdentifiers(text, i + 1, undefined, 'build', false);
  if (i !== text.length) throw new BadVersion(`unexpected '${text[i]}'`, i);
  return { major, minor, patch, pre };
}

/** SemVer 2.0.0 precedence (item 11): build metadata is not part of the key; teapurl's one precedence, shared with the TEA client. */
export const compareSemVer: (a: SemVerKey, b: SemVerKey) => number = compareSemVerPrecedence;

const STRICT: Spelling = { v: 'forbidden', shorthand: false };
const NODE_SEMVER: Spelling = { v: 'optional', shorthand: false };
const GO: Spelling = { v: 'optional', shorthand: true };

export const SEMVER = scheme('a SemVer 2.0.0 version (MAJOR.MINOR.PATCH)', (v) => parseSemVer(v, STRICT), compareSemVer);
export const NPM = scheme('a node-semver version', (v) => parseSemVer(v, NODE_SEMVER), compareSemVer);
export const GOLANG = scheme("a Go module version (SemVer, with or without Go's leading 'v')", (v) => parseSemVer(v, GO), compareSemVer);
