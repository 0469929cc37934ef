import { readJsonFolder, withoutByteOrderMark } from './read-json-folder.js';
import { validateText } from '../validate/validate-document.js';
import { blocksEngine, DefinitionSetError, type SourcedDocument } from '../purl/definitions/check-definitions.js';
import { loadPatternGuardIfCompiledSince, patternGuardMark, withPatternGuard } from './with-pattern-guard.js';
import { engineFromSourcedDocuments, type PurlEngine, type PurlEngineOptions } from '../purl/engine/purl-engine.js';

/**
 * Builds a PURL engine from every `*.json` file under `directory`, in file-name order. Each file
 * is validated with the teapurl validator, so a refusal names the file, line and column. The walk
 * is the validator's: a folder reached twice through symbolic links is read once, so a link cycle
 * ends. A directory with no definitions, a folder that cannot be searched, an unreadable file,
 * malformed JSON, an invalid definition, two definitions of one type, and any other failure reject
 * the promise with a {@link DefinitionSetError} naming it, and with nothing else.
 *
 * This is the engine's file-reading loader: it lives in the Node entry so that `teapurl/purl`
 * stays free of Node built-ins. When a definition's pattern can backtrack catastrophically, it
 * also loads the pattern guard (see `loadPatternGuard` in `teapurl/purl`), so that the engine
 * checks long values in linear time instead of reporting them `pattern-skipped`.
 *
 * @example
 * ```ts
 * import { purlEngineFromDirectory } from 'teapurl/node';
 * const engine = await purlEngineFromDirectory('purl-types', { strictTypes: true });
 * engine.canonicalize('pkg:PYPI/Django_Package@1.0'); // 'pkg:pypi/django-package@1.0'
 * ```
 */
export async function purlEngineFromDirectory(directory: string, options: PurlEngineOptions = {}): Promise<PurlEngine> {
  try {
    const mark = patternGuardMark();
    // Read again with the pattern guard when an example was left unchecked without it, and load it
    // for the engine when a definition's pattern may need it: the caller's values are not known yet.
    const engine = engineFromSourcedDocuments(await withPatternGuard(() => readDefinitionDirectory(directory)), options);
    await loadPatternGuardIfCompiledSince(mark);
    return engine;
  } catch (error) {
    if (error instanceof DefinitionSetError) throw error;
    const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const shown = what.length > 200 ? `${what.slice(0, 200)}…` : what;
    throw new DefinitionSetError(
      directory,
      `${directory}: teapurl failed while loading this folder (${shown}); this is a fault in teapurl: please report it to the teapurl maintainers`,
    );
  }
}

/** Every definition file under `directory`, read and validated with lines and columns. */
async function readDefinitionDirectory(directory: string): Promise<SourcedDocument[]> {
  const refuse = (source: string, message: string): never => {
    throw new DefinitionSetError(source, message);
  };
  const files = await readJsonFolder(directory, { plural: 'type definitions', set: 'the definition set' }, refuse);
  return files.map(({ source, text }) => {
    const result = validateText(text, { kind: 'purl-type-definition', file: source, maxFindings: Infinity });
    return { document: result.findings.some(blocksEngine) ? null : JSON.parse(withoutByteOrderMark(text)), source, findings: result.findings };
  });
}
