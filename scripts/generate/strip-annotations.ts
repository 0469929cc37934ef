/**
 * The published copy of one of teapurl's schemas: the schema without teapurl's own annotations
 * (`x-expected`, the phrase its messages use for a valid value, and json-schema-to-typescript's
 * `tsType`), so that any strict JSON Schema validator (ajv in strict mode, for one) compiles it.
 * The annotated sources are schemas/annotated/; `npm run generate` writes the copies to schemas/.
 *
 * A `format` that is not one of JSON Schema's own (teapurl's `vers`) goes too: a strict validator
 * refuses a format it does not know, and the check stays teapurl's (a lenient one ignores it).
 * Only keywords are dropped: a member of `properties` (or `definitions`, …) named `x-…` is a
 * name, not an annotation, and values under `enum`, `const`, `default` and `examples` are data.
 */

/** Whether a keyword is one of teapurl's annotations. */
export function isAnnotation(keyword: string): boolean {
  return keyword.startsWith('x-') || keyword === 'tsType' || keyword === 'tsEnumNames';
}

/** The formats JSON Schema defines (draft-07, and uuid and duration of 2019-09). */
const STANDARD_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
]);

/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);
/** Keywords whose value is a schema, or a list of schemas. */
const SCHEMAS = new Set([
  'items',
  'additionalItems',
  'prefixItems',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
]);

/** `schema` without annotations, a new value (the argument is not changed). */
export function stripAnnotations(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(stripAnnotations);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (isAnnotation(keyword)) continue;
    if (keyword === 'format' && typeof value === 'string' && !STANDARD_FORMATS.has(value)) continue;
    if (SCHEMA_MAPS.has(keyword) && value !== null && typeof value === 'object') {
      out[keyword] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, stripAnnotations(sub)]));
    } else if (keyword === 'dependencies' && value !== null && typeof value === 'object') {
      out[keyword] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, Array.isArray(sub) ? sub : stripAnnotations(sub)]));
    } else if (SCHEMAS.has(keyword)) {
      out[keyword] = stripAnnotations(value);
    } else {
      out[keyword] = value;
    }
  }
  return out;
}
