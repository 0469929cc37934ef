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

/** Decides whether to colour, following https://no-color.org: an explicit `always` wins over `NO_COLOR`. */
export function useColor(mode: ColorMode, stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (mode === 'always') return true;
  if (mode === 'never') return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return stream.isTTY === true;
}

/** A palette that colours, or one that leaves text alone. */
export function palette(enabled: boolean): Palette {
  if (!enabled) return { red: plain, yellow: plain, green: plain, dim: plain, bold: plain };
  return { red: wrap(31, 39), yellow: wrap(33, 39), green: wrap(32, 39), dim: wrap(2, 22), bold: wrap(1, 22) };
}
