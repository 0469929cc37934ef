/**
 * teapurl/tea/client: the consumer's side of the Transparency Exchange API. Discovery
 * (`/.well-known/tea`) with endpoint selection and failover, TEIs, the authenticating client with
 * the `client_credentials` token flow, and the checker that probes a server's authentication.
 *
 * @module teapurl/tea/client
 */
export { encodeBasicCredentials, formUrlEncode, type BasicCredentials } from '../basic-credentials.js';
export { parseWwwAuthenticate, inspectWwwAuthenticate, findBearerChallenge, type Challenge, type ParsedWwwAuthenticate } from '../www-authenticate.js';
export { parseSemVer, compareSemVer, compareApiVersions, type SemVer } from '../semver.js';
export { rankEndpoints, selectEndpoint, InvalidDiscoveryDocumentError, NoSharedVersionError, type RankedEndpoint, type RankOptions } from '../rank-endpoints.js';
export { parseTei, TeiError, type Tei, type TeiPart } from '../tei.js';
export { discover, discoveryOrigin, DiscoveryError, type DiscoverOptions, type DiscoveryResult, type DiscoveryFailure } from '../discover.js';
export { withFailover, FailoverError, type FailoverOptions, type FailoverAttempt } from '../failover.js';
export { NetworkError, toNetworkError, type NetworkFailureKind } from '../network-error.js';
export type { FetchFunction, TlsOptions, ClientCertificate } from '../http.js';
export { TeaClient, RedirectError, type TeaClientOptions, type TeaResult, type TeaOutcome, type TeaRequestInit, type UnauthorizedReason, type RedirectFailure } from './tea-client.js';
export { requestToken, isApiKey, TokenRequestError, type BearerToken, type TeaCredentials, type ApiKeyCredentials, type CertificateCredentials, type TokenRequestFailure, type TokenRequestOptions } from './token-request.js';
export { TokenCache, type TokenCacheOptions } from './token-cache.js';
export { authCheck, AUTH_CHECK_RULES, DEFAULT_PROBE_RESOURCE, type AuthCheckReport, type AuthCheckResult, type AuthCheckRuleId, type AuthCheckOptions } from '../auth-check.js';
