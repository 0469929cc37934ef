/* Generated from schemas/annotated/cyclonedx-bom.schema.json by `npm run generate`. Do not edit by hand. */

/**
 * The parts of a CycloneDX BOM that teapurl reads (JSON 1.2 to 1.7, or XML read as its JSON form): the format, its version, and the components whose PURLs it checks. Every other member is allowed and left unchecked: validating a BOM against CycloneDX's own schema is the work of the tools made for it.
 *
 * @example
 * ```ts
 * import type { CycloneDxBom } from 'teapurl';
 * const cycloneDxBom: CycloneDxBom = {
 *   bomFormat: 'CycloneDX',
 *   specVersion: '1.6',
 *   metadata: { component: { type: 'application', name: 'shop', purl: 'pkg:npm/shop@2.1.0' } },
 *   components: [
 *     {
 *       type: 'library',
 *       'bom-ref': 'lodash',
 *       name: 'lodash',
 *       version: '4.17.21',
 *       purl: 'pkg:npm/lodash@4.17.21',
 *     },
 *   ],
 * };
 * ```
 */
export interface CycloneDxBom {
  /**
   * Always CycloneDX.
   */
  bomFormat: 'CycloneDX';
  /**
   * The CycloneDX version the BOM follows, such as 1.6.
   */
  specVersion: string;
  /**
   * What the BOM describes.
   */
  metadata?: CycloneDxMetadata;
  /**
   * The components the BOM lists.
   */
  components?: CycloneDxComponent[];
  [k: string]: unknown | undefined;
}
/**
 * What the BOM describes.
 *
 * @example
 * ```ts
 * import type { CycloneDxMetadata } from 'teapurl';
 * const cycloneDxMetadata: CycloneDxMetadata = {
 *   component: { type: 'application', name: 'shop', purl: 'pkg:npm/shop@2.1.0' },
 * };
 * ```
 */
export interface CycloneDxMetadata {
  /**
   * A component: its PURL, the components it holds and its pedigree, where more PURLs stand.
   */
  component?: CycloneDxComponent;
  [k: string]: unknown | undefined;
}
/**
 * A component: its PURL, the components it holds and its pedigree, where more PURLs stand.
 *
 * This interface was referenced by `CycloneDxBom`'s JSON-Schema
 * via the `definition` "CycloneDxComponent".
 *
 * @example
 * ```ts
 * import type { CycloneDxComponent } from 'teapurl';
 * const cycloneDxComponent: CycloneDxComponent = {
 *   type: 'library',
 *   name: 'commons-io',
 *   purl: 'pkg:maven/commons-io/commons-io@2.11.0',
 *   pedigree: {
 *     ancestors: [
 *       { type: 'library', name: 'commons-io', purl: 'pkg:maven/commons-io/commons-io@2.10.0' },
 *     ],
 *   },
 * };
 * ```
 */
export interface CycloneDxComponent {
  /**
   * The component's identifier inside the BOM; teapurl leaves it alone even when it is written as a PURL.
   */
  'bom-ref'?: string;
  /**
   * The component's Package-URL, checked by teapurl's PURL engine.
   */
  purl?: string;
  /**
   * Components this one holds.
   */
  components?: CycloneDxComponent[];
  /**
   * Where the component comes from: its ancestors, descendants and variants are components too.
   */
  pedigree?: CycloneDxPedigree;
  [k: string]: unknown | undefined;
}
/**
 * Where the component comes from: its ancestors, descendants and variants are components too.
 *
 * @example
 * ```ts
 * import type { CycloneDxPedigree } from 'teapurl';
 * const cycloneDxPedigree: CycloneDxPedigree = {
 *   variants: [
 *     {
 *       type: 'library',
 *       name: 'commons-io',
 *       purl: 'pkg:maven/commons-io/commons-io@2.11.0?classifier=sources',
 *     },
 *   ],
 * };
 * ```
 */
export interface CycloneDxPedigree {
  /**
   * The components this one was derived from.
   */
  ancestors?: CycloneDxComponent[];
  /**
   * The components derived from this one.
   */
  descendants?: CycloneDxComponent[];
  /**
   * Components that are neither its ancestors nor its descendants but share its lineage.
   */
  variants?: CycloneDxComponent[];
  [k: string]: unknown | undefined;
}
