import type { KindDefinition } from '../../../validation/kind-definition.js';
import { hasOwn, isJsonObject } from '../../../shared/read-value.js';
import { purlTypeDefinition } from '../compiled/purl-type-definition.js';
import { PURL_TYPE_FIELD_CHECKS } from './purl-type-field-checks.js';
import { PURL_TYPE_PATTERN_CHECKS } from './purl-type-pattern-checks.js';
import { PURL_TYPE_EXAMPLE_CHECKS } from './purl-type-example-checks.js';
import { PURL_TYPE_UNCHECKED_CHECKS } from './purl-type-unchecked.js';
import { PURL_TYPE_EDITION_CHECKS } from './purl-type-edition-checks.js';
import { deepFreeze } from '../../../shared/deep-freeze.js';

// A VERS type definition shares the file name; its kind comes first in the list, and tells by content.
const TYPE_DEFINITION_FILE = /-definition\.json$/;

/**
 * A PURL type definition (`npm-definition.json`, …), the PURL specification's schema 1.0 or 1.1.
 *
 * @example
 * ```ts
 * import { createValidator, PURL_TYPE_DEFINITION_KIND } from 'teapurl';
 * createValidator([PURL_TYPE_DEFINITION_KIND]).detectKind({}, 'types/npm-definition.json')?.kind; // 'purl-type-definition'
 * ```
 */
export const PURL_TYPE_DEFINITION_KIND: KindDefinition<'purl-type-definition'> = deepFreeze({
  name: 'purl-type-definition',
  schemaId: 'https://teapurl.dev/schemas/purl-type-definition.schema.json',
  alsoKnownAs: [
    'https://packageurl.org/schemas/purl-type-definition.schema-1.0.json',
    'https://packageurl.org/schemas/purl-type-definition.schema-1.1.json',
    'https://packageurl.org/purl-schemas/purl-type-definition.schema-1.1.json',
  ],
  aliases: ['purl-type', 'purl'],
  recognise: {
    fileName: (file) => TYPE_DEFINITION_FILE.test(file),
    shape: (value) =>
      isJsonObject(value) &&
      (hasOwn(value, 'name_definition') || hasOwn(value, 'namespace_definition') || (hasOwn(value, 'type') && hasOwn(value, 'examples'))),
  },
  validate: purlTypeDefinition,
  checks: [...PURL_TYPE_FIELD_CHECKS, ...PURL_TYPE_PATTERN_CHECKS, ...PURL_TYPE_EXAMPLE_CHECKS, ...PURL_TYPE_EDITION_CHECKS, ...PURL_TYPE_UNCHECKED_CHECKS],
});
