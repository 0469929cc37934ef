/**
 * The checks of the VERS in a CycloneDX BOM or VEX: each `vulnerabilities[].affects[].versions[]`
 * says which versions of the affected component (`affects[].ref`, a `bom-ref`) a vulnerability
 * touches, as a `range` (a VERS) or one `version`. A range is read strictly by the VERS engine,
 * each version by its type's scheme; one the engine can repair (constraints out of order,
 * redundant ones) carries its canonical form as the fix. A range's type is its package's PURL
 * type, by the VERS convention: a range whose type is another PURL type than the referenced
 * component's is an error; one of a scheme that is no PURL type (`vers:semver`, `vers:generic`),
 * which the specification allows, a warning. A `version` is read by the scheme of that type (a warning when it cannot be), and a
 * VERS written where one version belongs is an error.
 */
import { quoted } from '../../shared/describe-value.js';
import type { RawFinding } from '../../shared/finding.js';
import { humanPath, toPointer } from '../../shared/pointer.js';
import type { SemanticCheck } from '../../validation/checks/check-table.js';
import type { CheckContext } from '../../validation/checks/check-context.js';
import { purlContextOf } from '../../purl/kinds/purl-check-context.js';
import { asArray, asObject, own } from '../../validation/checks/read.js';
import { checkVers, compareVersions, normalizeVers, VersError, versTypes } from '../../vers/index.js';

/** One `versions[]` item of an `affects[]` entry, with the PURL type of the component it names. */
interface AffectedVersions {
  readonly pointer: string;
  readonly item: Record<string, unknown>;
  readonly ref: string | undefined;
  /** The PURL type the ref leads to, and the PURL; `undefined` when the ref names no component with a PURL. */
  readonly target: { readonly type: string; readonly purl: string } | undefined;
}

/** The PURL type of a PURL string (`pkg:npm/x` → `npm`), lowercased; `undefined` when it is none. */
function purlType(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^pkg:\/*([A-Za-z][A-Za-z0-9.+-]*)\//.exec(value);
  return match ? match[1]!.toLowerCase() : undefined;
}

/** Every `bom-ref` of an object with a `purl`, at any depth: the components a ref may name. */
function purlsByRef(document: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) if (typeof item === 'object' && item !== null) stack.push(item);
      continue;
    }
    const object = asObject(node);
    if (!object) continue;
    const ref = own(object, 'bom-ref');
    const purl = own(object, 'purl');
    if (typeof ref === 'string' && typeof purl === 'string' && !out.has(ref)) out.set(ref, purl);
    for (const key of Object.keys(object)) {
      const child = object[key];
      if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return out;
}

/** The `versions[]` items of a document, found once per validation for the three checks. */
function affectedVersions(document: unknown, context: CheckContext): readonly AffectedVersions[] {
  return context.shared('sbom/affected-versions', () => findAffectedVersions(document));
}

function findAffectedVersions(document: unknown): AffectedVersions[] {
  const out: AffectedVersions[] = [];
  let refs: Map<string, string> | undefined;
  asArray(own(asObject(document), 'vulnerabilities'))?.forEach((vulnerability, v) => {
    asArray(own(asObject(vulnerability), 'affects'))?.forEach((affects, a) => {
      const ref = own(asObject(affects), 'ref');
      asArray(own(asObject(affects), 'versions'))?.forEach((item, i) => {
        const object = asObject(item);
        if (!object) return;
        let target: AffectedVersions['target'];
        if (typeof ref === 'string') {
          refs ??= purlsByRef(document);
          // A bom-ref is often the component's PURL itself; a BOM-Link (urn:cdx:…) names another BOM.
          const purl = refs.get(ref) ?? (purlType(ref) === undefined ? undefined : ref);
          const type = purlType(purl);
          if (purl !== undefined && type !== undefined) target = { type, purl };
        }
        out.push({
          pointer: toPointer(['vulnerabilities', v, 'affects', a, 'versions', i]),
          item: object,
          ref: typeof ref === 'string' ? ref : undefined,
          target,
        });
      });
    });
  });
  return out;
}

/** The canonical spelling of a range, when the engine writes one it then accepts; else `null`. */
function canonicalRange(value: string): string | null {
  try {
    const written = normalizeVers(value);
    return written !== value && checkVers(written, { checkVersions: true }).ok ? written : null;
  } catch {
    return null;
  }
}

/** The VERS type named by a VERS string, lowercased, when it has one. */
function versTypeOf(value: string): string | undefined {
  const match = /^vers:([^/]*)\//i.exec(value);
  return match ? match[1]!.toLowerCase() : undefined;
}

const targetOf = (site: AffectedVersions) => (site.target === undefined ? '' : ` (the affected component ${quoted(site.target.purl)})`);

const rangeValid: SemanticCheck = {
  rule: 'sbom/vers-invalid',
  summary: "Every affects[].versions[].range of a vulnerability is a valid, canonical VERS, each version read by its type's scheme.",
  check(document, context) {
    const findings: RawFinding[] = [];
    for (const site of affectedVersions(document, context)) {
      const range = own(site.item, 'range');
      const pointer = `${site.pointer}/range`;
      if (typeof range !== 'string' || context.rejected?.has(pointer)) continue;
      const verdict = checkVers(range, { checkVersions: true });
      if (verdict.ok) continue;
      const unknownType = verdict.error.code === 'unknown-type';
      const fix = unknownType ? null : canonicalRange(range);
      findings.push({
        pointer,
        severity: unknownType ? 'warning' : 'error',
        rule: unknownType ? 'sbom/vers-unknown-type' : this.rule,
        message: `${humanPath(pointer)} ${quoted(range)}${targetOf(site)} ${unknownType ? 'was checked for its syntax only' : 'is not a valid VERS'}: ${verdict.error.message} [${verdict.error.code}]${fix === null ? '' : `; its canonical form is ${quoted(fix, 500)}`}`,
        ...(fix === null ? {} : { fix: { pointer, replacement: fix } }),
      });
    }
    return findings;
  },
};

const rangeType: SemanticCheck = {
  rule: 'sbom/vers-type-mismatch',
  summary: "A range's VERS type is the PURL type of the component its affects[].ref names.",
  check(document, context) {
    const findings: RawFinding[] = [];
    for (const site of affectedVersions(document, context)) {
      const range = own(site.item, 'range');
      const pointer = `${site.pointer}/range`;
      if (typeof range !== 'string' || site.target === undefined || context.rejected?.has(pointer)) continue;
      const type = versTypeOf(range);
      if (type === undefined || type === site.target.type) continue;
      const purlTypes = context.shared('sbom/purl-types', () => new Set(purlContextOf(context).purlEngine().types()));
      const another = purlTypes.has(type);
      findings.push({
        pointer,
        severity: another ? 'error' : 'warning',
        rule: this.rule,
        message: `${humanPath(pointer)} ${quoted(range)} is a VERS of type ${quoted(type)}, but ref ${quoted(site.ref ?? '')} names ${quoted(site.target.purl)}, of PURL type ${quoted(site.target.type)}: ${another ? `${quoted(type)} is another package type; ` : `${quoted(type)} is no PURL type, which the specification allows, but `}by convention a range is written in its package's type (vers:${site.target.type}/…)`,
      });
    }
    return findings;
  },
};

const versionValid: SemanticCheck = {
  rule: 'sbom/affected-version',
  summary: "An affects[].versions[].version is one version of the affected component's type (a VERS belongs in range).",
  check(document, context) {
    const findings: RawFinding[] = [];
    for (const site of affectedVersions(document, context)) {
      const version = own(site.item, 'version');
      const pointer = `${site.pointer}/version`;
      if (typeof version !== 'string' || context.rejected?.has(pointer)) continue;
      if (/^vers:/i.test(version)) {
        findings.push({
          pointer,
          severity: 'error',
          rule: this.rule,
          message: `${humanPath(pointer)} ${quoted(version)} is a VERS range: a version item holds one version in version, or a range in range`,
        });
        continue;
      }
      const type = site.target?.type;
      if (type === undefined || !versTypes().includes(type)) continue;
      try {
        compareVersions(type, version, version);
      } catch (error) {
        if (!(error instanceof VersError)) throw error;
        findings.push({
          pointer,
          severity: 'warning',
          rule: this.rule,
          message: `${humanPath(pointer)} ${quoted(version)}${targetOf(site)} is not a ${type} version: ${error.message}`,
        });
      }
    }
    return findings;
  },
};

/** The VERS checks of a CycloneDX BOM, in the order they run. */
export const CYCLONEDX_VERS_CHECKS: readonly SemanticCheck[] = [rangeValid, rangeType, versionValid];
