/**
 * What a type definition of ECMA-427's 2nd edition asks of a PURL without requiring it: a
 * namespace among the type's registered values, the qualifiers it marks `recommended`. Read only
 * by `validate` and by a parse asked to be strict, never on the ordinary parse path.
 */
import type { CompiledType } from '../definitions/compile-definition.js';
import type { PurlComponents } from '../purl-components.js';
import { quote, type PurlIssue } from '../purl-error.js';

/** How many registered values a message lists before it says "…". */
const LISTED = 5;

function listed(values: ReadonlySet<string>): string {
  const all = [...values].sort();
  const shown = all.slice(0, LISTED).map((v) => quote(v, 40));
  return all.length > LISTED ? `${shown.join(', ')}, … (${all.length} in all)` : shown.join(', ');
}

/** Whether the plan asks anything that {@link typeWarnings} checks. */
export function hasTypeWarnings(plan: CompiledType): boolean {
  return plan.registeredNamespaces !== null || plan.recommendedQualifiers.length > 0;
}

/**
 * The warnings for components already read and normalised under `plan` (an empty list when the
 * definition registers no namespace and recommends no qualifier).
 */
export function typeWarnings(components: Pick<PurlComponents, 'type' | 'namespace' | 'qualifiers'>, plan: CompiledType): PurlIssue[] {
  const warnings: PurlIssue[] = [];
  const registered = plan.registeredNamespaces;
  const namespace = components.namespace;
  if (registered !== null && namespace !== null && !registered.has(namespace)) {
    warnings.push({
      component: 'namespace',
      code: 'unregistered-namespace',
      message: `${components.type} namespace ${quote(namespace)} is not one of the values registered for the type (${listed(registered)})`,
    });
  }
  for (const key of plan.recommendedQualifiers) {
    if (components.qualifiers != null && Object.hasOwn(components.qualifiers, key)) continue;
    warnings.push({
      component: 'qualifiers',
      code: 'missing-recommended-qualifier',
      message: `${components.type} PURLs should carry the qualifier ${quote(key)} (its definition marks it recommended)`,
    });
  }
  return warnings;
}
