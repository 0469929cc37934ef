/**
 * The schemas in `schemas/`, and the names their generated artefacts take (validators in the
 * `kinds/compiled/` folder of each domain). A schema whose definitions are each a document of their own (the TEA
 * API's objects) lists them in `roots`, export name to definition: its module exports one
 * validator per root instead of one for the whole schema.
 */
export interface SchemaFile {
  readonly file: string;
  readonly typesFile: string;
  readonly validatorFile: string;
  /** The folder of the domain whose kinds use the validator, where its module is written. */
  readonly compiledDir: string;
  /** The validator of the whole schema. */
  readonly exportName?: string;
  /** Validators of definitions, by export name. */
  readonly roots?: Readonly<Record<string, string>>;
}

/** Each validator a schema file's module exports: its name, the schema reference it compiles, and the definition's pointer in the file ('' for the root). */
export function schemaRoots(entry: SchemaFile, id: string): Array<{ exportName: string; ref: string; pointer: string }> {
  if (entry.roots)
    return Object.entries(entry.roots).map(([exportName, definition]) => ({
      exportName,
      ref: `${id}#/definitions/${definition}`,
      pointer: `/definitions/${definition}`,
    }));
  return [{ exportName: entry.exportName!, ref: id, pointer: '' }];
}

export const SCHEMA_FILES: readonly SchemaFile[] = [
  {
    file: 'tea-discovery.schema.json',
    typesFile: 'tea-discovery.d.ts',
    exportName: 'teaDiscovery',
    compiledDir: 'src/tea/kinds/compiled',
    validatorFile: 'tea-discovery.js',
  },
  {
    file: 'tea-token-response.schema.json',
    typesFile: 'tea-token-response.d.ts',
    exportName: 'teaTokenResponse',
    compiledDir: 'src/tea/kinds/compiled',
    validatorFile: 'tea-token-response.js',
  },
  {
    file: 'tea-token-error.schema.json',
    typesFile: 'tea-token-error.d.ts',
    exportName: 'teaTokenError',
    compiledDir: 'src/tea/kinds/compiled',
    validatorFile: 'tea-token-error.js',
  },
  {
    file: 'purl-type-definition.schema.json',
    typesFile: 'purl-type-definition.d.ts',
    exportName: 'purlTypeDefinition',
    compiledDir: 'src/purl/kinds/compiled',
    validatorFile: 'purl-type-definition.js',
  },
  {
    file: 'purl-type-urls.schema.json',
    typesFile: 'purl-type-urls.d.ts',
    exportName: 'purlTypeUrls',
    compiledDir: 'src/purl/kinds/compiled',
    validatorFile: 'purl-type-urls.js',
  },
  {
    file: 'vers-type-definition.schema.json',
    typesFile: 'vers-type-definition.d.ts',
    exportName: 'versTypeDefinition',
    compiledDir: 'src/vers/kinds/compiled',
    validatorFile: 'vers-type-definition.js',
  },
  {
    file: 'vers-types-index.schema.json',
    typesFile: 'vers-types-index.d.ts',
    exportName: 'versTypesIndex',
    compiledDir: 'src/vers/kinds/compiled',
    validatorFile: 'vers-types-index.js',
  },
  {
    file: 'cyclonedx-bom.schema.json',
    typesFile: 'cyclonedx-bom.d.ts',
    exportName: 'cycloneDxBom',
    compiledDir: 'src/sbom/kinds/compiled',
    validatorFile: 'cyclonedx-bom.js',
  },
  {
    file: 'spdx-document.schema.json',
    typesFile: 'spdx-document.d.ts',
    exportName: 'spdxDocument',
    compiledDir: 'src/sbom/kinds/compiled',
    validatorFile: 'spdx-document.js',
  },
  {
    file: 'tea-objects.schema.json',
    typesFile: 'tea-objects.d.ts',
    validatorFile: 'tea-objects.js',
    compiledDir: 'src/tea/kinds/compiled',
    roots: {
      teaProduct: 'product',
      teaProductRelease: 'productRelease',
      teaComponent: 'component',
      teaComponentRelease: 'componentRelease',
      teaComponentReleaseWithCollection: 'componentReleaseWithCollection',
      teaCollection: 'collection',
      teaArtifact: 'artifact',
      teaCle: 'cle',
      teaDiscoveryAnswer: 'discoveryAnswer',
      teaProductPage: 'productPage',
      teaProductReleasePage: 'productReleasePage',
      teaComponentPage: 'componentPage',
      teaComponentReleasePage: 'componentReleasePage',
      teaComponentReleaseList: 'componentReleaseList',
      teaCollectionList: 'collectionList',
      teaCollectionPage: 'collectionPage',
      teaErrorResponse: 'errorResponse',
    },
  },
];
