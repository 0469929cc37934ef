/**
 * What the VERS kinds need only once a VERS type definition or index is validated: the schemas'
 * compiled validators and the checks, with the VERS engine they use. Functions and lists of checks
 * alone, so that the build can stand in for this module in Node and load it on first use (see
 * src/sbom/kinds/sbom-body.ts).
 */
import type { SemanticCheck } from '../../validation/checks/check-table.js';
import { VERS_FIELDS } from './compiled/vers-fields.js';
import { VERS_TYPE_CHECKS, versFieldsCheck } from './vers-checks.js';

export { versTypeDefinition } from './compiled/vers-type-definition.js';
export { versTypesIndex } from './compiled/vers-types-index.js';
export { VERS_INDEX_CHECKS } from './vers-checks.js';

/** The VERS type definition's checks, in the order they run. */
export const VERS_TYPE_DEFINITION_CHECKS: readonly SemanticCheck[] = [...VERS_TYPE_CHECKS, versFieldsCheck(VERS_FIELDS.versTypeDefinition ?? [])];
