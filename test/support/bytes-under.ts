import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Bytes of every file (and link) under a folder: what an install puts on disk, block rounding aside. */
export function bytesUnder(folder: string): number {
  let total = 0;
  for (const name of readdirSync(folder)) {
    const entry = path.join(folder, name);
    const info = lstatSync(entry);
    total += info.isDirectory() ? bytesUnder(entry) : info.size;
  }
  return total;
}
