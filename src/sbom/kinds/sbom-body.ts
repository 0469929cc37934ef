/**
 * What the SBOM kinds need only once an SBOM is validated: the schemas' compiled validators, the
 * readers of CycloneDX XML (saxes) and SPDX tag-value, and the checks with the PURL and VERS
 * engines they use. The kinds (sbom-kinds.ts) take them from here alone, and export only
 * functions and lists of checks, so that the build can stand in for this module in Node and load
 * it on first use (scripts/bundle-entries.mjs, scripts/bundle-cli.mjs): an import of `teapurl`
 * and a `teapurl validate` of another kind do not parse it.
 */
export { cycloneDxBom } from './compiled/cyclonedx-bom.js';
export { spdxDocument } from './compiled/spdx-document.js';
export { parseCycloneDxXml } from '../sources/cyclonedx-xml-source.js';
export { parseSpdxTagValue } from '../sources/spdx-tag-value-source.js';
export { CYCLONEDX_CHECKS, SPDX_CHECKS } from './sbom-purl-checks.js';
