import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `../shared/purl-spec`, the PURL specification project's data, beside the checkout. */
export const PURL_SPEC = path.resolve(ROOT, '../shared/purl-spec');

/**
 * Whether the shared reference data is there. Tests that need it skip without it; the run says so
 * once (test/support/shared-data-setup.ts, a global setup), not once per test file.
 */
export const HAS_PURL_SPEC = existsSync(path.join(PURL_SPEC, 'types'));

/** `../shared/vers-spec`, the VERS specification project's data (schemas, test suite), beside the checkout. */
export const VERS_SPEC = path.resolve(ROOT, '../shared/vers-spec');

/** Whether the VERS reference data is there; tests that need it say so when it is not. */
export const HAS_VERS_SPEC = existsSync(path.join(VERS_SPEC, 'tests'));

/** `../shared/tea-spec`, the TEA specification project's files (its OpenAPI description), beside the checkout. */
export const TEA_SPEC = path.resolve(ROOT, '../shared/tea-spec');

/** Whether the TEA reference data is there; tests that need it say so when it is not. */
export const HAS_TEA_SPEC = existsSync(path.join(TEA_SPEC, 'spec/openapi.yaml'));

/** The built CLI launcher. */
export const CLI = path.join(ROOT, 'bin/teapurl.cjs');
