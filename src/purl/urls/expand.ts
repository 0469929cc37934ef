import type { PurlComponents } from '../purl-components.js';
import type { CompiledTemplate, CompiledUrlDocument } from './url-document.js';
import type { TemplateValues } from './uri-template.js';
import { deriveValue, type Value } from './transforms.js';

/** A record with no prototype, so that a template variable named `constructor` finds nothing. */
function valueRecord(): Record<string, Value> {
  // Not Object.create(null): a dictionary-mode object, slower to fill on every call (see emptyQualifiers).
  return Object.setPrototypeOf({}, null) as Record<string, Value>;
}

function present(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value === '' ? undefined : value;
}

/**
 * The values a document's templates expand with for these components: the components, their
 * segments, the qualifiers as `q.<key>`, `registry`, then the document's defaults for what is
 * absent, then its derived variables (each after the one it comes from), then `extra` (what a
 * reverse shape read into the variables it ignores).
 */
export function templateValues(
  document: CompiledUrlDocument,
  components: PurlComponents,
  registry: string | undefined,
  extra?: ReadonlyMap<string, Value>,
): TemplateValues {
  const values = valueRecord();
  const namespace = present(components.namespace);
  const subpath = present(components.subpath);
  values.namespace = namespace;
  values.name = present(components.name);
  values.version = present(components.version);
  values.subpath = subpath;
  values.namespace_segments = namespace?.split('/');
  values.subpath_segments = subpath?.split('/');
  values.registry = registry;
  const qualifiers = components.qualifiers;
  if (qualifiers) for (const key of Object.keys(qualifiers)) values[`q.${key}`] = present(qualifiers[key]);
  for (const [name, value] of document.defaults) if (values[name] === undefined) values[name] = value;
  for (const name of document.derivedOrder) {
    const variable = document.derived.get(name)!;
    values[name] = deriveValue(values[variable.from], variable);
  }
  if (extra) for (const [name, value] of extra) values[name] = value;
  return values;
}

function hasValue(value: Value): boolean {
  return typeof value === 'string' ? value !== '' : value !== undefined && value.length > 0;
}

/** Whether a value (each item of a list) has a pattern's shape. */
function hasShape(value: Value, test: (text: string) => boolean): boolean {
  if (value === undefined) return true;
  return typeof value === 'string' ? test(value) : value.every((item) => test(item));
}

/** Whether the template applies to a PURL with these values (see purlToUrls). */
export function templateApplies(template: CompiledTemplate, values: TemplateValues, namespace: string | null, elsewhere: boolean): boolean {
  if (elsewhere && !template.usesRegistry) return false;
  // A template for one namespace stands for it (a distribution's own host); any other needs the namespace in the URL.
  if (template.namespace !== null) {
    if (namespace !== template.namespace) return false;
  } else if (namespace !== null && !template.usesNamespace && !template.anyNamespace) return false;
  for (const [key, value] of template.qualifiers) if (values[`q.${key}`] !== value) return false;
  if (!template.required.every((name) => hasValue(values[name]))) return false;
  for (const [name, pattern] of template.patterns) if (!hasShape(values[name], (text) => pattern.test(text))) return false;
  return true;
}

// A path segment that WHATWG URL parsing removes or climbs out of: `.`, `..`, and their encodings.
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * Expands a template and returns the URL, or `null` when it cannot be a faithful one: a value
 * that url-template cannot encode (a lone surrogate), or a value that is a whole path segment
 * `.` or `..`, which URL resolution would remove with the segment before it (RFC 6570 leaves
 * dots unencoded, and no encoding of them survives WHATWG URL parsing).
 */
export function expandTemplate(template: CompiledTemplate, values: TemplateValues): string | null {
  let expanded: string;
  try {
    expanded = template.template.expand(values);
  } catch {
    return null;
  }
  const start = expanded.indexOf('://');
  const end = expanded.search(/[?#]/);
  let path = expanded.slice(start + 3, end === -1 ? undefined : end);
  if (path.split('/').some((segment) => DOT_SEGMENT.test(segment))) return null;
  for (const c of template.rawCharacters) path = path.replaceAll(`%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`, c);
  return normalisedUrl(expanded.slice(0, start + 3) + path + (end === -1 ? '' : expanded.slice(end)));
}

/** A URL as WHATWG URL writes it (lowercase scheme and host, no default port), or `null` for one that is not http(s). */
export function normalisedUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}
