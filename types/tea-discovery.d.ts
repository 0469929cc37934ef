/* Generated from schemas/annotated/tea-discovery.schema.json by `npm run generate`. Do not edit by hand. */

/**
 * Absolute API base URL: lowercase http or https scheme, no userinfo, query, fragment or trailing slash. Deployments use https; http exists for local test documents only.
 *
 * This interface was referenced by `TeaDiscoveryDocument`'s JSON-Schema
 * via the `definition` "baseUrl".
 *
 * @example
 * ```ts
 * import type { TeaBaseUrl } from 'teapurl';
 * const teaBaseUrl: TeaBaseUrl = 'https://tea.example.com/api';
 * ```
 */
export type TeaBaseUrl = string;
/**
 * A full Semantic Versioning 2.0.0 string: MAJOR.MINOR.PATCH with optional prerelease and build metadata, without a leading v.
 *
 * This interface was referenced by `TeaDiscoveryDocument`'s JSON-Schema
 * via the `definition` "apiVersion".
 *
 * @example
 * ```ts
 * import type { TeaApiVersion } from 'teapurl';
 * const teaApiVersion: TeaApiVersion = '1.0.0-beta.2+build.7';
 * ```
 */
export type TeaApiVersion = string;

/**
 * The document a Transparency Exchange (TEA) service publishes at /.well-known/tea: which API base URLs exist and which API versions each one speaks.
 *
 * @example
 * ```ts
 * import type { TeaDiscoveryDocument } from 'teapurl';
 * const teaDiscoveryDocument: TeaDiscoveryDocument = {
 *   schemaVersion: 1,
 *   endpoints: [
 *     { url: 'https://api.tea.example.com', versions: ['1.0.0'], priority: 1 },
 *     {
 *       url: 'https://backup.tea.example.com/tea',
 *       versions: ['1.0.0', '1.1.0-beta.1'],
 *       priority: 0.5,
 *     },
 *   ],
 * };
 * ```
 */
export interface TeaDiscoveryDocument {
  /**
   * Version of the discovery document format. Always 1.
   */
  schemaVersion: 1;
  /**
   * The service endpoints on offer. At least one.
   *
   * @minItems 1
   */
  endpoints: [TeaEndpoint, ...TeaEndpoint[]];
}
/**
 * One API base URL and the API versions served under it.
 *
 * This interface was referenced by `TeaDiscoveryDocument`'s JSON-Schema
 * via the `definition` "endpoint".
 *
 * @example
 * ```ts
 * import type { TeaEndpoint } from 'teapurl';
 * const teaEndpoint: TeaEndpoint = {
 *   url: 'https://api.tea.example.com',
 *   versions: ['1.0.0', '1.1.0-beta.1'],
 *   priority: 0.5,
 * };
 * ```
 */
export interface TeaEndpoint {
  /**
   * Absolute API base URL: lowercase http or https scheme, no userinfo, query, fragment or trailing slash. Deployments use https; http exists for local test documents only.
   */
  url: TeaBaseUrl;
  /**
   * API versions this endpoint serves, as full semantic versions without a leading v. At least one.
   *
   * @minItems 1
   */
  versions: [TeaApiVersion, ...TeaApiVersion[]];
  /**
   * Preference among endpoints, from 0 to 1; higher is preferred. A missing priority counts as 1.
   */
  priority?: number;
}
