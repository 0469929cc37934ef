/**
 * teapurl/purl: the PURL engine with the bundled type definitions, and nothing else. Browser-safe:
 * no Node built-in and no runtime dependency is reachable from here. Parse, build, canonicalise and
 * validate PURLs; build engines from your own type definitions and rules; map PURLs to registry
 * URLs and back. What the engine does not need up front (the URL mapper, the definitions' texts,
 * the pattern guard) is loaded by an async `load…` call, in a chunk of its own.
 *
 * @module teapurl/purl
 */
export { PurlEngine, type PurlEngineOptions, type ParseOptions, type PurlValidation } from './engine/purl-engine.js';
export { defaultPurlEngine, bundledPurlEngine, parsePurl, buildPurl, canonicalizePurl, validatePurl } from './default-engine.js';
export { purlEquals, comparePurls, type PurlLike } from './compare-purls.js';
export { PurlError, type PurlIssue, type PurlErrorCode, type PurlWarningCode, type PurlComponentName } from './purl-error.js';
export type { PurlComponents, PurlComponentsInput, PurlQualifiers } from './purl-components.js';
export { DefinitionSetError, type DefinitionSetFailure } from './document-errors.js';
export { loadPurlEngine } from './load-purl-engine.js';
export { DefinitionCompileError } from './definitions/compile-definition.js';
export { defaultPurlRules, type PurlRule, type RuleContext, type RuleComponent } from './rules/index.js';
export { percentEncode } from './syntax/percent-encoding.js';
export { loadPatternGuard, PatternGuardError, type PatternGuard, type Re2Pattern } from './definitions/pattern-guard.js';
export { loadPurlDefinitions } from './load-purl-definitions.js';
export { loadPurlUrls } from './urls/load-purl-urls.js';
export { UrlDocumentError, type UrlDocumentFailure } from './document-errors.js';
export type { PurlUrls, PurlUrlsResult, PurlUrlsOptions } from './urls/purl-urls.js';
export {
  PackageURL,
  PurlComponent,
  PurlQualifierNames,
  PurlType,
  type PackageURLConstructor,
  type PackageURLArguments,
  type PackageURLQualifiersInput,
} from './package-url/package-url.js';
export type {
  PurlComponentTable,
  PurlComponentEntry,
  PurlComponentEncoder,
  PurlComponentStringNormalizer,
  PurlComponentQualifiersNormalizer,
  PurlComponentValidator,
} from './package-url/component-table.js';
export type { PurlTypeTable, PurlTypeEntry, PurlFields, PurlTypNormalizer, PurlTypeValidator } from './package-url/type-table.js';
export type { BundledPurlType, BundledPurlTypes } from './compiled/default-rules.js';
export type { PurlKnownQualifierNames } from './package-url/known-qualifier-names.js';
export type { PurlTypeDefinition } from '../../types/index.js';
// The error contract: every error teapurl throws is a TeapurlError with a string `code`.
export { TeapurlError, isTeapurlError, InvalidArgumentError, type TeapurlErrorOptions, type InvalidArgumentCode } from '../shared/errors.js';
