/**
 * Completes the TSDoc of the declarations json-schema-to-typescript writes, so that every
 * generated type meets the API documentation rules (`npm run docs:api`) without hand edits:
 *
 * - each top-level type gets an `@example` block built from its value in type-examples.ts, after
 *   that value has been validated against the type's own place in the schema;
 * - a property without a comment of its own (one that refers to a named definition, or a
 *   `const`) gets the description of what it refers to, or says which value it always has.
 */
import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';

const addFormats = ajvFormats.default;

type JsonObject = { [key: string]: unknown };

const EXPORTED_TYPE = /^export (?:type|interface) ([A-Za-z_$][\w$]*)\b/;
const INTERFACE_START = /^export interface ([A-Za-z_$][\w$]*) \{$/;
// A member of a generated interface (two spaces in: nested object types are further in).
const PROPERTY = /^( {2})([A-Za-z_$][\w$]*|'[^']*')\??: .+;$/;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Escapes a JSON Pointer reference token (RFC 6901). */
function token(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Every subschema that becomes a named type, by that name: the root and titled subschemas by
 * their `title`, untitled definitions by their key with the first letter uppercased (the name
 * json-schema-to-typescript gives them).
 */
function namedSubschemas(schema: JsonObject): Map<string, { pointer: string; node: JsonObject }> {
  const named = new Map<string, { pointer: string; node: JsonObject }>();
  const visit = (node: unknown, pointer: string, definitionKey?: string) => {
    if (!isObject(node)) return;
    const name = typeof node.title === 'string' ? node.title : definitionKey && definitionKey[0]!.toUpperCase() + definitionKey.slice(1);
    if (name && !named.has(name)) named.set(name, { pointer, node });
    for (const map of ['definitions', 'properties', 'patternProperties']) {
      if (!isObject(node[map])) continue;
      for (const [key, sub] of Object.entries(node[map])) visit(sub, `${pointer}/${map}/${token(key)}`, map === 'definitions' ? key : undefined);
    }
    for (const list of ['allOf', 'anyOf', 'oneOf']) {
      if (Array.isArray(node[list])) (node[list] as unknown[]).forEach((sub, i) => visit(sub, `${pointer}/${list}/${i}`));
    }
    for (const single of ['items', 'additionalProperties', 'not']) visit(node[single], `${pointer}/${single}`);
  };
  visit(schema, '');
  return named;
}

/** The subschema a local `$ref` (`#/definitions/x`) points at. */
function resolveRef(schema: JsonObject, ref: string): JsonObject | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = schema;
  for (const part of ref.slice(2).split('/')) node = isObject(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return isObject(node) ? node : undefined;
}

/** What to say about a property that has no description of its own, or `undefined`. */
function propertyDescription(schema: JsonObject, property: unknown): string | undefined {
  if (!isObject(property)) return undefined;
  if (typeof property.$ref === 'string') {
    const target = resolveRef(schema, property.$ref);
    return typeof target?.description === 'string' ? target.description : undefined;
  }
  if (typeof property.description === 'string') return property.description;
  if ('const' in property) return `Always \`${oneLine(property.const)}\`.`;
  return undefined;
}

/** Longest line an example writes inline, as the generated files' own width. */
const WIDTH = 100;

/** A key as written in an object literal: bare when it is an identifier. */
function key(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : oneLine(name);
}

/** A value as a one-line TypeScript literal in the generated files' style: single quotes, bare keys. */
function oneLine(value: unknown): string {
  if (typeof value === 'string') {
    if (/[\u0000-\u001f]/.test(value)) throw new Error(`example string ${JSON.stringify(value)} has a control character`);
    return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (isObject(value)) {
    const members = Object.entries(value).map(([name, v]) => `${key(name)}: ${oneLine(v)}`);
    return members.length === 0 ? '{}' : `{ ${members.join(', ')} }`;
  }
  throw new Error(`an example cannot hold ${typeof value}`);
}

/**
 * A value as a TypeScript literal: on one line when it fits after the `column` characters already
 * on the line, else one member a line, indented from `indent`.
 */
function literal(value: unknown, indent: string, column: number): string {
  const flat = oneLine(value);
  if (column + flat.length + 1 <= WIDTH || (!Array.isArray(value) && !isObject(value))) return flat;
  const inner = `${indent}  `;
  const lines = Array.isArray(value)
    ? value.map((item) => `${inner}${literal(item, inner, inner.length)},`)
    : Object.entries(value).map(([name, v]) => `${inner}${key(name)}: ${literal(v, inner, inner.length + key(name).length + 2)},`);
  return Array.isArray(value) ? `[\n${lines.join('\n')}\n${indent}]` : `{\n${lines.join('\n')}\n${indent}}`;
}

/** The `@example` lines (without the ` * ` prefix) for one type. */
function exampleLines(name: string, value: unknown): string[] {
  const variable = name[0]!.toLowerCase() + name.slice(1);
  const declaration = `const ${variable}: ${name} = `;
  const code = [`import type { ${name} } from 'teapurl';`, ...`${declaration}${literal(value, '', declaration.length)};`.split('\n')];
  if (code.some((line) => line.includes('*/'))) throw new Error(`the example for ${name} would close its comment (it contains */)`);
  return ['', '@example', '```ts', ...code, '```'];
}

/**
 * Adds the examples and the missing member comments to one generated declaration file.
 * Throws when a generated type has no example, or its example is not valid for its schema.
 *
 * @returns the new text, and the names of the types it documented
 */
export function documentGeneratedTypes(ts: string, schema: JsonObject, examples: Readonly<Record<string, unknown>>): { content: string; names: string[] } {
  const named = namedSubschemas(schema);
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(schema);
  const lines = ts.split('\n');
  const out: string[] = [];
  const names: string[] = [];
  let currentInterface: JsonObject | undefined;
  for (const line of lines) {
    const exported = EXPORTED_TYPE.exec(line);
    if (exported) {
      const name = exported[1]!;
      const location = named.get(name);
      if (!location) throw new Error(`generated type ${name} has no subschema named after it in ${String(schema.$id)}`);
      if (!Object.hasOwn(examples, name)) throw new Error(`generated type ${name} has no example: add one to scripts/generate/type-examples.ts`);
      const validate = ajv.getSchema(`${String(schema.$id)}#${location.pointer}`);
      if (!validate) throw new Error(`cannot compile ${String(schema.$id)}#${location.pointer}`);
      if (!validate(examples[name])) throw new Error(`the example for ${name} is not valid: ${ajv.errorsText(validate.errors)}`);
      const block = exampleLines(name, examples[name]).map((l) => (l === '' ? ' *' : ` * ${l}`));
      if (out.at(-1) === ' */') out.splice(out.length - 1, 0, ...block);
      else out.push('/**', ...block.slice(1), ' */');
      names.push(name);
      currentInterface = INTERFACE_START.test(line) ? location.node : undefined;
      out.push(line);
      continue;
    }
    if (line === '}') currentInterface = undefined;
    const property = currentInterface && PROPERTY.exec(line);
    if (property && currentInterface && out.at(-1)?.trim() !== '*/') {
      const [, indent, member] = property as unknown as [string, string, string];
      const properties = isObject(currentInterface.properties) ? currentInterface.properties : {};
      const description = propertyDescription(schema, properties[member.replace(/^'|'$/g, '')]);
      if (description) out.push(`${indent}/**`, `${indent} * ${description}`, `${indent} */`);
    }
    out.push(line);
  }
  return { content: out.join('\n'), names };
}
