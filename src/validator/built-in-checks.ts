/**
 * The checks teapurl ships: a table that each validation is given (by default), not a registry
 * that imports fill, so that nothing one program adds reaches another's validations and a bundler
 * that drops modules imported only for their effects (`sideEffects: false`) cannot drop a check.
 */
import type { CheckTable, SemanticCheck } from '../validation/checks/check-table.js';
import { deepFreeze } from '../shared/deep-freeze.js';
import { KINDS, type DocumentKind } from './kinds.js';
import { DISCOVERY_CHECKS } from '../tea/kinds/discovery/discovery-checks.js';
import { TOKEN_RESPONSE_CHECKS } from '../tea/kinds/token/token-checks.js';
import { PURL_TYPE_FIELD_CHECKS } from '../purl/kinds/type-definition/purl-type-field-checks.js';
import { PURL_TYPE_PATTERN_CHECKS } from '../purl/kinds/type-definition/purl-type-pattern-checks.js';
import { PURL_TYPE_EXAMPLE_CHECKS } from '../purl/kinds/type-definition/purl-type-example-checks.js';
import { PURL_TYPE_UNCHECKED_CHECKS } from '../purl/kinds/type-definition/purl-type-unchecked.js';
import { PURL_URLS_CHECKS } from '../purl/kinds/url-document/purl-urls-checks.js';
import { VERS_INDEX_CHECKS, VERS_TYPE_CHECKS, versFieldsCheck } from '../vers/kinds/vers-checks.js';
import { TEA_OBJECT_CHECKS } from '../tea/kinds/objects/tea-object-checks.js';
import { CYCLONEDX_CHECKS, SPDX_CHECKS } from '../sbom/kinds/sbom-purl-checks.js';

/** Each kind's own checks, in the order they run. */
const OWN_CHECKS: { readonly [K in DocumentKind]?: readonly SemanticCheck[] } = {
  'tea-discovery': DISCOVERY_CHECKS,
  'tea-token-response': TOKEN_RESPONSE_CHECKS,
  'purl-type-definition': [...PURL_TYPE_FIELD_CHECKS, ...PURL_TYPE_PATTERN_CHECKS, ...PURL_TYPE_EXAMPLE_CHECKS, ...PURL_TYPE_UNCHECKED_CHECKS],
  'purl-type-urls': PURL_URLS_CHECKS,
  'vers-type-definition': VERS_TYPE_CHECKS,
  'vers-types-index': VERS_INDEX_CHECKS,
  ...TEA_OBJECT_CHECKS,
  'cyclonedx-bom': CYCLONEDX_CHECKS,
  'spdx-document': SPDX_CHECKS,
};

/**
 * teapurl's own checks of each kind, in the order they run: what every validation uses unless it
 * is given another table (`ValidateOptions.checks`). Frozen, checks and all; extend it by making a new table.
 *
 * @example
 * ```ts
 * import { builtInChecks } from 'teapurl';
 * builtInChecks['purl-type-definition']?.map((c) => c.rule); // ['purl-type/id-file-name', 'purl-type/file-name', …]
 * ```
 */
export const builtInChecks: CheckTable = deepFreeze(
  Object.fromEntries(
    KINDS.map(({ kind, versFields }) => {
      // Where a kind's schema marks VERS strings, the VERS engine reads them: the schemas say where.
      const checks = [...(OWN_CHECKS[kind] ?? []), ...(versFields.length > 0 ? [versFieldsCheck(versFields)] : [])];
      return [kind, checks] as const;
    }).filter(([, checks]) => checks.length > 0),
  ),
);
