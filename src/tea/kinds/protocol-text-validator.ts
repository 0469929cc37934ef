import { createValidator, type BaseValidateOptions, type Validator } from '../../validation/create-validator.js';
import { TEA_DISCOVERY_KIND } from './discovery/discovery-kind.js';
import { TEA_TOKEN_ERROR_KIND, TEA_TOKEN_RESPONSE_KIND } from './token/token-kinds.js';

/** The kinds of the protocol itself: the discovery document and the token bodies. */
export type TeaProtocolKind = 'tea-discovery' | 'tea-token-response' | 'tea-token-error';

/**
 * The validator of the protocol's own texts (the discovery document and the token bodies, read
 * with a line and column for every finding; no PURL or VERS engine): the client's modules that
 * read answers import it, and they load on the client's first answer (src/tea/client/reading.ts),
 * so that the client's entry carries neither it nor the JSON reader.
 */
export const teaProtocolValidator: Validator<TeaProtocolKind, BaseValidateOptions<TeaProtocolKind>> = createValidator<TeaProtocolKind>([
  TEA_DISCOVERY_KIND,
  TEA_TOKEN_RESPONSE_KIND,
  TEA_TOKEN_ERROR_KIND,
]);
