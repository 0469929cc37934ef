/**
 * The library's messages name its options in its own words (`the allowNoChecksum option`); a
 * command prints them with the flag that sets each option instead. One table per command: the
 * library's words, and what the command line says for them.
 */
export type FlagHints = ReadonlyArray<readonly [library: string, commandLine: string]>;

/** `text` with each library phrase of `hints` replaced by its command-line words. */
export function withFlagHints(text: string, hints: FlagHints): string {
  let out = text;
  for (const [library, commandLine] of hints) out = out.replaceAll(library, commandLine);
  return out;
}

/** `teapurl download`: the options of `downloadProductRelease`. */
export const DOWNLOAD_FLAG_HINTS: FlagHints = [
  ['allow it with the allowNoChecksum option', 'allow it with --allow-unverified'],
  ['choose another folder (the out option)', 'choose another --out folder'],
];

/** `teapurl docs`: the options of `writeDocsSite`. */
export const DOCS_FLAG_HINTS: FlagHints = [['write with the force option', 'add --force']];

/** `teapurl auth-check`: the options of `authCheck`. */
export const AUTH_CHECK_FLAG_HINTS: FlagHints = [
  ['name a protected resource with the resource option', 'name a protected resource with --resource'],
  ['name a protected one with the resource option', 'name a protected one with --resource'],
  ['check the key id and the secret', 'check --key-id and the secret'],
  ['needs a valid API key (the credentials option)', 'needs a valid API key (--key-id and --secret)'],
];
