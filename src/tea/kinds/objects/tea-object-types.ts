import type {
  TeaArtifact,
  TeaCle,
  TeaCollection,
  TeaCollectionList,
  TeaCollectionPage,
  TeaComponent,
  TeaComponentPage,
  TeaComponentRelease,
  TeaComponentReleaseList,
  TeaComponentReleasePage,
  TeaComponentReleaseWithCollection,
  TeaDiscoveryAnswer,
  TeaErrorResponse,
  TeaProduct,
  TeaProductPage,
  TeaProductRelease,
  TeaProductReleasePage,
} from '../../../../types/index.js';

/**
 * The TEA objects' kinds, each with the generated type a valid one has.
 *
 * @example
 * ```ts
 * import type { TeaObjectTypes } from 'teapurl';
 * const product: TeaObjectTypes['tea-product'] = { uuid: '09e8c73b-ac45-4475-acac-33e6a7314e6d', name: 'Apache Log4j 2', identifiers: [] };
 * ```
 */
export interface TeaObjectTypes {
  /** A product, `GET /product/{uuid}`. */
  'tea-product': TeaProduct;
  /** A product release, `GET /productRelease/{uuid}`. */
  'tea-product-release': TeaProductRelease;
  /** A component, `GET /component/{uuid}`. */
  'tea-component': TeaComponent;
  /** A component release, an item of `GET /component/{uuid}/releases`. */
  'tea-component-release': TeaComponentRelease;
  /** A component release with its latest collection, `GET /componentRelease/{uuid}`. */
  'tea-component-release-with-collection': TeaComponentReleaseWithCollection;
  /** A collection, `GET /…Release/{uuid}/collection/latest`. */
  'tea-collection': TeaCollection;
  /** An artefact, `GET /artifact/{uuid}/latest`. */
  'tea-artifact': TeaArtifact;
  /** A lifecycle (CLE) document, `GET /…/{uuid}/cle`. */
  'tea-cle': TeaCle;
  /** The answer to `GET /discovery?tei=`. */
  'tea-discovery-info': TeaDiscoveryAnswer;
  /** A page of products, `GET /products`. */
  'tea-product-page': TeaProductPage;
  /** A page of product releases, `GET /productReleases`, `GET /product/{uuid}/releases`. */
  'tea-product-release-page': TeaProductReleasePage;
  /** A page of components, `GET /components`. */
  'tea-component-page': TeaComponentPage;
  /** A page of component releases, `GET /componentReleases`. */
  'tea-component-release-page': TeaComponentReleasePage;
  /** The releases of a component, `GET /component/{uuid}/releases`. */
  'tea-component-release-list': TeaComponentReleaseList;
  /** Every collection of a release, `GET /…Release/{uuid}/collections`. */
  'tea-collection-list': TeaCollectionList;
  /** A page of the collections of a release, `GET /…Release/{uuid}/collections`. */
  'tea-collection-page': TeaCollectionPage;
  /** The body of a TEA error answer (every 404, and the 400s): `{ "error": "OBJECT_UNKNOWN" }`. */
  'tea-error': TeaErrorResponse;
}

/**
 * The name of a TEA object kind.
 *
 * @example
 * ```ts
 * import { validateText, type TeaObjectKind } from 'teapurl';
 * const kind: TeaObjectKind = 'tea-collection';
 * validateText('{"uuid": "4c72fe22-9d83-4c2f-8eba-d6db484f32c8", "version": 1, "artifacts": []}', { kind }).valid; // true
 * ```
 */
export type TeaObjectKind = keyof TeaObjectTypes;

/** Each kind, its definition in the schema, its validator's export, and its `--kind` aliases. */

/** The TEA object kinds, in the order detection asks them. */
export const TEA_OBJECT_KIND_NAMES: readonly TeaObjectKind[] = [
  'tea-product',
  'tea-product-release',
  'tea-component',
  'tea-component-release',
  'tea-component-release-with-collection',
  'tea-collection',
  'tea-artifact',
  'tea-cle',
  'tea-discovery-info',
  'tea-product-page',
  'tea-product-release-page',
  'tea-component-page',
  'tea-component-release-page',
  'tea-component-release-list',
  'tea-collection-list',
  'tea-collection-page',
  'tea-error',
];
