/**
 * Vitest global setup: says once per run, not once per test file, which of the specification
 * projects' data beside the checkout (`../shared/purl-spec`, `../shared/vers-spec`, `../shared/tea-spec`) is missing,
 * and so which tests are skipped. CONTRIBUTING.md says where the data comes from.
 */
import { HAS_PURL_SPEC, HAS_TEA_SPEC, HAS_VERS_SPEC, PURL_SPEC, TEA_SPEC, VERS_SPEC } from './paths.js';

/** The line printed when some shared data is missing, or `null` when all of it is there. */
export function missingSharedData(): string | null {
  const missing = [...(HAS_PURL_SPEC ? [] : [PURL_SPEC]), ...(HAS_VERS_SPEC ? [] : [VERS_SPEC]), ...(HAS_TEA_SPEC ? [] : [TEA_SPEC])];
  if (missing.length === 0) return null;
  return `[teapurl tests] ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} missing: the tests that read the specifications' published data are skipped (see CONTRIBUTING.md, Tests).`;
}

export default function setup(): void {
  const line = missingSharedData();
  if (line !== null) console.warn(line);
}
