/**
 * The PURL engine as the checks of every kind reach it (purl-check-context.ts): functions alone, so
 * that the build can stand in for this module in Node and load the engine when a check first asks
 * for it (see src/sbom/kinds/sbom-body.ts). `teapurl` exports `purlContextOf`, and its import does
 * not parse the engine.
 */
import { defaultPurlRules as DEFAULT_RULES } from '../rules/index.js';
import type { PurlRule } from '../rules/purl-rule.js';

export { bundledPurlEngine, defaultPurlEngine } from '../default-engine.js';

/** teapurl's own ecosystem rules: the list itself, which `purlContextOf` compares a setup's with. */
export function defaultPurlRules(): readonly PurlRule[] {
  return DEFAULT_RULES;
}
