import type { PurlComponents } from '../purl-components.js';
import { InvalidArgumentError } from '../../shared/errors.js';

/**
 * The components a normalisation rule can apply to.
 *
 * @example
 * ```ts
 * import { defaultPurlEngine, type RuleComponent } from 'teapurl/purl';
 * const component: RuleComponent = 'name';
 * defaultPurlEngine().rulesFor('pypi', component).length; // 1
 * ```
 */
export type RuleComponent = 'namespace' | 'name' | 'version' | 'subpath';

/**
 * What a rule sees besides the value it normalises: the other components, already decoded.
 *
 * @example
 * ```ts
 * import type { RuleContext } from 'teapurl/purl';
 * function requireRepositoryUrl(name: string, context: RuleContext): string {
 *   if (context.components.qualifiers?.repository_url === undefined) context.fail(`${name} needs a repository_url`);
 *   return name;
 * }
 * ```
 */
export interface RuleContext {
  /**
   * The PURL's components, decoded. Those handled before this one (in the order namespace, name,
   * version, subpath) are already normalised; this one still holds its value as read.
   */
  readonly components: Readonly<PurlComponents>;
  /** Refuses the PURL with a `rule-violation` error on this rule's component. */
  fail(message: string): never;
}

/**
 * A normalisation or validity rule that a type definition can only state in prose (its
 * `normalization_rules`, or a note). Rules are keyed by type and component, so they apply to
 * whichever definition set an engine is built from. An engine is given its rules when it is made
 * ({@link PurlEngineOptions.rules}); {@link defaultPurlRules} are teapurl's own.
 *
 * @example
 * ```ts
 * import type { PurlRule } from 'teapurl/purl';
 * const underscoreToDash: PurlRule = {
 *   id: 'pypi/name/underscore-to-dash',
 *   type: 'pypi',
 *   component: 'name',
 *   summary: 'Each "_" in the name becomes "-".',
 *   apply: (name) => name.replaceAll('_', '-'),
 * };
 * ```
 */
export interface PurlRule {
  /** Stable identifier, `<type>/<component>/<what-it-does>`. */
  readonly id: string;
  /** The PURL type the rule belongs to, lowercase. */
  readonly type: string;
  /** The component whose value the rule normalises or refuses. */
  readonly component: RuleComponent;
  /** One line for documentation pages. */
  readonly summary: string;
  /** Returns the normalised value, or calls `context.fail` when the value can never be valid. */
  apply(value: string, context: RuleContext): string;
  /**
   * For a `name` rule: the namespace holds only this many leading segments and the rest of the
   * path belongs to the name, whose `/` are then written unencoded (a git host, then the
   * repository path on it).
   */
  readonly namespaceSegments?: number;
}

/** Where compiling finds a component's rules: the rules an engine was given, looked up by type and component. */
export type RulesLookup = (type: string, component: RuleComponent) => readonly PurlRule[];

const NO_RULES: readonly PurlRule[] = Object.freeze([]);

/** A lookup that finds no rule: the generic plan's, and a definition checked on its own terms. */
export const NO_RULES_LOOKUP: RulesLookup = () => NO_RULES;

/**
 * The lookup over a list of rules, in list order per type and component. A rule id given twice is
 * refused with a `TypeError`: two rules claiming one name would make the documentation lie.
 */
export function rulesLookup(rules: readonly PurlRule[]): RulesLookup {
  if (!Array.isArray(rules)) throw new InvalidArgumentError('rules must be an array of PURL rules');
  const byKey = new Map<string, PurlRule[]>();
  const ids = new Set<string>();
  for (const rule of rules) {
    if (typeof rule !== 'object' || rule === null || typeof rule.id !== 'string' || typeof rule.apply !== 'function') {
      throw new InvalidArgumentError('each PURL rule needs a string id, a type, a component and an apply function');
    }
    if (ids.has(rule.id)) throw new InvalidArgumentError(`PURL rule ${rule.id} is given twice`);
    ids.add(rule.id);
    const key = `${rule.type}\u0000${rule.component}`;
    const list = byKey.get(key);
    if (list === undefined) byKey.set(key, [rule]);
    else list.push(rule);
  }
  if (byKey.size === 0) return NO_RULES_LOOKUP;
  return (type, component) => byKey.get(`${type}\u0000${component}`) ?? NO_RULES;
}
