/** When to colour output: `auto` colours a terminal unless `NO_COLOR` is set. */
export type ColorMode = 'auto' | 'always' | 'never';

/** The escape codes used, or empty strings when colour is off. */
export interface Palette {
  red(s: string): string;
  yellow(s: string): string;
  green(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;
const plain = (s: string) => s;

/**
 * Decides whether to colour the text written to `stream` (each stream for itself: a report on a
 * terminal's stderr may be coloured while stdout goes to a file), following https://no-color.org:
 * an explicit `always` or `never` wins; then a non-empty `NO_COLOR` turns colour off; then
 * `FORCE_COLOR` (any value but `0` or `false`) turns it on; else a terminal is coloured.
 */
export function useColor(mode: ColorMode, stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (mode === 'always') return true;
  if (mode === 'never') return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  return stream.isTTY === true;
}

/** A palette that colours, or one that leaves text alone. */
export function palette(enabled: boolean): Palette {
  if (!enabled) return { red: plain, yellow: plain, green: plain, dim: plain, bold: plain };
  return { red: wrap(31, 39), yellow: wrap(33, 39), green: wrap(32, 39), dim: wrap(2, 22), bold: wrap(1, 22) };
}
