import path from 'node:path';
import { type PurlEngine, defaultPurlEngine, DefinitionSetError, DefinitionCompileError } from '../../purl/index.js';
import { bundledTypesEngine } from '../../purl/default-engine.js';
import { purlEngineFromDirectory } from '../../node/index.js';
import { UsageError } from '../usage-error.js';

/** The options every `teapurl purl` action takes, in `node:util` parseArgs form. */
export const ENGINE_OPTIONS = {
  types: { type: 'string' },
  'strict-types': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** The engine a `teapurl purl` command uses: the bundled one, or one built from `--types DIR`. */
export async function loadEngine(types: string | undefined, strictTypes: boolean, cwd: string): Promise<PurlEngine> {
  if (types === undefined) {
    return strictTypes ? bundledTypesEngine({ strictTypes }) : defaultPurlEngine();
  }
  try {
    return await purlEngineFromDirectory(path.resolve(cwd, types), { strictTypes });
  } catch (error) {
    if (error instanceof DefinitionSetError || error instanceof DefinitionCompileError) {
      throw new UsageError(`--types ${types}: ${error.message}`);
    }
    throw error;
  }
}
