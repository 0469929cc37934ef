/**
 * What the published declarations make a TypeScript user's compiler read. With `skipLibCheck:
 * false` every declaration file reachable from an import is checked, including other packages'
 * ones: re2js's need TypeScript 5.7 or later (`Uint8Array<…>`), so reaching them from
 * `teapurl/purl` would refuse TypeScript 5.0–5.6 users for a module they never load. Reads the
 * built `dist/` (`npm test` builds first).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';

interface ExportConditions {
  import?: { types?: string };
  require?: { types?: string };
}

const exportsField = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, ExportConditions> }).exports;

/** The modules a declaration file imports, outside its comments (TSDoc examples import teapurl). */
function importsOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

/** Every declaration file reachable from `entry`, and the packages they import. */
function reachable(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [path.join(ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const target = path
        .resolve(path.dirname(file), specifier)
        .replace(/\.js$/, '.d.ts')
        .replace(/\.cjs$/, '.d.cts');
      expect(existsSync(target), `${path.relative(ROOT, file)} imports ${specifier}, which is not in dist`).toBe(true);
      queue.push(target);
    }
  }
  return { files, packages };
}

const ENTRIES = Object.entries(exportsField).flatMap(([subpath, conditions]) =>
  (['import', 'require'] as const).flatMap((condition) => {
    const types = conditions[condition]?.types;
    return types ? [{ subpath, condition, types }] : [];
  }),
);

describe('the published declarations', () => {
  it('are found for every entry, each for import and require', () => {
    // ./types is the generated document types alone, for `import type` in ESM and CommonJS alike.
    const subpaths = ['.', './docs', './node', './purl', './tea', './tea/client', './tea/server', './types', './vers'];
    expect(ENTRIES.map((e) => `${e.subpath} ${e.condition}`).sort()).toEqual(subpaths.flatMap((s) => [`${s} import`, `${s} require`]).sort());
  });

  it.each(ENTRIES)('$subpath ($condition) reaches no declaration of re2js', ({ types }) => {
    const { files, packages } = reachable(types);
    expect(files.size).toBeGreaterThan(1);
    expect([...packages].filter((p) => p === 're2js' || p.startsWith('re2js/'))).toEqual([]);
  });

  it.each(ENTRIES.filter((e) => e.subpath === '.' || e.subpath === './purl' || e.subpath === './vers'))(
    '$subpath ($condition), browser-safe, reaches no other package at all',
    ({ types }) => {
      expect([...reachable(types).packages]).toEqual([]);
    },
  );
});
