/** The schemas in `schemas/`, and the names their generated artefacts take (validators in `src/schemas/compiled/`). */
export const SCHEMA_FILES = [
  { file: 'tea-discovery.schema.json', typesFile: 'tea-discovery.d.ts', exportName: 'teaDiscovery', validatorFile: 'tea-discovery.js' },
  { file: 'tea-token-response.schema.json', typesFile: 'tea-token-response.d.ts', exportName: 'teaTokenResponse', validatorFile: 'tea-token-response.js' },
  { file: 'tea-token-error.schema.json', typesFile: 'tea-token-error.d.ts', exportName: 'teaTokenError', validatorFile: 'tea-token-error.js' },
  { file: 'purl-type-definition.schema.json', typesFile: 'purl-type-definition.d.ts', exportName: 'purlTypeDefinition', validatorFile: 'purl-type-definition.js' },
  { file: 'purl-type-urls.schema.json', typesFile: 'purl-type-urls.d.ts', exportName: 'purlTypeUrls', validatorFile: 'purl-type-urls.js' },
  { file: 'vers-type-definition.schema.json', typesFile: 'vers-type-definition.d.ts', exportName: 'versTypeDefinition', validatorFile: 'vers-type-definition.js' },
  { file: 'vers-types-index.schema.json', typesFile: 'vers-types-index.d.ts', exportName: 'versTypesIndex', validatorFile: 'vers-types-index.js' },
  { file: 'cyclonedx-bom.schema.json', typesFile: 'cyclonedx-bom.d.ts', exportName: 'cycloneDxBom', validatorFile: 'cyclonedx-bom.js' },
  { file: 'spdx-document.schema.json', typesFile: 'spdx-document.d.ts', exportName: 'spdxDocument', validatorFile: 'spdx-document.js' },
] as const;

