import { PurlError, type PurlComponents, type PurlEngine, type PurlIssue } from '../purl/index.js';

/** One example of a definition as the engine reads it. */
export interface ExampleBreakdown {
  /** The example exactly as the definition writes it. */
  readonly purl: string;
  /** Its components when the engine accepts it, else `null`. */
  readonly components: PurlComponents | null;
  /** Why the engine refuses it; empty when accepted. */
  readonly problems: readonly PurlIssue[];
  /** The canonical form when the engine accepts the example but writes it differently, else `null`. */
  readonly canonical: string | null;
}

/**
 * Breaks an example down with the engine (strict parsing, as for any PURL). An example the
 * engine refuses keeps its place, with the engine's reasons.
 */
export function breakDownExample(engine: PurlEngine, purl: string): ExampleBreakdown {
  const validation = engine.validate(purl);
  if (!validation.valid) return { purl, components: null, problems: validation.errors, canonical: null };
  try {
    const components = engine.parse(purl);
    return { purl, components, problems: [], canonical: validation.isCanonical ? null : validation.canonical };
  } catch (error) {
    if (error instanceof PurlError) return { purl, components: null, problems: [error.toIssue()], canonical: null };
    throw error;
  }
}

/**
 * {@link breakDownExample} for every example of a definition. A value the engine's pattern guard
 * was not loaded for says so in its problems (`pattern-skipped`); `teapurl docs` loads the guard
 * and breaks the examples down again when that happens.
 */
export function breakDownExamples(engine: PurlEngine, purls: readonly string[]): ExampleBreakdown[] {
  return purls.map((purl) => breakDownExample(engine, purl));
}
