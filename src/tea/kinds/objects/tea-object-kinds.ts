import * as objects from '../compiled/tea-objects.js';
import { VERS_FIELDS } from '../compiled/vers-fields.js';
import type { KindDefinition } from '../../../validation/kind-definition.js';
import { versFieldsCheck } from '../../../vers/kinds/vers-checks.js';
import { TEA_OBJECT_CHECKS } from './tea-object-checks.js';
import { teaObjectKindByFileName, teaObjectKindByShape } from './detect-tea-object.js';
import type { TeaObjectKind } from './tea-object-types.js';
import { deepFreeze } from '../../../shared/deep-freeze.js';

export type { TeaObjectKind, TeaObjectTypes } from './tea-object-types.js';
export { TEA_OBJECT_KIND_NAMES } from './tea-object-types.js';

const SCHEMA = 'https://teapurl.dev/schemas/tea-objects.schema.json';

const TABLE: ReadonlyArray<readonly [TeaObjectKind, string, keyof typeof objects, readonly string[]]> = [
  ['tea-product', 'product', 'teaProduct', ['product']],
  ['tea-product-release', 'productRelease', 'teaProductRelease', ['product-release']],
  ['tea-component', 'component', 'teaComponent', ['component']],
  ['tea-component-release', 'componentRelease', 'teaComponentRelease', ['component-release', 'release']],
  ['tea-component-release-with-collection', 'componentReleaseWithCollection', 'teaComponentReleaseWithCollection', ['component-release-with-collection']],
  ['tea-collection', 'collection', 'teaCollection', ['collection']],
  ['tea-artifact', 'artifact', 'teaArtifact', ['artifact', 'artefact']],
  ['tea-cle', 'cle', 'teaCle', ['cle']],
  ['tea-discovery-info', 'discoveryAnswer', 'teaDiscoveryAnswer', ['discovery-info']],
  ['tea-product-page', 'productPage', 'teaProductPage', ['product-page']],
  ['tea-product-release-page', 'productReleasePage', 'teaProductReleasePage', ['product-release-page']],
  ['tea-component-page', 'componentPage', 'teaComponentPage', ['component-page']],
  ['tea-component-release-page', 'componentReleasePage', 'teaComponentReleasePage', ['component-release-page']],
  ['tea-component-release-list', 'componentReleaseList', 'teaComponentReleaseList', ['component-release-list']],
  ['tea-collection-list', 'collectionList', 'teaCollectionList', ['collection-list']],
  ['tea-collection-page', 'collectionPage', 'teaCollectionPage', ['collection-page']],
  ['tea-error', 'errorResponse', 'teaErrorResponse', ['error', 'tea-error-response']],
];

/**
 * The TEA API's objects and pages as kinds. A document names one with
 * `"$schema": "<schema>#/definitions/<name>"`.
 *
 * @example
 * ```ts
 * import { createValidator, TEA_OBJECT_KINDS } from 'teapurl';
 * createValidator(TEA_OBJECT_KINDS).detectKind({ uuid: 'x', name: 'x', formats: [], type: 'BOM' }, undefined)?.kind; // 'tea-artifact'
 * ```
 */
export const TEA_OBJECT_KINDS: readonly KindDefinition<TeaObjectKind>[] = deepFreeze(
  TABLE.map(([kind, definition, exportName, aliases]) => {
    const versFields = VERS_FIELDS[exportName] ?? [];
    return {
      name: kind,
      schemaId: `${SCHEMA}#/definitions/${definition}`,
      aliases,
      recognise: {
        fileName: (file: string) => teaObjectKindByFileName(file)?.kind === kind,
        shape: (value: unknown) => teaObjectKindByShape(value)?.kind === kind,
      },
      validate: objects[exportName],
      checks: [...TEA_OBJECT_CHECKS[kind], ...(versFields.length > 0 ? [versFieldsCheck(versFields)] : [])],
    };
  }),
);
