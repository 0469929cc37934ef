/**
 * `openpgp`, the optional peer, loaded when first needed. Kept apart from the public modules, so
 * that teapurl's declarations never name `openpgp`'s types (a project without it still compiles).
 */
import type * as OpenPgp from 'openpgp';
import { requireOptionalPackage } from '../../../shared/node/optional-package.js';
import { OPENPGP_MISSING } from './openpgp-missing.js';

type OpenPgpModule = typeof OpenPgp;

/** Loads `openpgp` when first asked for. */
export function loadOpenPgp(): OpenPgpModule {
  return requireOptionalPackage<OpenPgpModule>('openpgp', { needs: 'verifying OpenPGP signatures', code: OPENPGP_MISSING });
}
