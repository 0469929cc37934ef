import { readJsonFolder } from '../../shared/node/read-json-folder.js';
import { purlValidator } from '../kinds/purl-validator.js';
import { blocksEngine, DefinitionSetError, type SourcedDocument } from '../definitions/check-definitions.js';
import type { PurlEngine, PurlEngineOptions } from '../engine/purl-engine.js';
import { engineFromSourcedDocuments } from '../engine/engine-from-definitions.js';
import { faultMessage } from '../../shared/messages.js';
import { withNodeGuard } from './node-pattern-guard.js';
import { InvalidArgumentError } from '../../shared/errors.js';

/**
 * Builds a PURL engine from every `*.json` file under `directory`, in file-name order. Each file
 * is validated with the teapurl validator (with the engine's rules and pattern guard), so a
 * refusal names the file, line and column. The walk is the validator's: a folder reached twice
 * through symbolic links is read once, so a link cycle ends. A directory with no definitions, a
 * folder that cannot be searched, an unreadable file, malformed JSON, an invalid definition, two
 * definitions of one type, and any other failure reject the promise with a
 * {@link DefinitionSetError} naming it, and with nothing else.
 *
 * This is the engine's file-reading loader: it lives in the Node entry so that `teapurl/purl`
 * stays free of Node built-ins. Unless `options.patternGuard` says otherwise, the engine has the
 * pattern guard, loaded when a value first needs it, so it checks long values of patterns that can
 * backtrack catastrophically in linear time instead of reporting them `pattern-skipped`.
 *
 * @example
 * ```ts
 * import { purlEngineFromDirectory } from 'teapurl/node';
 * const engine = await purlEngineFromDirectory('purl-types', { strictTypes: true });
 * engine.canonicalize('pkg:PYPI/Django_Package@1.0'); // 'pkg:pypi/django-package@1.0'
 * ```
 */
export async function purlEngineFromDirectory(directory: string, options: PurlEngineOptions = {}): Promise<PurlEngine> {
  const settings = withNodeGuard(options);
  try {
    return engineFromSourcedDocuments(await readDefinitionDirectory(directory, settings), settings);
  } catch (error) {
    if (error instanceof DefinitionSetError || error instanceof InvalidArgumentError || error instanceof TypeError) throw error;
    throw new DefinitionSetError(directory, `${directory}: ${faultMessage('teapurl failed while loading this folder', error)}`, [], {
      code: 'internal',
      cause: error,
    });
  }
}

/** Every definition file under `directory`, read and validated with lines and columns. */
async function readDefinitionDirectory(directory: string, options: PurlEngineOptions): Promise<SourcedDocument[]> {
  const refuse = (source: string, message: string): never => {
    throw new DefinitionSetError(source, message);
  };
  const files = await readJsonFolder(directory, { plural: 'type definitions', set: 'the definition set' }, refuse);
  return files.map(({ source, text }) => {
    const { result, value } = purlValidator.validateTextValue(text, {
      kind: 'purl-type-definition',
      file: source,
      maxFindings: Infinity,
      purlRules: options.rules,
      patternGuard: options.patternGuard,
    });
    return { document: result.findings.some(blocksEngine) ? null : value, source, findings: result.findings };
  });
}
