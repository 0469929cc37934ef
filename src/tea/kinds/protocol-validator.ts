import { createValidator, type BaseValidateOptions, type Validator } from '../../validation/create-validator.js';
import { TEA_DISCOVERY_KIND } from './discovery/discovery-kind.js';
import { TEA_TOKEN_ERROR_KIND, TEA_TOKEN_RESPONSE_KIND } from './token/token-kinds.js';

/** The kinds of the protocol itself: the discovery document and the token bodies. */
export type TeaProtocolKind = 'tea-discovery' | 'tea-token-response' | 'tea-token-error';

/**
 * The validator of the protocol's own documents, which the client reads before any object:
 * small (no PURL or VERS engine), so that it loads with the client, while the objects' validator
 * ({@link loadTeaValidator}) loads the first time an object is read.
 */
export const teaProtocolValidator: Validator<TeaProtocolKind, BaseValidateOptions<TeaProtocolKind>> = createValidator<TeaProtocolKind>([
  TEA_DISCOVERY_KIND,
  TEA_TOKEN_RESPONSE_KIND,
  TEA_TOKEN_ERROR_KIND,
]);

/**
 * The validator of every TEA kind, objects and pages included (their checks read PURLs and VERS
 * ranges, so it brings both engines): loaded on first use, so that a bundler puts it in a chunk
 * the client fetches only when it reads its first object.
 */
export function loadTeaValidator(): Promise<typeof import('./tea-validator.js').teaValidator> {
  return import('./tea-validator.js').then((module) => module.teaValidator);
}
