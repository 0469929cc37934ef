/**
 * teapurl/tea/server: the publisher's side of the Transparency Exchange API, for Node. The token
 * endpoint (`POST /token`), the bearer check, a token store, API key verification, and a local
 * test server.
 *
 * @module teapurl/tea/server
 */
export { decodeBasicCredentials, formUrlDecode, type BasicCredentials } from '../protocol/basic-credentials.js';
export { apiKeyVerifier, constantTimeEqual, type ApiKey } from './api-key-verifier.js';
export { pathGlob } from './path-glob.js';
export { canonicalRequestPath, type CanonicalRequestPath } from './canonical-path.js';
export type { ThrottleOptions } from './failure-throttle.js';
export {
  bearerToken,
  requireBearer,
  type BearerCheck,
  type BearerGuard,
  type InvalidTokenReason,
  type RequireBearerOptions,
  type TokenVerdict,
} from './require-bearer.js';
export { generateCertificates, SELFSIGNED_MISSING, type GenerateCertificatesOptions, type GeneratedCertificates, type PemPair } from './self-signed.js';
export {
  FORBIDDEN_UUID,
  MISSING_UUID,
  startTeaServer,
  type LoggedRequest,
  type RunningTeaServer,
  type TeaServerOptions,
} from './test-server.js';
export {
  createTokenHandler,
  TokenEndpointError,
  type AuthenticatedClient,
  type ClientAuthenticationMethod,
  type FetchTokenRequestInfo,
  type GrantContext,
  type GrantHandler,
  type GrantOutcome,
  type IssuedToken,
  type TokenHandler,
  type TokenHandlerOptions,
  type TokenIssueRequest,
} from './token-handler.js';
export { MemoryTokenStore, type MemoryTokenStoreOptions, type TokenRecord } from './token-store.js';
export { TeaContentStore, CONTENT_ORIGIN, type TeaContent, type TeaContentObject, type TeaContentAnswer } from './content-store.js';
// The error contract: every error teapurl throws is a TeapurlError with a string `code`.
export { TeapurlError, isTeapurlError, InvalidArgumentError, type TeapurlErrorOptions, type InvalidArgumentCode } from '../../shared/errors.js';
