export {
  validateDocument,
  validateText,
  resolveKind,
  DEFAULT_MAX_FINDINGS,
  type ValidateOptions,
  type ValidationSetup,
  type ValidationResult,
} from '../validation/validate-document.js';
export { type Finding, type FindingFix, type Severity, passes } from '../shared/finding.js';
export { type DocumentKind, KIND_NAMES } from './kinds.js';
export { detectKind, type DetectedKind, type KindEvidence } from '../validation/detect-kind.js';
export { builtInChecks, type SemanticCheck, type CheckTable, type CheckContext } from '../validation/checks/index.js';
export { type RawFinding } from '../shared/finding.js';
export { assertDocument, parseDocument, isDocument, DocumentError, type DocumentTypes } from './typed.js';
export { fixText, type FixTextResult, type AppliedFix } from '../validation/fix-text.js';
export { type TeaObjectTypes, type TeaObjectKind } from '../tea/kinds/objects/tea-object-kinds.js';
