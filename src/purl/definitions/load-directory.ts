import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { PurlTypeDefinition } from '../../../types/index.js';
import { validateText } from '../../validate/validate-document.js';
import { blocksEngine, checkDefinitions, DefinitionSetError, type SourcedDocument } from './check-definitions.js';

/**
 * Reads and validates every `*.json` file under `directory`, in file-name order. A directory
 * with no definitions, an unreadable file, malformed JSON or an invalid definition is refused
 * with a {@link DefinitionSetError} naming the file.
 */
export async function loadDefinitionDirectory(directory: string): Promise<{ definitions: PurlTypeDefinition[]; sources: string[] }> {
  const files = (await fg('**/*.json', { cwd: directory, absolute: true, onlyFiles: true })).sort();
  if (files.length === 0) {
    throw new DefinitionSetError(directory, `${directory}: no *.json type definitions found`);
  }
  const documents: SourcedDocument[] = [];
  for (const file of files) {
    const shown = path.relative(process.cwd(), file) || file;
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new DefinitionSetError(shown, `${shown}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    const result = validateText(text, { kind: 'purl-type-definition', file: shown, maxFindings: Infinity });
    // The validator tolerates a leading byte order mark; JSON.parse does not.
    const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    documents.push({ document: result.findings.some(blocksEngine) ? null : JSON.parse(json), source: shown, findings: result.findings });
  }
  return { definitions: checkDefinitions(documents), sources: documents.map((d) => d.source) };
}
