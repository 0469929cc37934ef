import { BadVersion } from '../vers-error.js';
import { digitsEnd, toInt, type Int } from './numbers.js';

/** A version split as Debian, RPM and pacman write it: `[epoch:]version[-release]`. */
export interface EpochVersionRelease {
  readonly epoch: Int;
  readonly version: string;
  /** `undefined` when there is no `-`. */
  readonly release: string | undefined;
  /** Where `version` starts in the text. */
  readonly versionAt: number;
}

/**
 * Splits `text` at the first `:` (the epoch: digits, as dpkg, rpm and pacman require) and at
 * the last `-` (the release).
 */
export function splitEpochVersionRelease(text: string): EpochVersionRelease {
  let epoch: Int = 0;
  let versionAt = 0;
  const colon = text.indexOf(':');
  if (colon !== -1) {
    if (colon === 0 || digitsEnd(text, 0) !== colon) throw new BadVersion('the epoch before the colon must be a number', 0);
    epoch = toInt(text.slice(0, colon));
    versionAt = colon + 1;
  }
  const hyphen = text.lastIndexOf('-');
  const hasRelease = hyphen >= versionAt;
  const version = text.slice(versionAt, hasRelease ? hyphen : text.length);
  if (version === '') throw new BadVersion('the version part is empty', versionAt);
  const release = hasRelease ? text.slice(hyphen + 1) : undefined;
  if (release === '') throw new BadVersion('the release after the last hyphen is empty', hyphen + 1);
  return { epoch, version, release, versionAt };
}

/** Refuses a character of `part` (which starts at `at` in the version) that `allowed` does not take. */
export function checkCharacters(part: string, at: number, allowed: (c: string) => boolean, what: string): void {
  for (let i = 0; i < part.length; i++) {
    if (!allowed(part[i]!)) throw new BadVersion(`'${part[i]}' is not allowed in ${what}`, at + i);
  }
}
