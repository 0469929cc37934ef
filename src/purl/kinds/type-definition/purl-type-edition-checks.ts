/**
 * Checks of what ECMA-427's 2nd edition added to PURL type definitions: the edition a definition
 * is written to (named by its `$schema`, else its `$id`), the namespace's `registered_values`
 * (distinct, sorted by value, never on a prohibited namespace), and the warnings the definition's
 * own engine gives its examples (a namespace not registered, a recommended qualifier missing).
 */
import { quoted } from '../../../shared/describe-value.js';
import type { RawFinding } from '../../../shared/finding.js';
import { humanPath, toPointer } from '../../../shared/pointer.js';
import type { SemanticCheck } from '../../../validation/checks/check-table.js';
import { asArray, asObject, own } from '../../../validation/checks/read.js';
import { qualifierDefinitions } from './purl-type-document.js';
import { examplesOf } from './purl-type-examples.js';
import { definitionEdition, editionName, editionOfId, ID_FOLDER, SECOND, SECOND_DRAFT } from './purl-type-edition.js';

/** The members a 1st-edition definition cannot have, each with what it is. */
function secondEditionMembers(document: unknown): { pointer: string; what: string }[] {
  const root = asObject(document);
  const found: { pointer: string; what: string }[] = [];
  if (own(asObject(own(root, 'namespace_definition')), 'registered_values') !== undefined) {
    found.push({ pointer: '/namespace_definition/registered_values', what: 'registered namespace values are' });
  }
  for (const { index, definition } of qualifierDefinitions(document)) {
    if (own(definition, 'requirement') === 'recommended') {
      found.push({ pointer: toPointer(['qualifiers_definition', index, 'requirement']), what: 'the requirement "recommended" is' });
    }
  }
  return found;
}

const edition: SemanticCheck = {
  rule: 'purl-type/edition',
  summary:
    "A definition uses only what the edition of ECMA-427 its `$schema` (else `$id`) names allows: `registered_values` and `recommended` qualifiers belong to the 2nd edition; its packageurl.org `$id` is in that edition's folder; the 2nd edition's schema is named at its place under purl-schemas/.",
  check(document, { rejected }) {
    const root = asObject(document);
    const findings: RawFinding[] = [];
    const { edition: named, namedBy } = definitionEdition(document);
    const schema = own(root, '$schema');
    if (typeof schema === 'string' && schema.replace(/#$/, '') === SECOND_DRAFT) {
      findings.push({
        pointer: '/$schema',
        severity: 'warning',
        rule: this.rule,
        message: `$schema ${quoted(schema)} is where the 2nd edition's schema stood in drafts; ${editionName(2)} publishes it as ${quoted(SECOND)}`,
        fix: { pointer: '/$schema', replacement: SECOND },
      });
    }
    const id = own(root, '$id');
    const idEdition = editionOfId(id);
    if (namedBy === '$schema' && idEdition !== undefined && idEdition !== named && !rejected?.has('/$id')) {
      findings.push({
        pointer: '/$id',
        severity: 'error',
        rule: this.rule,
        message: `$id ${quoted(id)} is in the folder of ${editionName(idEdition)}, but $schema names ${editionName(named)}, whose definitions are published under ${quoted(ID_FOLDER[named])}`,
        fix: { pointer: '/$id', replacement: ID_FOLDER[named] + (id as string).slice(ID_FOLDER[idEdition].length) },
      });
    }
    if (named === 1) {
      const by = namedBy === '$schema' ? `its $schema ${quoted(schema)}` : `its $id ${quoted(id)}`;
      for (const member of secondEditionMembers(document)) {
        if (rejected?.has(member.pointer)) continue;
        findings.push({
          pointer: member.pointer,
          severity: 'error',
          rule: this.rule,
          message: `${humanPath(member.pointer)}: ${member.what} part of ${editionName(2)}, but this definition is written to ${editionName(1)} by ${by}; name ${quoted(SECOND)} as $schema, or leave it out`,
        });
      }
    }
    return findings;
  },
};

interface RegisteredEntry {
  readonly index: number;
  readonly value: string;
  readonly item: Record<string, unknown>;
}

/** The fixes that sort `entries` by value, one finding per string that moves; none unless every entry has the same string members. */
function sortFindings(entries: readonly RegisteredEntry[], rule: string): RawFinding[] {
  const sorted = [...entries].sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : a.index - b.index));
  if (sorted.every((e, i) => e === entries[i])) return [];
  const keysOf = (item: Record<string, unknown>) => Object.keys(item).sort().join('\u0000');
  const keys = keysOf(entries[0]!.item);
  const fixable = entries.every((e) => keysOf(e.item) === keys && Object.values(e.item).every((v) => typeof v === 'string'));
  const base = ['namespace_definition', 'registered_values'];
  const findings: RawFinding[] = [];
  entries.forEach((entry, i) => {
    const belongs = sorted[i]!;
    if (belongs === entry) return;
    const pointer = toPointer([...base, i, 'value']);
    const message = `${humanPath(pointer)} ${quoted(entry.value)} is out of order: registered values are sorted by value, and ${quoted(belongs.value)} comes here`;
    if (!fixable) {
      findings.push({ pointer, severity: 'warning', rule, message: `${message} (entries with different members are sorted by hand)` });
      return;
    }
    for (const member of Object.keys(entry.item)) {
      const at = toPointer([...base, i, member]);
      const replacement = belongs.item[member] as string;
      if (member === 'value') findings.push({ pointer: at, severity: 'warning', rule, message, fix: { pointer: at, replacement } });
      else if (entry.item[member] !== replacement) {
        findings.push({
          pointer: at,
          severity: 'warning',
          rule,
          message: `${humanPath(at)} moves with its value when registered_values is sorted: here comes the ${member} of ${quoted(belongs.value)}`,
          fix: { pointer: at, replacement },
        });
      }
    }
  });
  return findings;
}

const registeredValues: SemanticCheck = {
  rule: 'purl-type/registered-values',
  summary:
    'Registered namespace values are distinct (case aside where the namespace ignores case) and sorted by value (a warning `--fix` mends), and a prohibited namespace registers none.',
  check(document, { rejected }) {
    const namespace = asObject(own(asObject(document), 'namespace_definition'));
    const raw = own(namespace, 'registered_values');
    if (!Array.isArray(raw) || rejected?.has('/namespace_definition/registered_values')) return [];
    const findings: RawFinding[] = [];
    if (own(namespace, 'requirement') === 'prohibited') {
      findings.push({
        pointer: '/namespace_definition/registered_values',
        severity: 'error',
        rule: this.rule,
        message: 'namespace_definition.registered_values lists namespaces, but the namespace is prohibited for this type: drop the list or the prohibition',
      });
    }
    const ignoresCase = own(namespace, 'case_sensitive') === false;
    const entries: RegisteredEntry[] = [];
    const seen = new Map<string, number>();
    asArray(raw).forEach((item, index) => {
      const object = asObject(item);
      const value = own(object, 'value');
      if (!object || typeof value !== 'string') return;
      entries.push({ index, value, item: object });
      const key = ignoresCase ? value.toLowerCase() : value;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, index);
        return;
      }
      const pointer = toPointer(['namespace_definition', 'registered_values', index, 'value']);
      findings.push({
        pointer,
        severity: 'warning',
        rule: this.rule,
        message: `${humanPath(pointer)} ${quoted(value)} repeats ${humanPath(toPointer(['namespace_definition', 'registered_values', first]))}${ignoresCase ? ' (the namespace ignores case)' : ''}; register each value once`,
      });
    });
    // Every entry readable: else the positions a fix would move strings to are not known.
    if (entries.length === raw.length && entries.length > 1) findings.push(...sortFindings(entries, this.rule));
    return findings;
  },
};

const exampleWarnings: SemanticCheck = {
  rule: 'purl-type/example-warning',
  summary:
    "A valid example gets the warnings the definition's own engine gives a PURL: a namespace not among `registered_values`, a `recommended` qualifier missing.",
  check(document, context) {
    const findings: RawFinding[] = [];
    for (const e of examplesOf(document, context)) {
      const warnings = e.validation?.warnings ?? [];
      if (warnings.length === 0) continue;
      const pointer = toPointer(['examples', e.index]);
      for (const warning of warnings) {
        findings.push({
          pointer,
          severity: 'warning',
          rule: this.rule,
          message: `${humanPath(pointer)} ${quoted(e.purl)}: ${warning.message} (${warning.code})`,
        });
      }
    }
    return findings;
  },
};

/** The built-in purl-type-definition checks of the 2nd edition's members, in the order they run. */
export const PURL_TYPE_EDITION_CHECKS: readonly SemanticCheck[] = [edition, registeredValues, exampleWarnings];
