/**
 * Why the file system refused, in plain words with the code kept for searching:
 * `permission denied (EACCES)`. Every command words a refusal with this one table, so the same
 * cause reads the same in `validate`, `docs`, `purl test-suite` and the argument checks.
 */
const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or folder (ENOENT)',
  EACCES: 'permission denied (EACCES)',
  EPERM: 'operation not permitted (EPERM)',
  ELOOP: 'a symbolic link loop (ELOOP)',
  EROFS: 'read-only file system (EROFS)',
  ENOSPC: 'no space left on the device (ENOSPC)',
  EMFILE: 'too many open files (EMFILE)',
  ENAMETOOLONG: 'the name is too long (ENAMETOOLONG)',
  EIO: 'an input/output error (EIO)',
};

/** The code of a file system error, or `undefined` for anything else. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** `true` for the codes that mean "not allowed": the process lacks a permission. */
export function isPermissionCode(code: string | undefined): boolean {
  return code === 'EACCES' || code === 'EPERM';
}

/**
 * A refusal in plain words: `fsReason('EACCES')` is `'permission denied (EACCES)'`. An error
 * without a code gives its message; a code without words gives the code.
 */
export function fsReason(codeOrError: unknown): string {
  if (typeof codeOrError === 'string') return Object.hasOwn(REASONS, codeOrError) ? REASONS[codeOrError]! : codeOrError;
  const code = errorCode(codeOrError);
  if (code !== undefined) return fsReason(code);
  return codeOrError instanceof Error ? codeOrError.message : String(codeOrError);
}
