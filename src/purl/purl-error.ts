import { TeapurlError } from '../shared/errors.js';

/**
 * The seven parts of a PURL that an error can be about (`scheme` is always `pkg`).
 *
 * @example
 * ```ts
 * import { validatePurl, type PurlComponentName } from 'teapurl';
 * const where: PurlComponentName | undefined = validatePurl('pkg:vcpkg/boost/asio').errors[0]?.component; // 'namespace'
 * ```
 */
export type PurlComponentName = 'scheme' | 'type' | 'namespace' | 'name' | 'version' | 'qualifiers' | 'subpath';

/**
 * Stable machine-readable reasons a PURL is refused. New codes may be added; existing ones keep
 * their meaning.
 *
 * @example
 * ```ts
 * import { validatePurl, type PurlErrorCode } from 'teapurl';
 * const code: PurlErrorCode | undefined = validatePurl('pkg:julia/Dates@1.9.0').errors[0]?.code; // 'missing-qualifier'
 * ```
 */
export type PurlErrorCode =
  | 'not-a-string'
  | 'too-long'
  | 'missing-scheme'
  | 'wrong-scheme'
  | 'missing-type'
  | 'invalid-type'
  | 'unknown-type'
  | 'missing-name'
  | 'required'
  | 'prohibited'
  | 'invalid-encoding'
  | 'invalid-segment'
  | 'invalid-characters'
  | 'pattern-skipped'
  | 'invalid-qualifier-key'
  | 'uppercase-qualifier-key'
  | 'duplicate-qualifier-key'
  | 'invalid-qualifier-value'
  | 'missing-qualifier'
  | 'rule-violation'
  | 'invalid-components'
  | PurlWarningCode;

/**
 * Stable codes of what a type definition of ECMA-427's 2nd edition asks for but does not
 * require: a namespace none of the type's `registered_values`, a qualifier marked `recommended`
 * missing. {@link PurlEngine.validate} reports them as `warnings`, never as errors; parsing
 * refuses them only when asked (`{ strict: true }`).
 *
 * @example
 * ```ts
 * import type { PurlWarningCode } from 'teapurl/purl';
 * const codes: PurlWarningCode[] = ['unregistered-namespace', 'missing-recommended-qualifier'];
 * ```
 */
export type PurlWarningCode = 'unregistered-namespace' | 'missing-recommended-qualifier';

/**
 * One reason a PURL is invalid, as {@link PurlEngine.validate} reports it.
 *
 * @example
 * ```ts
 * import { validatePurl, type PurlIssue } from 'teapurl';
 * const [issue]: PurlIssue[] = validatePurl('pkg:vcpkg/boost/asio').errors;
 * // { component: 'namespace', code: 'prohibited', message: 'vcpkg PURLs have no namespace, but "boost" is given' }
 * ```
 */
export interface PurlIssue {
  /** The component the problem is in. */
  readonly component: PurlComponentName;
  /** A stable machine-readable code. */
  readonly code: PurlErrorCode;
  /** What is wrong, in plain words, naming the component and the offending value. */
  readonly message: string;
}

/**
 * Thrown when a PURL cannot be parsed or built; `code` is one of {@link PurlErrorCode}.
 *
 * @example
 * ```ts
 * import { parsePurl, PurlError } from 'teapurl';
 * try {
 *   parsePurl('pkg:vcpkg/boost/asio');
 * } catch (error) {
 *   if (error instanceof PurlError) console.log(error.component, error.code); // namespace prohibited
 * }
 * ```
 */
export class PurlError extends TeapurlError<PurlErrorCode> implements PurlIssue {
  /** Always `'PurlError'`. */
  override name = 'PurlError';
  /** The component the problem is in. */
  readonly component: PurlComponentName;

  constructor(component: PurlComponentName, code: PurlErrorCode, message: string) {
    super(message, { code });
    this.component = component;
  }

  /** The error as a plain {@link PurlIssue}. */
  toIssue(): PurlIssue {
    return { component: this.component, code: this.code, message: this.message };
  }
}

/** Quotes a value for a message, shortened so a huge input cannot flood a terminal: the shared `quoted`. */
export { quoted as quote } from '../shared/message-text.js';
