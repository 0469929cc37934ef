/**
 * TEA discovery and authentication: endpoint selection, discovery, failover, the authenticating
 * client, the server kit (token endpoint, bearer guard, test server) and the conformance checker.
 * Also available as `teapurl/tea`.
 *
 * @module teapurl/tea
 */
export { encodeBasicCredentials, decodeBasicCredentials, formUrlEncode, formUrlDecode, type BasicCredentials } from './basic-credentials.js';
export { parseWwwAuthenticate, inspectWwwAuthenticate, findBearerChallenge, type Challenge, type ParsedWwwAuthenticate } from './www-authenticate.js';
export { parseSemVer, compareSemVer, compareVersions, type SemVer } from './semver.js';
export { rankEndpoints, selectEndpoint, InvalidDiscoveryDocumentError, NoSharedVersionError, type RankedEndpoint, type RankOptions } from './rank-endpoints.js';
export { parseTei, TeiError, type Tei, type TeiPart } from './tei.js';
export { discover, discoveryOrigin, DiscoveryError, type DiscoverOptions, type DiscoveryResult, type DiscoveryFailure } from './discover.js';
export { withFailover, FailoverError, type FailoverOptions, type FailoverAttempt } from './failover.js';
export { NetworkError, toNetworkError, type NetworkFailureKind } from './network-error.js';
export type { FetchFunction, TlsOptions, ClientCertificate } from './http.js';
export { TeaClient, RedirectError, type TeaClientOptions, type TeaResult, type TeaOutcome, type TeaRequestInit, type UnauthorizedReason, type RedirectFailure } from './client/tea-client.js';
export { requestToken, isApiKey, TokenRequestError, type BearerToken, type TeaCredentials, type ApiKeyCredentials, type CertificateCredentials, type TokenRequestFailure, type TokenRequestOptions } from './client/token-request.js';
export { TokenCache, type TokenCacheOptions } from './client/token-cache.js';
export { authCheck, AUTH_CHECK_RULES, DEFAULT_PROBE_RESOURCE, type AuthCheckReport, type AuthCheckResult, type AuthCheckRuleId, type AuthCheckOptions } from './auth-check.js';
export * from './server/index.js';
