import type { KindDefinition } from '../../../validation/kind-definition.js';
import * as body from './tea-objects-body.js';
import { TEA_OBJECT_TABLE } from './tea-object-table.js';
import { teaObjectKindByFileName, teaObjectKindByShape } from './detect-tea-object.js';
import type { TeaObjectKind } from './tea-object-types.js';
import { deepFreeze } from '../../../shared/deep-freeze.js';

export type { TeaObjectKind, TeaObjectTypes } from './tea-object-types.js';
export { TEA_OBJECT_KIND_NAMES } from './tea-object-types.js';

const SCHEMA = 'https://teapurl.dev/schemas/tea-objects.schema.json';

/**
 * The TEA API's objects and pages as kinds. A document names one with
 * `"$schema": "<schema>#/definitions/<name>"`.
 *
 * @example
 * ```ts
 * import { createValidator, TEA_OBJECT_KINDS } from 'teapurl';
 * createValidator(TEA_OBJECT_KINDS).detectKind({ uuid: 'x', name: 'x', formats: [], type: 'BOM' }, undefined)?.kind; // 'tea-artifact'
 * ```
 */
export const TEA_OBJECT_KINDS: readonly KindDefinition<TeaObjectKind>[] = deepFreeze(
  TEA_OBJECT_TABLE.map(([kind, definition, exportName, aliases]) => ({
    name: kind,
    schemaId: `${SCHEMA}#/definitions/${definition}`,
    aliases,
    recognise: {
      fileName: (file: string) => teaObjectKindByFileName(file)?.kind === kind,
      shape: (value: unknown) => teaObjectKindByShape(value)?.kind === kind,
    },
    validate: body[exportName],
    checks: body.TEA_OBJECT_KIND_CHECKS[kind],
  })),
);
