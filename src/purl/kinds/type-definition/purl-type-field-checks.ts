/**
 * Checks of a PURL type definition's names and links: `$id` and the file name agree with the
 * type, qualifier keys are valid PURL keys, URLs are web addresses.
 */
import { quoted } from '../../../shared/describe-value.js';
import type { RawFinding } from '../../../shared/finding.js';
import { humanPath, toPointer } from '../../../shared/pointer.js';
import type { SemanticCheck } from '../../../validation/checks/check-table.js';
import { asArray, asObject, own } from '../../../validation/checks/read.js';
import { definitionType, qualifierDefinitions } from './purl-type-document.js';
import { checkQualifierKey } from '../../syntax/generic-rules.js';
import { hasJsonFileName, lastSegment } from '../../../shared/file-names.js';

/** The file name a definition of `type` is published under. */
function definitionFileName(type: string): string {
  return `${type}-definition.json`;
}

const idNamesFile: SemanticCheck = {
  rule: 'purl-type/id-file-name',
  summary: '`$id`, when present, ends with `<type>-definition.json`.',
  check(document, { rejected }) {
    const type = definitionType(document);
    const id = own(asObject(document), '$id');
    // Against a type the schema rejects, the $id would be judged by a name that is itself wrong.
    if (type === undefined || typeof id !== 'string' || rejected?.has('/type')) return [];
    const expected = definitionFileName(type);
    if (id.endsWith(`/${expected}`) || id === expected) return [];
    return [
      {
        pointer: '/$id',
        severity: 'error',
        rule: this.rule,
        message: `$id ${quoted(id)} names the file ${quoted(lastSegment(id))}, but a definition of type ${quoted(type)} is ${quoted(expected)}`,
      },
    ];
  },
};

const fileNameAgrees: SemanticCheck = {
  rule: 'purl-type/file-name',
  summary: 'A definition read from a `.json` file is named `<type>-definition.json`.',
  check(document, { file, rejected }) {
    const type = definitionType(document);
    if (type === undefined || !hasJsonFileName(file) || rejected?.has('/type')) return [];
    const base = lastSegment(file);
    const expected = definitionFileName(type);
    if (base === expected) return [];
    return [
      {
        pointer: '/type',
        severity: 'error',
        rule: this.rule,
        message: `the file is named ${quoted(base)}, but a definition of type ${quoted(type)} belongs in ${quoted(expected)}`,
      },
    ];
  },
};

/** The key lowercased when it is a PURL qualifier key in any case (the engine's grammar), else `null`. */
function lowercaseKey(key: string): string | null {
  try {
    return checkQualifierKey(key, true);
  } catch {
    return null;
  }
}

const qualifierKeys: SemanticCheck = {
  rule: 'purl-type/qualifier-key',
  summary: 'Qualifier keys are valid PURL qualifier keys, written in lowercase, each defined once.',
  check(document) {
    const findings: RawFinding[] = [];
    const seen = new Map<string, number>();
    for (const { index, definition } of qualifierDefinitions(document)) {
      const key = own(definition, 'key');
      if (typeof key !== 'string') continue;
      const pointer = toPointer(['qualifiers_definition', index, 'key']);
      const at = `${humanPath(pointer)} ${quoted(key)}`;
      const lower = lowercaseKey(key);
      if (lower === null) {
        findings.push({
          pointer,
          severity: 'error',
          rule: this.rule,
          message: `${at} is not a PURL qualifier key: a key starts with an ASCII letter and holds only letters, digits, ".", "-" and "_"`,
        });
        continue;
      }
      if (lower !== key) {
        findings.push({
          pointer,
          severity: 'error',
          rule: this.rule,
          message: `${at} must be lowercase, as keys are in a canonical PURL: write ${quoted(lower)}`,
        });
      }
      const first = seen.get(lower);
      if (first === undefined) {
        seen.set(lower, index);
        continue;
      }
      findings.push({
        pointer,
        severity: 'error',
        rule: this.rule,
        message: `${at} is already defined by ${humanPath(toPointer(['qualifiers_definition', first]))}; keys compare without regard to case`,
      });
    }
    return findings;
  },
};

const requiredWithDefault: SemanticCheck = {
  rule: 'purl-type/required-qualifier-default',
  summary: 'A required qualifier has no `default_value`: a default would make the requirement meaningless.',
  check(document) {
    const findings: RawFinding[] = [];
    for (const { index, definition } of qualifierDefinitions(document)) {
      const value = own(definition, 'default_value');
      if (own(definition, 'requirement') !== 'required' || value === undefined) continue;
      const key = own(definition, 'key');
      findings.push({
        pointer: toPointer(['qualifiers_definition', index, 'default_value']),
        severity: 'warning',
        rule: this.rule,
        message: `qualifier ${quoted(key)} is required and also has the default ${quoted(value)}: a PURL without it would be refused, so the default never applies; make it optional or drop the default`,
      });
    }
    return findings;
  },
};

/** Why `value` is not an absolute http(s) URL, or `null` when it is one. */
function notWebUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `uses the scheme "${url.protocol.slice(0, -1)}"; only https and http are links a reader can follow`;
  if (!/^https?:\/\/[^/]/i.test(value)) return 'has no host';
  return null;
}

const webUrls: SemanticCheck = {
  rule: 'purl-type/url',
  summary: '`default_repository_url` and `reference_urls` are absolute https or http URLs.',
  check(document) {
    const root = asObject(document);
    const sites: { pointer: string; value: unknown }[] = [
      { pointer: '/repository/default_repository_url', value: own(asObject(own(root, 'repository')), 'default_repository_url') },
      ...asArray(own(root, 'reference_urls')).map((value, index) => ({ pointer: toPointer(['reference_urls', index]), value })),
    ];
    const findings: RawFinding[] = [];
    for (const { pointer, value } of sites) {
      if (typeof value !== 'string') continue;
      const why = notWebUrl(value);
      if (why) findings.push({ pointer, severity: 'error', rule: this.rule, message: `${humanPath(pointer)} ${quoted(value)} ${why}` });
    }
    return findings;
  },
};

/** The built-in purl-type-definition checks, in the order they run. */
export const PURL_TYPE_FIELD_CHECKS: readonly SemanticCheck[] = [idNamesFile, fileNameAgrees, qualifierKeys, requiredWithDefault, webUrls];
