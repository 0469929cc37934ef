import type { KindDefinition } from '../../../validation/kind-definition.js';
import { hasOwn, isJsonObject } from '../../../shared/read-value.js';
import { teaDiscovery } from '../compiled/tea-discovery.js';
import { DISCOVERY_CHECKS } from './discovery-checks.js';
import { deepFreeze } from '../../../shared/deep-freeze.js';

const WELL_KNOWN_TEA = /(^|[\\/])\.well-known[\\/]tea(\.json)?$/;

/**
 * The TEA discovery document served at `/.well-known/tea`.
 *
 * @example
 * ```ts
 * import { createValidator, TEA_DISCOVERY_KIND } from 'teapurl';
 * createValidator([TEA_DISCOVERY_KIND]).detectKind({}, 'site/.well-known/tea')?.kind; // 'tea-discovery'
 * ```
 */
export const TEA_DISCOVERY_KIND: KindDefinition<'tea-discovery'> = deepFreeze({
  name: 'tea-discovery',
  schemaId: 'https://teapurl.dev/schemas/tea-discovery.schema.json',
  aliases: ['discovery'],
  recognise: {
    fileName: (file) => WELL_KNOWN_TEA.test(file),
    shape: (value) => isJsonObject(value) && (hasOwn(value, 'endpoints') || hasOwn(value, 'schemaVersion')),
  },
  validate: teaDiscovery,
  checks: DISCOVERY_CHECKS,
});
