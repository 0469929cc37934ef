import { createValidator, type BaseValidateOptions, type Validator } from '../../validation/create-validator.js';
import { TEA_DISCOVERY_KIND } from './discovery/discovery-kind.js';
import { TEA_TOKEN_ERROR_KIND, TEA_TOKEN_RESPONSE_KIND } from './token/token-kinds.js';

/** The kinds of the protocol itself: the discovery document and the token bodies. */
export type TeaProtocolKind = 'tea-discovery' | 'tea-token-response' | 'tea-token-error';

/**
 * The validator of the protocol's own documents, which the client reads before any object (no
 * PURL or VERS engine): `loadTeaProtocolValidator` (protocol-validator.ts) loads it the first time
 * the client reads an answer.
 */
export const teaProtocolValidator: Validator<TeaProtocolKind, BaseValidateOptions<TeaProtocolKind>> = createValidator<TeaProtocolKind>([
  TEA_DISCOVERY_KIND,
  TEA_TOKEN_RESPONSE_KIND,
  TEA_TOKEN_ERROR_KIND,
]);
