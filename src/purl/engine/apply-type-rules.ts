import { PurlError, quote, type PurlIssue } from '../purl-error.js';
import type { PurlComponents } from '../purl-components.js';
import type { ComponentPlan, CompiledType } from '../definitions/compile-definition.js';
import type { RuleContext } from '../rules/registry.js';

/**
 * Applies a compiled type to decoded components, in place: requirements, case folding, registry
 * rules, then permitted characters and required qualifiers. With `issues` every problem is
 * collected; without, the first one is thrown as a {@link PurlError}.
 */
export function applyTypeRules(c: PurlComponents, compiled: CompiledType, issues?: PurlIssue[]): void {
  // Building strips "/" from both ends of the name; a name decoded from "%2F…" gets the same
  // treatment, so that a parsed PURL and the PURL built from it have the same components.
  if (c.name.charCodeAt(0) === 0x2f || c.name.charCodeAt(c.name.length - 1) === 0x2f) c.name = c.name.replace(/^\/+|\/+$/g, '');
  if (compiled.namespaceSegments !== null) moveNamespaceTailToName(c, compiled.namespaceSegments);
  c.namespace = applyPlan(c, c.namespace, compiled.namespace, issues);
  c.name = applyPlan(c, c.name === '' ? null : c.name, compiled.name, issues) ?? c.name;
  c.version = applyPlan(c, c.version, compiled.version, issues);
  c.subpath = applyPlan(c, c.subpath, compiled.subpath, issues);
  for (const key of compiled.requiredQualifiers) {
    if (c.qualifiers?.[key] === undefined) {
      report(
        issues,
        new PurlError('qualifiers', 'missing-qualifier', `${compiled.type} PURLs require the qualifier ${quote(key)}`),
      );
    }
  }
}

function applyPlan(c: PurlComponents, value: string | null, plan: ComponentPlan, issues: PurlIssue[] | undefined): string | null {
  const { component } = plan;
  if (value === null) {
    if (plan.requirement === 'required') {
      const code = component === 'name' ? 'missing-name' : 'required';
      report(issues, new PurlError(component, code, `${c.type} PURLs require a ${component}`));
    }
    return null;
  }
  if (plan.requirement === 'prohibited') {
    report(issues, new PurlError(component, 'prohibited', `${c.type} PURLs have no ${component}, but ${quote(value)} is given`));
    return value;
  }
  let result = plan.lowercase ? value.toLowerCase() : value;
  for (const rule of plan.rules) {
    try {
      result = rule.apply(result, contextFor(c, plan));
    } catch (error) {
      if (!(error instanceof PurlError)) throw error;
      report(issues, error);
      return result;
    }
  }
  if (plan.permitted !== null) {
    const ok = plan.permitted.test(result);
    if (ok === null) {
      report(
        issues,
        new PurlError(component, 'pattern-timeout', `${c.type} ${component} ${quote(result)}: the definition's permitted_characters pattern took too long and was stopped`),
      );
    } else if (!ok) {
      report(
        issues,
        new PurlError(component, 'invalid-characters', `${c.type} ${component} ${quote(result)} does not match the permitted characters ${plan.permitted.source}`),
      );
    }
  }
  return result;
}

function contextFor(c: PurlComponents, plan: ComponentPlan): RuleContext {
  return {
    components: c,
    fail(message: string): never {
      throw new PurlError(plan.component, 'rule-violation', message);
    },
  };
}

function report(issues: PurlIssue[] | undefined, error: PurlError): void {
  if (issues === undefined) throw error;
  issues.push(error.toIssue());
}

/**
 * `host/owner` + `repo` becomes `host` + `owner/repo` when the namespace keeps one segment. The
 * name's `/` are then separators, so its empty segments go, as parsing would drop them.
 */
function moveNamespaceTailToName(c: PurlComponents, keep: number): void {
  if (c.name.includes('//')) c.name = c.name.split('/').filter((segment) => segment !== '').join('/');
  if (c.namespace === null) return;
  const segments = c.namespace.split('/');
  if (segments.length <= keep) return;
  c.namespace = segments.slice(0, keep).join('/');
  const tail = segments.slice(keep).join('/');
  c.name = c.name === '' ? tail : `${tail}/${c.name}`;
}
