import type { AjvError, ValidateFunction } from '../shared/validate-function.js';
import type { Finding, RawFinding } from '../shared/finding.js';
import { escapePointerToken, humanPath, pointerTokens, toPointer } from '../shared/pointer.js';
import { countOf, describeValue, jsonTypeOf, quoted } from '../shared/describe-value.js';
import { regexSyntaxError } from '../shared/regex-syntax.js';

const FORMAT_WORDS: Record<string, string> = {
  uri: 'an absolute URI (RFC 3986)',
  regex: 'a valid regular expression',
};

/** Why a `format: regex` value fails: teapurl compiles patterns as ECMA-262 with the `u` flag. */
function regexProblem(source: string): string {
  const why = regexSyntaxError(source) ?? 'it does not compile';
  if (why.startsWith('it is too')) return `cannot be used as a regular expression: ${why}`;
  const legacy = regexSyntaxError(source, '') === null ? '; it compiles only without the u flag, under the looser legacy syntax' : '';
  return `is not a valid regular expression with the u flag (${why})${legacy}`;
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** The phrase our schemas give, as `x-expected`, for what a valid value looks like. */
function expected(error: AjvError): string | undefined {
  const phrase = error.parentSchema?.['x-expected'];
  return typeof phrase === 'string' ? phrase : undefined;
}

const hints = new WeakMap<object, string>();

/** `; allowed: a, b` for the schema object of an `additionalProperties` error, worked out once per schema. */
function allowedHint(error: AjvError): string {
  const schema = error.parentSchema;
  if (!schema) return '';
  let hint = hints.get(schema);
  if (hint === undefined) {
    const properties = schema.properties;
    hint = properties && typeof properties === 'object' ? `; allowed: ${Object.keys(properties).join(', ')}` : '';
    hints.set(schema, hint);
  }
  return hint;
}

function describe(error: AjvError): { pointer: string; message: string; atKey?: boolean } {
  const pointer = error.instancePath;
  const path = humanPath(pointer);
  const value = error.data;
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return { pointer, message: `${path} lacks the required property ${quoted(p.missingProperty)}` };
    case 'additionalProperties': {
      const extra = String(p.additionalProperty);
      return {
        pointer: `${pointer}/${escapePointerToken(extra)}`,
        atKey: true,
        message: `${path} has the unknown property ${quoted(extra)}${allowedHint(error)}`,
      };
    }
    case 'type':
      return { pointer, message: `${path} must be ${TYPE_WORDS[String(p.type)] ?? String(p.type)}, not ${jsonTypeOf(value)}` };
    case 'const':
      return { pointer, message: `${path} must be ${quoted(p.allowedValue)}, not ${describeValue(value)}` };
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map((v) => quoted(v)).join(', ');
      return { pointer, message: `${path} ${describeValue(value)} is not one of ${allowed}` };
    }
    case 'pattern': {
      const phrase = expected(error);
      return {
        pointer,
        message: phrase
          ? `${path} ${describeValue(value)} is not ${phrase}`
          : `${path} ${describeValue(value)} does not match the pattern ${String(p.pattern)}`,
      };
    }
    case 'format':
      if (p.format === 'regex' && typeof value === 'string') return { pointer, message: `${path} ${describeValue(value)} ${regexProblem(value)}` };
      return { pointer, message: `${path} ${describeValue(value)} is not ${FORMAT_WORDS[String(p.format)] ?? `a valid ${String(p.format)}`}` };
    case 'minItems':
      return { pointer, message: `${path} must have at least ${countOf(Number(p.limit), 'item')}, but has ${Array.isArray(value) ? value.length : 0}` };
    case 'maxItems':
      return { pointer, message: `${path} must have at most ${countOf(Number(p.limit), 'item')}` };
    case 'minLength':
      return {
        pointer,
        message: Number(p.limit) === 1 ? `${path} must not be empty` : `${path} must be at least ${countOf(Number(p.limit), 'character')} long`,
      };
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum': {
      const bound = error.keyword.includes('inimum') ? 'below the minimum' : 'above the maximum';
      const exclusive = error.keyword.startsWith('exclusive') ? ' (exclusive)' : '';
      return { pointer, message: `${path} ${describeValue(value)} is ${bound} ${String(p.limit)}${exclusive}` };
    }
    case 'uniqueItems': {
      // ajv's two algorithms (strings vs. anything else) disagree on which of i and j is later.
      const later = Math.max(Number(p.i), Number(p.j));
      const earlier = Math.min(Number(p.i), Number(p.j));
      return {
        pointer: toPointer([...pointerTokens(pointer), later]),
        message: `${path}[${later}] repeats ${path}[${earlier}]; items must be distinct`,
      };
    }
    default:
      return { pointer, message: `${path} ${error.message ?? `fails ${error.keyword}`}` };
  }
}

/**
 * When one value breaks several keywords, the first of these that it breaks says enough: a value of
 * the wrong type fails its `const` or `pattern` too, and a `pattern` says more than `format`.
 */
const OUTRANKED_BY: Readonly<Record<string, readonly string[]>> = {
  const: ['type'],
  enum: ['type'],
  pattern: ['type'],
  format: ['type', 'pattern'],
  minLength: ['type'],
  minimum: ['type'],
  maximum: ['type'],
};

/** Turns ajv's errors into findings with plain-language messages, one per broken value. */
export function schemaFindings(errors: readonly AjvError[]): RawFinding[] {
  const keywordsAt = new Map<string, Set<string>>();
  for (const error of errors) {
    const set = keywordsAt.get(error.instancePath) ?? new Set<string>();
    set.add(error.keyword);
    keywordsAt.set(error.instancePath, set);
  }
  const findings: RawFinding[] = [];
  // ajv may report one failure twice (through two schema paths); say it once.
  const messagesAt = new Map<string, string | string[]>();
  for (const error of errors) {
    const outranked = OUTRANKED_BY[error.keyword];
    if (outranked?.some((k) => keywordsAt.get(error.instancePath)!.has(k))) continue;
    const { pointer, message, atKey } = describe(error);
    const earlier = messagesAt.get(pointer);
    if (earlier === undefined) messagesAt.set(pointer, message);
    else if (earlier === message || (Array.isArray(earlier) && earlier.includes(message))) continue;
    else messagesAt.set(pointer, Array.isArray(earlier) ? [...earlier, message] : [earlier, message]);
    const finding: RawFinding = { pointer, message, rule: `schema/${error.keyword}`, severity: 'error' };
    if (atKey) finding.atKey = true;
    findings.push(finding);
  }
  return findings;
}

/**
 * The schema's findings for an in-memory document, straight from a compiled validator, as findings
 * of `source` without positions: what the engine's loaders (definitions, URL documents) need, with
 * none of the document validator's semantic checks. A value that throws when read (a proxy, a
 * getter) is one `internal/error` finding, the document's fault.
 */
export function documentSchemaErrors(validate: ValidateFunction, document: unknown, source: string): Finding[] {
  try {
    if (validate(document)) return [];
    return schemaFindings(validate.errors ?? []).map(({ pointer, severity, rule, message }) => ({
      file: source,
      pointer,
      line: null,
      column: null,
      severity,
      rule,
      message,
    }));
  } catch (error) {
    const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const message = `the document could not be read (${what.length > 200 ? `${what.slice(0, 200)}…` : what})`;
    return [{ file: source, pointer: '', line: null, column: null, severity: 'error', rule: 'internal/error', message }];
  }
}
