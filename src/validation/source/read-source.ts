/**
 * Which reader a text goes to: JSON, which the engine knows itself, or a format one of the kinds
 * brings (`KindDefinition.readers`), told by the file name and then by the text's first character.
 */
import { parseJsonSource } from './json-source.js';
import type { SourceFormat, SourceOutcome, SourceReader } from './document-source.js';

/** The JSON reader: every kind's documents may be JSON. */
export const JSON_READER: SourceReader = {
  format: 'json',
  extension: /\.json$/i,
  sniff: (text, start) => text[start] === '{' || text[start] === '[',
  read: parseJsonSource,
};

const BLANK = /\s/;

/** The offset of the text's first character that is not blank (after a byte-order mark). */
function firstNonBlank(text: string): number {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length && BLANK.test(text[i]!)) i++;
  return i;
}

/**
 * The reader for a text among `readers` (the formats the document may be written in, JSON first
 * by default): the only one, the one the file name's extension names, the one the text's start
 * looks like, or the first.
 */
export function sourceReader(text: string, file: string | undefined, readers: readonly SourceReader[]): SourceReader {
  if (readers.length === 1) return readers[0]!;
  const named = file === undefined ? undefined : readers.find((r) => r.extension.test(file));
  if (named !== undefined) return named;
  const start = firstNonBlank(text);
  return readers.find((r) => r.sniff(text, start)) ?? readers[0]!;
}

/** Reads a text with the reader of its format. */
export function readSource(text: string, reader: SourceReader): SourceOutcome {
  return reader.read(text);
}

/** The formats' names, for messages. */
export function formatNames(readers: readonly SourceReader[]): SourceFormat[] {
  return readers.map((r) => r.format);
}
