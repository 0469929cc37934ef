import type { PurlComponents } from '../purl-components.js';
import { ECOSYSTEM_RULES } from './ecosystem-rules.js';

/**
 * The components a normalisation rule can apply to.
 *
 * @example
 * ```ts
 * import { purlRulesFor, type RuleComponent } from 'teapurl';
 * const component: RuleComponent = 'name';
 * purlRulesFor('pypi', component).length; // 1
 * ```
 */
export type RuleComponent = 'namespace' | 'name' | 'version' | 'subpath';

/**
 * What a rule sees besides the value it normalises: the other components, already decoded.
 *
 * @example
 * ```ts
 * import type { RuleContext } from 'teapurl';
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
 * whichever definition set an engine is built from.
 *
 * @example
 * ```ts
 * import type { PurlRule } from 'teapurl';
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

const RULES = new Map<string, PurlRule[]>();

/**
 * Adds rules to the registry used by engines compiled afterwards. A rule id may be registered
 * only once.
 *
 * @example
 * ```ts
 * import { registerPurlRules, PurlEngine, defaultPurlDefinition } from 'teapurl';
 * registerPurlRules([{
 *   id: 'cargo/version/no-latest',
 *   type: 'cargo',
 *   component: 'version',
 *   summary: 'The version is a real release, never "latest".',
 *   apply: (version, context) => (version === 'latest' ? context.fail('cargo version "latest" is not a release') : version),
 * }]);
 * const engine = PurlEngine.fromDefinitions([defaultPurlDefinition('cargo')]);
 * engine.validate('pkg:cargo/rand@latest').errors[0]?.code; // 'rule-violation'
 * ```
 */
export function registerPurlRules(rules: readonly PurlRule[]): void {
  for (const rule of rules) {
    const key = `${rule.type}\u0000${rule.component}`;
    const list = RULES.get(key) ?? [];
    if (list.some((r) => r.id === rule.id)) throw new Error(`PURL rule ${rule.id} is registered twice`);
    list.push(rule);
    RULES.set(key, list);
  }
}

/**
 * The rules registered for one component of one type, in registration order.
 *
 * @example
 * ```ts
 * import { purlRulesFor } from 'teapurl';
 * purlRulesFor('pypi', 'name').map((rule) => rule.summary); // ['Each "_" in the name becomes "-".']
 * purlRulesFor('npm', 'name');                              // []
 * ```
 */
export function purlRulesFor(type: string, component: RuleComponent): readonly PurlRule[] {
  return RULES.get(`${type}\u0000${component}`) ?? [];
}

/**
 * Every registered rule.
 *
 * @example
 * ```ts
 * import { allPurlRules } from 'teapurl';
 * allPurlRules().map((rule) => rule.id); // ['pypi/name/underscore-to-dash', 'cpan/name/distribution-not-module', …]
 * ```
 */
export function allPurlRules(): readonly PurlRule[] {
  return [...RULES.values()].flat();
}

// The ecosystem rules are part of the table from the start, not registered by an import done for
// its effect, which a bundler honouring `sideEffects: false` may drop.
registerPurlRules(ECOSYSTEM_RULES);
