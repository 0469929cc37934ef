/**
 * The SBOM kinds: CycloneDX (JSON 1.2–1.7, and XML) and SPDX 2.2/2.3 (JSON, and tag-value). Each
 * brings the reader of its other format, and is told by its own word (`bomFormat`, `spdxVersion`)
 * before its file name.
 */
import type { KindDefinition } from '../../validation/kind-definition.js';
import type { SourceReader } from '../../validation/source/document-source.js';
import { hasOwn } from '../../shared/read-value.js';
import { CYCLONEDX_CHECKS, cycloneDxBom, parseCycloneDxXml, parseSpdxTagValue, SPDX_CHECKS, spdxDocument } from './sbom-body.js';
import { deepFreeze } from '../../shared/deep-freeze.js';

/**
 * The name of an SBOM kind.
 *
 * @example
 * ```ts
 * import type { SbomKind } from 'teapurl';
 * const kind: SbomKind = 'spdx-document';
 * ```
 */
export type SbomKind = 'cyclonedx-bom' | 'spdx-document';

/**
 * Heap bytes a byte of an SBOM takes at most while it is validated, as real SBOMs are written
 * (strings, one object per component): about 6 measured on 100,000 components in each format
 * (`npm run bench:sbom`), and some margin for findings.
 */
const SBOM_HEAP_PER_BYTE = 32;

const CYCLONEDX_HEAD = /"bomFormat"\s*:\s*"CycloneDX"|cyclonedx\.org\/schema\/bom/;
const SPDX_HEAD = /"spdxVersion"\s*:\s*"SPDX-|(^|\n)\s*SPDXVersion:/;

const CYCLONEDX_JSON_VERSIONS = ['1.2', '1.3', '1.4', '1.5', '1.6', '1.7'];

/** CycloneDX XML, read as its JSON form. */
export const CYCLONEDX_XML_READER: SourceReader = deepFreeze({
  format: 'xml',
  extension: /\.xml$/i,
  sniff: (text, start) => text[start] === '<',
  read: parseCycloneDxXml,
});

const TAG_VALUE_HEADER = 'SPDXVersion:';

/** SPDX tag-value, read as its JSON form. Comment lines may stand before the header. */
export const SPDX_TAG_VALUE_READER: SourceReader = deepFreeze({
  format: 'tag-value',
  extension: /\.spdx$/i,
  sniff(text, start) {
    let i = start;
    while (text[i] === '#') {
      const end = text.indexOf('\n', i);
      if (end === -1) return false;
      i = end + 1;
      while (i < text.length && /\s/.test(text[i]!)) i++;
    }
    return text.startsWith(TAG_VALUE_HEADER, i);
  },
  read: parseSpdxTagValue,
});

/**
 * A CycloneDX BOM, JSON or XML.
 *
 * @example
 * ```ts
 * import { createValidator, CYCLONEDX_KIND } from 'teapurl';
 * createValidator([CYCLONEDX_KIND]).detectKind({ bomFormat: 'CycloneDX', specVersion: '1.6' }, 'sbom.json')?.kind; // 'cyclonedx-bom'
 * ```
 */
export const CYCLONEDX_KIND: KindDefinition<'cyclonedx-bom'> = deepFreeze({
  name: 'cyclonedx-bom',
  schemaId: 'https://teapurl.dev/schemas/cyclonedx-bom.schema.json',
  alsoKnownAs: CYCLONEDX_JSON_VERSIONS.flatMap((v) => [
    `http://cyclonedx.org/schema/bom-${v}.schema.json`,
    `https://cyclonedx.org/schema/bom-${v}.schema.json`,
  ]),
  aliases: ['cyclonedx', 'cdx'],
  readers: [CYCLONEDX_XML_READER],
  recognise: {
    ownWord: (value) => hasOwn(value, 'bomFormat') && value.bomFormat === 'CycloneDX',
    fileName: (file) => /\.cdx\.(json|xml)$/i.test(file) || /(^|[\\/])bom\.(json|xml)$/i.test(file),
  },
  validate: cycloneDxBom,
  checks: CYCLONEDX_CHECKS,
  large: { noun: 'an SBOM', heapPerByte: SBOM_HEAP_PER_BYTE, head: (text) => CYCLONEDX_HEAD.test(text) },
});

/**
 * An SPDX 2.2 or 2.3 document, JSON or tag-value.
 *
 * @example
 * ```ts
 * import { createValidator, SPDX_KIND } from 'teapurl';
 * createValidator([SPDX_KIND]).detectKind({ spdxVersion: 'SPDX-2.3' }, 'x.json')?.kind; // 'spdx-document'
 * ```
 */
export const SPDX_KIND: KindDefinition<'spdx-document'> = deepFreeze({
  name: 'spdx-document',
  schemaId: 'https://teapurl.dev/schemas/spdx-document.schema.json',
  aliases: ['spdx'],
  readers: [SPDX_TAG_VALUE_READER],
  recognise: {
    ownWord: (value) => hasOwn(value, 'spdxVersion') && typeof value.spdxVersion === 'string' && value.spdxVersion.startsWith('SPDX-'),
    fileName: (file) => /\.spdx(\.json)?$/i.test(file),
  },
  validate: spdxDocument,
  checks: SPDX_CHECKS,
  large: { noun: 'an SBOM', heapPerByte: SBOM_HEAP_PER_BYTE, head: (text) => SPDX_HEAD.test(text) },
});

/**
 * The SBOM kinds.
 *
 * @example
 * ```ts
 * import { createValidator, SBOM_KINDS } from 'teapurl';
 * createValidator(SBOM_KINDS).kindNames; // ['cyclonedx-bom', 'spdx-document']
 * ```
 */
export const SBOM_KINDS: readonly KindDefinition<SbomKind>[] = Object.freeze([CYCLONEDX_KIND, SPDX_KIND]);
