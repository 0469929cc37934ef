import type { PurlEngine } from '../../purl/index.js';
import { canonicalDifferences } from '../../purl/syntax/canonical-differences.js';

/** The components a type's rules may rewrite, in the order a PURL writes them. */
const COMPONENTS = ['namespace', 'name', 'version', 'subpath'] as const;

const quote = (text: string) => JSON.stringify(text);

/**
 * Why a valid PURL is not its canonical form, component by component: what ECMA-427 lets a
 * reader repair and the qualifiers' order ({@link canonicalDifferences}), then each component the
 * type's definition rewrites, with the rule that does it. `generic` is an engine without type
 * definitions: the components as written, before the type's rules. When nothing else tells, the
 * difference is in how the PURL is written (percent-encoding, separators).
 */
export function canonicalChanges(engine: PurlEngine, generic: PurlEngine, purl: string): string[] {
  const reasons = canonicalDifferences(purl);
  let written: ReturnType<PurlEngine['parse']>;
  let typed: ReturnType<PurlEngine['parse']>;
  try {
    written = generic.parse(purl);
    typed = engine.parse(purl);
  } catch {
    return reasons;
  }
  const rules = engine.rules();
  for (const component of COMPONENTS) {
    const before = written[component];
    const after = typed[component];
    if (before === after || before === null || after === null) continue;
    const named = rules.filter((rule) => rule.type === typed.type && rule.component === component).map((rule) => rule.id);
    const why: string[] = named.length > 0 ? [`rule ${named.join(', ')}`] : [];
    if (before !== before.toLowerCase() && after === after.toLowerCase()) why.push(`${typed.type} ${component}s are case-insensitive`);
    if (why.length === 0) why.push(`the ${typed.type} type's rules for the ${component}`);
    reasons.push(`${component} ${quote(before)} becomes ${quote(after)} (${why.join(', and ')})`);
  }
  for (const [key, value] of Object.entries(written.qualifiers ?? {})) {
    const after = typed.qualifiers?.[key.toLowerCase()];
    if (after !== undefined && after !== value)
      reasons.push(`qualifier ${key} ${quote(value)} becomes ${quote(after)} (the ${typed.type} type's rules for ${key})`);
  }
  if (reasons.length === 0) reasons.push('written with other percent-encoding or separators than the canonical form');
  return reasons;
}
