/** A body module's source file, by its path (the name is the first group). */
export const BODY_FILE: RegExp;
/** Every body module under src/, with the entry it is bundled into. */
export function bodyModules(root?: string): { name: string; file: string; entry: string }[];
/** The source of the stand-in module for a loaded body; `load` evaluates to the body's module namespace. */
export function standInSource(body: Record<string, unknown>, load: string, preamble?: string[]): string;
