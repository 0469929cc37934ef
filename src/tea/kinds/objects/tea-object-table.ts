/**
 * The TEA objects' kinds: each kind's name, its definition in the schema, the export of its
 * compiled validator and its aliases. Data alone, shared by the kinds (tea-object-kinds.ts) and the
 * part of them loaded on first use (tea-objects-body.ts).
 */
import type * as objects from '../compiled/tea-objects.js';
import type { TeaObjectKind } from './tea-object-types.js';

export const TEA_OBJECT_TABLE: ReadonlyArray<readonly [TeaObjectKind, string, keyof typeof objects, readonly string[]]> = [
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
