import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PurlTypeDefinition } from '../../../types/index.js';
import { expandGlob } from '../../validate/expand-glob.js';
import { validateText } from '../../validate/validate-document.js';
import { blocksEngine, checkDefinitions, DefinitionSetError, type SourcedDocument } from './check-definitions.js';

/**
 * Reads and validates every `*.json` file under `directory`, in file-name order. The walk is the
 * validator's: a folder reached twice through symbolic links is read once, so a link cycle ends. A
 * directory with no definitions, a folder that cannot be searched, an unreadable file, malformed
 * JSON or an invalid definition is refused with a {@link DefinitionSetError} naming it.
 */
export async function loadDefinitionDirectory(directory: string): Promise<{ definitions: PurlTypeDefinition[]; sources: string[] }> {
  const walk = expandGlob('**/*.json', directory);
  const problem = walk.problems[0];
  if (problem !== undefined) {
    const shown = path.relative(process.cwd(), path.resolve(directory, problem.path)) || problem.path;
    const what = problem.folder ? 'a folder that cannot be searched' : 'cannot be read';
    throw new DefinitionSetError(shown, `${shown}: ${what} (${problem.code}); the definition set would be incomplete`);
  }
  const files = walk.files.map((file) => path.resolve(directory, file));
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
