/* Generated from schemas/annotated/spdx-document.schema.json by `npm run generate`. Do not edit by hand. */

/**
 * The parts of an SPDX 2.2 or 2.3 document that teapurl reads (JSON, or tag-value read as its JSON form): its version, and the packages whose PURL references it checks. Every other member is allowed and left unchecked: validating a document against SPDX's own schema is the work of the tools made for it.
 *
 * @example
 * ```ts
 * import type { SpdxDocument } from 'teapurl';
 * const spdxDocument: SpdxDocument = {
 *   spdxVersion: 'SPDX-2.3',
 *   SPDXID: 'SPDXRef-DOCUMENT',
 *   packages: [
 *     {
 *       SPDXID: 'SPDXRef-Package-lodash',
 *       name: 'lodash',
 *       versionInfo: '4.17.21',
 *       externalRefs: [
 *         {
 *           referenceCategory: 'PACKAGE-MANAGER',
 *           referenceType: 'purl',
 *           referenceLocator: 'pkg:npm/lodash@4.17.21',
 *         },
 *       ],
 *     },
 *   ],
 * };
 * ```
 */
export interface SpdxDocument {
  /**
   * The SPDX version the document follows, such as SPDX-2.3.
   */
  spdxVersion: string;
  /**
   * The packages the document lists.
   */
  packages?: SpdxPackage[];
  [k: string]: unknown | undefined;
}
/**
 * A package, and the references that name it elsewhere: a PURL is one of type purl.
 *
 * This interface was referenced by `SpdxDocument`'s JSON-Schema
 * via the `definition` "SpdxPackage".
 *
 * @example
 * ```ts
 * import type { SpdxPackage } from 'teapurl';
 * const spdxPackage: SpdxPackage = {
 *   SPDXID: 'SPDXRef-Package-lodash',
 *   name: 'lodash',
 *   externalRefs: [
 *     {
 *       referenceCategory: 'PACKAGE-MANAGER',
 *       referenceType: 'purl',
 *       referenceLocator: 'pkg:npm/lodash@4.17.21',
 *     },
 *   ],
 * };
 * ```
 */
export interface SpdxPackage {
  /**
   * The package's references in other systems: security advisories, package managers (a PURL), and others.
   */
  externalRefs?: SpdxExternalRef[];
  [k: string]: unknown | undefined;
}
/**
 * A reference to the package in another system; with referenceType purl, referenceLocator is its Package-URL, checked by teapurl's PURL engine.
 *
 * This interface was referenced by `SpdxDocument`'s JSON-Schema
 * via the `definition` "SpdxExternalRef".
 *
 * @example
 * ```ts
 * import type { SpdxExternalRef } from 'teapurl';
 * const spdxExternalRef: SpdxExternalRef = {
 *   referenceCategory: 'PACKAGE-MANAGER',
 *   referenceType: 'purl',
 *   referenceLocator: 'pkg:npm/lodash@4.17.21',
 * };
 * ```
 */
export interface SpdxExternalRef {
  /**
   * PACKAGE-MANAGER (PACKAGE_MANAGER in SPDX 2.3 JSON) for a PURL; SECURITY, PERSISTENT-ID or OTHER for other references.
   */
  referenceCategory?: string;
  /**
   * What the locator is: purl for a Package-URL.
   */
  referenceType?: string;
  /**
   * The reference itself: with referenceType purl, the package's Package-URL.
   */
  referenceLocator?: string;
  [k: string]: unknown | undefined;
}
