/* Generated from schemas/annotated/tea-objects.schema.json by `npm run generate`. Do not edit by hand. */

/**
 * The objects a Transparency Exchange (TEA) server answers with: products, product releases, components, component releases, collections, artefacts, lifecycle (CLE) documents, the answer to GET /discovery?tei=, and the lists that hold them. Written from the TEA OpenAPI description; members the description does not name are allowed where it allows them.
 *
 * @example
 * ```ts
 * import type { TeaObject } from 'teapurl';
 * const teaObject: TeaObject = {
 *   uuid: '09e8c73b-ac45-4475-acac-33e6a7314e6d',
 *   name: 'Apache Log4j 2',
 *   identifiers: [
 *     { idType: 'CPE', idValue: 'cpe:2.3:a:apache:log4j' },
 *     { idType: 'PURL', idValue: 'pkg:maven/org.apache.logging.log4j/log4j-api' },
 *   ],
 * };
 * ```
 */
export type TeaObject =
  | TeaProduct
  | TeaProductRelease
  | TeaComponent
  | TeaComponentRelease
  | TeaComponentReleaseWithCollection
  | TeaCollection
  | TeaArtifact
  | TeaCle
  | TeaDiscoveryAnswer
  | TeaProductPage
  | TeaProductReleasePage
  | TeaComponentPage
  | TeaComponentReleasePage
  | TeaComponentReleaseList
  | TeaCollectionList
  | TeaCollectionPage
  | TeaErrorResponse;
/**
 * A UUID in its lowercase hexadecimal form, 8-4-4-4-12.
 *
 * @example
 * ```ts
 * import type { TeaUuid } from 'teapurl';
 * const teaUuid: TeaUuid = '09e8c73b-ac45-4475-acac-33e6a7314e6d';
 * ```
 */
export type TeaUuid = string;
/**
 * What kind of identifier an identifier value is.
 *
 * @example
 * ```ts
 * import type { TeaIdentifierType } from 'teapurl';
 * const teaIdentifierType: TeaIdentifierType = 'PURL';
 * ```
 */
export type TeaIdentifierType = 'CPE' | 'TEI' | 'PURL' | 'COMPLIANCE_DOCUMENT';
/**
 * Identifiers of one object.
 *
 * @example
 * ```ts
 * import type { TeaIdentifiers } from 'teapurl';
 * const teaIdentifiers: TeaIdentifiers = [
 *   { idType: 'CPE', idValue: 'cpe:2.3:a:apache:log4j' },
 *   { idType: 'PURL', idValue: 'pkg:maven/org.apache.logging.log4j/log4j-api' },
 * ];
 * ```
 */
export type TeaIdentifiers = TeaIdentifier[];
/**
 * A UTC timestamp to the second: YYYY-MM-DDThh:mm:ssZ.
 *
 * @example
 * ```ts
 * import type { TeaDateTime } from 'teapurl';
 * const teaDateTime: TeaDateTime = '2025-04-01T15:43:00Z';
 * ```
 */
export type TeaDateTime = string;
/**
 * An absolute URL a file is downloaded from; https, or http for local tests only.
 *
 * @example
 * ```ts
 * import type { TeaDownloadUrl } from 'teapurl';
 * const teaDownloadUrl: TeaDownloadUrl = 'https://logging.apache.org/cyclonedx/vdr.xml';
 * ```
 */
export type TeaDownloadUrl = string;
/**
 * The algorithm of a checksum.
 *
 * @example
 * ```ts
 * import type { TeaChecksumType } from 'teapurl';
 * const teaChecksumType: TeaChecksumType = 'BLAKE3';
 * ```
 */
export type TeaChecksumType =
  | 'MD5'
  | 'SHA-1'
  | 'SHA-256'
  | 'SHA-384'
  | 'SHA-512'
  | 'SHA3-256'
  | 'SHA3-384'
  | 'SHA3-512'
  | 'BLAKE2b-256'
  | 'BLAKE2b-384'
  | 'BLAKE2b-512'
  | 'BLAKE3';
/**
 * What an artefact is.
 *
 * @example
 * ```ts
 * import type { TeaArtifactType } from 'teapurl';
 * const teaArtifactType: TeaArtifactType = 'VULNERABILITIES';
 * ```
 */
export type TeaArtifactType =
  | 'ATTESTATION'
  | 'BOM'
  | 'BUILD_META'
  | 'CERTIFICATION'
  | 'FORMULATION'
  | 'LICENSE'
  | 'RELEASE_NOTES'
  | 'SECURITY_TXT'
  | 'THREAT_MODEL'
  | 'VULNERABILITIES'
  | 'OTHER';
/**
 * An RFC 3339 timestamp: a date, a time with optional fraction of a second, and Z or an offset.
 *
 * @example
 * ```ts
 * import type { TeaTimestamp } from 'teapurl';
 * const teaTimestamp: TeaTimestamp = '2024-03-20T15:30:00.250+01:00';
 * ```
 */
export type TeaTimestamp = string;
/**
 * The answer to GET /discovery?tei=: the product releases the TEI resolves to, each with the servers that hold it.
 *
 * @minItems 1
 *
 * @example
 * ```ts
 * import type { TeaDiscoveryAnswer } from 'teapurl';
 * const teaDiscoveryAnswer: TeaDiscoveryAnswer = [
 *   {
 *     productReleaseUuid: '123e4567-e89b-12d3-a456-426614174000',
 *     servers: [{ rootUrl: 'https://api.teaexample.com', versions: ['1.0.0'], priority: 0.8 }],
 *   },
 * ];
 * ```
 */
export type TeaDiscoveryAnswer = [TeaDiscoveryInfo, ...TeaDiscoveryInfo[]];
/**
 * The root URL of a TEA server without a trailing slash; the API base is it plus /v and the version.
 *
 * @example
 * ```ts
 * import type { TeaServerRootUrl } from 'teapurl';
 * const teaServerRootUrl: TeaServerRootUrl = 'https://api.teaexample.com/tea';
 * ```
 */
export type TeaServerRootUrl = string;
/**
 * One page of products.
 *
 * @example
 * ```ts
 * import type { TeaProductPage } from 'teapurl';
 * const teaProductPage: TeaProductPage = {
 *   timestamp: '2024-03-20T15:30:00Z',
 *   pageSize: 100,
 *   hasNext: true,
 *   nextPageToken: 'eyJvIjoxMDB9',
 *   results: [
 *     {
 *       uuid: '09e8c73b-ac45-4475-acac-33e6a7314e6d',
 *       name: 'Apache Log4j 2',
 *       identifiers: [
 *         { idType: 'CPE', idValue: 'cpe:2.3:a:apache:log4j' },
 *         { idType: 'PURL', idValue: 'pkg:maven/org.apache.logging.log4j/log4j-api' },
 *       ],
 *     },
 *   ],
 * };
 * ```
 */
export type TeaProductPage = TeaPagination & {
  /**
   * The products of this page.
   */
  results?: TeaProduct[];
};
/**
 * One page of product releases.
 *
 * @example
 * ```ts
 * import type { TeaProductReleasePage } from 'teapurl';
 * const teaProductReleasePage: TeaProductReleasePage = {
 *   timestamp: '2024-03-20T15:30:00Z',
 *   pageSize: 100,
 *   hasNext: true,
 *   nextPageToken: 'eyJvIjoxMDB9',
 *   results: [
 *     {
 *       uuid: '123e4567-e89b-12d3-a456-426614174000',
 *       product: '09e8c73b-ac45-4475-acac-33e6a7314e6d',
 *       productName: 'Apache Log4j 2',
 *       version: '2.24.3',
 *       createdDate: '2025-04-01T15:43:00Z',
 *       releaseDate: '2025-04-01T15:43:00Z',
 *       identifiers: [
 *         {
 *           idType: 'TEI',
 *           idValue: 'urn:tei:uuid:products.example.com:d4d9f54a-abcf-11ee-ac79-1a52914d44b1',
 *         },
 *       ],
 *       components: [
 *         { uuid: '3910e0fd-aff4-48d6-b75f-8bf6b84687f0' },
 *         {
 *           uuid: 'b844c9bd-55d6-478c-af59-954a932b6ad3',
 *           release: 'da89e38e-95e7-44ca-aa7d-f3b6b34c7fab',
 *         },
 *       ],
 *     },
 *   ],
 * };
 * ```
 */
export type TeaProductReleasePage = TeaPagination & {
  /**
   * The product releases of this page.
   */
  results?: TeaProductRelease[];
};
/**
 * One page of components.
 *
 * @example
 * ```ts
 * import type { TeaComponentPage } from 'teapurl';
 * const teaComponentPage: TeaComponentPage = {
 *   timestamp: '2024-03-20T15:30:00Z',
 *   pageSize: 100,
 *   hasNext: true,
 *   nextPageToken: 'eyJvIjoxMDB9',
 *   results: [
 *     {
 *       uuid: '3910e0fd-aff4-48d6-b75f-8bf6b84687f0',
 *       name: 'Apache Log4j API',
 *       identifiers: [{ idType: 'PURL', idValue: 'pkg:maven/org.apache.logging.log4j/log4j-api' }],
 *     },
 *   ],
 * };
 * ```
 */
export type TeaComponentPage = TeaPagination & {
  /**
   * The components of this page.
   */
  results?: TeaComponent[];
};
/**
 * One page of component releases.
 *
 * @example
 * ```ts
 * import type { TeaComponentReleasePage } from 'teapurl';
 * const teaComponentReleasePage: TeaComponentReleasePage = {
 *   timestamp: '2024-03-20T15:30:00Z',
 *   pageSize: 100,
 *   hasNext: true,
 *   nextPageToken: 'eyJvIjoxMDB9',
 *   results: [
 *     {
 *       uuid: '605d0ecb-1057-40e4-9abf-c400b10f0345',
 *       component: '3910e0fd-aff4-48d6-b75f-8bf6b84687f0',
 *       version: '11.0.7',
 *       createdDate: '2025-05-07T18:08:00Z',
 *       releaseDate: '2025-05-12T18:08:00Z',
 *       identifiers: [{ idType: 'PURL', idValue: 'pkg:maven/org.apache.tomcat/tomcat@11.0.7' }],
 *       distributions: [
 *         {
 *           distributionId: '6a0d58e1-4896-4f1e-83f7-5feb6c032537',
 *           description: 'Core binary distribution, zip archive',
 *           identifiers: [
 *             { idType: 'PURL', idValue: 'pkg:maven/org.apache.tomcat/tomcat@11.0.7?type=zip' },
 *           ],
 *           url: 'https://repo.maven.apache.org/maven2/org/apache/tomcat/tomcat/11.0.7/tomcat-11.0.7.zip',
 *           checksums: [
 *             {
 *               algType: 'SHA-256',
 *               algValue: '9da736a1cdd27231e70187cbc67398d29ca0b714f885e7032da9f1fb247693c1',
 *             },
 *           ],
 *         },
 *       ],
 *     },
 *   ],
 * };
 * ```
 */
export type TeaComponentReleasePage = TeaPagination & {
  /**
   * The component releases of this page.
   */
  results?: TeaComponentRelease[];
};
/**
 * The releases of a component, as GET /component/{uuid}/releases answers.
 *
 * @example
 * ```ts
 * import type { TeaComponentReleaseList } from 'teapurl';
 * const teaComponentReleaseList: TeaComponentReleaseList = [
 *   {
 *     uuid: '605d0ecb-1057-40e4-9abf-c400b10f0345',
 *     component: '3910e0fd-aff4-48d6-b75f-8bf6b84687f0',
 *     version: '11.0.7',
 *     createdDate: '2025-05-07T18:08:00Z',
 *     releaseDate: '2025-05-12T18:08:00Z',
 *     identifiers: [{ idType: 'PURL', idValue: 'pkg:maven/org.apache.tomcat/tomcat@11.0.7' }],
 *     distributions: [
 *       {
 *         distributionId: '6a0d58e1-4896-4f1e-83f7-5feb6c032537',
 *         description: 'Core binary distribution, zip archive',
 *         identifiers: [
 *           { idType: 'PURL', idValue: 'pkg:maven/org.apache.tomcat/tomcat@11.0.7?type=zip' },
 *         ],
 *         url: 'https://repo.maven.apache.org/maven2/org/apache/tomcat/tomcat/11.0.7/tomcat-11.0.7.zip',
 *         checksums: [
 *           {
 *             algType: 'SHA-256',
 *             algValue: '9da736a1cdd27231e70187cbc67398d29ca0b714f885e7032da9f1fb247693c1',
 *           },
 *         ],
 *       },
 *     ],
 *   },
 * ];
 * ```
 */
export type TeaComponentReleaseList = TeaComponentRelease[];
/**
 * The collections of a release, every version, as a plain list (the answer of GET /…Release/{uuid}/collections before TEA 1.0 paginated it).
 *
 * @example
 * ```ts
 * import type { TeaCollectionList } from 'teapurl';
 * const teaCollectionList: TeaCollectionList = [
 *   {
 *     uuid: '4c72fe22-9d83-4c2f-8eba-d6db484f32c8',
 *     version: 1,
 *     date: '2024-12-13T00:00:00Z',
 *     belongsTo: 'COMPONENT_RELEASE',
 *     updateReason: { type: 'ARTIFACT_UPDATED', comment: 'VDR file updated' },
 *     artifacts: [
 *       {
 *         uuid: '1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce',
 *         version: 1,
 *         name: 'Build SBOM',
 *         type: 'BOM',
 *         formats: [
 *           {
 *             mediaType: 'application/vnd.cyclonedx+xml',
 *             description: 'CycloneDX SBOM (XML)',
 *             url: 'https://repo.maven.apache.org/maven2/org/apache/logging/log4j/log4j-core/2.24.3/log4j-core-2.24.3-cyclonedx.xml',
 *             signatureUrl: 'https://repo.maven.apache.org/maven2/org/apache/logging/log4j/log4j-core/2.24.3/log4j-core-2.24.3-cyclonedx.xml.asc',
 *             checksums: [{ algType: 'SHA-1', algValue: '5a7d4caef63c5c5ccdf07c39337323529eb5a770' }],
 *           },
 *         ],
 *       },
 *     ],
 *   },
 *   {
 *     uuid: '4c72fe22-9d83-4c2f-8eba-d6db484f32c8',
 *     version: 10,
 *     date: '2024-12-13T00:00:00Z',
 *     belongsTo: 'COMPONENT_RELEASE',
 *     updateReason: { type: 'ARTIFACT_UPDATED', comment: 'VDR file updated' },
 *     artifacts: [
 *       {
 *         uuid: '1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce',
 *         version: 1,
 *         name: 'Build SBOM',
 *         type: 'BOM',
 *         formats: [
 *           {
 *             mediaType: 'application/vnd.cyclonedx+xml',
 *             description: 'CycloneDX SBOM (XML)',
 *             url: 'https://repo.maven.apache.org/maven2/org/apache/logging/log4j/log4j-core/2.24.3/log4j-core-2.24.3-cyclonedx.xml',
 *             signatureUrl: 'https://repo.maven.apache.org/maven2/org/apache/logging/log4j/log4j-core/2.24.3/log4j-core-2.24.3-cyclonedx.xml.asc',
 *             checksums: [{ algType: 'SHA-1', algValue: '5a7d4caef63c5c5ccdf07c39337323529eb5a770' }],
 *           },
 *         ],
 *       },
 *     ],
 *   },
 * ];
 * ```
 */
export type TeaCollectionList = TeaCollection[];
/**
 * One page of the collections of a release, as GET /…Release/{uuid}/collections answers.
 *
 * @example
 * ```ts
 * import type { TeaCollectionPage } from 'teapurl';
 * const teaCollectionPage: TeaCollectionPage = {
 *   timestamp: '2024-03-20T15:30:00Z',
 *   pageSize: 100,
 *   hasNext: false,
 *   results: [
 *     {
 *       uuid: '4c72fe22-9d83-4c2f-8eba-d6db484f32c8',
 *       version: 10,
 *       date: '2024-12-13T00:00:00Z',
 *       belongsTo: 'COMPONENT_RELEASE',
 *       updateReason: { type: 'ARTIFACT_UPDATED', comment: 'VDR file updated' },
 *       artifacts: [
 *         {
 *           uuid: '1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce',
 *           version: 1,
 *           name: 'Build SBOM',
 *           type: 'BOM',
 *           formats: [
 *             {
 *               mediaType: 'application/vnd.cyclonedx+xml',
 *               description: 'CycloneDX SBOM (XML)',
 *               url: 'https://repo.maven.apache.org/maven2/org/apache/logging/log4j/log4j-core/2.24.3/log4j-core-2.24.3-cyclonedx.xml',
 *               signatureUrl: 'https://repo.maven.apache.org/maven2/org/apache/logging/log4j/log4j-core/2.24.3/log4j-core-2.24.3-cyclonedx.xml.asc',
 *               checksums: [
 *                 { algType: 'SHA-1', algValue: '5a7d4caef63c5c5ccdf07c39337323529eb5a770' },
 *               ],
 *             },
 *           ],
 *         },
 *       ],
 *     },
 *     {
 *       uuid: '4c72fe22-9d83-4c2f-8eba-d6db484f32c8',
 *       version: 1,
 *       date: '2024-12-13T00:00:00Z',
 *       belongsTo: 'COMPONENT_RELEASE',
 *       updateReason: { type: 'ARTIFACT_UPDATED', comment: 'VDR file updated' },
 *       artifacts: [
 *         {
 *           uuid: '1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce',
 *           version: 1,
 *           name: 'Build SBOM',
 *           type: 'BOM',
 *           formats: [
 *             {
 *               mediaType: 'application/vnd.cyclonedx+xml',
 *               description: 'CycloneDX SBOM (XML)',
 *               url: 'https://repo.maven.apache.org/maven2/org/apache/logging/log4j/log4j-core/2.24.3/log4j-core-2.24.3-cyclonedx.xml',
 *               signatureUrl: 'https://repo.maven.apache.org/maven2/org/apache/logging/log4j/log4j-core/2.24.3/log4j-core-2.24.3-cyclonedx.xml.asc',
 *               checksums: [
 *                 { algType: 'SHA-1', algValue: '5a7d4caef63c5c5ccdf07c39337323529eb5a770' },
 *               ],
 *             },
 *           ],
 *         },
 *       ],
 *     },
 *   ],
 * };
 * ```
 */
export type TeaCollectionPage = TeaPagination & {
  /**
   * The collections of this page.
   */
  results?: TeaCollection[];
};
/**
 * What a TEA error answer reports: the object is unknown (or withheld) or not shareable, the operation is not implemented, no format is acceptable, no signature is published, the request or its page token is invalid.
 *
 * @example
 * ```ts
 * import type { TeaErrorType } from 'teapurl';
 * const teaErrorType: TeaErrorType = 'OBJECT_UNKNOWN';
 * ```
 */
export type TeaErrorType =
  | 'OBJECT_UNKNOWN'
  | 'OBJECT_NOT_SHAREABLE'
  | 'NOT_IMPLEMENTED'
  | 'NO_ACCEPTABLE_FORMAT'
  | 'SIGNATURE_NOT_FOUND'
  | 'INVALID_REQUEST'
  | 'INVALID_PAGE_TOKEN';

/**
 * A product: something acquired, sold or downloaded, with its identifiers.
 *
 * @example
 * ```ts
 * import type { TeaProduct } from 'teapurl';
 * const teaProduct: TeaProduct = {
 *   uuid: '09e8c73b-ac45-4475-acac-33e6a7314e6d',
 *   name: 'Apache Log4j 2',
 *   identifiers: [
 *     { idType: 'CPE', idValue: 'cpe:2.3:a:apache:log4j' },
 *     { idType: 'PURL', idValue: 'pkg:maven/org.apache.logging.log4j/log4j-api' },
 *   ],
 * };
 * ```
 */
export interface TeaProduct {
  /**
   * A UUID in its lowercase hexadecimal form, 8-4-4-4-12.
   */
  uuid: TeaUuid;
  /**
   * The product's name.
   */
  name: string;
  /**
   * Identifiers of one object.
   */
  identifiers: TeaIdentifiers;
}
/**
 * An identifier with its type: a PURL, a CPE, a TEI, or a compliance document name.
 *
 * @example
 * ```ts
 * import type { TeaIdentifier } from 'teapurl';
 * const teaIdentifier: TeaIdentifier = {
 *   idType: 'PURL',
 *   idValue: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.24.3',
 * };
 * ```
 */
export interface TeaIdentifier {
  /**
   * What kind of identifier an identifier value is.
   */
  idType?: TeaIdentifierType;
  /**
   * The identifier itself.
   */
  idValue?: string;
}
/**
 * One release of a product and the components it is made of.
 *
 * @example
 * ```ts
 * import type { TeaProductRelease } from 'teapurl';
 * const teaProductRelease: TeaProductRelease = {
 *   uuid: '123e4567-e89b-12d3-a456-426614174000',
 *   product: '09e8c73b-ac45-4475-acac-33e6a7314e6d',
 *   productName: 'Apache Log4j 2',
 *   version: '2.24.3',
 *   createdDate: '2025-04-01T15:43:00Z',
 *   releaseDate: '2025-04-01T15:43:00Z',
 *   identifiers: [
 *     {
 *       idType: 'TEI',
 *       idValue: 'urn:tei:uuid:products.example.com:d4d9f54a-abcf-11ee-ac79-1a52914d44b1',
 *     },
 *   ],
 *   components: [
 *     { uuid: '3910e0fd-aff4-48d6-b75f-8bf6b84687f0' },
 *     {
 *       uuid: 'b844c9bd-55d6-478c-af59-954a932b6ad3',
 *       release: 'da89e38e-95e7-44ca-aa7d-f3b6b34c7fab',
 *     },
 *   ],
 * };
 * ```
 */
export interface TeaProductRelease {
  /**
   * A UUID in its lowercase hexadecimal form, 8-4-4-4-12.
   */
  uuid: TeaUuid;
  /**
   * A UUID in its lowercase hexadecimal form, 8-4-4-4-12.
   */
  product?: TeaUuid;
  /**
   * The name of the product this is a release of.
   */
  productName?: string;
  /**
   * The release's version, in whatever scheme the publisher uses.
   */
  version: string;
  /**
   * A UTC timestamp to the second: YYYY-MM-DDThh:mm:ssZ.
   */
  createdDate: TeaDateTime;
  /**
   * A UTC timestamp to the second: YYYY-MM-DDThh:mm:ssZ.
   */
  releaseDate?: TeaDateTime;
  /**
   * A pre-release (beta): may be turned off later, never on.
   */
  preRelease?: boolean;
  /**
   * Identifiers of one object.
   */
  identifiers?: TeaIdentifiers;
  /**
   * The components this release is made of.
   */
  components: TeaComponentRef[];
}
/**
 * A component of a product release, and the component release it always includes when the product pins one.
 *
 * @example
 * ```ts
 * import type { TeaComponentRef } from 'teapurl';
 * const teaComponentRef: TeaComponentRef = {
 *   uuid: 'b844c9bd-55d6-478c-af59-954a932b6ad3',
 *   release: 'da89e38e-95e7-44ca-aa7d-f3b6b34c7fab',
 * };
 * ```
 */
export interface TeaComponentRef {
  /**
   * A UUID in its lowercase hexadecimal form, 8-4-4-4-12.
   */
  uuid: TeaUuid;
  /**
   * A UUID in its lowercase hexadecimal form, 8-4-4-4-12.
   */
  release?: TeaUuid;
}
/**
 * A component: a part products are made of, with its identifiers.
 *
 * @example
 * ```ts
 * import type { TeaComponent } from 'teapurl';
 * const teaComponent: TeaComponent = {
 *   uuid: '3910e0fd-aff4-48d6-b75f-8bf6b84687f0',
 *   name: 'Apache Log4j API',
 *   identifiers: [{ idType: 'PURL', idValue: 'pkg:maven/org.apache.logging.log4j/log4j-api' }],
 * };
 * ```
 */
export interface TeaComponent {
  /**
   * A UUID in its lowercase hexadecimal form, 8-4-4-4-12.
   */
  uuid: TeaUuid;
  /**
   * The component's name.
   */
  name: string;
  /**
   * Identifiers of one object.
   */
  identifiers: TeaIdentifiers;
}
/**
 * One release of a component, and the forms it is distributed in.
 *
 * @example
 * ```ts
 * import type { TeaComponentRelease } from 'teapurl';
 * const teaComponentRelease: TeaComponentRelease = {
 *   uuid: '605d0ecb-1057-40e4-9abf-c400b10f0345',
 *   component: '3910e0fd-aff4-48d6-b75f-8bf6b84687f0',
 *   version: '11.0.7',
 *   createdDate: '2025-05-07T18:08:00Z',
 *   releaseDate: '2025-05-12T18:08:00Z',
 *   identifiers: [{ idType: 'PURL', idValue: 'pkg:maven/org.apache.tomcat/tomcat@11.0.7' }],
 *   distributions: [
 *     {
 *       distributionId: '6a0d58e1-4896-4f1e-83f7-5feb6c032537',
 *       description: 'Core binary distribution, zip archive',
 *       identifiers: [
 *         { idType: 'PURL', idValue: 'pkg:maven/org.apache.tomcat/tomcat@11.0.7?type=zip' },
 *       ],
 *       url: 'https://repo.maven.apache.org/maven2/org/apache/tomcat/tomcat/11.0.7/tomcat-11.0.7.zip',
 *       checksums: [
 *         {
 *           algType: 'SHA-256',
 *           algValue: '9da736a1cdd27231e70187cbc67398d29ca0b714f885e7032da9f1fb247693c1',
 *         },
 *       ],
 *     },
 *   ],
 * };
 * ```
 */
export interface TeaComponentRelease {
  /**
   * A UUID in its lowercase hexadecimal form, 8-4-4-4-12.
   */
  uuid: TeaUuid;
  /**
   * A UUID in its lowercase hexadecimal form, 8-4-4-4-12.
   */
  component?: TeaUuid;
  /**
   * The name of the component this is a release of.
   */
  componentName?: string;
  /**
   * The release's version, in whatever scheme the publisher uses.
   */
  version: string;
  /**
   * A UTC timestamp to the second: YYYY-MM-DDThh:mm:ssZ.
   */
  createdDate: TeaDateTime;
  /**
   * A UTC timestamp to the second: YYYY-MM-DDThh:mm:ssZ.
   */
  releaseDate?: TeaDateTime;
  /**
   * A pre-release (beta): may be turned off later, never on.
   */
  preRelease?: boolean;
  /**
   * Identifiers of one object.
   */
  identifiers?: TeaIdentifiers;
  /**
   * The forms this release is distributed in.
   */
  distributions?: TeaDistribution[];
}
/**
 * One form a component release is distributed in (an archive, an installer), with where to download it and its checksums.
 *
 * @example
 * ```ts
 * import type { TeaDistribution } from 'teapurl';
 * const teaDistribution: TeaDistribution = {
 *   distributionId: '6a0d58e1-4896-4f1e-83f7-5feb6c032537',
 *   description: 'Core binary distribution, zip archive',
 *   identifiers: [{ idType: 'PURL', idValue: 'pkg:maven/org.apache.tomcat/tomcat@11.0.7?type=zip' }],
 *   url: 'https://repo.maven.apache.org/maven2/org/apache/tomcat/tomcat/11.0.7/tomcat-11.0.7.zip',
 *   checksums: [
 *     {
 *       algType: 'SHA-256',
 *       algValue: '9da736a1cdd27231e70187cbc67398d29ca0b714f885e7032da9f1fb247693c1',
 *     },
 *   ],
 * };
 * ```
 */
export interface TeaDistribution {
  /**
   * A UUID in its lowercase hexadecimal form, 8-4-4-4-12.
   */
  distributionId: TeaUuid;
  /**
   * What this distribution is.
   */
  description?: string;
  /**
   * Identifiers of one object.
   */
  identifiers?: TeaIdentifiers;
  /**
   * An absolute URL a file is downloaded from; https, or http for local tests only.
   */
  url?: TeaDownloadUrl;
  /**
   * An absolute URL a file is downloaded from; https, or http for local tests only.
   */
  signatureUrl?: TeaDownloadUrl;
  /**
   * Checksums of the file at url.
   */
  checksums?: TeaChecksum[];
}
/**
 * A checksum of a file: the algorithm and the digest in hexadecimal.
 *
 * @example
 * ```ts
 * import type { TeaChecksum } from 'teapurl';
 * const teaChecksum: TeaChecksum = {
 *   algType: 'SHA-256',
 *   algValue: '75b81020b3917cb682b1a7605ade431e062f7a4c01a412f0b87543b6e995ad2a',
 * };
 * ```
 */
export interface TeaChecksum {
  /**
   * The algorithm of a checksum.
   */
  algType: TeaChecksumType;
  /**
   * The digest, in hexadecimal.
   */
  algValue: string;
}
/**
 * A component release with its latest collection, as GET /componentRelease/{uuid} answers.
 *
 * @example
 * ```ts
 * import type { TeaComponentReleaseWithCollection } from 'teapurl';
 * const teaComponentReleaseWithCollection: TeaComponentReleaseWithCollection = {
 *   release: {
 *     uuid: '605d0ecb-1057-40e4-9abf-c400b10f0345',
 *     component: '3910e0fd-aff4-48d6-b75f-8bf6b84687f0',
 *     version: '11.0.7',
 *     createdDate: '2025-05-07T18:08:00Z',
 *     releaseDate: '2025-05-12T18:08:00Z',
 *     identifiers: [{ idType: 'PURL', idValue: 'pkg:maven/org.apache.tomcat/tomcat@11.0.7' }],
 *     distributions: [
 *       {
 *         distributionId: '6a0d58e1-4896-4f1e-83f7-5feb6c032537',
 *         description: 'Core binary distribution, zip archive',
 *         identifiers: [
 *           { idType: 'PURL', idValue: 'pkg:maven/org.apache.tomcat/tomcat@11.0.7?type=zip' },
 *         ],
 *         url: 'https://repo.maven.apache.org/maven2/org/apache/tomcat/tomcat/11.0.7/tomcat-11.0.7.zip',
 *         checksums: [
 *           {
 *             algType: 'SHA-256',
 *             algValue: '9da736a1cdd27231e70187cbc67398d29ca0b714f885e7032da9f1fb247693c1',
 *           },
 *         ],
 *       },
 *     ],
 *   },
 *   latestCollection: {
 *     uuid: '605d0ecb-1057-40e4-9abf-c400b10f0345',
 *     version: 2,
 *     date: '2024-12-13T00:00:00Z',
 *     belongsTo: 'COMPONENT_RELEASE',
 *     updateReason: { type: 'ARTIFACT_UPDATED', comment: 'VDR file updated' },
 *     artifacts: [
 *       {
 *         uuid: '1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce',
 *         version: 1,
 *         name: 'Build SBOM',
 *         type: 'BOM',
 *         formats: [
 *           {
 *             mediaType: 'application/vnd.cyclonedx+xml',
 *             description: 'CycloneDX SBOM (XML)',
 *             url: 'https://repo.maven.apache.org/maven2/org/apache/logging/log4j/log4j-core/2.24.3/log4j-core-2.24.3-cyclonedx.xml',
 *             signatureUrl: 'https://repo.maven.apache.org/maven2/org/apache/logging/log4j/log4j-core/2.24.3/log4j-core-2.24.3-cyclonedx.xml.asc',
 *             checksums: [{ algType: 'SHA-1', algValue: '5a7d4caef63c5c5ccdf07c39337323529eb5a770' }],
 *           },
 *         ],
 *       },
 *     ],
 *   },
 * };
 * ```
 */
export interface TeaComponentReleaseWithCollection {
  /**
   * One release of a component, and the forms it is distributed in.
   */
  release: TeaComponentRelease;
  /**
   * The artefacts of one product or component release at one version: its uuid is the release's, and each change of content makes a new version, from 1 up.
   */
  latestCollection: TeaCollection;
}
/**
 * The artefacts of one product or component release at one version: its uuid is the release's, and each change of content makes a new version, from 1 up.
 *
 * @example
 * ```ts
 * import type { TeaCollection } from 'teapurl';
 * const teaCollection: TeaCollection = {
 *   uuid: '4c72fe22-9d83-4c2f-8eba-d6db484f32c8',
 *   version: 10,
 *   date: '2024-12-13T00:00:00Z',
 *   belongsTo: 'COMPONENT_RELEASE',
 *   updateReason: { type: 'ARTIFACT_UPDATED', comment: 'VDR file updated' },
 *   artifacts: [
 *     {
 *       uuid: '1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce',
 *       version: 1,
 *       name: 'Build SBOM',
 *       type: 'BOM',
 *       formats: [
 *         {
 *           mediaType: 'application/vnd.cyclonedx+xml',
 *           description: 'CycloneDX SBOM (XML)',
 *           url: 'https://repo.maven.apache.org/maven2/org/apache/logging/log4j/log4j-core/2.24.3/log4j-core-2.24.3-cyclonedx.xml',
 *           signatureUrl: 'https://repo.maven.apache.org/maven2/org/apache/logging/log4j/log4j-core/2.24.3/log4j-core-2.24.3-cyclonedx.xml.asc',
 *           checksums: [{ algType: 'SHA-1', algValue: '5a7d4caef63c5c5ccdf07c39337323529eb5a770' }],
 *         },
 *       ],
 *     },
 *   ],
 * };
 * ```
 */
export interface TeaCollection {
  /**
   * A UUID in its lowercase hexadecimal form, 8-4-4-4-12.
   */
  uuid?: TeaUuid;
  /**
   * The collection's version: 1 for the first, one more for each change.
   */
  version?: number;
  /**
   * A UTC timestamp to the second: YYYY-MM-DDThh:mm:ssZ.
   */
  date?: TeaDateTime;
  /**
   * Whether the release is a component release or a product release.
   */
  belongsTo?: 'COMPONENT_RELEASE' | 'PRODUCT_RELEASE';
  /**
   * Why a collection version was made.
   */
  updateReason?: TeaUpdateReason;
  /**
   * The artefacts.
   */
  artifacts?: TeaArtifact[];
}
/**
 * Why a collection version was made.
 *
 * @example
 * ```ts
 * import type { TeaUpdateReason } from 'teapurl';
 * const teaUpdateReason: TeaUpdateReason = {
 *   type: 'INITIAL_RELEASE',
 *   comment: 'Initial collection for this release',
 * };
 * ```
 */
export interface TeaUpdateReason {
  /**
   * The kind of change.
   */
  type?:
    'INITIAL_RELEASE' | 'VEX_UPDATED' | 'ARTIFACT_UPDATED' | 'ARTIFACT_ADDED' | 'ARTIFACT_REMOVED';
  /**
   * The change in words.
   */
  comment?: string;
}
/**
 * A transparency document (an SBOM, a VEX, an attestation…) at one revision, in one or more formats with the same content.
 *
 * @example
 * ```ts
 * import type { TeaArtifact } from 'teapurl';
 * const teaArtifact: TeaArtifact = {
 *   uuid: '1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce',
 *   version: 1,
 *   name: 'Build SBOM',
 *   type: 'BOM',
 *   formats: [
 *     {
 *       mediaType: 'application/vnd.cyclonedx+xml',
 *       description: 'CycloneDX SBOM (XML)',
 *       url: 'https://repo.maven.apache.org/maven2/org/apache/logging/log4j/log4j-core/2.24.3/log4j-core-2.24.3-cyclonedx.xml',
 *       signatureUrl: 'https://repo.maven.apache.org/maven2/org/apache/logging/log4j/log4j-core/2.24.3/log4j-core-2.24.3-cyclonedx.xml.asc',
 *       checksums: [{ algType: 'SHA-1', algValue: '5a7d4caef63c5c5ccdf07c39337323529eb5a770' }],
 *     },
 *   ],
 * };
 * ```
 */
export interface TeaArtifact {
  /**
   * A UUID in its lowercase hexadecimal form, 8-4-4-4-12.
   */
  uuid: TeaUuid;
  /**
   * The revision; with uuid it names one immutable content. Default 1.
   */
  version?: number;
  /**
   * The artefact's name.
   */
  name?: string;
  /**
   * What an artefact is.
   */
  type: TeaArtifactType;
  /**
   * A UTC timestamp to the second: YYYY-MM-DDThh:mm:ssZ.
   */
  createdDate?: TeaDateTime;
  /**
   * The distributions of the component release this artefact applies to; absent or empty: all of them.
   */
  distributionIds?: TeaUuid[];
  /**
   * The same content in different formats, in no particular order.
   */
  formats: TeaArtifactFormat[];
}
/**
 * One format an artefact is published in: its media type, where to download it, its signature and checksums.
 *
 * @example
 * ```ts
 * import type { TeaArtifactFormat } from 'teapurl';
 * const teaArtifactFormat: TeaArtifactFormat = {
 *   mediaType: 'application/vnd.cyclonedx+xml',
 *   description: 'CycloneDX SBOM (XML)',
 *   url: 'https://repo.maven.apache.org/maven2/org/apache/logging/log4j/log4j-core/2.24.3/log4j-core-2.24.3-cyclonedx.xml',
 *   signatureUrl: 'https://repo.maven.apache.org/maven2/org/apache/logging/log4j/log4j-core/2.24.3/log4j-core-2.24.3-cyclonedx.xml.asc',
 *   checksums: [{ algType: 'SHA-1', algValue: '5a7d4caef63c5c5ccdf07c39337323529eb5a770' }],
 * };
 * ```
 */
export interface TeaArtifactFormat {
  /**
   * The media type of the file.
   */
  mediaType?: string;
  /**
   * The format in words.
   */
  description?: string;
  /**
   * An absolute URL a file is downloaded from; https, or http for local tests only.
   */
  url?: TeaDownloadUrl;
  /**
   * An absolute URL a file is downloaded from; https, or http for local tests only.
   */
  signatureUrl?: TeaDownloadUrl;
  /**
   * Checksums of the file at url.
   */
  checksums?: TeaChecksum[];
}
/**
 * A lifecycle document (ECMA-428 CLE) of a product, product release, component or component release: its events, newest (highest id) first, and the definitions they refer to.
 *
 * @example
 * ```ts
 * import type { TeaCle } from 'teapurl';
 * const teaCle: TeaCle = {
 *   events: [
 *     {
 *       id: 2,
 *       type: 'endOfSupport',
 *       effective: '2025-06-01T00:00:00Z',
 *       published: '2025-01-01T00:00:00Z',
 *       versions: [{ range: 'vers:npm/>=1.0.0|<2.0.0' }],
 *       supportId: 'standard',
 *     },
 *     {
 *       id: 1,
 *       type: 'released',
 *       effective: '2024-01-01T00:00:00Z',
 *       published: '2024-01-01T00:00:00Z',
 *       version: '1.0.0',
 *       license: 'Apache-2.0',
 *     },
 *   ],
 *   definitions: {
 *     support: [
 *       {
 *         id: 'standard',
 *         description: 'Standard product support policy',
 *         url: 'https://example.com/support/standard',
 *       },
 *     ],
 *   },
 * };
 * ```
 */
export interface TeaCle {
  /**
   * The events, ordered by id, highest first.
   */
  events: TeaCleEvent[];
  /**
   * Definitions events refer to.
   */
  definitions?: TeaCleDefinitions;
}
/**
 * One lifecycle event (ECMA-428 CLE): a release, an end of support, a withdrawal…
 *
 * @example
 * ```ts
 * import type { TeaCleEvent } from 'teapurl';
 * const teaCleEvent: TeaCleEvent = {
 *   id: 2,
 *   type: 'endOfSupport',
 *   effective: '2025-06-01T00:00:00Z',
 *   published: '2025-01-01T00:00:00Z',
 *   versions: [{ range: 'vers:npm/>=1.0.0|<2.0.0' }],
 *   supportId: 'standard',
 * };
 * ```
 */
export interface TeaCleEvent {
  /**
   * The event's number, increasing with each event.
   */
  id: number;
  /**
   * The kind of event.
   */
  type:
    | 'released'
    | 'endOfDevelopment'
    | 'endOfSupport'
    | 'endOfLife'
    | 'endOfDistribution'
    | 'endOfMarketing'
    | 'supersededBy'
    | 'componentRenamed'
    | 'withdrawn';
  /**
   * An RFC 3339 timestamp: a date, a time with optional fraction of a second, and Z or an offset.
   */
  effective: TeaTimestamp;
  /**
   * An RFC 3339 timestamp: a date, a time with optional fraction of a second, and Z or an offset.
   */
  published: TeaTimestamp;
  /**
   * The version released (released events).
   */
  version?: string;
  /**
   * The versions the event applies to.
   */
  versions?: TeaCleVersionSpecifier[];
  /**
   * A support policy of the document's definitions.
   */
  supportId?: string;
  /**
   * The license of the release (released events).
   */
  license?: string;
  /**
   * The version that supersedes the affected ones (supersededBy events).
   */
  supersededByVersion?: string;
  /**
   * Identifiers of one object.
   */
  identifiers?: TeaIdentifiers;
  /**
   * The event withdrawn (withdrawn events).
   */
  eventId?: number;
  /**
   * Why (withdrawn events).
   */
  reason?: string;
  /**
   * The event in words.
   */
  description?: string;
  /**
   * Documents about the event.
   */
  references?: string[];
}
/**
 * The versions a lifecycle event applies to: one version, or a VERS range.
 *
 * @example
 * ```ts
 * import type { TeaCleVersionSpecifier } from 'teapurl';
 * const teaCleVersionSpecifier: TeaCleVersionSpecifier = { range: 'vers:npm/>=1.0.0|<2.0.0' };
 * ```
 */
export interface TeaCleVersionSpecifier {
  /**
   * One version.
   */
  version?: string;
  /**
   * A version range in VERS (vers:<type>/<constraints>).
   */
  range?: string;
}
/**
 * Definitions events refer to.
 *
 * @example
 * ```ts
 * import type { TeaCleDefinitions } from 'teapurl';
 * const teaCleDefinitions: TeaCleDefinitions = {
 *   support: [
 *     {
 *       id: 'standard',
 *       description: 'Standard product support policy',
 *       url: 'https://example.com/support/standard',
 *     },
 *   ],
 * };
 * ```
 */
export interface TeaCleDefinitions {
  /**
   * Support policies.
   */
  support?: TeaCleSupportDefinition[];
}
/**
 * A support policy events refer to by id.
 *
 * @example
 * ```ts
 * import type { TeaCleSupportDefinition } from 'teapurl';
 * const teaCleSupportDefinition: TeaCleSupportDefinition = {
 *   id: 'standard',
 *   description: 'Standard product support policy',
 *   url: 'https://example.com/support/standard',
 * };
 * ```
 */
export interface TeaCleSupportDefinition {
  /**
   * The policy's id.
   */
  id: string;
  /**
   * The policy in words.
   */
  description: string;
  /**
   * Where the policy is written down.
   */
  url?: string;
}
/**
 * A product release a TEI resolves to, and the servers that hold it.
 *
 * @example
 * ```ts
 * import type { TeaDiscoveryInfo } from 'teapurl';
 * const teaDiscoveryInfo: TeaDiscoveryInfo = {
 *   productReleaseUuid: '123e4567-e89b-12d3-a456-426614174000',
 *   servers: [{ rootUrl: 'https://api.teaexample.com', versions: ['1.0.0'], priority: 0.8 }],
 * };
 * ```
 */
export interface TeaDiscoveryInfo {
  /**
   * A UUID in its lowercase hexadecimal form, 8-4-4-4-12.
   */
  productReleaseUuid: TeaUuid;
  /**
   * The servers that hold the product release.
   *
   * @minItems 1
   */
  servers: [TeaServerInfo, ...TeaServerInfo[]];
}
/**
 * A server that holds a product release, with the API versions it speaks.
 *
 * @example
 * ```ts
 * import type { TeaServerInfo } from 'teapurl';
 * const teaServerInfo: TeaServerInfo = {
 *   rootUrl: 'https://api.teaexample.com',
 *   versions: ['1.0.0'],
 *   priority: 0.8,
 * };
 * ```
 */
export interface TeaServerInfo {
  /**
   * The root URL of a TEA server without a trailing slash; the API base is it plus /v and the version.
   */
  rootUrl: TeaServerRootUrl;
  /**
   * The API versions the server speaks, full semantic versions without a leading v.
   *
   * @minItems 1
   */
  versions: [string, ...string[]];
  /**
   * Preference among servers, from 0 to 1; higher is preferred; absent counts as 1.
   */
  priority?: number;
}
/**
 * How a page of a listing continues (opaque pagination, TEA 1.0): whether another page follows and, exactly when one does, the token that asks for it.
 *
 * @example
 * ```ts
 * import type { TeaPagination } from 'teapurl';
 * const teaPagination: TeaPagination = {
 *   timestamp: '2024-03-20T15:30:00Z',
 *   pageSize: 100,
 *   hasNext: true,
 *   nextPageToken: 'eyJvIjoxMDB9',
 * };
 * ```
 */
export interface TeaPagination {
  /**
   * An RFC 3339 timestamp: a date, a time with optional fraction of a second, and Z or an offset.
   */
  timestamp?: TeaTimestamp;
  /**
   * The most results a page holds.
   */
  pageSize?: number;
  /**
   * Whether another page follows this one.
   */
  hasNext: boolean;
  /**
   * The opaque token that asks for the next page (pageToken); present exactly when hasNext is true.
   */
  nextPageToken?: string;
}
/**
 * The body of a TEA error answer: one shape for every 404 (and the 400s), whose error value carries the distinction.
 *
 * @example
 * ```ts
 * import type { TeaErrorResponse } from 'teapurl';
 * const teaErrorResponse: TeaErrorResponse = { error: 'OBJECT_UNKNOWN' };
 * ```
 */
export interface TeaErrorResponse {
  /**
   * What a TEA error answer reports: the object is unknown (or withheld) or not shareable, the operation is not implemented, no format is acceptable, no signature is published, the request or its page token is invalid.
   */
  error: TeaErrorType;
}
