/**
 * The syntax of a VERS, the part every type shares: `vers:<type>/<constraints>`, checked in the
 * order the specification's "How to parse" reads it. Strict reading refuses every non-canonical
 * spelling; lenient reading (for normalizeVers) takes an uppercase scheme or type, a written-out
 * `=` and non-canonical percent-encoding, and refuses the rest alike.
 */
import { decodeVersion } from './percent.js';
import { MAX_VERS_LENGTH, MAX_VERSION_LENGTH, type VersComparator } from './vers-types.js';
import { VersError } from './vers-error.js';

/** A constraint as read, with where it stands. */
export interface ReadConstraint {
  readonly comparator: VersComparator;
  readonly version: string;
  /** Offset of the constraint in the VERS. */
  readonly offset: number;
  /** Offset of its version text in the VERS. */
  readonly versionOffset: number;
  /** Whether the version text holds no percent-encoding, so an offset in it maps one to one. */
  readonly plain: boolean;
}

export interface ReadVers {
  /** The type, lowercased. */
  readonly type: string;
  readonly typeOffset: number;
  /** `undefined` for `*`. */
  readonly constraints: readonly ReadConstraint[] | undefined;
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0b, 0x0c, 0x0d]);
/** Two-character comparators first: `>=` is not `>` and a version `=…`. */
const COMPARATORS: readonly VersComparator[] = ['>=', '<=', '!=', '<', '>'];

function describeChar(c: number): string {
  return c < 0x20 || c === 0x7f ? `U+${c.toString(16).toUpperCase().padStart(4, '0')}` : `'${String.fromCharCode(c)}'`;
}

export function readVers(input: unknown, lenient: boolean): ReadVers {
  if (typeof input !== 'string') throw new VersError('not-a-string', `a VERS is a string, not ${input === null ? 'null' : typeof input}`, { offset: 0 });
  if (input.length > MAX_VERS_LENGTH)
    throw new VersError('too-long', `a VERS is at most ${MAX_VERS_LENGTH} characters; this one has ${input.length}`, { offset: MAX_VERS_LENGTH });
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (WHITESPACE.has(c)) throw new VersError('whitespace', `whitespace is not permitted (${describeChar(c)})`, { offset: i });
    if (c < 0x21 || c > 0x7e) throw new VersError('character', `a VERS holds printable ASCII only; ${describeChar(c)} must be percent-encoded`, { offset: i });
  }
  const colon = input.indexOf(':');
  const scheme = colon === -1 ? input : input.slice(0, colon);
  if (colon === -1 || scheme.toLowerCase() !== 'vers') throw new VersError('scheme', "a VERS starts with 'vers:'", { offset: 0 });
  if (scheme !== 'vers' && !lenient) throw new VersError('scheme-case', "the scheme is lowercase: 'vers:'", { offset: 0 });
  const typeOffset = colon + 1;
  const slash = input.indexOf('/', typeOffset);
  if (slash === -1) throw new VersError('type', "the type must be followed by '/' and the constraints", { offset: input.length });
  const rawType = input.slice(typeOffset, slash);
  if (rawType === '') throw new VersError('type', 'the type is empty', { offset: typeOffset });
  if (!/^[A-Za-z][A-Za-z0-9.-]*$/.test(rawType)) {
    const bad = rawType.search(/[^A-Za-z0-9.-]/);
    const at = /^[A-Za-z]/.test(rawType) ? bad : 0;
    const why =
      at === 0
        ? 'a type starts with an ASCII letter'
        : rawType[at] === '%'
          ? 'a type is not percent-encoded'
          : `${describeChar(rawType.charCodeAt(at))} is not allowed in a type (letters, digits, '.' and '-')`;
    throw new VersError('type', why, { offset: typeOffset + at });
  }
  const type = rawType.toLowerCase();
  if (type !== rawType && !lenient) throw new VersError('type-case', `the type is lowercase: '${type}'`, { offset: typeOffset });
  const from = slash + 1;
  const text = input.slice(from);
  if (text === '') throw new VersError('empty-constraints', 'the constraints are empty', { offset: from });
  if (text === '*') return { type, typeOffset, constraints: undefined };
  if (text.startsWith('|')) throw new VersError('leading-pipe', 'leading pipe is not permitted', { offset: from });
  if (text.endsWith('|')) throw new VersError('trailing-pipe', 'trailing pipe is not permitted', { offset: input.length - 1 });
  const doubled = text.indexOf('||');
  if (doubled !== -1) throw new VersError('consecutive-pipes', 'consecutive pipes are not permitted', { offset: from + doubled + 1 });

  const constraints: ReadConstraint[] = [];
  let offset = from;
  for (const part of text.split('|')) {
    const position = { offset, constraint: constraints.length + 1 };
    const comparator: VersComparator = COMPARATORS.find((c) => part.startsWith(c)) ?? '=';
    if (comparator === '=' && part.startsWith('=') && !lenient) {
      throw new VersError('unencoded-character', "'=' is written as a bare version, without the comparator", position);
    }
    const skip = comparator === '=' ? (part.startsWith('=') ? 1 : 0) : comparator.length;
    const raw = part.slice(skip);
    const versionOffset = offset + skip;
    if (raw === '*') throw new VersError('star', "'*' stands alone: it is the only constraint, with no comparator or version", position);
    if (raw === '') throw new VersError('empty-version', `the comparator '${comparator}' has no version`, position);
    const decoded = decodeVersion(raw, lenient);
    if (typeof decoded !== 'string') {
      const rule = decoded.kind === 'invalid' ? 'percent-encoding' : decoded.kind === 'not-canonical' ? 'percent-not-canonical' : 'unencoded-character';
      throw new VersError(rule, decoded.reason, { ...position, offset: versionOffset + decoded.offset });
    }
    if (decoded.length > MAX_VERSION_LENGTH)
      throw new VersError('too-long', `a version is at most ${MAX_VERSION_LENGTH} characters`, { ...position, offset: versionOffset });
    constraints.push({ comparator, version: decoded, offset, versionOffset, plain: raw === decoded });
    offset += part.length + 1;
  }
  return { type, typeOffset, constraints };
}
