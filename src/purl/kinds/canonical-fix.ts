/**
 * Whether a PURL that is not canonical (a type definition's example, an SBOM's PURL) has exactly
 * one correct rewrite: its canonical form, offered as a fix only when it names the very same
 * package. Two tests, both needed:
 *
 * - the engine reads equal components from the PURL and from its canonical form (the parse
 *   results are compared, not the strings);
 * - the canonical form does not escape a separator the PURL writes as is. The parser reads
 *   such a separator as data (`pkg:yocto/core/glibc@2.35&layer=kirkstone` has the version
 *   `2.35&layer=kirkstone`), and the canonical form then spells out that reading
 *   (`2.35%26layer%3Dkirkstone`) where the author most likely meant qualifiers: a person must say
 *   which. Qualifier values are left out of this test: there a `/` or `@` can only be data.
 */
import type { FindingFix } from '../../shared/finding.js';
import type { PurlComponents } from '../purl-components.js';

/** A PURL as written, its canonical form, and the components an engine reads from each (`null` where it reads none). */
export interface CanonicalReading {
  readonly purl: string;
  readonly canonical: string | null;
  readonly components: PurlComponents | null;
  readonly canonicalComponents: PurlComponents | null;
}

/** Characters that separate parts of a PURL outside its qualifiers. */
const SEPARATORS = ['/', '?', '#', '&', '='] as const;

/** The PURL without its qualifiers: what precedes the last `?` before the subpath, then the subpath. */
function outsideQualifiers(purl: string): string {
  const hash = purl.lastIndexOf('#');
  const end = hash === -1 ? purl.length : hash;
  const question = end === 0 ? -1 : purl.lastIndexOf('?', end - 1);
  return (question === -1 ? purl.slice(0, end) : purl.slice(0, question)) + (hash === -1 ? '' : purl.slice(hash));
}

/** How many times `text` holds `char` percent-encoded, in either case of hex digit. */
function escapeCount(text: string, char: string): number {
  const hex = char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
  let count = 0;
  for (let i = text.indexOf('%'); i !== -1; i = text.indexOf('%', i + 1)) {
    if (text.slice(i + 1, i + 3).toUpperCase() === hex) count++;
  }
  return count;
}

/** The separators the canonical form escapes more often than the PURL: written as is, read as data. */
export function separatorsReadAsData(purl: string, canonical: string): string[] {
  // A canonical form that escapes nothing escapes no separator (most do not: an SBOM's PURLs
  // not canonical are mostly so for their case), and ten searches are saved.
  if (!canonical.includes('%')) return [];
  const before = outsideQualifiers(purl);
  const after = outsideQualifiers(canonical);
  return SEPARATORS.filter((char) => escapeCount(after, char) > escapeCount(before, char));
}

/** Whether two qualifier records hold the same keys with the same values. */
function sameQualifiers(a: PurlComponents['qualifiers'], b: PurlComponents['qualifiers']): boolean {
  if (a === null || b === null) return a === b;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (!Object.hasOwn(b, key) || a[key] !== b[key]) return false;
  return true;
}

/** Whether two readings name the same package: their six components equal (an SBOM compares thousands of pairs). */
export function sameComponents(a: PurlComponents, b: PurlComponents): boolean {
  return (
    a.type === b.type &&
    a.namespace === b.namespace &&
    a.name === b.name &&
    a.version === b.version &&
    a.subpath === b.subpath &&
    sameQualifiers(a.qualifiers, b.qualifiers)
  );
}

/** The fix of a PURL that is not canonical, or why it needs a person; `noun` is what the message calls the PURL. */
export function canonicalFix(reading: CanonicalReading, pointer: string, noun = 'example'): { fix: FindingFix } | { reason: string } {
  const { canonical, components, canonicalComponents } = reading;
  if (canonical === null || components === null || canonicalComponents === null || !sameComponents(components, canonicalComponents)) {
    return { reason: 'the canonical form does not read back as the same components' };
  }
  const separators = separatorsReadAsData(reading.purl, canonical);
  if (separators.length > 0) {
    const which = separators.map((s) => JSON.stringify(s)).join(' and ');
    const written = separators.length === 1 ? 'it as a separator' : 'them as separators';
    return { reason: `the canonical form escapes ${which} where the ${noun} writes ${written}: check what the ${noun} means` };
  }
  return { fix: { pointer, replacement: canonical } };
}
