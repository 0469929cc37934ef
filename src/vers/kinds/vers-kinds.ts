import type { KindDefinition } from '../../validation/kind-definition.js';
import { hasOwn, isJsonObject } from '../../shared/read-value.js';
import { VERS_INDEX_CHECKS, VERS_TYPE_DEFINITION_CHECKS, versTypeDefinition, versTypesIndex } from './vers-kinds-body.js';
import { deepFreeze } from '../../shared/deep-freeze.js';

const TYPE_DEFINITION_FILE = /-definition\.json$/;
const VERS_INDEX_FILE = /(^|[\\/])vers-types(-index\.json|[\\/]index\.json)$/;

/** A VERS type definition lists VERS examples where a PURL type definition has component definitions. */
function isVersTypeDefinition(value: unknown): boolean {
  return isJsonObject(value) && (hasOwn(value, 'vers_examples') || hasOwn(value, 'native_and_vers_equivalent_examples')) && !hasOwn(value, 'name_definition');
}

/**
 * A VERS type definition (`npm-definition.json` in the VERS specification's `types/`).
 *
 * @example
 * ```ts
 * import { createValidator, VERS_TYPE_DEFINITION_KIND } from 'teapurl';
 * createValidator([VERS_TYPE_DEFINITION_KIND]).detectKind({ vers_examples: [] }, 'npm-definition.json')?.kind; // 'vers-type-definition'
 * ```
 */
export const VERS_TYPE_DEFINITION_KIND: KindDefinition<'vers-type-definition'> = deepFreeze({
  name: 'vers-type-definition',
  schemaId: 'https://teapurl.dev/schemas/vers-type-definition.schema.json',
  alsoKnownAs: ['https://packageurl.org/schemas/vers-type-definition.schema-0.2.json'],
  aliases: ['vers-type', 'vers'],
  // PURL type definitions share the file name: the content tells which.
  recognise: { fileName: (file, value) => TYPE_DEFINITION_FILE.test(file) && isVersTypeDefinition(value), shape: isVersTypeDefinition },
  validate: versTypeDefinition,
  checks: VERS_TYPE_DEFINITION_CHECKS,
});

/**
 * The VERS specification's index of types (`vers-types/index.json`).
 *
 * @example
 * ```ts
 * import { createValidator, VERS_TYPES_INDEX_KIND } from 'teapurl';
 * createValidator([VERS_TYPES_INDEX_KIND]).detectKind([], 'vers-types/index.json')?.kind; // 'vers-types-index'
 * ```
 */
export const VERS_TYPES_INDEX_KIND: KindDefinition<'vers-types-index'> = deepFreeze({
  name: 'vers-types-index',
  schemaId: 'https://teapurl.dev/schemas/vers-types-index.schema.json',
  alsoKnownAs: ['https://packageurl.org/schemas/vers-type-index.schema-0.1.json'],
  aliases: ['vers-index'],
  recognise: { fileName: (file) => VERS_INDEX_FILE.test(file) },
  validate: versTypesIndex,
  checks: VERS_INDEX_CHECKS,
});
