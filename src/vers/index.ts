/**
 * `teapurl/vers`: VERS, the PURL specification's companion notation for version ranges
 * (`vers:<type>/<constraints>`), for every ecosystem the PURL engine knows. Parse and check a
 * VERS, write and normalise one, ask whether a version is inside, compare two versions by their
 * ecosystem's rules, and convert native range notations. Browser-safe, no dependencies.
 *
 * @packageDocumentation
 */
export { parseVers, checkVers, type VersCheck, type ParseVersOptions } from './parse-vers.js';
export { stringifyVers } from './stringify-vers.js';
export { normalizeVers, sortVers, type NormalizeVersOptions } from './normalize-vers.js';
export { compileVers, versContains, type VersRange } from './contains.js';
export { compareVersions, versTypes } from './compare.js';
export { versFromNative, nativeVersTypes } from './native/index.js';
export {
  versFromOsv,
  osvEcosystems,
  OsvError,
  type OsvErrorCode,
  type OsvAffected,
  type OsvPackage,
  type OsvRange,
  type OsvRangeVers,
  type OsvVers,
} from './osv.js';
export { VersError, type VersRule, type VersErrorPosition } from './vers-error.js';
export { MAX_VERS_LENGTH, MAX_VERSION_LENGTH, type Vers, type VersConstraint, type VersComparator } from './vers-types.js';
// The error contract: every error teapurl throws is a TeapurlError with a string `code`.
export { TeapurlError, isTeapurlError, InvalidArgumentError, type TeapurlErrorOptions, type InvalidArgumentCode } from '../shared/errors.js';
