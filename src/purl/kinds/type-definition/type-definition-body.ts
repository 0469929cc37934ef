/**
 * What the PURL type definition kind needs only once a definition is validated: the schema's
 * compiled validator and the checks, with the PURL engine and the URL documents' engine they use.
 * Functions and lists of checks alone, so that the build can stand in for this module in Node and
 * load it on first use (see src/sbom/kinds/sbom-body.ts).
 */
import type { SemanticCheck } from '../../../validation/checks/check-table.js';
import { PURL_TYPE_FIELD_CHECKS } from './purl-type-field-checks.js';
import { PURL_TYPE_PATTERN_CHECKS } from './purl-type-pattern-checks.js';
import { PURL_TYPE_EXAMPLE_CHECKS } from './purl-type-example-checks.js';
import { PURL_TYPE_UNCHECKED_CHECKS } from './purl-type-unchecked.js';
import { PURL_TYPE_EDITION_CHECKS } from './purl-type-edition-checks.js';

export { purlTypeDefinition } from '../compiled/purl-type-definition.js';

/** The kind's checks, in the order they run. */
export const PURL_TYPE_DEFINITION_CHECKS: readonly SemanticCheck[] = [
  ...PURL_TYPE_FIELD_CHECKS,
  ...PURL_TYPE_PATTERN_CHECKS,
  ...PURL_TYPE_EXAMPLE_CHECKS,
  ...PURL_TYPE_EDITION_CHECKS,
  ...PURL_TYPE_UNCHECKED_CHECKS,
];
