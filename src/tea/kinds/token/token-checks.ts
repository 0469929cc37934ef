import type { SemanticCheck } from '../../../validation/checks/check-table.js';
import { asObject, own } from '../../../validation/checks/read.js';

const expiresIn: SemanticCheck = {
  rule: 'token/expires-in',
  summary: 'A token response should say when the token expires (section 5.3 item 4).',
  check(document) {
    const body = asObject(document);
    if (!body || own(body, 'expires_in') !== undefined) return [];
    return [
      {
        pointer: '',
        severity: 'warning',
        rule: this.rule,
        message: 'document has no "expires_in"; servers should send it so clients can renew the token before it expires (section 5.3)',
      },
    ];
  },
};

const noRefreshToken: SemanticCheck = {
  rule: 'token/no-refresh-token',
  summary: 'The client_credentials grant should not issue refresh tokens (section 5.3 item 6).',
  check(document) {
    if (own(asObject(document), 'refresh_token') === undefined) return [];
    return [
      {
        pointer: '/refresh_token',
        atKey: true,
        severity: 'warning',
        rule: this.rule,
        message: 'document carries a "refresh_token"; servers should not issue refresh tokens with the client_credentials grant (section 5.3)',
      },
    ];
  },
};

/** The token-response rules beyond the schema. */
export const TOKEN_RESPONSE_CHECKS: readonly SemanticCheck[] = [expiresIn, noRefreshToken];
