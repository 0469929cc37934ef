/**
 * Examples for the types generated from schemas/tea-objects.schema.json, in the shape the TEA
 * OpenAPI description's own examples have (Apache Log4j and Tomcat). type-examples.ts spreads
 * them into TYPE_EXAMPLES; each is validated against its schema place when generating.
 */
const PRODUCT = {
  uuid: '09e8c73b-ac45-4475-acac-33e6a7314e6d',
  name: 'Apache Log4j 2',
  identifiers: [
    { idType: 'CPE', idValue: 'cpe:2.3:a:apache:log4j' },
    { idType: 'PURL', idValue: 'pkg:maven/org.apache.logging.log4j/log4j-api' },
  ],
};
const COMPONENT = {
  uuid: '3910e0fd-aff4-48d6-b75f-8bf6b84687f0',
  name: 'Apache Log4j API',
  identifiers: [{ idType: 'PURL', idValue: 'pkg:maven/org.apache.logging.log4j/log4j-api' }],
};
const CHECKSUM = { algType: 'SHA-256', algValue: '75b81020b3917cb682b1a7605ade431e062f7a4c01a412f0b87543b6e995ad2a' };
const FORMAT = {
  mediaType: 'application/vnd.cyclonedx+xml',
  description: 'CycloneDX SBOM (XML)',
  url: 'https://repo.maven.apache.org/maven2/org/apache/logging/log4j/log4j-core/2.24.3/log4j-core-2.24.3-cyclonedx.xml',
  signatureUrl: 'https://repo.maven.apache.org/maven2/org/apache/logging/log4j/log4j-core/2.24.3/log4j-core-2.24.3-cyclonedx.xml.asc',
  checksums: [{ algType: 'SHA-1', algValue: '5a7d4caef63c5c5ccdf07c39337323529eb5a770' }],
};
const ARTIFACT = { uuid: '1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce', version: 1, name: 'Build SBOM', type: 'BOM', formats: [FORMAT] };
const COLLECTION = {
  uuid: '4c72fe22-9d83-4c2f-8eba-d6db484f32c8',
  version: 10,
  date: '2024-12-13T00:00:00Z',
  belongsTo: 'COMPONENT_RELEASE',
  updateReason: { type: 'ARTIFACT_UPDATED', comment: 'VDR file updated' },
  artifacts: [ARTIFACT],
};
const DISTRIBUTION = {
  distributionId: '6a0d58e1-4896-4f1e-83f7-5feb6c032537',
  description: 'Core binary distribution, zip archive',
  identifiers: [{ idType: 'PURL', idValue: 'pkg:maven/org.apache.tomcat/tomcat@11.0.7?type=zip' }],
  url: 'https://repo.maven.apache.org/maven2/org/apache/tomcat/tomcat/11.0.7/tomcat-11.0.7.zip',
  checksums: [{ algType: 'SHA-256', algValue: '9da736a1cdd27231e70187cbc67398d29ca0b714f885e7032da9f1fb247693c1' }],
};
const COMPONENT_RELEASE = {
  uuid: '605d0ecb-1057-40e4-9abf-c400b10f0345',
  component: '3910e0fd-aff4-48d6-b75f-8bf6b84687f0',
  version: '11.0.7',
  createdDate: '2025-05-07T18:08:00Z',
  releaseDate: '2025-05-12T18:08:00Z',
  identifiers: [{ idType: 'PURL', idValue: 'pkg:maven/org.apache.tomcat/tomcat@11.0.7' }],
  distributions: [DISTRIBUTION],
};
const PRODUCT_RELEASE = {
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  product: '09e8c73b-ac45-4475-acac-33e6a7314e6d',
  productName: 'Apache Log4j 2',
  version: '2.24.3',
  createdDate: '2025-04-01T15:43:00Z',
  releaseDate: '2025-04-01T15:43:00Z',
  identifiers: [{ idType: 'TEI', idValue: 'urn:tei:uuid:products.example.com:d4d9f54a-abcf-11ee-ac79-1a52914d44b1' }],
  components: [
    { uuid: '3910e0fd-aff4-48d6-b75f-8bf6b84687f0' },
    { uuid: 'b844c9bd-55d6-478c-af59-954a932b6ad3', release: 'da89e38e-95e7-44ca-aa7d-f3b6b34c7fab' },
  ],
};
const CLE_EVENT = {
  id: 2,
  type: 'endOfSupport',
  effective: '2025-06-01T00:00:00Z',
  published: '2025-01-01T00:00:00Z',
  versions: [{ range: 'vers:npm/>=1.0.0|<2.0.0' }],
  supportId: 'standard',
};
const SUPPORT = { id: 'standard', description: 'Standard product support policy', url: 'https://example.com/support/standard' };
const SERVER = { rootUrl: 'https://api.teaexample.com', versions: ['1.0.0'], priority: 0.8 };
const DISCOVERY_INFO = { productReleaseUuid: '123e4567-e89b-12d3-a456-426614174000', servers: [SERVER] };
const PAGINATION = { timestamp: '2024-03-20T15:30:00Z', pageSize: 100, hasNext: true, nextPageToken: 'eyJvIjoxMDB9' };

export const TEA_OBJECT_EXAMPLES: Readonly<Record<string, unknown>> = {
  TeaObject: PRODUCT,
  TeaUuid: '09e8c73b-ac45-4475-acac-33e6a7314e6d',
  TeaDateTime: '2025-04-01T15:43:00Z',
  TeaTimestamp: '2024-03-20T15:30:00.250+01:00',
  TeaIdentifierType: 'PURL',
  TeaIdentifier: { idType: 'PURL', idValue: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.24.3' },
  TeaIdentifiers: PRODUCT.identifiers,
  TeaDownloadUrl: 'https://logging.apache.org/cyclonedx/vdr.xml',
  TeaChecksumType: 'BLAKE3',
  TeaChecksum: CHECKSUM,
  TeaProduct: PRODUCT,
  TeaComponentRef: { uuid: 'b844c9bd-55d6-478c-af59-954a932b6ad3', release: 'da89e38e-95e7-44ca-aa7d-f3b6b34c7fab' },
  TeaProductRelease: PRODUCT_RELEASE,
  TeaComponent: COMPONENT,
  TeaDistribution: DISTRIBUTION,
  TeaComponentRelease: COMPONENT_RELEASE,
  TeaComponentReleaseWithCollection: { release: COMPONENT_RELEASE, latestCollection: { ...COLLECTION, uuid: COMPONENT_RELEASE.uuid, version: 2 } },
  TeaUpdateReason: { type: 'INITIAL_RELEASE', comment: 'Initial collection for this release' },
  TeaCollection: COLLECTION,
  TeaArtifactType: 'VULNERABILITIES',
  TeaArtifactFormat: FORMAT,
  TeaArtifact: ARTIFACT,
  TeaCleVersionSpecifier: { range: 'vers:npm/>=1.0.0|<2.0.0' },
  TeaCleEvent: CLE_EVENT,
  TeaCleSupportDefinition: SUPPORT,
  TeaCleDefinitions: { support: [SUPPORT] },
  TeaCle: {
    events: [
      CLE_EVENT,
      { id: 1, type: 'released', effective: '2024-01-01T00:00:00Z', published: '2024-01-01T00:00:00Z', version: '1.0.0', license: 'Apache-2.0' },
    ],
    definitions: { support: [SUPPORT] },
  },
  TeaServerRootUrl: 'https://api.teaexample.com/tea',
  TeaServerInfo: SERVER,
  TeaDiscoveryInfo: DISCOVERY_INFO,
  TeaDiscoveryAnswer: [DISCOVERY_INFO],
  TeaPagination: PAGINATION,
  TeaProductPage: { ...PAGINATION, results: [PRODUCT] },
  TeaProductReleasePage: { ...PAGINATION, results: [PRODUCT_RELEASE] },
  TeaComponentPage: { ...PAGINATION, results: [COMPONENT] },
  TeaComponentReleasePage: { ...PAGINATION, results: [COMPONENT_RELEASE] },
  TeaComponentReleaseList: [COMPONENT_RELEASE],
  TeaCollectionList: [{ ...COLLECTION, version: 1 }, COLLECTION],
  TeaCollectionPage: { timestamp: '2024-03-20T15:30:00Z', pageSize: 100, hasNext: false, results: [COLLECTION, { ...COLLECTION, version: 1 }] },
  TeaErrorType: 'OBJECT_UNKNOWN',
  TeaErrorResponse: { error: 'OBJECT_UNKNOWN' },
};
