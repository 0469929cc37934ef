/**
 * PEP 440 version specifiers (the "Version specifiers" of the Python packaging specifications):
 * comma-separated clauses that must all hold, each `~=`, `==`, `!=`, `<=`, `>=`, `<`, `>` or
 * `===` and a version; `==V.*` and `!=V.*` match by prefix. `~=2.2` is `>=2.2, ==2.*`, and a
 * prefix match `==1.2.*` is `>=1.2, <1.3`. Versions keep their spelling. PEP 440's exclusions of
 * pre-, post- and local releases at exclusive bounds are policies of an installer, not of the
 * version order a VERS states, and are not carried (as for npm's prerelease rule).
 */
import { digitsEnd } from '../schemes/numbers.js';
import { alternativesOf, clausesOf, nativeError, type Clause, type ClauseOperator, type ClauseSet } from './clauses.js';

/** Each `!=V.*` doubles the alternatives; a bound keeps a hostile list of them cheap. */
const MAX_ALTERNATIVES = 1024;

const OPERATORS = ['===', '~=', '==', '!=', '<=', '>=', '<', '>'];

/** `[epoch!]release` of a version as written, and where the release starts. */
function releaseOf(version: string, offset: number): { prefix: string; release: bigint[] } {
  const bang = version.indexOf('!');
  const prefix = bang === -1 ? '' : version.slice(0, bang + 1);
  let i = prefix.length;
  if (version[i] === 'v' || version[i] === 'V') i++;
  const release: bigint[] = [];
  for (;;) {
    const end = digitsEnd(version, i);
    if (end === i) throw nativeError(`'${version}' has no release number to match by prefix`, offset + i);
    release.push(BigInt(version.slice(i, end)));
    i = end;
    if (version[i] !== '.' || digitsEnd(version, i + 1) === i + 1) break;
    i++;
  }
  return { prefix, release };
}

/** The first release past every version starting with `release[0..length)`: `1.2` → `1.3`. */
function nextRelease(prefix: string, release: readonly bigint[], length: number): string {
  const kept = release.slice(0, length);
  kept[length - 1]! += 1n;
  return prefix + kept.join('.');
}

/** One specifier as alternatives (only `!=V.*` has two). */
function specifier(text: string, offset: number): ClauseSet[] {
  const op = OPERATORS.find((o) => text.startsWith(o));
  if (op === undefined) throw nativeError('a PEP 440 specifier starts with ~=, ==, !=, <=, >=, <, > or ===', offset);
  let at = op.length;
  while (text[at] === ' ') at++;
  const version = text.slice(at).trimEnd();
  const where = offset + at;
  if (version === '') throw nativeError(`'${op}' has no version`, where);
  const one = (o: ClauseOperator, v: string): Clause => ({ op: o, version: v, offset: where });
  if (version.endsWith('.*')) {
    if (op !== '==' && op !== '!=') throw nativeError(`a prefix match '.*' is allowed only with == and !=`, where);
    const base = version.slice(0, -2);
    const { prefix, release } = releaseOf(base, where);
    const upper = nextRelease(prefix, release, release.length);
    return op === '==' ? [[one('>=', base), one('<', upper)]] : [[one('<', base)], [one('>=', upper)]];
  }
  if (op === '~=') {
    const { prefix, release } = releaseOf(version, where);
    if (release.length < 2) throw nativeError('~= needs a version with at least two release numbers', where);
    return [[one('>=', version), one('<', nextRelease(prefix, release, release.length - 1))]];
  }
  return [[one(op === '==' || op === '===' ? '=' : (op as ClauseOperator), version)]];
}

/** One AND of specifiers (comma-separated), from `offset` in the native range. */
function readSpecifiers(text: string, offset: number): ClauseSet[] {
  let sets: ClauseSet[] = [[]];
  for (const part of text.split(',')) {
    const lead = part.length - part.trimStart().length;
    if (part.trim() === '') throw nativeError('an empty specifier', offset);
    // Advisories also separate specifiers with spaces (">=1.0 <2.0"): each is read alike.
    for (const spaced of clausesOf(part.trim(), offset + lead, false, '<>=!~')) {
      const alternatives = specifier(spaced.text, spaced.offset);
      // An AND of ORs, distributed: each alternative joins each set so far.
      sets = sets.flatMap((set) => alternatives.map((alternative) => [...set, ...alternative]));
      if (sets.length > MAX_ALTERNATIVES) throw nativeError(`more than ${MAX_ALTERNATIVES} alternatives once the != prefix matches are expanded`, offset);
    }
    offset += part.length + 1;
  }
  return sets;
}

/**
 * PEP 440 specifiers, and as advisories write them: GitLab's advisory database joins the
 * specifier sets of several affected ranges with `||` (`>=1.0,<1.5||>=2.0,<2.1`).
 */
export function readPypi(text: string): ClauseSet[] {
  return alternativesOf(text, ['||'], 'PEP 440').flatMap((alternative) => readSpecifiers(alternative.text, alternative.offset));
}
