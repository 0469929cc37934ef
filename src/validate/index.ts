export {
  validateDocument,
  validateText,
  resolveKind,
  DEFAULT_MAX_FINDINGS,
  type ValidateOptions,
  type ValidationSetup,
  type ValidationResult,
} from './validate-document.js';
export { type Finding, type FindingFix, type Severity, passes } from '../schemas/finding.js';
export { type DocumentKind, KIND_NAMES } from './kinds.js';
export { detectKind, type DetectedKind, type KindEvidence } from './detect-kind.js';
export { builtInChecks, type SemanticCheck, type CheckTable, type CheckContext } from './semantic/index.js';
export { definitionEdition, type DefinitionEdition, type PurlSpecEdition } from './semantic/purl-type-edition-checks.js';
export { type RawFinding } from '../schemas/finding.js';
export { assertDocument, parseDocument, isDocument, DocumentError, type DocumentTypes } from './typed.js';
export { fixText, type FixTextResult, type AppliedFix } from './fix/fix-text.js';
export { type TeaObjectTypes, type TeaObjectKind } from './tea-object-kinds.js';
