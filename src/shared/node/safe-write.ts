/**
 * Safe file writing, one place for what `validate --fix` (src/validation/node/fix-files.ts), the
 * documentation site (src/docs/node/site-folder.ts) and artefact downloads
 * (src/tea/node/download/) share:
 *
 * - nothing is opened through a symbolic link (`O_NOFOLLOW`; Windows has none, so there the
 *   callers' lstat checks are the only guard);
 * - a new file is first written to a temporary file beside its target, created exclusively
 *   (never an existing file, never through a link), and only then put in place: renamed over
 *   the target when replacing it is right ({@link replaceWith}: atomic, a reader or a crash sees
 *   the old file or the new one), or linked to the target's name when nothing may be replaced
 *   ({@link linkIfAbsent}: a file already there, whoever wrote it, is left alone);
 * - what each caller may overwrite at all (a page whose digest it recorded, a manifest it wrote,
 *   the user's own file it read) stays the caller's decision, checked before these are called.
 */
import { constants } from 'node:fs';
import { link, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** `O_NOFOLLOW`, or 0 where the platform has none (Windows). */
export const NO_FOLLOW: number = constants.O_NOFOLLOW ?? 0;

/** Flags that create a new file exclusively, for writing, never through a link. */
export const CREATE_EXCLUSIVE: number = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW;

/**
 * A temporary file's name beside `file`: hidden, in the same folder (so a rename or link stays
 * on one file system), random, and ending in `.teapurl-part` so that a leftover says whose it is.
 */
export function temporaryBeside(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.teapurl-part`);
}

/** Creates `file` exclusively ({@link CREATE_EXCLUSIVE}) with `mode` (before the umask). */
export function createExclusive(file: string, mode = 0o666): Promise<FileHandle> {
  return open(file, CREATE_EXCLUSIVE, mode);
}

/**
 * Gives `temporary` the name `file` without replacing anything: a hard link, then the temporary
 * name removed. `false` when a file is already at `file` (it is left as it was); other failures
 * throw. The caller removes `temporary` when this returns `false` or throws.
 */
export async function linkIfAbsent(temporary: string, file: string): Promise<boolean> {
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  await unlink(temporary).catch(() => undefined);
  return true;
}

/** Puts `temporary` in the place of `file` (which may exist): one atomic rename. */
export function replaceWith(temporary: string, file: string): Promise<void> {
  return rename(temporary, file);
}

/**
 * Writes `content` to `file` whole or not at all: into a temporary file beside it, created
 * exclusively, then renamed over it. The caller decides beforehand that `file` may be replaced.
 * On failure the temporary file is removed and the error thrown.
 */
export async function writeFileAtomic(file: string, content: string | Uint8Array, mode = 0o666): Promise<void> {
  const temporary = temporaryBeside(file);
  let handle: FileHandle | undefined;
  try {
    handle = await createExclusive(temporary, mode);
    await handle.writeFile(content);
    await handle.close();
    handle = undefined;
    await replaceWith(temporary, file);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
