import { registerPurlRules } from './registry.js';
import { ECOSYSTEM_RULES } from './ecosystem-rules.js';

registerPurlRules(ECOSYSTEM_RULES);

export { registerPurlRules, purlRulesFor, allPurlRules, type PurlRule, type RuleContext, type RuleComponent } from './registry.js';
