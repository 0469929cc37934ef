/**
 * `openpgp`, the optional peer, loaded when first needed. Kept apart from the public modules, so
 * that teapurl's declarations never name `openpgp`'s types (a project without it still compiles).
 */
import { createRequire } from 'node:module';
import type * as OpenPgp from 'openpgp';
import { TeapurlError } from '../../../shared/errors.js';
import { OPENPGP_MISSING } from './openpgp-missing.js';

type OpenPgpModule = typeof OpenPgp;

/** Loads `openpgp` when first asked for (require, not import(): the CLI runs as a script compiled by node:vm). */
export function loadOpenPgp(): OpenPgpModule {
  try {
    return createRequire(import.meta.url)('openpgp') as OpenPgpModule;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
    const missing = /Cannot find (?:module|package) '([^']+)'/.exec((error as Error).message)?.[1] ?? 'openpgp';
    throw new TeapurlError(
      missing === 'openpgp'
        ? 'verifying OpenPGP signatures needs the optional package openpgp, which is not installed (npm i openpgp)'
        : `the optional package openpgp is installed but cannot load ${JSON.stringify(missing)}: reinstall it (npm i openpgp)`,
      { code: OPENPGP_MISSING, cause: error },
    );
  }
}
