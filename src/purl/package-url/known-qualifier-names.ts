import { STANDARD_QUALIFIER_KEYS } from '../syntax/vocabulary.js';

/**
 * The qualifier keys ECMA-427 defines for every type, by a PascalCase name: the table
 * packageurl-js publishes as `PackageURL.KnownQualifierNames` and `PurlQualifierNames`.
 *
 * @example
 * ```ts
 * import { PackageURL, type PurlKnownQualifierNames } from 'teapurl/purl';
 * const names: PurlKnownQualifierNames = PackageURL.KnownQualifierNames;
 * names.RepositoryUrl; // 'repository_url'
 * ```
 */
export interface PurlKnownQualifierNames {
  /** `repository_url`: the package repository the package comes from. */
  readonly RepositoryUrl: 'repository_url';
  /** `download_url`: where the package can be downloaded. */
  readonly DownloadUrl: 'download_url';
  /** `vcs_url`: the version control location of the package's source. */
  readonly VcsUrl: 'vcs_url';
  /** `file_name`: the file name of the package archive. */
  readonly FileName: 'file_name';
  /** `checksum`: checksums of the package archive. */
  readonly Checksum: 'checksum';
}

/** The table, made from the engine's own list of standard keys (`repository_url` → `RepositoryUrl`), frozen. */
export function knownQualifierNames(): PurlKnownQualifierNames {
  const names: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const key of STANDARD_QUALIFIER_KEYS) names[key.replace(/(?:^|_)(.)/g, (_, c: string) => c.toUpperCase())] = key;
  return Object.freeze(names) as unknown as PurlKnownQualifierNames;
}
