/**
 * VERS beyond the schemas. Every string a schema marks `"format": "vers"` is read by the VERS
 * engine (the schema checks only its shape); a VERS type definition's examples are of its own type
 * and its native examples mean what teapurl reads them as; a types index is sorted and names types
 * teapurl can order.
 */
import { checkVers, nativeVersTypes, normalizeVers, versFromNative, versTypes } from '../index.js';
import { quoted } from '../../shared/describe-value.js';
import type { RawFinding } from '../../shared/finding.js';
import { humanPath, pointerTokens, toPointer } from '../../shared/pointer.js';
import type { SemanticCheck } from '../../validation/checks/check-table.js';
import type { CheckContext } from '../../validation/checks/check-context.js';
import { asArray, asObject, own } from '../../validation/checks/read.js';
import { hasJsonFileName, lastSegment } from '../../shared/file-names.js';

/** The strings of `document` at pointers matching `pattern` (`*` any array item or member), with their pointers. */
function stringsAt(document: unknown, pattern: string): [string, string][] {
  const found: [string, string][] = [];
  const walk = (value: unknown, tokens: readonly string[], at: (string | number)[]): void => {
    if (tokens.length === 0) {
      if (typeof value === 'string') found.push([toPointer(at), value]);
      return;
    }
    const [token, ...rest] = tokens as [string, ...string[]];
    if (token === '*') {
      if (Array.isArray(value)) value.forEach((item, i) => walk(item, rest, [...at, i]));
      else if (value !== null && typeof value === 'object')
        for (const key of Object.keys(value)) walk((value as Record<string, unknown>)[key], rest, [...at, key]);
      return;
    }
    const next = own(asObject(value), token);
    if (next !== undefined) walk(next, rest, [...at, token]);
  };
  walk(document, pointerTokens(pattern), []);
  return found;
}

/** The canonical spelling of a VERS, when the engine can write one that it then accepts; else `null`. */
function canonicalSpelling(value: string): string | null {
  try {
    const written = normalizeVers(value);
    return written !== value && checkVers(written, { checkVersions: true }).ok ? written : null;
  } catch {
    return null;
  }
}

/**
 * The check of every VERS a kind's schema marks (`versFields`, from the schemas): the engine's
 * verdict, with each version read by its type's scheme. A type teapurl has no scheme for is a
 * warning (its syntax was still checked); a VERS the engine can rewrite canonically carries that
 * rewrite as its fix.
 */
export function versFieldsCheck(patterns: readonly string[]): SemanticCheck {
  return {
    rule: 'vers/invalid',
    summary: "Every VERS the schema marks is valid under the VERS specification, each version read by its type's scheme.",
    check(document, context: CheckContext) {
      const findings: RawFinding[] = [];
      for (const pattern of patterns) {
        for (const [pointer, value] of stringsAt(document, pattern)) {
          if (context.rejected?.has(pointer)) continue;
          const verdict = checkVers(value, { checkVersions: true });
          if (verdict.ok) continue;
          const { error } = verdict;
          const unknownType = error.code === 'unknown-type';
          const fix = unknownType ? null : canonicalSpelling(value);
          findings.push({
            pointer,
            severity: unknownType ? 'warning' : 'error',
            rule: unknownType ? 'vers/unknown-type' : this.rule,
            message: `${humanPath(pointer)} ${quoted(value)} ${unknownType ? 'was checked for its syntax only' : 'is not a valid VERS'}: ${error.message} [${error.code}]${fix === null ? '' : `; write ${quoted(fix, 500)}`}`,
            ...(fix === null ? {} : { fix: { pointer, replacement: fix } }),
          });
        }
      }
      return findings;
    },
  };
}

/** The type of a VERS string (between `vers:` and the first `/`), lowercased as the engine compares it; `null` when it has none. */
function versType(value: string): string | null {
  const match = /^vers:([^/]*)\//i.exec(value);
  return match ? match[1]!.toLowerCase() : null;
}

/** The definition's `type`, when it is a string the schema accepts. */
function definedType(document: unknown, context: CheckContext): string | null {
  const type = own(asObject(document), 'type');
  return typeof type === 'string' && !context.rejected?.has('/type') ? type : null;
}

const examplesOfType: SemanticCheck = {
  rule: 'vers-type/example-type',
  summary: "Every VERS example of a definition, and every VERS equivalent of a native range, is of the definition's type.",
  check(document, context) {
    const type = definedType(document, context);
    if (type === null) return [];
    const findings: RawFinding[] = [];
    for (const pattern of ['/vers_examples/*', '/native_and_vers_equivalent_examples/*/vers_range']) {
      for (const [pointer, value] of stringsAt(document, pattern)) {
        const named = versType(value);
        if (named === null || named === type || context.rejected?.has(pointer)) continue;
        findings.push({
          pointer,
          severity: 'error',
          rule: this.rule,
          message: `${humanPath(pointer)} ${quoted(value)} is a VERS of type ${quoted(named)}, not of this definition's type ${quoted(type)}`,
        });
      }
    }
    return findings;
  },
};

const knownScheme: SemanticCheck = {
  rule: 'vers-type/unknown-scheme',
  summary: 'The type is one teapurl has a version scheme for (warning): otherwise its examples are checked for syntax only.',
  check(document, context) {
    const type = definedType(document, context);
    if (type === null || versTypes().includes(type)) return [];
    return [
      {
        pointer: '/type',
        severity: 'warning',
        rule: this.rule,
        message: `type ${quoted(type)} is not one of the ${versTypes().length} VERS types teapurl can order; its examples are checked for syntax only`,
      },
    ];
  },
};

const nativeAgrees: SemanticCheck = {
  rule: 'vers-type/native-example',
  summary: "Each native range reads, by teapurl's reader of the type's notation, as the VERS it is paired with (warning).",
  check(document, context) {
    const type = definedType(document, context);
    if (type === null || !nativeVersTypes().includes(type)) return [];
    const findings: RawFinding[] = [];
    asArray(own(asObject(document), 'native_and_vers_equivalent_examples'))?.forEach((example, i) => {
      const native = own(asObject(example), 'native_range');
      const vers = own(asObject(example), 'vers_range');
      const pointer = toPointer(['native_and_vers_equivalent_examples', i, 'vers_range']);
      if (typeof native !== 'string' || typeof vers !== 'string' || context.rejected?.has(pointer) || !checkVers(vers).ok) return;
      let read: string;
      try {
        read = versFromNative(type, native);
      } catch (error) {
        findings.push({
          pointer: toPointer(['native_and_vers_equivalent_examples', i, 'native_range']),
          severity: 'warning',
          rule: this.rule,
          message: `teapurl cannot read the ${type} range ${quoted(native)}: ${error instanceof Error ? error.message : String(error)}`,
        });
        return;
      }
      if (sameRange(read, vers)) return;
      findings.push({
        pointer,
        severity: 'warning',
        rule: this.rule,
        message: `${humanPath(pointer)} ${quoted(vers)} is not what teapurl reads the ${type} range ${quoted(native)} as: ${quoted(read, 500)}`,
      });
    });
    return findings;
  },
};

/** Whether two valid VERS say the same, compared in their normal form. */
function sameRange(a: string, b: string): boolean {
  try {
    return normalizeVers(a, { simplify: true }) === normalizeVers(b, { simplify: true });
  } catch {
    return a === b;
  }
}

/** The file name a VERS type definition is published under. */
const definitionFile = (type: string) => `${type}-definition.json`;

const idNamesFile: SemanticCheck = {
  rule: 'vers-type/id-file-name',
  summary: '`$id` ends with `<type>-definition.json`, and a definition read from a `.json` file is named so too.',
  check(document, context) {
    const type = definedType(document, context);
    if (type === null) return [];
    const findings: RawFinding[] = [];
    const id = own(asObject(document), '$id');
    if (typeof id === 'string' && !context.rejected?.has('/$id') && lastSegment(id) !== definitionFile(type)) {
      findings.push({
        pointer: '/$id',
        severity: 'error',
        rule: this.rule,
        message: `$id ${quoted(id)} names the file ${quoted(lastSegment(id))}, but a definition of type ${quoted(type)} is ${quoted(definitionFile(type))}`,
      });
    }
    if (hasJsonFileName(context.file) && lastSegment(context.file) !== definitionFile(type)) {
      findings.push({
        pointer: '/type',
        severity: 'warning',
        rule: this.rule,
        message: `the file is named ${quoted(lastSegment(context.file))}, but a definition of type ${quoted(type)} is ${quoted(definitionFile(type))}`,
      });
    }
    return findings;
  },
};

const indexSorted: SemanticCheck = {
  rule: 'vers-index/sorted',
  summary: 'The types of an index are in ascending order (warning), so that adding one changes one line.',
  check(document) {
    const types = asArray(document)?.filter((t): t is string => typeof t === 'string') ?? [];
    const at = types.findIndex((type, i) => i > 0 && type < types[i - 1]!);
    if (at === -1) return [];
    return [
      {
        pointer: toPointer([at]),
        severity: 'warning',
        rule: this.rule,
        message: `${quoted(types[at]!)} comes after ${quoted(types[at - 1]!)}: keep the types in ascending order`,
      },
    ];
  },
};

const indexKnown: SemanticCheck = {
  rule: 'vers-index/unknown-type',
  summary: 'Every type of an index is one teapurl can order (warning).',
  check(document, context) {
    const known = versTypes();
    return (asArray(document) ?? []).flatMap((type, i): RawFinding[] => {
      const pointer = toPointer([i]);
      if (typeof type !== 'string' || known.includes(type) || context.rejected?.has(pointer)) return [];
      return [{ pointer, severity: 'warning', rule: this.rule, message: `${quoted(type)} is not one of the ${known.length} VERS types teapurl can order` }];
    });
  },
};

/** The checks of VERS type definitions, beside the VERS fields check every kind with VERS fields gets. */
export const VERS_TYPE_CHECKS: readonly SemanticCheck[] = [examplesOfType, knownScheme, nativeAgrees, idNamesFile];

/** The checks of a VERS types index. */
export const VERS_INDEX_CHECKS: readonly SemanticCheck[] = [indexSorted, indexKnown];
