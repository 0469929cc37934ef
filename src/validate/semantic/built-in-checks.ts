/**
 * The checks teapurl ships, imported by name: a table rather than registration at import, so
 * that a bundler that drops modules imported only for their effects (`sideEffects: false`) cannot
 * drop a check.
 */
import type { DocumentKind } from '../kinds.js';
import type { SemanticCheck } from './registry.js';
import { DISCOVERY_CHECKS } from './discovery-checks.js';
import { TOKEN_RESPONSE_CHECKS } from './token-checks.js';
import { PURL_TYPE_FIELD_CHECKS } from './purl-type-field-checks.js';
import { PURL_TYPE_PATTERN_CHECKS } from './purl-type-pattern-checks.js';
import { PURL_TYPE_EXAMPLE_CHECKS } from './purl-type-example-checks.js';
import { PURL_TYPE_UNCHECKED_CHECKS } from './purl-type-unchecked.js';
import { PURL_URLS_CHECKS } from './purl-urls-checks.js';

/** Each kind's built-in checks, in the order they run. */
export const BUILT_IN_CHECKS: ReadonlyArray<readonly [DocumentKind, readonly SemanticCheck[]]> = [
  ['tea-discovery', DISCOVERY_CHECKS],
  ['tea-token-response', TOKEN_RESPONSE_CHECKS],
  ['purl-type-definition', PURL_TYPE_FIELD_CHECKS],
  ['purl-type-definition', PURL_TYPE_PATTERN_CHECKS],
  ['purl-type-definition', PURL_TYPE_EXAMPLE_CHECKS],
  ['purl-type-definition', PURL_TYPE_UNCHECKED_CHECKS],
  ['purl-type-urls', PURL_URLS_CHECKS],
];
