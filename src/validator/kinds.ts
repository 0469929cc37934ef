import { teaDiscovery } from '../tea/kinds/compiled/tea-discovery.js';
import { teaTokenResponse } from '../tea/kinds/compiled/tea-token-response.js';
import { teaTokenError } from '../tea/kinds/compiled/tea-token-error.js';
import { purlTypeDefinition } from '../purl/kinds/compiled/purl-type-definition.js';
import { purlTypeUrls } from '../purl/kinds/compiled/purl-type-urls.js';
import { versTypeDefinition } from '../vers/kinds/compiled/vers-type-definition.js';
import { versTypesIndex } from '../vers/kinds/compiled/vers-types-index.js';
import { VERS_FIELDS } from './vers-fields.js';
import type { ValidateFunction } from '../shared/validate-function.js';
import type { SourceFormat } from '../validation/source/document-source.js';
import { SBOM_KINDS } from '../sbom/kinds/sbom-kinds.js';
import { TEA_OBJECT_KINDS, type TeaObjectKind } from '../tea/kinds/objects/tea-object-kinds.js';

/**
 * The kinds of document teapurl validates.
 *
 * @example
 * ```ts
 * import { validateText, type DocumentKind } from 'teapurl';
 * const kind: DocumentKind = 'tea-token-response';
 * validateText('{"access_token": "abc", "token_type": "Bearer"}', { kind }).valid; // true
 * ```
 */
export type DocumentKind =
  | 'tea-discovery'
  | 'tea-token-response'
  | 'tea-token-error'
  | 'purl-type-definition'
  | 'purl-type-urls'
  | 'vers-type-definition'
  | 'vers-types-index'
  | TeaObjectKind
  | 'cyclonedx-bom'
  | 'spdx-document';

/** What teapurl knows about one kind of document. */
export interface KindInfo {
  kind: DocumentKind;
  /** `$id` of the bundled schema in `schemas/`. */
  schemaId: string;
  /** Other `$schema` values that mean this kind (published schemas we read with our own). */
  alsoKnownAs: readonly string[];
  /** Short names accepted by `--kind`. */
  aliases: readonly string[];
  /** The formats documents of this kind are written in, as read (default JSON alone). */
  formats?: readonly SourceFormat[];
  validate: ValidateFunction;
  /** Where the schema puts a VERS (JSON Pointer patterns, `*` any item): the VERS engine checks those strings. */
  versFields: readonly string[];
}

/** Every kind, in the order `--help` lists them. */
export const KINDS: readonly KindInfo[] = [
  {
    kind: 'tea-discovery',
    schemaId: 'https://teapurl.dev/schemas/tea-discovery.schema.json',
    alsoKnownAs: [],
    aliases: ['discovery'],
    validate: teaDiscovery,
    versFields: VERS_FIELDS.teaDiscovery ?? [],
  },
  {
    kind: 'tea-token-response',
    schemaId: 'https://teapurl.dev/schemas/tea-token-response.schema.json',
    alsoKnownAs: [],
    aliases: ['token-response'],
    validate: teaTokenResponse,
    versFields: VERS_FIELDS.teaTokenResponse ?? [],
  },
  {
    kind: 'tea-token-error',
    schemaId: 'https://teapurl.dev/schemas/tea-token-error.schema.json',
    alsoKnownAs: [],
    aliases: ['token-error'],
    validate: teaTokenError,
    versFields: VERS_FIELDS.teaTokenError ?? [],
  },
  {
    kind: 'purl-type-definition',
    schemaId: 'https://teapurl.dev/schemas/purl-type-definition.schema.json',
    alsoKnownAs: [
      'https://packageurl.org/schemas/purl-type-definition.schema-1.0.json',
      'https://packageurl.org/schemas/purl-type-definition.schema-1.1.json',
    ],
    aliases: ['purl-type', 'purl'],
    validate: purlTypeDefinition,
    versFields: VERS_FIELDS.purlTypeDefinition ?? [],
  },
  {
    kind: 'purl-type-urls',
    schemaId: 'https://teapurl.dev/schemas/purl-type-urls.schema.json',
    alsoKnownAs: [],
    aliases: ['purl-urls'],
    validate: purlTypeUrls,
    versFields: VERS_FIELDS.purlTypeUrls ?? [],
  },
  {
    kind: 'vers-type-definition',
    schemaId: 'https://teapurl.dev/schemas/vers-type-definition.schema.json',
    alsoKnownAs: ['https://packageurl.org/schemas/vers-type-definition.schema-0.2.json'],
    aliases: ['vers-type', 'vers'],
    validate: versTypeDefinition,
    versFields: VERS_FIELDS.versTypeDefinition ?? [],
  },
  {
    kind: 'vers-types-index',
    schemaId: 'https://teapurl.dev/schemas/vers-types-index.schema.json',
    alsoKnownAs: ['https://packageurl.org/schemas/vers-type-index.schema-0.1.json'],
    aliases: ['vers-index'],
    validate: versTypesIndex,
    versFields: VERS_FIELDS.versTypesIndex ?? [],
  },
  ...TEA_OBJECT_KINDS,
  ...SBOM_KINDS,
];

// validateFiles resolves the kind once per file, so the lookup is a map, not a search.
const BY_NAME = new Map<string, KindInfo>(KINDS.flatMap((k) => [k.kind, ...k.aliases].map((name) => [name, k] as const)));

/** Looks a kind up by its name or one of its aliases; `undefined` when there is none. */
export function kindByName(name: string): KindInfo | undefined {
  return BY_NAME.get(name) ?? BY_NAME.get(name.trim().toLowerCase());
}

/** Looks a kind up by a `$schema` URL (ours or a published one); `undefined` when unknown. */
export function kindBySchemaUrl(url: string): KindInfo | undefined {
  const bare = url.replace(/#$/, '');
  return KINDS.find((k) => k.schemaId === bare || k.alsoKnownAs.includes(bare));
}

/** The formats a kind's documents are read in. */
export function kindFormats(kind: DocumentKind): readonly SourceFormat[] {
  return kindInfo(kind).formats ?? JSON_ONLY;
}

const JSON_ONLY: readonly SourceFormat[] = ['json'];

/** `KindInfo` for a kind that is known to exist. */
export function kindInfo(kind: DocumentKind): KindInfo {
  return BY_NAME.get(kind)!;
}

/**
 * The kind names, for messages and `--help`.
 *
 * @example
 * ```ts
 * import { KIND_NAMES } from 'teapurl';
 * KIND_NAMES.slice(0, 5); // ['tea-discovery', 'tea-token-response', 'tea-token-error', 'purl-type-definition', 'purl-type-urls']
 * KIND_NAMES.includes('cyclonedx-bom'); // true
 * ```
 */
export const KIND_NAMES: readonly DocumentKind[] = Object.freeze(KINDS.map((k) => k.kind));
