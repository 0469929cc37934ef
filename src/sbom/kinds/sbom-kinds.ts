/**
 * The SBOM kinds: CycloneDX BOMs and SPDX 2.x documents, each in the formats they are written in,
 * read as their JSON form, and told apart by content or by the file names tools give them.
 */
import { cycloneDxBom } from './compiled/cyclonedx-bom.js';
import { spdxDocument } from './compiled/spdx-document.js';
import { VERS_FIELDS } from '../../validator/vers-fields.js';
import type { KindInfo } from '../../validator/kinds.js';

/** The kinds of SBOM teapurl reads (listed in `DocumentKind` too). */
export type SbomKind = 'cyclonedx-bom' | 'spdx-document';

/** CycloneDX versions with a JSON form (1.2 on) whose published schema a BOM's `$schema` may name. */
const CYCLONEDX_JSON_VERSIONS = ['1.2', '1.3', '1.4', '1.5', '1.6', '1.7'];

export const SBOM_KINDS: readonly (KindInfo & { kind: SbomKind })[] = [
  {
    kind: 'cyclonedx-bom',
    schemaId: 'https://teapurl.dev/schemas/cyclonedx-bom.schema.json',
    alsoKnownAs: CYCLONEDX_JSON_VERSIONS.flatMap((v) => [`http://cyclonedx.org/schema/bom-${v}.schema.json`, `https://cyclonedx.org/schema/bom-${v}.schema.json`]),
    aliases: ['cyclonedx', 'cdx'],
    formats: ['json', 'xml'],
    validate: cycloneDxBom,
    versFields: VERS_FIELDS.cycloneDxBom ?? [],
  },
  {
    kind: 'spdx-document',
    schemaId: 'https://teapurl.dev/schemas/spdx-document.schema.json',
    alsoKnownAs: [],
    aliases: ['spdx'],
    formats: ['json', 'tag-value'],
    validate: spdxDocument,
    versFields: VERS_FIELDS.spdxDocument ?? [],
  },
];

/** The file names SBOM tools write, by kind. */
const FILE_NAMES: readonly (readonly [RegExp, SbomKind])[] = [
  [/\.cdx\.(json|xml)$/i, 'cyclonedx-bom'],
  [/(^|[\\/])bom\.(json|xml)$/i, 'cyclonedx-bom'],
  [/\.spdx(\.json)?$/i, 'spdx-document'],
];

/** The SBOM kind a file name tells, or `null`. */
export function sbomKindOfFile(file: string): SbomKind | null {
  return FILE_NAMES.find(([pattern]) => pattern.test(file))?.[1] ?? null;
}

/** The SBOM kind a document says it is (`bomFormat`, or an SPDX 2.x `spdxVersion`), or `null`. */
export function sbomKindOfContent(value: Record<string, unknown>): SbomKind | null {
  if (Object.hasOwn(value, 'bomFormat') && value.bomFormat === 'CycloneDX') return 'cyclonedx-bom';
  if (Object.hasOwn(value, 'spdxVersion') && typeof value.spdxVersion === 'string' && value.spdxVersion.startsWith('SPDX-')) return 'spdx-document';
  return null;
}
