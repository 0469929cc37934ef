export { registerPurlRules, purlRulesFor, allPurlRules, type PurlRule, type RuleContext, type RuleComponent } from './registry.js';
