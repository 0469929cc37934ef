import { PurlError, quote, type PurlErrorCode, type PurlIssue } from '../purl-error.js';
import type { PurlComponents } from '../purl-components.js';
import type { ComponentPlan, CompiledType } from '../definitions/compile-definition.js';
import type { RuleContext } from '../rules/index.js';
import type { CaseFreeParts } from '../syntax/canonical-source.js';

/**
 * Characters that lowercasing may change: ASCII capitals and anything outside ASCII. Testing
 * for them first is cheaper than `toLowerCase`, which builds a new string (for a sliced string,
 * in a runtime call) even when nothing changes, as for most values.
 */
const MAY_CHANGE_CASE = /[A-Z\u0080-\uffff]/;

/**
 * Applies a compiled type to decoded components, in place: requirements, case folding, registry
 * rules, then permitted characters and required qualifiers. With `issues` every problem is
 * collected; without, the first one is thrown as a {@link PurlError}. `caseFree` says which
 * components hold no character lowercasing changes (the parser saw none), so that folding them
 * needs no test.
 */
export function applyTypeRules(c: PurlComponents, compiled: CompiledType, issues?: PurlIssue[], caseFree: CaseFreeParts = 0): void {
  if (compiled.namespaceSegments !== null) moveNamespaceTailToName(c, compiled.namespaceSegments);
  // Each component goes through its plan only when the plan has something to do with it: most
  // components are optional and case-sensitive, with no rules, and need nothing.
  const { namespace, name, version, subpath } = compiled;
  if (c.namespace === null ? namespace.required : namespace.acts) c.namespace = applyPlan(c, c.namespace, namespace, issues, caseFree >= 1);
  if (c.name === '' ? name.required : name.acts) c.name = applyPlan(c, c.name === '' ? null : c.name, name, issues, caseFree >= 1) ?? c.name;
  if (c.version === null ? version.required : version.acts) c.version = applyPlan(c, c.version, version, issues, caseFree === 2);
  if (c.subpath === null ? subpath.required : subpath.acts) c.subpath = applyPlan(c, c.subpath, subpath, issues, false);
  if (compiled.requiredQualifiers.length > 0) checkRequiredQualifiers(c, compiled, issues);
}

function checkRequiredQualifiers(c: PurlComponents, compiled: CompiledType, issues: PurlIssue[] | undefined): void {
  for (const key of compiled.requiredQualifiers) {
    if (c.qualifiers?.[key] === undefined) {
      report(issues, 'qualifiers', 'missing-qualifier', `${compiled.type} PURLs require the qualifier ${quote(key)}`);
    }
  }
}

/** One component through its plan: requirement, case folding, then (when the plan has any) rules and pattern. */
function applyPlan(c: PurlComponents, value: string | null, plan: ComponentPlan, issues: PurlIssue[] | undefined, caseFree: boolean): string | null {
  if (value === null) {
    if (plan.requirement === 'required') {
      const code = plan.component === 'name' ? 'missing-name' : 'required';
      report(issues, plan.component, code, `${c.type} PURLs require a ${plan.component}`);
    }
    return null;
  }
  if (plan.requirement === 'prohibited') {
    report(issues, plan.component, 'prohibited', `${c.type} PURLs have no ${plan.component}, but ${quote(value)} is given`);
    return value;
  }
  const folded = plan.lowercase && !caseFree && MAY_CHANGE_CASE.test(value) ? value.toLowerCase() : value;
  // Most plans have neither rules nor a pattern: keep that path free of the loop and the checks.
  return plan.checked ? applyRulesAndPattern(c, folded, plan, issues) : folded;
}

function applyRulesAndPattern(c: PurlComponents, value: string, plan: ComponentPlan, issues: PurlIssue[] | undefined): string {
  const { component } = plan;
  let result = value;
  if (plan.rules.length > 0) {
    const context = new RuleCall(c, component);
    // Parsing lets a rule's error through as it is; validating collects it and goes on.
    if (issues === undefined) {
      for (const rule of plan.rules) result = rule.apply(result, context);
    } else {
      try {
        for (const rule of plan.rules) result = rule.apply(result, context);
      } catch (error) {
        if (!(error instanceof PurlError)) throw error;
        issues.push(error.toIssue());
        return result;
      }
    }
  }
  if (plan.permitted !== null) {
    const ok = plan.permitted.test(result);
    if (ok === null) report(issues, component, 'pattern-skipped', patternNotRun(c.type, component, result, plan.permitted.unrunReason(result.length)));
    else if (!ok) {
      report(
        issues,
        component,
        'invalid-characters',
        `${c.type} ${component} ${quote(result)} does not match the permitted characters ${shortSource(plan.permitted.source)}`,
      );
    }
  }
  return result;
}

/**
 * The message for a value the pattern was not run on: one that can backtrack catastrophically, on
 * a value longer than it can safely run on directly, while the pattern guard is not loaded or
 * cannot run it. `why` says which, and what to do.
 */
function patternNotRun(type: string, component: ComponentPlan['component'], value: string, why: string | null): string {
  return `${type} ${component} ${quote(value)} was not checked against the definition's permitted_characters: ${why ?? 'the pattern was not run'}`;
}

/** A definition's pattern as a message shows it: whole when short, cut when huge. */
function shortSource(source: string): string {
  return source.length > 120 ? `${source.slice(0, 120)}…` : source;
}

/** What a rule of one component sees: a class rather than a literal with a closure, which V8 would make anew for each rule applied. */
class RuleCall implements RuleContext {
  constructor(
    readonly components: PurlComponents,
    readonly component: ComponentPlan['component'],
  ) {}

  fail(message: string): never {
    throw new PurlError(this.component, 'rule-violation', message);
  }
}

/**
 * Throws the problem when parsing, or records it when validating. An issue being collected is a
 * plain object: building an Error for it would capture a stack trace nobody reads, which was most
 * of the time of validating 100,000 examples that share one problem.
 */
function report(issues: PurlIssue[] | undefined, component: PurlIssue['component'], code: PurlErrorCode, message: string): void {
  if (issues === undefined) throw new PurlError(component, code, message);
  issues.push({ component, code, message });
}

/**
 * `host/owner` + `repo` becomes `host` + `owner/repo` when the namespace keeps one segment. The
 * name's `/` are then separators, so its empty segments go, as parsing would drop them.
 */
export function moveNamespaceTailToName(c: PurlComponents, keep: number): void {
  if (c.name.includes('//'))
    c.name = c.name
      .split('/')
      .filter((segment) => segment !== '')
      .join('/');
  if (c.namespace === null) return;
  const segments = c.namespace.split('/');
  if (segments.length <= keep) return;
  c.namespace = segments.slice(0, keep).join('/');
  const tail = segments.slice(keep).join('/');
  c.name = c.name === '' ? tail : `${tail}/${c.name}`;
}
