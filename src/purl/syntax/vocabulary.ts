import { WordIndex } from './word-index.js';
import { isLowerQualifierKey, isLowerType } from './char-classes.js';

/**
 * The words an engine knows before it reads a PURL, for the syntax layer's fast paths: a type or
 * qualifier key found here is valid and lowercase already, needs no checking, and comes back as
 * the stored string rather than a fresh slice of the input (later look-ups of it are cheaper).
 * Words only: what a type's definition asks is the engine's business.
 */
export interface Vocabulary {
  /** The types the engine has definitions for (any value that names its type). */
  readonly types: WordIndex<KnownType>;
  /** Qualifier keys: ECMA-427's own and those the definitions name. */
  readonly qualifierKeys: WordIndex<string>;
}

/** A type an engine knows, as the syntax layer sees it: its name and nothing else. */
export interface KnownType {
  readonly type: string;
}

/** The qualifier keys ECMA-427 defines for every type. */
export const STANDARD_QUALIFIER_KEYS: readonly string[] = ['repository_url', 'download_url', 'vcs_url', 'file_name', 'checksum'];

/**
 * Qualifier keys common in real PURLs that neither ECMA-427 nor a bundled definition names (a
 * Debian `upstream`, the settings of a Conan package), found in place like the others: a word
 * looked up, not a rule (any key is still checked the same way).
 */
const COMMON_QUALIFIER_KEYS: readonly string[] = ['upstream', 'os', 'compiler', 'build_type', 'shared'];

/**
 * A vocabulary of these types and qualifier keys; words that are not valid lowercase ones are left
 * out. The types index keeps the caller's objects, so an engine can find its own entry for a type
 * in place with the same look-up.
 */
export function vocabulary<T extends KnownType>(
  types: Iterable<T>,
  qualifierKeys: Iterable<string>,
): { readonly types: WordIndex<T>; readonly qualifierKeys: WordIndex<string> } {
  const typeEntries: [string, T][] = [];
  for (const t of types) if (isLowerType(t.type)) typeEntries.push([t.type, t]);
  const keyEntries: [string, string][] = [];
  for (const key of [...STANDARD_QUALIFIER_KEYS, ...COMMON_QUALIFIER_KEYS, ...qualifierKeys]) if (isLowerQualifierKey(key)) keyEntries.push([key, key]);
  return { types: new WordIndex(typeEntries), qualifierKeys: new WordIndex(keyEntries) };
}

/** The vocabulary of an engine without definitions: ECMA-427's qualifier keys only. */
export const GENERIC_VOCABULARY: Vocabulary = vocabulary<KnownType>([], []);
