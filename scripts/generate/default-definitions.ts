import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Artifact } from './artifacts.js';
import type { PurlTypeDefinition } from '../../types/index.js';
import { definitionRules, type DefinitionRules } from '../../src/purl/definitions/definition-rules.js';
import { patternSafeLength } from '../../src/purl/definitions/pattern-flagger.js';

/** The documents of a corpus folder (`corpus/<folder>/*<suffix>`), parsed, sorted by file name. */
export async function readCorpus(root: string, folder: string, suffix: string): Promise<unknown[]> {
  const directory = path.join(root, 'corpus', folder);
  const files = (await readdir(directory)).filter((f) => f.endsWith(suffix)).sort();
  const documents: unknown[] = [];
  for (const file of files) {
    const text = await readFile(path.join(directory, file), 'utf8');
    try {
      documents.push(JSON.parse(text));
    } catch (error) {
      throw new Error(`corpus/${folder}/${file}: ${(error as Error).message}`);
    }
  }
  return documents;
}

/** A generated module holding `data` as one JSON string constant (parsed on first use). */
export function jsonTextModule(banner: string, comment: string, name: string, data: unknown): string {
  return [banner, '', `/** ${comment} */`, `export const ${name}: string = ${JSON.stringify(JSON.stringify(data))};`, ''].join('\n');
}

const BANNER = '/* Generated from corpus/purl-types/*-definition.json by `npm run generate`. Do not edit by hand. */';

/**
 * The bundled corpus as two modules, so that importing teapurl reads no files, each embedded as
 * one JSON string (parsed on first use, which is faster than evaluating the same data as an object
 * literal), sorted by file name: the rules the default engine compiles (a few KB, in every
 * bundle), and the whole documents (descriptions, notes, examples), which only the callers of
 * `defaultPurlDefinitions()` load.
 */
export async function defaultDefinitionsModules(root: string): Promise<Artifact[]> {
  const definitions = (await readCorpus(root, 'purl-types', '-definition.json')) as PurlTypeDefinition[];
  const module = (comment: string, name: string, data: unknown) => jsonTextModule(BANNER, comment, name, data);
  return [
    {
      file: 'src/purl/compiled/default-rules.ts',
      content:
        module(
          `What the engine compiles of the ${definitions.length} bundled PURL type definitions, as JSON text.`,
          'DEFAULT_RULES_JSON',
          definitions.map(definitionRules),
        ) +
        patternSafeLengths(definitions.map(definitionRules)) +
        bundledTypeNames(definitions),
    },
    {
      file: 'src/purl/compiled/default-definitions.ts',
      content: module(`The ${definitions.length} bundled PURL type definitions, whole, as JSON text.`, 'DEFAULT_DEFINITIONS_JSON', definitions),
    },
  ];
}

/**
 * The longest value each bundled `permitted_characters` pattern runs on directly, where that is
 * not every value (the pattern guard's flagger, run now, so that teapurl/purl need not load it),
 * as `[pattern, length]` pairs in JSON text; every other bundled pattern runs on any value.
 */
function patternSafeLengths(rules: DefinitionRules[]): string {
  const patterns = new Set(
    rules.flatMap((r) =>
      [r.namespace_definition, r.name_definition, r.version_definition, r.subpath_definition].flatMap((c) =>
        c?.permitted_characters === undefined ? [] : [c.permitted_characters],
      ),
    ),
  );
  const limited = [...patterns]
    .sort()
    .map((p) => [p, patternSafeLength(p)] as const)
    .filter(([, length]) => length !== Infinity);
  return [
    '',
    '/**',
    ' * The longest value each bundled `permitted_characters` pattern that can backtrack badly runs on',
    ' * directly, as JSON text of `[pattern, length]` pairs (worked out when teapurl is built); the',
    ' * other bundled patterns run on any value.',
    ' */',
    `export const BUNDLED_PATTERN_SAFE_LENGTHS_JSON: string = ${JSON.stringify(JSON.stringify(limited))};`,
    '',
  ].join('\n');
}

/**
 * The bundled types' names as a TypeScript union, and as the documented keys of an object type,
 * for the declared keys of `PackageURL.Type` (types only: nothing at run time).
 */
function bundledTypeNames(definitions: PurlTypeDefinition[]): string {
  const sorted = [...definitions].sort((a, b) => (a.type < b.type ? -1 : 1));
  const quoted = (type: string) => `'${type}'`;
  const key = (type: string) => (/^[a-z][a-z0-9]*$/.test(type) ? type : quoted(type));
  const union = sorted.map((d, i) => `  | ${quoted(d.type)}${i === sorted.length - 1 ? ';' : ''}`);
  const members = sorted.flatMap((d) => [
    `  /** \`pkg:${d.type}\`: ${String(d.type_name).replace(/\*\//g, '* /')} (the bundled definition). */`,
    `  readonly ${key(d.type)}: Entry;`,
  ]);
  return [
    '',
    '/**',
    ` * The names of the ${sorted.length} bundled PURL types: the keys \`PackageURL.Type\` declares.`,
    ' *',
    ' * @example',
    ' * ```ts',
    " * import { PurlType, type BundledPurlType } from 'teapurl/purl';",
    " * const type: BundledPurlType = 'npm';",
    " * PurlType[type].validate({ name: 'lodash' }); // true",
    ' * ```',
    ' */',
    'export type BundledPurlType =',
    ...union,
    '',
    '/**',
    ` * One \`Entry\` for each of the ${sorted.length} bundled PURL types, by name: what \`PackageURL.Type\` declares.`,
    ' *',
    ' * @example',
    ' * ```ts',
    " * import type { BundledPurlTypes, PurlTypeEntry } from 'teapurl/purl';",
    " * type Validators = BundledPurlTypes<PurlTypeEntry['validate']>;",
    ' * ```',
    ' */',
    'export interface BundledPurlTypes<Entry> {',
    ...members,
    '}',
    '',
  ].join('\n');
}
