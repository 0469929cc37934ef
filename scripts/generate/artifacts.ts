import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv, _ } from 'ajv';
import ajvFormats from 'ajv-formats';
import ajvStandalone from 'ajv/dist/standalone/index.js';
import { compile } from 'json-schema-to-typescript';
import { SCHEMA_FILES, schemaRoots } from './schema-list.js';
import { defaultDefinitionsModules } from './default-definitions.js';
import { defaultUrlsModule } from './default-urls.js';
import { documentGeneratedTypes } from './type-docs.js';
import { TYPE_EXAMPLES } from './type-examples.js';
import { stripAnnotations } from './strip-annotations.js';

// Both are CommonJS modules whose function is their `default` export.
const addFormats = ajvFormats.default;
const standaloneCode = ajvStandalone.default;

/** One file the generator owns, as it should be on disk. */
export interface Artifact {
  file: string;
  content: string;
}

const BANNER = (schemaFile: string) => `/* Generated from schemas/annotated/${schemaFile} by \`npm run generate\`. Do not edit by hand. */`;

type JsonObject = { [key: string]: unknown };

async function loadSchemas(root: string): Promise<Map<string, JsonObject>> {
  const schemas = new Map<string, JsonObject>();
  for (const { file } of SCHEMA_FILES) {
    schemas.set(file, JSON.parse(await readFile(path.join(root, 'schemas/annotated', file), 'utf8')) as JsonObject);
  }
  return schemas;
}

async function typeDeclarations(schemas: Map<string, JsonObject>): Promise<Artifact[]> {
  const out: Artifact[] = [];
  const documented: string[] = [];
  for (const { file, typesFile } of SCHEMA_FILES) {
    const schema = structuredClone(schemas.get(file)!);
    const ts = await compile(schema as never, String(schema.title), {
      bannerComment: BANNER(file),
      unreachableDefinitions: true,
      additionalProperties: false,
      strictIndexSignatures: true,
      format: true,
      style: { singleQuote: true, printWidth: 100 },
    });
    const { content, names } = documentGeneratedTypes(ts, schemas.get(file)!, TYPE_EXAMPLES);
    documented.push(...names);
    out.push({ file: `types/${typesFile}`, content });
  }
  const unused = Object.keys(TYPE_EXAMPLES).filter((name) => !documented.includes(name));
  if (unused.length > 0) throw new Error(`scripts/generate/type-examples.ts has examples for types that are not generated: ${unused.join(', ')}`);
  const index = SCHEMA_FILES.map(({ typesFile }) => `export type * from './${typesFile.replace(/\.d\.ts$/, '.js')}';`);
  out.push({ file: 'types/index.d.ts', content: `${BANNER('*.schema.json')}\n${index.join('\n')}\n` });
  // `teapurl/types` for a CommonJS TypeScript file (`require` types): the same declarations as
  // .d.cts, which TypeScript reads as CommonJS, so `import type` needs no resolution-mode (TS1541).
  const cjs = out.map(({ file, content }) => ({ file: file.replace(/\.d\.ts$/, '.d.cts'), content: content.replace(/(from '\.\/[\w-]+)\.js';/g, "$1.cjs';") }));
  out.push(...cjs);
  return out;
}

/**
 * The validator's code runs the first time one of its validators is called, not when the module
 * is imported: a program that imports every kind (the command line, the `teapurl` entry) pays for
 * the schemas of the documents it meets, not for all of them. Each export is a small function of
 * the same contract (it sets its own `errors`), so callers cannot tell.
 */
function deferred(code: string): string {
  const exported: Array<[string, string]> = [];
  const body = code.replace(/export const (\w+) = (\w+);/g, (_m, name: string, fn: string) => {
    exported.push([name, fn]);
    return '';
  });
  const lines = body.split('\n');
  const imports = lines.filter((line) => line.startsWith('import '));
  const rest = lines.filter((line) => !line.startsWith('import ')).join('\n');
  const built = `{ ${exported.map(([name, fn]) => `${name}: ${fn}`).join(', ')} }`;
  const wrappers = exported.map(
    ([name]) => `export function ${name}(data, options) { const v = load().${name}; const ok = v(data, options); ${name}.errors = v.errors; return ok; }`,
  );
  return [...imports, 'let built;', `function load() { return (built ??= build()); }`, `function build() {${rest}\nreturn ${built};\n}`, ...wrappers].join(
    '\n',
  );
}

/**
 * Ajv standalone code is CommonJS-flavoured: turn its `require("x")` calls into ESM imports. Every
 * helper it asks for is replaced by one of ours (RUNTIME_REPLACEMENTS), all ES modules, so the
 * generated code imports nothing from ajv and ajv stays a build-time tool.
 */
function toEsm(code: string, fromDir: string): string {
  const imports = new Map<string, string>();
  const body = code.replace(/require\("([^"]+)"\)/g, (_m, required: string) => {
    const spec = RUNTIME_REPLACEMENTS[required];
    if (spec === undefined)
      throw new Error(`ajv's generated code requires ${required}, which has no replacement in RUNTIME_REPLACEMENTS; add one under src/shared/`);
    let name = imports.get(spec);
    if (!name) {
      name = `__dep${imports.size}`;
      imports.set(spec, name);
    }
    return name;
  });
  const header = [...imports].map(([spec, name]) => `import * as ${name} from ${JSON.stringify(`${path.posix.relative(fromDir, spec)}.js`)};`);
  return `${header.join('\n')}\n${body}`;
}

/**
 * What the generated code may require, and the module of ours it gets instead. ajv's deep equality
 * (behind `uniqueItems`) calls a value's own `toString` or `valueOf` and compares `constructor`s,
 * so a document with such a key crashed the validator; ours treats every key as data. The string
 * length that `minLength` counts in code points is ajv's algorithm, kept local so that no ajv
 * module is needed at run time.
 */
const RUNTIME_REPLACEMENTS: Readonly<Record<string, string>> = {
  'ajv/dist/runtime/equal': 'src/shared/json-equal',
  'ajv/dist/runtime/ucs2length': 'src/shared/ucs2length',
  '../formats': 'src/shared/formats',
  '../json-equal': 'src/shared/json-equal',
};

/**
 * ajv finds repeated strings (`uniqueItems` on string items) through a plain object used as a
 * map, where the key `__proto__` reaches the prototype instead of an entry: two `"__proto__"`
 * items passed as distinct. A prototype-less object makes every string an ordinary key.
 */
function withPrototypelessIndices(code: string): string {
  const pattern = /const (indices\d+) = \{\};/g;
  const fixed = code.replace(pattern, 'const $1 = Object.create(null);');
  if (/indices\d+ = \{/.test(fixed))
    throw new Error('ajv initialises a uniqueItems index in a form the generator does not know; update withPrototypelessIndices');
  return fixed;
}

/**
 * ajv checks `uniqueItems` on arrays of objects by comparing every pair, so a definition with
 * 10,000 qualifier definitions took seconds and 100,000 minutes. The loop's head is replaced by a
 * keyed search (`firstRepeat`) that yields the same pair of indices, or none; the error it then
 * reports is ajv's own.
 */
function withKeyedUniqueItems(code: string): { code: string; replaced: number } {
  const loop = /(outer\d+):for\(;(i\d+)--;\)\{for\((j\d+) = \2; \3--;\)\{if\(func\d+\((data\d*)\[\2\], \4\[\3\]\)\)\{/g;
  let replaced = 0;
  const fixed = code.replace(loop, (_match, outer: string, i: string, j: string, data: string) => {
    replaced++;
    const found = `${outer}_repeat`;
    return `${outer}:for(const ${found} = require("../json-equal").firstRepeat(${data}); ${found} !== null;){for(${i} = ${found}[0], ${j} = ${found}[1];;){if(true){`;
  });
  if (/outer\d+:for\(;/.test(fixed)) {
    throw new Error('ajv writes the uniqueItems loop in a form the generator does not know; update withKeyedUniqueItems');
  }
  return { code: fixed, replaced };
}

const ANNOTATIONS = new Set(['title', 'description', 'examples', '$comment', 'tsType', 'default']);
const SCHEMA_MAPS = new Set(['properties', 'definitions', 'patternProperties']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf']);

/**
 * Drops prose annotations from a schema before it is compiled: the generated code embeds the schema
 * objects (ajv's verbose errors point at them), and the CLI parses that code at every start.
 */
function withoutAnnotations(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema as JsonObject)) {
    if (ANNOTATIONS.has(key)) continue;
    if (SCHEMA_MAPS.has(key)) {
      out[key] = Object.fromEntries(Object.entries(value as JsonObject).map(([name, sub]) => [name, withoutAnnotations(sub)]));
    } else if (SCHEMA_LISTS.has(key)) {
      out[key] = (value as unknown[]).map(withoutAnnotations);
    } else if (key === 'items' || key === 'additionalProperties' || key === 'not') {
      out[key] = withoutAnnotations(value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * One module per schema, so that a caller of one validator (the engine checks type definitions)
 * does not load or bundle the others.
 */
function validatorModules(schemas: Map<string, JsonObject>): Artifact[] {
  const out: Artifact[] = [];
  let keyedLoops = 0;
  for (const entry of SCHEMA_FILES) {
    const { file, validatorFile, compiledDir } = entry;
    const ajv = new Ajv({
      strict: true,
      allErrors: true,
      // Errors carry their parentSchema, where messages find `x-expected` and the allowed properties.
      verbose: true,
      code: { source: true, esm: true, formats: _`require("../formats")` },
    });
    addFormats(ajv);
    // A VERS's shape; its rules are the VERS engine's, checked beyond the schema (vers-fields.ts).
    ajv.addFormat('vers', VERS_SHAPE);
    ajv.addKeyword({ keyword: 'x-expected', schemaType: 'string' });
    const schema = schemas.get(file)!;
    ajv.addSchema(withoutAnnotations(schema) as JsonObject);
    const roots = schemaRoots(entry, String(schema.$id));
    const keyed = withKeyedUniqueItems(
      withPrototypelessIndices(standaloneCode(ajv, Object.fromEntries(roots.map(({ exportName, ref }) => [exportName, ref])))),
    );
    keyedLoops += keyed.replaced;
    const js = `${BANNER(file)}\n// @ts-nocheck\n${deferred(toEsm(keyed.code, compiledDir))}\n`;
    const dts = [
      BANNER(file),
      `import type { ValidateFunction } from '${path.posix.relative(compiledDir, 'src/shared/validate-function')}.js';`,
      ...roots.map(({ exportName }) => `export declare const ${exportName}: ValidateFunction;`),
      '',
    ].join('\n');
    out.push({ file: `${compiledDir}/${validatorFile}`, content: js });
    out.push({ file: `${compiledDir}/${validatorFile.replace(/\.js$/, '.d.ts')}`, content: dts });
  }
  // The definition schema has uniqueItems on objects (qualifiers_definition): a run that replaced
  // no loop met a form of ajv's code withKeyedUniqueItems does not know.
  if (keyedLoops === 0) throw new Error('ajv writes the uniqueItems loop in a form the generator does not know; update withKeyedUniqueItems');
  return out;
}

/** What the schemas' `vers` format asks of a string at generation time: the same shape as `vers` in src/shared/formats.ts. */
const VERS_SHAPE = /^vers:[a-z][a-z0-9.-]*\/./;

/**
 * The JSON Pointer patterns (`*` for any array item or member) of every string each schema marks
 * `"format": "vers"`, so that the validator checks those strings with the VERS engine: the
 * schemas say where a VERS stands, and no check repeats it.
 */
function versFieldsModules(schemas: Map<string, JsonObject>): Artifact[] {
  const tables = new Map<string, Record<string, string[]>>();
  for (const entry of SCHEMA_FILES) {
    const schema = schemas.get(entry.file)!;
    const table = tables.get(entry.compiledDir) ?? {};
    tables.set(entry.compiledDir, table);
    for (const { exportName, pointer: rootPointer } of schemaRoots(entry, String(schema.$id))) {
      const found = new Set<string>();
      const walk = (node: unknown, pointer: string, seen: ReadonlySet<string>): void => {
        if (!node || typeof node !== 'object' || Array.isArray(node)) return;
        const object = node as JsonObject;
        if (object.format === 'vers') found.add(pointer);
        if (typeof object.$ref === 'string' && object.$ref.startsWith('#/') && !seen.has(object.$ref)) {
          const target = object.$ref
            .slice(2)
            .split('/')
            .reduce<unknown>((at, key) => (at as JsonObject | undefined)?.[key], schema);
          walk(target, pointer, new Set([...seen, object.$ref]));
        }
        for (const [name, sub] of Object.entries((object.properties as JsonObject | undefined) ?? {}))
          walk(sub, `${pointer}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`, seen);
        for (const key of ['items', 'additionalProperties']) walk(object[key], `${pointer}/*`, seen);
        for (const sub of Object.values((object.patternProperties as JsonObject | undefined) ?? {})) walk(sub, `${pointer}/*`, seen);
        for (const key of ['allOf', 'anyOf', 'oneOf']) for (const sub of (object[key] as unknown[] | undefined) ?? []) walk(sub, pointer, seen);
      };
      const root = rootPointer
        .split('/')
        .slice(1)
        .reduce<unknown>((at, key) => (at as JsonObject | undefined)?.[key], schema);
      walk(root, '', new Set());
      table[exportName] = [...found].sort();
    }
  }
  return [...tables].map(([dir, table]) => {
    const lines = Object.entries(table).map(([name, pointers]) => `  ${name}: ${JSON.stringify(pointers)},`);
    return {
      file: `${dir}/vers-fields.ts`,
      content: [
        BANNER('*.schema.json'),
        '/** Where each schema of this domain puts a VERS (`"format": "vers"`), as JSON Pointer patterns: `*` is any array item or member. */',
        'export const VERS_FIELDS: Readonly<Record<string, readonly string[]>> = {',
        ...lines,
        '};',
        '',
      ].join('\n'),
    };
  });
}

/**
 * The published schemas, `teapurl/schemas/*`: the annotated sources without teapurl's
 * annotations (scripts/generate/strip-annotations.ts), which strict validators refuse.
 */
function publishedSchemas(schemas: Map<string, JsonObject>): Artifact[] {
  return SCHEMA_FILES.map(({ file }) => ({ file: `schemas/${file}`, content: `${JSON.stringify(stripAnnotations(schemas.get(file)), null, 2)}\n` }));
}

/** Everything `npm run generate` writes, in a stable order. */
export async function generateArtifacts(root: string): Promise<Artifact[]> {
  const schemas = await loadSchemas(root);
  return [
    ...publishedSchemas(schemas),
    ...(await typeDeclarations(schemas)),
    ...validatorModules(schemas),
    ...versFieldsModules(schemas),
    ...(await defaultDefinitionsModules(root)),
    await defaultUrlsModule(root),
  ];
}
