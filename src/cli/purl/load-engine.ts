import { type PurlEngine, bundledPurlEngine, DefinitionSetError, DefinitionCompileError } from '../../purl/index.js';
import { nodePatternGuard } from '../../purl/node/node-pattern-guard.js';
import { purlEngineFromDirectory } from '../../purl/node/purl-engine-from-directory.js';
import { UsageError } from '../usage-error.js';
import { requireFolderArg } from '../path-args.js';
import { quoteArg } from '../output/safe-text.js';

/** The options every `teapurl purl` action takes, in `node:util` parseArgs form. */
export const ENGINE_OPTIONS = {
  types: { type: 'string' },
  'strict-types': { type: 'boolean', default: false },
} as const;

/**
 * The engine a `teapurl purl` command uses: the bundled types, or one built from `--types DIR`;
 * either with the pattern guard, loaded when a value first needs it (a bundled type, such as
 * chrome-extension, has a pattern that can backtrack catastrophically on long values).
 */
export async function loadEngine(types: string | undefined, strictTypes: boolean, cwd: string): Promise<PurlEngine> {
  if (types === undefined) return bundledPurlEngine({ strictTypes, patternGuard: nodePatternGuard });
  const directory = requireFolderArg(types, cwd, '--types');
  try {
    return await purlEngineFromDirectory(directory, { strictTypes });
  } catch (error) {
    if (error instanceof DefinitionSetError || error instanceof DefinitionCompileError) {
      throw new UsageError(typesProblem(types, directory, error.message));
    }
    throw error;
  }
}

/**
 * `--types 'DIR': <what is wrong>`, naming the folder once: a message about the folder itself
 * starts with its absolute path, which the option already names.
 */
function typesProblem(types: string, directory: string, message: string): string {
  const about = message.startsWith(`${directory}: `) ? message.slice(directory.length + 2) : message;
  return `--types ${quoteArg(types)}: ${about}`;
}
