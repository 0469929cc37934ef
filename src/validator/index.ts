export {
  validateDocument,
  validateText,
  resolveKind,
  detectKind,
  builtInChecks,
  KIND_NAMES,
  teapurlValidator,
  DEFAULT_MAX_FINDINGS,
  type ValidateOptions,
  type ValidationSetup,
  type ValidationResult,
} from './validate.js';
export { ALL_KINDS, type DocumentKind } from './all-kinds.js';
export { type Finding, type FindingFix, type Severity, passes } from '../shared/finding.js';
export { definitionEdition, type DefinitionEdition, type PurlSpecEdition } from '../purl/kinds/type-definition/purl-type-edition.js';
export type { RawFinding } from '../shared/finding.js';
export { TeapurlError, isTeapurlError, InvalidArgumentError, type TeapurlErrorOptions, type InvalidArgumentCode } from '../shared/errors.js';
export type { DetectedKind, KindEvidence, DetectKind } from '../validation/detect-kind.js';
export type { SemanticCheck, CheckTable, CheckContext } from '../validation/checks/index.js';
export {
  createValidator,
  UnknownKindError,
  type Validator,
  type BaseValidateOptions,
  type BaseValidationSetup,
  type BaseValidationResult,
  type ValidatedText,
} from '../validation/create-validator.js';
export type { KindDefinition, KindRecognition, LargeDocuments } from '../validation/kind-definition.js';
export type {
  SourceReader,
  SourceFormat,
  SourceOutcome,
  SourcePosition,
  DocumentSource,
  TextEdit,
  PlacedFinding,
} from '../validation/source/document-source.js';
export type { PositionRequest } from '../shared/position-index.js';
export type { ValidateFunction, AjvError } from '../shared/validate-function.js';
export { fixTextWith, type FixTextResult, type AppliedFix } from '../validation/fix-text.js';
export { fixText } from './fix.js';
export { assertDocument, parseDocument, isDocument, DocumentError, type DocumentTypes } from './typed.js';
export { TEA_DISCOVERY_KIND, TEA_TOKEN_RESPONSE_KIND, TEA_TOKEN_ERROR_KIND, TEA_OBJECT_KINDS, TEA_KINDS, type TeaKind } from '../tea/kinds/index.js';
export type { TeaObjectTypes, TeaObjectKind } from '../tea/kinds/objects/tea-object-types.js';
export { PURL_TYPE_DEFINITION_KIND, PURL_TYPE_URLS_KIND, purlContextOf, type PurlValidationSetup, type PurlCheckContext } from '../purl/kinds/index.js';
export { VERS_TYPE_DEFINITION_KIND, VERS_TYPES_INDEX_KIND } from '../vers/kinds/vers-kinds.js';
export { CYCLONEDX_KIND, SPDX_KIND, SBOM_KINDS, type SbomKind } from '../sbom/kinds/sbom-kinds.js';
