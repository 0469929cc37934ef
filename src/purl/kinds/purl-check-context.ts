import type { CheckContext } from '../../validation/checks/check-context.js';
import type { PatternGuard } from '../definitions/pattern-guard-contract.js';
import type { PurlRule } from '../rules/purl-rule.js';
import { bundledPurlEngine, defaultPurlEngine, defaultPurlRules } from './purl-engine-body.js';
import type { PurlEngine } from '../engine/purl-engine.js';

/**
 * What a validation is given for the PURL engines its checks build and use (type definitions,
 * URL documents, the PURLs of SBOMs and TEA objects): given per call, defaulting to teapurl's own.
 *
 * @example
 * ```ts
 * import { validateText, type PurlValidationSetup } from 'teapurl';
 * import { loadPatternGuard } from 'teapurl/purl';
 * const setup: PurlValidationSetup = { patternGuard: await loadPatternGuard() };
 * validateText('{"type": "npm"}', { kind: 'purl-type-definition', ...setup }).valid; // false
 * ```
 */
export interface PurlValidationSetup {
  /** The PURL rules of the engines built from type definitions (`PurlEngineOptions.rules`); default `defaultPurlRules`. */
  purlRules?: readonly PurlRule[];
  /**
   * The pattern guard for patterns that can backtrack catastrophically (`loadPatternGuard()` from
   * `teapurl/purl`); without it, long examples of such patterns are reported as not checked.
   */
  patternGuard?: PatternGuard | null;
}

/**
 * The PURL side of one document's checks.
 *
 * @example
 * ```ts
 * import { purlContextOf, type PurlCheckContext, type SemanticCheck } from 'teapurl';
 * const canonicalName: SemanticCheck = {
 *   rule: 'local/name',
 *   summary: 'The name is a PURL the bundled types accept.',
 *   check(document, context) {
 *     const purl: PurlCheckContext = purlContextOf(context);
 *     const { valid } = purl.purlEngine().validate(String((document as { name?: unknown }).name));
 *     return valid ? [] : [{ pointer: '/name', severity: 'error', rule: 'local/name', message: 'name is not a valid PURL' }];
 *   },
 * };
 * ```
 */
export interface PurlCheckContext {
  /** The PURL rules of this validation (`purlRules`). */
  readonly purlRules: readonly PurlRule[];
  /** The pattern guard of this validation (`patternGuard`), or `null`. */
  readonly patternGuard: PatternGuard | null;
  /** The engine of teapurl's bundled types under {@link purlRules} and {@link patternGuard}, made once per validation. */
  purlEngine(): PurlEngine;
}

/**
 * The PURL side of a check's context, read from what the validation was given; made once per document.
 *
 * @example
 * ```ts
 * import { purlContextOf, type SemanticCheck } from 'teapurl';
 * const usesEngine: SemanticCheck = {
 *   rule: 'local/purl',
 *   summary: 'The purl member is a valid PURL.',
 *   check: (document, context) => (purlContextOf(context).purlEngine().validate(String((document as { purl?: unknown }).purl)).valid ? [] : [{ pointer: '/purl', severity: 'error', rule: 'local/purl', message: 'not a PURL' }]),
 * };
 * ```
 */
export function purlContextOf(context: CheckContext): PurlCheckContext {
  return context.shared('purl/context', () => {
    const setup = context.setup as PurlValidationSetup;
    const defaults = defaultPurlRules();
    const purlRules = setup.purlRules ?? defaults;
    const patternGuard = setup.patternGuard ?? null;
    let engine: PurlEngine | undefined;
    return {
      purlRules,
      patternGuard,
      purlEngine() {
        // The default engine when nothing differs from its options: no engine to make.
        engine ??= purlRules === defaults && patternGuard === null ? defaultPurlEngine() : bundledPurlEngine({ rules: purlRules, patternGuard });
        return engine;
      },
    };
  });
}
