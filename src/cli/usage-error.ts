/** A mistake in how the command was called: reported in one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** `value` when it is one of `allowed`, else a {@link UsageError} naming `--option` and the choices. */
export function oneOf<T extends string>(value: string, allowed: readonly T[], option: string): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${option} must be one of ${allowed.join(', ')}, not ${JSON.stringify(value)}`);
}
