import { builtInChecks, type CheckTable } from '../../validator/index.js';
import { ALL_KINDS } from '../../validator/all-kinds.js';

/** What a schema keyword asks of a value, for `schema/<keyword>` rules. */
const SCHEMA_KEYWORDS: Readonly<Record<string, string>> = {
  required: 'a required member is present',
  additionalProperties: 'no member the schema does not define',
  unevaluatedProperties: 'no member the schema does not define',
  propertyNames: 'member names have the allowed form',
  type: 'each value has the JSON type the schema gives it',
  enum: 'each value is one of the values the schema lists',
  const: 'each value is the one value the schema allows',
  pattern: 'strings match the pattern the schema gives them',
  format: 'strings have the format the schema names (uri, regex, …)',
  minimum: 'numbers are not below their minimum',
  maximum: 'numbers are not above their maximum',
  exclusiveMinimum: 'numbers are above their exclusive minimum',
  exclusiveMaximum: 'numbers are below their exclusive maximum',
  minLength: 'strings are not shorter than their minimum length',
  maxLength: 'strings are not longer than their maximum length',
  minItems: 'arrays have at least their minimum number of items',
  maxItems: 'arrays have at most their maximum number of items',
  uniqueItems: 'array items that must be unique are',
  minProperties: 'objects have at least their minimum number of members',
  maxProperties: 'objects have at most their maximum number of members',
  oneOf: 'each value matches exactly one of the alternatives the schema allows',
  anyOf: 'each value matches one of the alternatives the schema allows',
  not: 'no value has a form the schema excludes',
  if: 'members the schema makes depend on each other agree',
  dependentRequired: 'members that need other members have them',
  contains: 'arrays hold an item of the required form',
};

/** Rules that do not come from a schema keyword or a registered check. */
const FIXED: Readonly<Record<string, string>> = {
  'json/syntax': 'The document is well-formed JSON (RFC 8259).',
  'json/duplicate-key': 'No object repeats a member name: JSON readers would keep only the last.',
  'json/too-deep': 'The document is not nested deeper than teapurl reads.',
  'xml/syntax': 'The document is well-formed XML.',
  'xml/doctype': 'An XML document declares no DOCTYPE: teapurl expands no entity a DTD declares.',
  'xml/not-cyclonedx': 'An XML document is a CycloneDX BOM.',
  'xml/too-deep': 'The document is not nested deeper than teapurl reads.',
  'xml/repeated-element': 'A CycloneDX XML component has one <purl>.',
  'tag-value/syntax': 'Every line of an SPDX tag-value document is "Tag: value", a comment or blank.',
  'kind/undetected': 'The kind of document is known: from --kind, its $schema, its file name or its shape.',
  'file/not-found': 'The named file exists.',
  'file/directory': 'The path names a file, not a folder.',
  'file/empty': 'The file is not empty.',
  'file/binary': 'The file is UTF-8 text.',
  'file/too-large': 'The file is within the size limit (--max-bytes).',
  'file/unreadable': 'The file can be read.',
  'findings/truncated': 'A document has more findings than are listed; the rest are counted.',
  'vers/unknown-type': 'A VERS is of a type teapurl can order (warning): one of another type is checked for its syntax only.',
  'internal/error': 'teapurl validated the document without a fault of its own.',
};

/** One sentence on what a rule asks, for SARIF's `shortDescription`: the summary of a check of `checks` where there is one. */
export function ruleDescription(rule: string, checks: CheckTable = builtInChecks): string {
  for (const { name: kind } of ALL_KINDS) {
    const check = checks[kind]?.find((c) => c.rule === rule);
    if (check) return check.summary;
  }
  const fixed = FIXED[rule];
  if (fixed !== undefined) return fixed;
  if (rule.startsWith('schema/')) {
    const keyword = rule.slice('schema/'.length);
    const asks = Object.hasOwn(SCHEMA_KEYWORDS, keyword) ? SCHEMA_KEYWORDS[keyword] : `values satisfy the schema's "${keyword}" keyword`;
    return `The document matches its JSON Schema: ${asks}.`;
  }
  return `teapurl rule ${rule}.`;
}

/**
 * Where the package's documentation describes a rule: the guide docs/validate.md (shipped in the
 * package), whose type definition rules have a section of their own.
 */
export function ruleDocsPath(rule: string): string {
  return `docs/validate.md#${rule.startsWith('purl-type/') ? 'type-definition-checks' : 'what-is-checked'}`;
}
