import type { PurlComponents } from '../purl-components.js';

/** The components a normalisation rule can apply to. */
export type RuleComponent = 'namespace' | 'name' | 'version' | 'subpath';

/** What a rule sees besides the value it normalises: the other components, already decoded. */
export interface RuleContext {
  readonly components: Readonly<PurlComponents>;
  /** Refuses the PURL with a `rule-violation` error on this rule's component. */
  fail(message: string): never;
}

/**
 * A normalisation or validity rule that a type definition can only state in prose (its
 * `normalization_rules`, or a note). Rules are keyed by type and component, so they apply to
 * whichever definition set an engine is built from.
 */
export interface PurlRule {
  /** Stable identifier, `<type>/<component>/<what-it-does>`. */
  readonly id: string;
  readonly type: string;
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

/** Adds rules to the registry used by engines compiled afterwards. */
export function registerPurlRules(rules: readonly PurlRule[]): void {
  for (const rule of rules) {
    const key = `${rule.type}\u0000${rule.component}`;
    const list = RULES.get(key) ?? [];
    if (list.some((r) => r.id === rule.id)) throw new Error(`PURL rule ${rule.id} is registered twice`);
    list.push(rule);
    RULES.set(key, list);
  }
}

/** The rules registered for one component of one type, in registration order. */
export function purlRulesFor(type: string, component: RuleComponent): readonly PurlRule[] {
  return RULES.get(`${type}\u0000${component}`) ?? [];
}

/** Every registered rule. */
export function allPurlRules(): readonly PurlRule[] {
  return [...RULES.values()].flat();
}
