import type { KindDefinition } from '../../../validation/kind-definition.js';
import { hasOwn, isJsonObject } from '../../../shared/read-value.js';
import { PURL_TYPE_DEFINITION_CHECKS, purlTypeDefinition } from './type-definition-body.js';
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
  checks: PURL_TYPE_DEFINITION_CHECKS,
});
