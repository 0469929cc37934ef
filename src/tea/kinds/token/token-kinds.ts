import type { KindDefinition } from '../../../validation/kind-definition.js';
import { hasOwn, isJsonObject } from '../../../shared/read-value.js';
import { teaTokenResponse } from '../compiled/tea-token-response.js';
import { teaTokenError } from '../compiled/tea-token-error.js';
import { TOKEN_RESPONSE_CHECKS } from './token-checks.js';
import { deepFreeze } from '../../../shared/deep-freeze.js';

/**
 * The body of a successful `POST /token` answer.
 *
 * @example
 * ```ts
 * import { createValidator, TEA_TOKEN_RESPONSE_KIND } from 'teapurl';
 * createValidator([TEA_TOKEN_RESPONSE_KIND]).validateDocument({ access_token: 'abc', token_type: 'Bearer' }).valid; // true
 * ```
 */
export const TEA_TOKEN_RESPONSE_KIND: KindDefinition<'tea-token-response'> = deepFreeze({
  name: 'tea-token-response',
  schemaId: 'https://teapurl.dev/schemas/tea-token-response.schema.json',
  aliases: ['token-response'],
  recognise: { shape: (value) => isJsonObject(value) && (hasOwn(value, 'access_token') || hasOwn(value, 'token_type')) },
  validate: teaTokenResponse,
  checks: TOKEN_RESPONSE_CHECKS,
});

/**
 * The body of a failed `POST /token` answer (RFC 6749 section 5.2).
 *
 * @example
 * ```ts
 * import { createValidator, TEA_TOKEN_ERROR_KIND } from 'teapurl';
 * createValidator([TEA_TOKEN_ERROR_KIND]).validateDocument({ error: 'invalid_client' }).valid; // true
 * ```
 */
export const TEA_TOKEN_ERROR_KIND: KindDefinition<'tea-token-error'> = deepFreeze({
  name: 'tea-token-error',
  schemaId: 'https://teapurl.dev/schemas/tea-token-error.schema.json',
  aliases: ['token-error'],
  // TEA's own error answers spell their value in capitals (OBJECT_UNKNOWN, kind tea-error); OAuth's in lower case.
  recognise: {
    // Not String(value.error): a parsed object may carry its own `toString` key (`{"toString": []}`).
    shape: (value) =>
      isJsonObject(value) &&
      hasOwn(value, 'error') &&
      !hasOwn(value, 'access_token') &&
      !(typeof value.error === 'string' && /^[A-Z][A-Z_]*$/.test(value.error)),
  },
  validate: teaTokenError,
});
