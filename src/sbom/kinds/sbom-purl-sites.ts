/**
 * Where an SBOM's PURLs stand, each with what it belongs to, for messages.
 *
 * CycloneDX puts a PURL in the `purl` of a component, and components stand in many places
 * (`components`, nested `components`, `metadata.component`, a pedigree's ancestors, descendants
 * and variants, `metadata.tools.components`, `formulation[].components`, a vulnerability's
 * tools…): every `purl` member at any depth is read, so that no version's place is missed. A
 * `bom-ref`, `ref` or `dependsOn` written as a PURL is an identifier inside the BOM, not a claim,
 * and is left alone; so is an identity evidence's `concludedValue`, evidence of how a tool came
 * to the component's identity, which tools fill with other things (cdxgen: the manifest's path).
 *
 * SPDX 2.x puts a PURL in the `referenceLocator` of a package's external reference whose
 * `referenceType` is `purl`.
 */
import { quoted } from '../../shared/describe-value.js';
import { toPointer } from '../../shared/pointer.js';
import { asArray, asObject, own } from '../../validation/checks/read.js';

/** One place a PURL stands. */
export interface PurlSite {
  /** JSON Pointer of the PURL's string (or of where it should be). */
  readonly pointer: string;
  /** What stands there: a PURL string, or anything else a document may hold. */
  readonly value: unknown;
  /** What the PURL belongs to, for messages: `component "lodash" version "4.17.21"`. */
  readonly owner: string;
}

/** A node met walking a document, linked to its parent so that a pointer is built only when needed. */
interface Step {
  readonly node: unknown;
  readonly parent: Step | null;
  readonly key: string | number;
}

function pointerOf(step: Step | null, ...rest: (string | number)[]): string {
  const keys: (string | number)[] = [];
  for (let s = step; s !== null && s.parent !== null; s = s.parent) keys.push(s.key);
  return toPointer([...keys.reverse(), ...rest]);
}

/** `component "lodash" version "4.17.21"`, from what the object says of itself; `null` when it says nothing. */
function named(noun: string, node: Record<string, unknown>, nameKey: string, versionKey: string, idKey: string): string | null {
  const name = own(node, nameKey);
  const version = own(node, versionKey);
  const id = own(node, idKey);
  const parts = [typeof name === 'string' ? quoted(name) : null, typeof version === 'string' ? `version ${quoted(version)}` : null].filter((p) => p !== null);
  if (parts.length > 0) return `${noun} ${parts.join(' ')}`;
  return typeof id === 'string' ? `${noun} ${idKey} ${quoted(id)}` : null;
}

function componentOf(node: Record<string, unknown>): string {
  return named('component', node, 'name', 'version', 'bom-ref') ?? 'the component';
}

/** The PURLs of a CycloneDX BOM, in document order. */
export function cycloneDxPurlSites(document: unknown): PurlSite[] {
  const sites: PurlSite[] = [];
  const stack: Step[] = [{ node: document, parent: null, key: '' }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const { node } = step;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], parent: step, key: i });
      continue;
    }
    const object = asObject(node);
    if (!object) continue;
    if (Object.hasOwn(object, 'purl')) sites.push({ pointer: pointerOf(step, 'purl'), value: object.purl, owner: componentOf(object) });
    const keys = Object.keys(object);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const child = object[key];
      if (typeof child === 'object' && child !== null) stack.push({ node: child, parent: step, key });
    }
  }
  return sites;
}

/** Whether an SPDX external reference is a PURL (`referenceType` `purl`, in any case). */
function isPurlReference(ref: Record<string, unknown>): boolean {
  const type = own(ref, 'referenceType');
  return typeof type === 'string' && type.toLowerCase() === 'purl';
}

/** The PURLs of an SPDX 2.x document, in document order. */
export function spdxPurlSites(document: unknown): PurlSite[] {
  const sites: PurlSite[] = [];
  asArray(own(asObject(document), 'packages')).forEach((item, p) => {
    const pack = asObject(item);
    if (!pack) return;
    const owner = named('package', pack, 'name', 'versionInfo', 'SPDXID') ?? `packages[${p}]`;
    asArray(own(pack, 'externalRefs')).forEach((entry, r) => {
      const ref = asObject(entry);
      if (!ref || !isPurlReference(ref)) return;
      const has = Object.hasOwn(ref, 'referenceLocator');
      sites.push({
        pointer: toPointer(['packages', p, 'externalRefs', r, ...(has ? ['referenceLocator'] : [])]),
        value: has ? ref.referenceLocator : undefined,
        owner,
      });
    });
  });
  return sites;
}
