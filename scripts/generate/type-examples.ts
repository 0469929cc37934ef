/**
 * One example value for every top-level type generated into `types/`, keyed by the type's name.
 * `npm run generate` writes each into that type's TSDoc comment as an `@example` block, after
 * checking it against the type's place in its schema: an example that the schema would reject, a
 * generated type without an example, or an example for a type that no longer exists stops the
 * generator (see type-docs.ts).
 */
import { TEA_OBJECT_EXAMPLES } from './tea-object-examples.js';

export const TYPE_EXAMPLES: Readonly<Record<string, unknown>> = {
  // schemas/tea-objects.schema.json
  ...TEA_OBJECT_EXAMPLES,

  // schemas/tea-discovery.schema.json
  TeaDiscoveryDocument: {
    schemaVersion: 1,
    endpoints: [
      { url: 'https://api.tea.example.com', versions: ['1.0.0'], priority: 1 },
      { url: 'https://backup.tea.example.com/tea', versions: ['1.0.0', '1.1.0-beta.1'], priority: 0.5 },
    ],
  },
  TeaEndpoint: { url: 'https://api.tea.example.com', versions: ['1.0.0', '1.1.0-beta.1'], priority: 0.5 },
  TeaBaseUrl: 'https://tea.example.com/api',
  TeaApiVersion: '1.0.0-beta.2+build.7',

  // schemas/tea-token-response.schema.json
  TokenResponse: { access_token: 'mF_9.B5f-4.1JqM', token_type: 'Bearer', expires_in: 3600 },

  // schemas/tea-token-error.schema.json
  TokenError: { error: 'invalid_client', error_description: 'unknown API key id' },
  TokenErrorCode: 'unsupported_grant_type',

  // schemas/purl-type-definition.schema.json
  PurlTypeDefinition: {
    $schema: 'https://teapurl.dev/schemas/purl-type-definition.schema.json',
    $id: 'https://teapurl.dev/purl-types/cargo-definition.json',
    type: 'cargo',
    type_name: 'Cargo',
    description: 'Rust packages managed with Cargo',
    repository: { use_repository: true, default_repository_url: 'https://crates.io/' },
    namespace_definition: { requirement: 'prohibited', note: 'Cargo packages have no namespace.' },
    name_definition: { requirement: 'required', native_name: 'name', case_sensitive: true },
    version_definition: { requirement: 'optional', native_name: 'version' },
    examples: ['pkg:cargo/rand@0.7.2', 'pkg:cargo/clap@2.33.0'],
  },
  RepositoryDefinition: {
    use_repository: true,
    default_repository_url: 'https://repo.maven.apache.org/maven2/',
    note: 'Other repositories are named with the repository_url qualifier.',
  },
  ComponentRequirement: 'prohibited',
  ComponentDefinition: { requirement: 'optional', case_sensitive: false, native_name: 'version' },
  NamespaceDefinition: { requirement: 'required', case_sensitive: true, native_name: 'groupId', note: 'The namespace holds the groupId.' },
  NameDefinition: {
    requirement: 'required',
    case_sensitive: false,
    native_name: 'name',
    normalization_rules: ['Change every underscore _ into a dash -'],
  },
  VersionDefinition: { requirement: 'optional', permitted_characters: '^\\d+(\\.\\d+){0,3}$' },
  SubpathDefinition: { requirement: 'optional', note: 'The path of a file inside the package.' },
  QualifierDefinition: {
    key: 'type',
    requirement: 'optional',
    native_name: 'type',
    default_value: 'jar',
    description: 'Maven type, with the meaning given in the POM reference.',
  },
  PermittedCharacters: '^[a-z0-9_]+$',
  CaseSensitive: false,
  NormalizationRules: ['Change every underscore _ into a dash -', 'Convert the name to lowercase'],
  NativeName: 'groupId',
  RegisteredValues: [
    { value: 'debian', description: 'Debian', reference_url: 'https://www.debian.org/' },
    { value: 'ubuntu', description: 'Ubuntu' },
  ],
  RegisteredValue: { value: 'fedora', description: 'Fedora Linux', reference_url: 'https://fedoraproject.org/' },
  Note: 'Holds the name of the repository.',

  // schemas/purl-type-urls.schema.json
  PurlTypeUrls: {
    $schema: 'https://teapurl.dev/schemas/purl-type-urls.schema.json',
    type: 'cargo',
    repository: [{ template: 'https://crates.io/crates/{name}' }],
    download: [{ template: 'https://static.crates.io/crates/{name}/{name}-{version}.crate' }],
    examples: [
      { purl: 'pkg:cargo/rand@0.7.2', repository: 'https://crates.io/crates/rand', download: 'https://static.crates.io/crates/rand/rand-0.7.2.crate' },
    ],
  },
  VariableName: 'q.classifier',
  DerivedVariable: { from: 'namespace', split: '.' },
  UrlTemplate: { template: '{+registry}/{name}/-/{name}-{version}.tgz' },
  PurlExample: { purl: 'pkg:cargo/rand', repository: 'https://crates.io/crates/rand', download: null },
  UrlExample: { url: 'https://crates.io/crates/rand', purl: 'pkg:cargo/rand' },
  ValuePattern: '[^-]+',
  UrlMirror: { url: 'https://repo1.maven.org/maven2', same_as: 'https://repo.maven.apache.org/maven2' },

  // schemas/vers-type-definition.schema.json
  VersTypeDefinition: {
    $schema: 'https://packageurl.org/schemas/vers-type-definition.schema-0.2.json',
    $id: 'https://packageurl.org/vers-types/npm-definition.json',
    type: 'npm',
    type_name: 'npm version',
    description: 'Versions of npm packages, ordered by SemVer precedence.',
    vers_examples: ['vers:npm/>=1.0.0|<2.0.0'],
    native_and_vers_equivalent_examples: [{ native_range: '^1.0.0', vers_range: 'vers:npm/>=1.0.0|<2.0.0' }],
  },
  NativeExample: { native_range: '~=2.2', vers_range: 'vers:pypi/>=2.2|<3', note: 'A compatible release: 2.2 or later, before 3.' },

  // schemas/vers-types-index.schema.json
  VersTypesIndex: ['maven', 'npm', 'pypi'],

  // schemas/cyclonedx-bom.schema.json
  CycloneDxBom: {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    metadata: { component: { type: 'application', name: 'shop', purl: 'pkg:npm/shop@2.1.0' } },
    components: [{ type: 'library', 'bom-ref': 'lodash', name: 'lodash', version: '4.17.21', purl: 'pkg:npm/lodash@4.17.21' }],
  },
  CycloneDxMetadata: { component: { type: 'application', name: 'shop', purl: 'pkg:npm/shop@2.1.0' } },
  CycloneDxComponent: {
    type: 'library',
    name: 'commons-io',
    purl: 'pkg:maven/commons-io/commons-io@2.11.0',
    pedigree: { ancestors: [{ type: 'library', name: 'commons-io', purl: 'pkg:maven/commons-io/commons-io@2.10.0' }] },
  },
  CycloneDxPedigree: { variants: [{ type: 'library', name: 'commons-io', purl: 'pkg:maven/commons-io/commons-io@2.11.0?classifier=sources' }] },

  // schemas/spdx-document.schema.json
  SpdxDocument: {
    spdxVersion: 'SPDX-2.3',
    SPDXID: 'SPDXRef-DOCUMENT',
    packages: [
      {
        SPDXID: 'SPDXRef-Package-lodash',
        name: 'lodash',
        versionInfo: '4.17.21',
        externalRefs: [{ referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: 'pkg:npm/lodash@4.17.21' }],
      },
    ],
  },
  SpdxPackage: {
    SPDXID: 'SPDXRef-Package-lodash',
    name: 'lodash',
    externalRefs: [{ referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: 'pkg:npm/lodash@4.17.21' }],
  },
  SpdxExternalRef: { referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: 'pkg:npm/lodash@4.17.21' },
};
