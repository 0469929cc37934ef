import type { KindDefinition } from '../../../validation/kind-definition.js';
import { hasOwn, isJsonObject } from '../../../shared/read-value.js';
import { PURL_URLS_CHECKS, purlTypeUrls } from './url-document-body.js';
import { deepFreeze } from '../../../shared/deep-freeze.js';

const TYPE_URLS_FILE = /-urls\.json$/;

/**
 * A URL document (`npm-urls.json`): a PURL type's registry and download URL templates.
 *
 * @example
 * ```ts
 * import { createValidator, PURL_TYPE_URLS_KIND } from 'teapurl';
 * createValidator([PURL_TYPE_URLS_KIND]).detectKind({}, 'npm-urls.json')?.kind; // 'purl-type-urls'
 * ```
 */
export const PURL_TYPE_URLS_KIND: KindDefinition<'purl-type-urls'> = deepFreeze({
  name: 'purl-type-urls',
  schemaId: 'https://teapurl.dev/schemas/purl-type-urls.schema.json',
  aliases: ['purl-urls'],
  recognise: {
    fileName: (file) => TYPE_URLS_FILE.test(file),
    // A URL document has `type` and `examples` too, but lists of templates where a definition has
    // a `repository` object.
    shape: (value) =>
      isJsonObject(value) &&
      !hasOwn(value, 'name_definition') &&
      (Array.isArray(value.download) || Array.isArray(value.repository) || Array.isArray(value.reverse) || hasOwn(value, 'default_registry')),
  },
  validate: purlTypeUrls,
  checks: PURL_URLS_CHECKS,
});
