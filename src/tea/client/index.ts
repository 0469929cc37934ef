/**
 * teapurl/tea/client: the consumer's side of the Transparency Exchange API, for Node, bundlers
 * and browsers. Discovery (`/.well-known/tea`) with endpoint selection and failover, TEIs, the
 * authenticating client with the `client_credentials` token flow, and the checker that probes a
 * server's authentication. Requests go through a `TeaTransport`: the platform's `fetch` by
 * default; `tlsTransport` from `teapurl/node` adds trust anchors and a client certificate.
 *
 * @module teapurl/tea/client
 */
export { encodeBasicCredentials, formUrlEncode, type BasicCredentials } from '../protocol/basic-credentials.js';
export { parseWwwAuthenticate, inspectWwwAuthenticate, findBearerChallenge, type Challenge, type ParsedWwwAuthenticate } from '../protocol/www-authenticate.js';
export { parseSemVer, compareSemVer, compareApiVersions, type SemVer } from '../../shared/semver.js';
export { fetchTransport, type TeaTransport, type TeaTransportRequest } from './transport.js';
export { rankEndpoints, selectEndpoint, InvalidDiscoveryDocumentError, NoSharedVersionError, type RankedEndpoint, type RankOptions } from './rank-endpoints.js';
export { parseTei, TeiError, type Tei, type TeiPart } from './tei.js';
export { discover, discoveryOrigin, DiscoveryError, type DiscoverOptions, type DiscoveryResult, type DiscoveryFailure } from './discover.js';
export { withFailover, FailoverError, type FailoverOptions, type FailoverAttempt } from './failover.js';
export { NetworkError, toNetworkError, type NetworkFailureKind } from './network-error.js';
export {
  TeaClient,
  RedirectError,
  type TeaClientOptions,
  type TeaResult,
  type TeaOutcome,
  type TeaRequestInit,
  type UnauthorizedReason,
  type RedirectFailure,
} from './tea-client.js';
export {
  requestToken,
  TokenRequestError,
  type BearerToken,
  type ApiKeyCredentials,
  type TokenRequestFailure,
  type TokenRequestOptions,
} from './token-request.js';
export { TokenCache, type TokenCacheOptions } from './token-cache.js';
export { authCheck } from './auth-check/auth-check.js';
export {
  AUTH_CHECK_RULES,
  DEFAULT_PROBE_RESOURCE,
  type AuthCheckReport,
  type AuthCheckResult,
  type AuthCheckRuleId,
  type AuthCheckOptions,
} from './auth-check/rules.js';
export { TEA_OPERATIONS, matchOperation, artifactFormatUrl, type TeaOperation, type MatchedOperation } from '../protocol/api-operations.js';
export { TeaApi, TeaApiError, type TeaApiFailure, type TeaApiOptions, type TeaIdentifierQuery, type TeaListQuery, type TeaPageRequest } from './tea-api.js';
export { resolvePurl, resolveTei, type PurlResolution, type ResolveTeiOptions, type TeiMatch, type TeiResolution } from './resolve-tei.js';
export { checkTeaServer, type TeaCheckOptions, type TeaCheckReport, type TeaCheckResult } from './server-check.js';
// The error contract: every error teapurl throws is a TeapurlError with a string `code`.
export { TeapurlError, isTeapurlError, InvalidArgumentError, type TeapurlErrorOptions, type InvalidArgumentCode } from '../../shared/errors.js';
