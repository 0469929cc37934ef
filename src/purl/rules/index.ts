export { rulesLookup, NO_RULES_LOOKUP, type PurlRule, type RuleContext, type RuleComponent, type RulesLookup } from './purl-rule.js';
export { defaultPurlRules } from './ecosystem-rules.js';
