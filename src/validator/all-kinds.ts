/**
 * Every kind teapurl validates: the list the `teapurl` validator and the command line are made
 * from. Adding a kind is a folder in its domain (`src/<domain>/kinds/<kind>/`, exporting one
 * `KindDefinition`) and one line here. The order is the order detection asks the kinds in (a VERS
 * type definition before a PURL one, which shares its file name; a URL document before a PURL
 * type definition, which shares its `type` and `examples`; the TEA objects, told by shape alone, last).
 */
import type { KindDefinition } from '../validation/kind-definition.js';
import { TEA_DISCOVERY_KIND, TEA_OBJECT_KINDS, TEA_TOKEN_ERROR_KIND, TEA_TOKEN_RESPONSE_KIND, type TeaKind } from '../tea/kinds/index.js';
import { PURL_TYPE_DEFINITION_KIND, PURL_TYPE_URLS_KIND } from '../purl/kinds/index.js';
import { VERS_TYPE_DEFINITION_KIND, VERS_TYPES_INDEX_KIND } from '../vers/kinds/vers-kinds.js';
import { CYCLONEDX_KIND, SPDX_KIND, type SbomKind } from '../sbom/kinds/sbom-kinds.js';

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
export type DocumentKind = TeaKind | 'purl-type-definition' | 'purl-type-urls' | 'vers-type-definition' | 'vers-types-index' | SbomKind;

/**
 * Every kind teapurl has, in the order detection asks them.
 *
 * @example
 * ```ts
 * import { ALL_KINDS, createValidator } from 'teapurl';
 * const mine = createValidator(ALL_KINDS.filter((k) => k.name.startsWith('purl-')));
 * mine.kindNames; // ['purl-type-urls', 'purl-type-definition']
 * ```
 */
export const ALL_KINDS: readonly KindDefinition<DocumentKind>[] = Object.freeze([
  TEA_DISCOVERY_KIND,
  TEA_TOKEN_RESPONSE_KIND,
  TEA_TOKEN_ERROR_KIND,
  VERS_TYPE_DEFINITION_KIND,
  VERS_TYPES_INDEX_KIND,
  PURL_TYPE_URLS_KIND,
  PURL_TYPE_DEFINITION_KIND,
  CYCLONEDX_KIND,
  SPDX_KIND,
  ...TEA_OBJECT_KINDS,
]);
