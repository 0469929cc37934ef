/**
 * What the TEA objects' kinds need only once a TEA object is validated: the schema's compiled
 * validators (the largest generated code there is) and the checks, with the PURL and VERS engines
 * they use. Functions and lists of checks alone, so that the build can stand in for this module in
 * Node and load it on first use (see src/sbom/kinds/sbom-body.ts).
 */
import type { SemanticCheck } from '../../../validation/checks/check-table.js';
import { VERS_FIELDS } from '../compiled/vers-fields.js';
import { versFieldsCheck } from '../../../vers/kinds/vers-checks.js';
import { TEA_OBJECT_CHECKS } from './tea-object-checks.js';
import { TEA_OBJECT_TABLE } from './tea-object-table.js';
import type { TeaObjectKind } from './tea-object-types.js';

export * from '../compiled/tea-objects.js';

/** Each kind's checks, in the order they run: its own, then the VERS fields' when its schema has any. */
export const TEA_OBJECT_KIND_CHECKS: { readonly [K in TeaObjectKind]: readonly SemanticCheck[] } = Object.fromEntries(
  TEA_OBJECT_TABLE.map(([kind, , exportName]) => {
    const versFields = VERS_FIELDS[exportName] ?? [];
    return [kind, [...TEA_OBJECT_CHECKS[kind], ...(versFields.length > 0 ? [versFieldsCheck(versFields)] : [])]];
  }),
) as unknown as { readonly [K in TeaObjectKind]: readonly SemanticCheck[] };
