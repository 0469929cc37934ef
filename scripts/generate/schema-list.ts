/** The schemas in `schemas/`, and the names their generated artefacts take. */
export const SCHEMA_FILES = [
  { file: 'tea-discovery.schema.json', typesFile: 'tea-discovery.d.ts', exportName: 'teaDiscovery' },
  { file: 'tea-token-response.schema.json', typesFile: 'tea-token-response.d.ts', exportName: 'teaTokenResponse' },
  { file: 'tea-token-error.schema.json', typesFile: 'tea-token-error.d.ts', exportName: 'teaTokenError' },
  { file: 'purl-type-definition.schema.json', typesFile: 'purl-type-definition.d.ts', exportName: 'purlTypeDefinition' },
] as const;

