/**
 * Which format a text is read in, and the reader of each. The kind (given, or told by the file
 * name) narrows the formats; among those left, the file's extension decides, then the text's first
 * characters. JSON comes first, so that text of no known form is reported as malformed JSON.
 */
import { parseJsonSource } from './json-source.js';
import { parseCycloneDxXml } from '../../sbom/sources/cyclonedx-xml-source.js';
import { parseSpdxTagValue } from '../../sbom/sources/spdx-tag-value-source.js';
import type { SourceFormat, SourceOutcome } from './document-source.js';

/** Every format, JSON first. */
export const SOURCE_FORMATS: readonly SourceFormat[] = ['json', 'xml', 'tag-value'];

const READERS: Readonly<Record<SourceFormat, (text: string) => SourceOutcome>> = {
  json: parseJsonSource,
  xml: parseCycloneDxXml,
  'tag-value': parseSpdxTagValue,
};

const EXTENSIONS: readonly (readonly [RegExp, SourceFormat])[] = [
  [/\.json$/i, 'json'],
  [/\.xml$/i, 'xml'],
  [/\.spdx$/i, 'tag-value'],
];

/** The tag an SPDX tag-value document opens with. */
const TAG_VALUE_HEADER = 'SPDXVersion:';

/** The format the text's first characters show: `<` XML, `{` or `[` JSON, an `SPDXVersion:` line tag-value; `null` for none. */
function formatOfContent(text: string): SourceFormat | null {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    // Comment lines may stand before a tag-value header.
    if (text[i] !== '#') break;
    const end = text.indexOf('\n', i);
    if (end === -1) return null;
    i = end + 1;
  }
  const c = text[i];
  if (c === '<') return 'xml';
  if (c === '{' || c === '[') return 'json';
  return text.startsWith(TAG_VALUE_HEADER, i) ? 'tag-value' : null;
}

/** The format to read a text in, among those its kind allows. */
export function sourceFormat(text: string, file: string | undefined, formats: readonly SourceFormat[]): SourceFormat {
  if (formats.length === 1) return formats[0]!;
  const named = file === undefined ? undefined : EXTENSIONS.find(([pattern]) => pattern.test(file))?.[1];
  if (named !== undefined && formats.includes(named)) return named;
  const shown = formatOfContent(text);
  return shown !== null && formats.includes(shown) ? shown : formats[0]!;
}

/** Reads a text in a format. */
export function readSource(text: string, format: SourceFormat): SourceOutcome {
  return READERS[format](text);
}
