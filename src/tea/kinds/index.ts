/** The TEA kinds, in the order detection asks them: what `teapurl/tea/client` validates answers with. */
import type { KindDefinition } from '../../validation/kind-definition.js';
import { TEA_DISCOVERY_KIND } from './discovery/discovery-kind.js';
import { TEA_TOKEN_ERROR_KIND, TEA_TOKEN_RESPONSE_KIND } from './token/token-kinds.js';
import { TEA_OBJECT_KINDS } from './objects/tea-object-kinds.js';
import type { TeaObjectKind } from './objects/tea-object-types.js';

export { TEA_DISCOVERY_KIND } from './discovery/discovery-kind.js';
export { TEA_TOKEN_ERROR_KIND, TEA_TOKEN_RESPONSE_KIND } from './token/token-kinds.js';
export { TEA_OBJECT_KINDS } from './objects/tea-object-kinds.js';

/**
 * The name of a TEA kind.
 *
 * @example
 * ```ts
 * import type { TeaKind } from 'teapurl';
 * const kind: TeaKind = 'tea-collection';
 * ```
 */
export type TeaKind = 'tea-discovery' | 'tea-token-response' | 'tea-token-error' | TeaObjectKind;

/**
 * Every TEA kind: the discovery document, the token bodies, the API's objects and pages.
 *
 * @example
 * ```ts
 * import { createValidator, TEA_KINDS } from 'teapurl';
 * createValidator(TEA_KINDS).kindNames.includes('tea-artifact'); // true
 * ```
 */
export const TEA_KINDS: readonly KindDefinition<TeaKind>[] = Object.freeze([
  TEA_DISCOVERY_KIND,
  TEA_TOKEN_RESPONSE_KIND,
  TEA_TOKEN_ERROR_KIND,
  ...TEA_OBJECT_KINDS,
]);
