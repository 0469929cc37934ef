/**
 * A value that matches none of a schema's alternatives (`oneOf`, `anyOf`) makes ajv report every
 * alternative's every complaint, and then that it matches none: a URL example with a bad PURL
 * gets four errors, three of them about the form it was not meant to have. This picks the
 * alternative the value was meant to be and reports what is wrong with it, once.
 *
 * Likewise a bad property name's generic `propertyNames` error, after the one that says what is
 * wrong with the name.
 *
 * It lives here, in the validator, rather than in schemas/schema-findings.ts: that module is in
 * the eager `teapurl/purl` bundle, which has no bytes to spare.
 */
import type { AjvError } from '../shared/validate-function.js';
import type { RawFinding } from '../shared/finding.js';
import { schemaFindings } from './schema-findings.js';
import { humanPath } from '../shared/pointer.js';
import { quoted } from '../shared/describe-value.js';
import { listed } from './checks/listed.js';

const ALTERNATIVES = new Set(['oneOf', 'anyOf']);
/** Keywords that say the value has another form than the alternative's, not a bad member. */
const FORM = new Set(['required', 'additionalProperties', 'type']);

interface Branch {
  readonly index: number;
  readonly errors: AjvError[];
  /** Errors at the value itself saying it has another form. */
  readonly form: AjvError[];
}

function isWithin(pointer: string, parent: string): boolean {
  return pointer === parent || pointer.startsWith(`${parent}/`);
}

/**
 * The errors of each alternative of the failed `oneOf`/`anyOf` at `errors[at]`, or `null` when
 * they cannot all be told (an alternative that passed, or errors from deeper references).
 */
function branchesOf(errors: readonly AjvError[], at: number): Branch[] | null {
  const failed = errors[at]!;
  const alternatives = failed.parentSchema?.[failed.keyword];
  if (!Array.isArray(alternatives) || (failed.params.passingSchemas ?? null) !== null) return null;
  // An alternative's errors carry its schema path, or that of the definition it refers to.
  const prefixes = alternatives.map((schema: unknown, index) => {
    const ref = typeof schema === 'object' && schema !== null ? (schema as Record<string, unknown>).$ref : undefined;
    return [`${failed.schemaPath}/${index}`, ...(typeof ref === 'string' ? [ref] : [])];
  });
  const branches: Branch[] = alternatives.map((_, index) => ({ index, errors: [], form: [] }));
  // ajv reports the alternatives' errors just before the one that says none matched.
  for (let i = at - 1; i >= 0 && isWithin(errors[i]!.instancePath, failed.instancePath); i--) {
    const error = errors[i]!;
    const index = prefixes.findIndex((p) => p.some((prefix) => isWithin(error.schemaPath, prefix)));
    if (index === -1) continue;
    const branch = branches[index]!;
    branch.errors.unshift(error);
    if (error.instancePath === failed.instancePath && FORM.has(error.keyword)) branch.form.unshift(error);
  }
  return branches.every((b) => b.errors.length > 0) ? branches : null;
}

/** What is wrong with the value as one alternative, without the path the message starts with. */
function reasons(branch: Branch, path: string): string {
  const missing = branch.errors.filter((e) => e.keyword === 'required').map((e) => quoted(e.params.missingProperty));
  const unknown = branch.errors.filter((e) => e.keyword === 'additionalProperties').map((e) => quoted(e.params.additionalProperty));
  const others = schemaFindings(branch.errors.filter((e) => e.keyword !== 'required' && e.keyword !== 'additionalProperties')).map(({ message }) => {
    if (!message.startsWith(path)) return message;
    const rest = message.slice(path.length);
    return rest.startsWith(' ') || rest.startsWith('.') ? rest.slice(1) : rest;
  });
  return [
    ...(missing.length > 0 ? [`lacks ${listed(missing)}`] : []),
    ...(unknown.length > 0 ? [`has the unknown ${unknown.length === 1 ? 'property' : 'properties'} ${listed(unknown)}`] : []),
    ...others,
  ].join(', ');
}

/** The alternative's name, from the `x-expected` of its schema. */
function nameOf(branch: Branch): string {
  const phrase = branch.form[0]?.parentSchema?.['x-expected'];
  return typeof phrase === 'string' ? phrase : `alternative ${branch.index + 1}`;
}

/** The one finding for a value whose form matches none of the alternatives. */
function noneMatches(failed: AjvError, branches: readonly Branch[]): RawFinding {
  const path = humanPath(failed.instancePath);
  const why = branches.map((b) => reasons(b, path));
  const names = branches.map(nameOf);
  let message: string;
  if (why.every((w) => w === why[0])) {
    message = branches.length === 2 ? `${path} is neither ${names[0]} nor ${names[1]}: ${why[0]}` : `${path} is none of ${listed(names)}: ${why[0]}`;
  } else {
    const each = names.map((name, i) => `${name} (${why[i]})`);
    message = branches.length === 2 ? `${path} is neither ${each[0]} nor ${each[1]}` : `${path} is none of ${each.join('; ')}`;
  }
  return { pointer: failed.instancePath, severity: 'error', rule: `schema/${failed.keyword}`, message };
}

/**
 * The schema's findings, with the errors of each value that matches none of its alternatives
 * reduced: when the value has the form of one alternative (the fewest complaints about its form,
 * then the fewest complaints), that alternative's complaints about its members; when it has the
 * form of none, one finding that names each alternative and what the value lacks for it.
 */
export function schemaFindingsOf(errors: readonly AjvError[]): RawFinding[] {
  if (!errors.some((e) => ALTERNATIVES.has(e.keyword) || e.keyword === 'propertyNames')) return schemaFindings(errors);
  const dropped = new Set<AjvError>();
  const added: RawFinding[] = [];
  errors.forEach((error, at) => {
    // "property name must be valid" follows the error that says how the name is not.
    if (error.keyword === 'propertyNames' && errors[at - 1]?.instancePath === error.instancePath) dropped.add(error);
    if (!ALTERNATIVES.has(error.keyword) || dropped.has(error)) return;
    const branches = branchesOf(errors, at);
    if (!branches) return;
    const best = branches.reduce((a, b) => (b.form.length < a.form.length || (b.form.length === a.form.length && b.errors.length < a.errors.length) ? b : a));
    dropped.add(error);
    for (const branch of branches) if (branch !== best || best.form.length > 0) for (const e of branch.errors) dropped.add(e);
    if (best.form.length > 0) added.push(noneMatches(error, branches));
  });
  return schemaFindings(errors.filter((e) => !dropped.has(e))).concat(added);
}
