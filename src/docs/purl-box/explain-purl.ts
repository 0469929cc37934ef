import { PurlError, type PurlComponents, type PurlEngine, type PurlIssue } from '../../purl/index.js';
import type { PurlUrls } from '../../purl/urls/purl-urls.js';
import { canonicalDifferences } from '../../purl/syntax/canonical-differences.js';

/**
 * What the docs site's live PURL box shows for what a reader typed: the components, the
 * canonical form and every problem the engine reports. Kept apart from the page script (which
 * only turns this into DOM nodes) so that Node tests can check the answers without a browser.
 */
export interface PurlExplanation {
  /** The engine accepts the PURL under strict parsing and its type's definition. */
  readonly valid: boolean;
  /** The components as the engine reads them (leniently when strict parsing refuses), or `null`. */
  readonly components: PurlComponents | null;
  /** The canonical form, or `null` when the engine cannot write one. */
  readonly canonical: string | null;
  /** Whether what was typed already is the canonical form. */
  readonly isCanonical: boolean;
  /** Why what was typed is not its canonical form, in the words `purl validate` and the example checks use; empty when it is, or has none. */
  readonly notCanonical: readonly string[];
  /** Every problem, in the engine's words. */
  readonly errors: readonly PurlIssue[];
  /** What the type's definition asks for without requiring it (ECMA-427 2nd edition): the engine's warnings on a valid PURL. */
  readonly warnings: readonly PurlIssue[];
  /** The type is not one of the engine's: it was read with the generic rules of ECMA-427. */
  readonly unknownType: boolean;
  /**
   * The repository, version page and download URLs of a valid PURL (each `null` when none
   * applies), or `null` when the PURL is not valid or no URL mapper was given: URLs of a PURL the
   * engine refuses would point somewhere the reader did not ask for.
   */
  readonly urls: { readonly repository: string | null; readonly versionPage: string | null; readonly download: string | null } | null;
  /** Whether the URL mapper has a document for the PURL's type. */
  readonly hasUrlDocument: boolean;
}

function attempt<T>(run: () => T): T | null {
  try {
    return run();
  } catch (error) {
    if (error instanceof PurlError) return null;
    throw error;
  }
}

/**
 * Explains `input` with `engine`. Strict validation decides validity and the errors; for an
 * invalid PURL the components and canonical form still come from lenient reading when ECMA-427
 * lets a reader repair it (a qualifier key in uppercase), so the reader sees what it would become.
 * With `urls`, a valid PURL's repository, version page and download URLs come from the URL mapper.
 */
export function explainPurl(engine: PurlEngine, input: string, urls?: PurlUrls): PurlExplanation {
  const validation = engine.validate(input);
  const components = attempt(() => engine.parse(input, { lenient: !validation.valid }));
  const canonical = validation.canonical ?? attempt(() => engine.canonicalize(input));
  const found = urls !== undefined && validation.valid && canonical !== null ? attempt(() => urls.purlToUrls(canonical)) : null;
  return {
    urls: found === null ? null : { repository: found.repository, versionPage: found.versionPage, download: found.download },
    hasUrlDocument: urls !== undefined && components !== null && urls.document(components.type) !== undefined,
    valid: validation.valid,
    components,
    canonical,
    isCanonical: canonical === input,
    notCanonical: canonical === null || canonical === input ? [] : canonicalDifferences(input),
    errors: validation.errors,
    warnings: validation.warnings,
    unknownType: components !== null && !engine.types().includes(components.type),
  };
}

/**
 * What the box shows for what a reader typed or pasted: a PURL is explained as it is; a web URL
 * (what a reader copies from a registry's page or a download link) is read back to the PURL it
 * names, which is then explained.
 */
export type InputExplanation =
  | { readonly kind: 'purl'; readonly purl: string; readonly explanation: PurlExplanation }
  | { readonly kind: 'url'; readonly url: string; readonly purl: string; readonly explanation: PurlExplanation }
  | { readonly kind: 'unknown-url'; readonly url: string };

/** A URL the reader pasted rather than a PURL: one with an http(s) scheme. */
function isWebUrl(input: string): boolean {
  return /^https?:\/\//i.test(input) && URL.canParse(input);
}

/** Explains what the reader typed: {@link explainPurl} for a PURL, or for a web URL the PURL it reads back to. */
export function explainInput(engine: PurlEngine, input: string, urls?: PurlUrls): InputExplanation {
  const text = input.trim();
  if (!isWebUrl(text)) return { kind: 'purl', purl: text, explanation: explainPurl(engine, text, urls) };
  const purl = urls === undefined ? null : attempt(() => urls.urlToPurl(text));
  return purl === null ? { kind: 'unknown-url', url: text } : { kind: 'url', url: text, purl, explanation: explainPurl(engine, purl, urls) };
}
