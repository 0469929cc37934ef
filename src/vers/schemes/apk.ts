/**
 * Alpine Linux package versions, ordered as apk-tools' version.c does it (the Gentoo-like
 * `{number}{.number}...{letter}{_suffix{number}}...{-r#}`): numbers compare as integers, except
 * that after a dot the leading zeros of a number (all but its last digit) weigh first
 * (`1.01` < `1.1`, `1.001` < `1.01`), as apk-tools 2.12 reads them; one lowercase letter may follow;
 * suffixes `_alpha` < `_beta` < `_pre` < `_rc` sort before the plain version and `_cvs`, `_svn`,
 * `_git`, `_hg`, `_p` after it; `-rN` is the package revision. The port follows apk's tokenizer
 * state by state, quirks included, and refuses what it would refuse.
 */
import { BadVersion } from '../vers-error.js';
import { isDigit } from './numbers.js';
import { scheme } from './scheme.js';

const INVALID = -1;
const DIGIT_OR_ZERO = 0;
const DIGIT = 1;
const LETTER = 2;
const SUFFIX = 3;
const SUFFIX_NO = 4;
const REVISION_NO = 5;
const END = 6;

const PRE_SUFFIXES = ['alpha', 'beta', 'pre', 'rc'];
const POST_SUFFIXES = ['cvs', 'svn', 'git', 'hg', 'p'];

/** A reading position in a version, as apk's blob and token type. */
interface Cursor {
  text: string;
  at: number;
  type: number;
}

const isLower = (c: number) => c >= 0x61 && c <= 0x7a;

function nextToken(cur: Cursor): void {
  let n = INVALID;
  const c = cur.text.charCodeAt(cur.at);
  if (cur.at >= cur.text.length) {
    n = END;
  } else if ((cur.type === DIGIT || cur.type === DIGIT_OR_ZERO) && isLower(c)) {
    n = LETTER;
  } else if (cur.type === LETTER && isDigit(c)) {
    n = DIGIT;
  } else if (cur.type === SUFFIX && isDigit(c)) {
    n = SUFFIX_NO;
  } else {
    const ch = cur.text[cur.at];
    if (ch === '.') n = DIGIT_OR_ZERO;
    else if (ch === '_') n = SUFFIX;
    else if (ch === '-' && cur.text[cur.at + 1] === 'r') {
      n = REVISION_NO;
      cur.at++;
    }
    cur.at++;
  }
  if (n < cur.type) {
    const allowed = (n === DIGIT_OR_ZERO && cur.type === DIGIT) || (n === SUFFIX && cur.type === SUFFIX_NO) || (n === DIGIT && cur.type === LETTER);
    if (!allowed) n = INVALID;
  }
  cur.type = n;
}

function getToken(cur: Cursor): number {
  const { text } = cur;
  if (cur.at >= text.length) {
    cur.type = END;
    return 0;
  }
  let v = 0;
  let i = cur.at;
  let nextType = INVALID;
  switch (cur.type) {
    // biome-ignore lint/suspicious/noFallthroughSwitchClause: a digit that is not a leading zero reads as DIGIT does
    case DIGIT_OR_ZERO:
      if (text[i] === '0') {
        // The zeros before the last digit; a lone 0 is the number 0, so 1.0_rc1 < 1.0.
        while (text[i + 1] === '0') i++;
        nextType = DIGIT;
        v = -(i - cur.at);
        break;
      }
    // falls through: a component after a dot that does not start with 0 is a number
    case DIGIT:
    case SUFFIX_NO:
    case REVISION_NO:
      while (isDigit(text.charCodeAt(i))) v = v * 10 + (text.charCodeAt(i++) - 0x30);
      break;
    case LETTER:
      v = text.charCodeAt(i++);
      break;
    case SUFFIX: {
      const pre = PRE_SUFFIXES.findIndex((s) => text.startsWith(s, i));
      if (pre !== -1) {
        v = pre - PRE_SUFFIXES.length;
        i += PRE_SUFFIXES[pre]!.length;
        break;
      }
      const post = POST_SUFFIXES.findIndex((s) => text.startsWith(s, i));
      if (post !== -1) {
        v = post;
        i += POST_SUFFIXES[post]!.length;
        break;
      }
      cur.type = INVALID;
      return -1;
    }
    default:
      cur.type = INVALID;
      return -1;
  }
  cur.at = i;
  if (cur.at >= text.length) cur.type = END;
  else if (nextType !== INVALID) cur.type = nextType;
  else nextToken(cur);
  return v;
}

/** apk_version_validate: the tokenizer must reach the end without an invalid token. */
export function parseApk(text: string): string {
  const cur: Cursor = { text, at: 0, type: DIGIT };
  if (!isDigit(text.charCodeAt(0))) throw new BadVersion('an apk version starts with a number', 0);
  while (cur.type !== END && cur.type !== INVALID) {
    const before = cur.at;
    getToken(cur);
    if (cur.type === INVALID) throw new BadVersion('not an apk version: {number}{.number}...{letter}{_suffix{number}}...{-r#}', before);
  }
  return text;
}

/** apk_version_compare_blob. */
export function compareApk(a: string, b: string): number {
  const x: Cursor = { text: a, at: 0, type: DIGIT };
  const y: Cursor = { text: b, at: 0, type: DIGIT };
  let av = 0;
  let bv = 0;
  while (x.type === y.type && x.type !== END && x.type !== INVALID && av === bv) {
    av = getToken(x);
    bv = getToken(y);
  }
  if (av !== bv) return av < bv ? -1 : 1;
  if (x.type === y.type) return 0;
  // Equal so far: the longer one is newer, unless what it has more is a pre-release suffix.
  if (x.type === SUFFIX && getToken({ ...x }) < 0) return -1;
  if (y.type === SUFFIX && getToken({ ...y }) < 0) return 1;
  if (x.type > y.type) return -1;
  if (y.type > x.type) return 1;
  return 0;
}

export const APK = scheme('an Alpine (apk) version', parseApk, compareApk);
