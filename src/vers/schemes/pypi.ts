/**
 * PEP 440 (the version specification of the Python Packaging Authority), as the `packaging`
 * library reads and orders versions: case-insensitive, an optional `v`, an epoch `N!`, the
 * release `N(.N)*`, a pre-release (`a`, `b`, `rc` and their spellings `alpha`, `beta`, `c`,
 * `pre`, `preview`), a post-release (`.postN`, `-N`, `rev`, `r`), a development release
 * (`.devN`) and a local version `+label`. Separators `.`, `-` and `_` are interchangeable where
 * PEP 440 allows them and a missing number is 0, so `1.0` equals `1.0.0`, `1.0a` equals
 * `1.0.a0` and `1.0-1` equals `1.0.post1`: the order and equality of normalised versions.
 */
import { BadVersion } from '../vers-error.js';
import { compareInt, compareText, digitsEnd, isAlpha, isDigit, toInt, type Int } from './numbers.js';
import { scheme } from './scheme.js';

export interface Pep440Key {
  readonly epoch: Int;
  /** Release numbers; missing ones compare as 0, so 1.0 and 1 are one release. */
  readonly release: readonly Int[];
  /** [rank of a/b/rc, number]; `undefined` for none. */
  readonly pre: readonly [number, Int] | undefined;
  readonly post: Int | undefined;
  readonly dev: Int | undefined;
  /** Local segments: numbers sort above words. */
  readonly local: readonly (Int | string)[] | undefined;
}

/** Pre-release spellings, longest first where one is a prefix of another, with their rank. */
const PRE_LABELS: readonly (readonly [string, number])[] = [
  ['alpha', 0],
  ['a', 0],
  ['beta', 1],
  ['b', 1],
  ['preview', 2],
  ['pre', 2],
  ['rc', 2],
  ['c', 2],
];
const POST_LABELS = ['post', 'rev', 'r'];

const isSeparator = (c: string | undefined) => c === '.' || c === '-' || c === '_';

/** The label among `labels` that `text` has at `at`, or `undefined`. */
function labelAt(text: string, at: number, labels: readonly string[]): string | undefined {
  return labels.find((label) => text.startsWith(label, at));
}

/**
 * After a label: an optional separator and number. A separator not followed by digits is left
 * for what comes next (`1.0a.post1`), as the reference pattern backtracks.
 */
function optionalNumber(text: string, from: number): [Int, number] {
  let i = from;
  if (isSeparator(text[i]) && isDigit(text.charCodeAt(i + 1))) i++;
  const end = digitsEnd(text, i);
  return end === i ? [0, from] : [toInt(text.slice(i, end)), end];
}

/** A label (from `labels`) at `from`, after an optional separator; where it starts and ends. */
function findLabel(text: string, from: number, labels: readonly string[]): [string, number] | undefined {
  const at = isSeparator(text[from]) ? from + 1 : from;
  const label = labelAt(text, at, labels);
  if (label === undefined) return undefined;
  // A label ends at a non-letter: `1.0alphabet` is not alpha + "bet".
  if (isAlpha(text.charCodeAt(at + label.length))) return undefined;
  return [label, at + label.length];
}

export function parsePep440(version: string): Pep440Key {
  const text = version.toLowerCase();
  let i = text[0] === 'v' ? 1 : 0;
  let epoch: Int = 0;
  let end = digitsEnd(text, i);
  if (end === i) throw new BadVersion('must start with a release number', i);
  if (text[end] === '!') {
    epoch = toInt(text.slice(i, end));
    i = end + 1;
    end = digitsEnd(text, i);
    if (end === i) throw new BadVersion("the epoch must be followed by a release number ('1!2.0')", i);
  }
  const release: Int[] = [toInt(text.slice(i, end))];
  i = end;
  while (text[i] === '.' && isDigit(text.charCodeAt(i + 1))) {
    end = digitsEnd(text, i + 1);
    release.push(toInt(text.slice(i + 1, end)));
    i = end;
  }

  let pre: [number, Int] | undefined;
  const preLabel = findLabel(
    text,
    i,
    PRE_LABELS.map(([label]) => label),
  );
  if (preLabel) {
    const rank = PRE_LABELS.find(([label]) => label === preLabel[0])![1];
    let n: Int;
    [n, i] = optionalNumber(text, preLabel[1]);
    pre = [rank, n];
  }

  let post: Int | undefined;
  if (text[i] === '-' && isDigit(text.charCodeAt(i + 1))) {
    end = digitsEnd(text, i + 1);
    post = toInt(text.slice(i + 1, end));
    i = end;
  } else {
    const postLabel = findLabel(text, i, POST_LABELS);
    if (postLabel) [post, i] = optionalNumber(text, postLabel[1]);
  }

  let dev: Int | undefined;
  const devLabel = findLabel(text, i, ['dev']);
  if (devLabel) [dev, i] = optionalNumber(text, devLabel[1]);

  let local: (Int | string)[] | undefined;
  if (text[i] === '+') {
    local = [];
    let start = i + 1;
    for (let j = start; ; j++) {
      const c = text[j];
      if (c === undefined || isSeparator(c)) {
        if (j === start) throw new BadVersion('empty segment in the local version', j);
        const segment = text.slice(start, j);
        local.push(digitsEnd(segment, 0) === segment.length ? toInt(segment) : segment);
        start = j + 1;
        if (c === undefined) break;
      } else if (!isDigit(text.charCodeAt(j)) && !isAlpha(text.charCodeAt(j))) {
        throw new BadVersion(`'${version[j]}' is not allowed in a local version`, j);
      }
    }
    i = text.length;
  }
  if (i !== text.length) throw new BadVersion(`unexpected '${version[i]}' in a PEP 440 version`, i);
  return { epoch, release, pre, post, dev, local };
}

const NEGATIVE = -1;
const NONE = 0;
const POSITIVE = 1;

/** Where a missing part sorts, as `packaging` places its infinities. */
function missing(a: unknown, b: unknown, whenMissing: number): number | undefined {
  if (a === undefined && b === undefined) return 0;
  if (a === undefined) return whenMissing;
  if (b === undefined) return -whenMissing;
  return undefined;
}

function compareLocal(a: readonly (Int | string)[], b: readonly (Int | string)[]): number {
  const n = Math.min(a.length, b.length);
  for (let k = 0; k < n; k++) {
    const x = a[k]!;
    const y = b[k]!;
    const xText = typeof x === 'string';
    if (xText !== (typeof y === 'string')) return xText ? -1 : 1;
    const c = xText ? compareText(x, y as string) : compareInt(x, y as Int);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

/** The pre-release slot: a dev release with no pre- or post-release sorts before any pre-release. */
function preSlot(k: Pep440Key): number {
  if (k.pre !== undefined) return NONE;
  return k.post === undefined && k.dev !== undefined ? NEGATIVE : POSITIVE;
}

export function comparePep440(a: Pep440Key, b: Pep440Key): number {
  let c = compareInt(a.epoch, b.epoch);
  if (c !== 0) return c;
  const n = Math.max(a.release.length, b.release.length);
  for (let k = 0; k < n; k++) {
    c = compareInt(a.release[k] ?? 0, b.release[k] ?? 0);
    if (c !== 0) return c;
  }
  c = preSlot(a) - preSlot(b);
  if (c !== 0) return c;
  if (a.pre && b.pre) {
    c = a.pre[0] - b.pre[0] || compareInt(a.pre[1], b.pre[1]);
    if (c !== 0) return c;
  }
  c = missing(a.post, b.post, NEGATIVE) ?? compareInt(a.post!, b.post!);
  if (c !== 0) return c;
  c = missing(a.dev, b.dev, POSITIVE) ?? compareInt(a.dev!, b.dev!);
  if (c !== 0) return c;
  return missing(a.local, b.local, NEGATIVE) ?? compareLocal(a.local!, b.local!);
}

export const PYPI = scheme('a PEP 440 version', parsePep440, comparePep440);
