import { TeapurlError } from '../shared/errors.js';

/**
 * The rules a VERS, a version or a native range can break. Each {@link VersError} names one, so
 * a caller (a validator, a CLI) can tell a syntax slip from an ordering mistake without reading
 * the message.
 *
 * @example
 * ```ts
 * import { checkVers, type VersRule } from 'teapurl/vers';
 * const result = checkVers('vers:npm/>=2.0.0|<1.0.0');
 * const rule: VersRule | undefined = result.ok ? undefined : result.error.code; // 'unsorted'
 * ```
 */
export type VersRule =
  | 'not-a-string'
  | 'too-long'
  | 'whitespace'
  | 'character'
  | 'scheme'
  | 'scheme-case'
  | 'type'
  | 'type-case'
  | 'unknown-type'
  | 'empty-constraints'
  | 'leading-pipe'
  | 'trailing-pipe'
  | 'consecutive-pipes'
  | 'star'
  | 'empty-version'
  | 'unencoded-character'
  | 'percent-encoding'
  | 'percent-not-canonical'
  | 'invalid-version'
  | 'non-canonical-version'
  | 'unsorted'
  | 'duplicate-version'
  | 'comparator-sequence'
  | 'native-syntax'
  | 'empty-range'
  | 'no-native-notation';

/** The message prefix of the rules that say a VERS is not in canonical form. */
const NON_CANONICAL: ReadonlySet<VersRule> = new Set<VersRule>([
  'whitespace',
  'scheme-case',
  'type-case',
  'leading-pipe',
  'trailing-pipe',
  'consecutive-pipes',
  'percent-not-canonical',
  'unsorted',
  'duplicate-version',
  'comparator-sequence',
  'unencoded-character',
  'non-canonical-version',
]);

/**
 * Where a {@link VersError} points: an offset into the text checked, and the constraint there.
 *
 * @example
 * ```ts
 * import type { VersErrorPosition } from 'teapurl/vers';
 * const where: VersErrorPosition = { offset: 17, constraint: 2 };
 * ```
 */
export interface VersErrorPosition {
  /** UTF-16 index into the string that was checked (the VERS, the version or the native range). */
  readonly offset: number;
  /** 1-based index of the constraint the problem is in, when it is in one. */
  readonly constraint?: number;
}

/**
 * A VERS, version or native range that teapurl refuses: `code` says which rule it breaks (one
 * of {@link VersRule}),
 * `offset` where (an index into the checked string), `constraint` which constraint (from 1) when
 * the problem is inside one. The message says all three in words.
 *
 * @example
 * ```ts
 * import { parseVers, VersError } from 'teapurl/vers';
 * try {
 *   parseVers('vers:npm/>=2.0.0|<1.0.0');
 * } catch (error) {
 *   if (error instanceof VersError) console.log(error.code, error.offset, error.constraint); // unsorted 17 2
 * }
 * ```
 */
export class VersError extends TeapurlError<VersRule> {
  /** Always `VersError`. */
  override name = 'VersError';
  /** UTF-16 index into the checked string where the problem is. */
  readonly offset: number;
  /** 1-based index of the constraint the problem is in, or `undefined`. */
  readonly constraint: number | undefined;

  constructor(rule: VersRule, detail: string, position: VersErrorPosition) {
    const where = position.constraint === undefined ? `at offset ${position.offset}` : `in constraint ${position.constraint} at offset ${position.offset}`;
    super(`${NON_CANONICAL.has(rule) ? 'non-canonical VERS: ' : ''}${detail} (${where})`, { code: rule });
    this.offset = position.offset;
    this.constraint = position.constraint;
  }

  /**
   * The rule broken: the same as `code`.
   *
   * @deprecated use `code`; `rule` goes in the next minor version.
   */
  get rule(): VersRule {
    return this.code;
  }
}

/**
 * Thrown by a scheme's parser for a string that is not one of its versions: `reason` in words,
 * `offset` into the version; `code` is always `'invalid-version'`. The callers turn it into a
 * {@link VersError} placed in their input.
 */
export class BadVersion extends TeapurlError<'invalid-version'> {
  override name = 'BadVersion';
  constructor(
    readonly reason: string,
    readonly offset = 0,
  ) {
    super(reason, { code: 'invalid-version' });
  }
}
