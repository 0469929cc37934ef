/**
 * Loads an optional peer dependency (openpgp, selfsigned, @sigstore/verify) when first needed, or
 * throws one `TeapurlError` that says what to install. `require`, not `import()`: the CLI runs as
 * a script compiled by node:vm, where `import()` has no loader.
 */
import { TeapurlError } from '../errors.js';
import { requireFrom } from './require-from.js';

/** What {@link requireOptionalPackage} needs besides the package's name. */
export interface OptionalPackageUse<T> {
  /** What needs it, for the message: `verifying OpenPGP signatures`. */
  readonly needs: string;
  /** The error's `code` when the package is missing or broken. */
  readonly code: string;
  /** How to load it, given a `require` from teapurl's place (default: `require(name)`). */
  readonly load?: (require: NodeJS.Require) => T;
}

/**
 * The package `name`, loaded as `use.load` says; a missing package, or one installed without a
 * module it needs (Node names that module), becomes a `TeapurlError` with `use.code`. Any other
 * failure is thrown as it is.
 */
export function requireOptionalPackage<T>(name: string, use: OptionalPackageUse<T>): T {
  const require = requireFrom(import.meta.url);
  try {
    return use.load ? use.load(require) : (require(name) as T);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
    const missing = /Cannot find (?:module|package) '([^']+)'/.exec((error as Error).message)?.[1] ?? name;
    throw new TeapurlError(
      missing === name
        ? `${use.needs} needs the optional package ${name}, which is not installed (npm i ${name})`
        : `the optional package ${name} is installed but cannot load ${JSON.stringify(missing)}: reinstall it (npm i ${name})`,
      { code: use.code, cause: error },
    );
  }
}
