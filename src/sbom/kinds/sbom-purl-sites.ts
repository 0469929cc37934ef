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
import { TeapurlError } from '../../shared/errors.js';
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

type Path = readonly (string | number)[];

/**
 * What a walk asks at each place a PURL stands: a judgement to keep, or `null` to pass over the
 * place. `site` writes the site (its path copied) only when called, and only while the judge
 * runs: most PURLs of an SBOM are valid and canonical, and keeping a site for each cost a copy of
 * its path that outlived the young generation (a tenth of a large SBOM's validation, in GC).
 */
export type SiteJudge<J> = (value: unknown, site: () => PurlSite) => J | null;

/** Keeps every site. */
const everySite: SiteJudge<PurlSite> = (_value, site) => site();

/**
 * A site whose pointer and owner are written only when asked: most PURLs of an SBOM are valid
 * and canonical, and a message is all that needs either. It keeps the path to its holder and its
 * member's name apart, so that the walk copies the path it is on without growing the copy.
 */
class FoundSite implements PurlSite {
  private shownPointer: string | undefined;
  private shownOwner: string | undefined;
  constructor(
    readonly value: unknown,
    /** The path to the object that holds the PURL (or should). */
    private readonly at: Path,
    /** The member the PURL stands in (or should), or `null` for the holder itself. */
    private readonly member: string | null,
    private readonly holder: Record<string, unknown>,
    private readonly describe: (holder: Record<string, unknown>, path: Path) => string,
  ) {}
  get pointer(): string {
    this.shownPointer ??= toPointer(this.at) + (this.member === null ? '' : toPointer([this.member]));
    return this.shownPointer;
  }
  get owner(): string {
    this.shownOwner ??= this.describe(this.holder, this.at);
    return this.shownOwner;
  }
}

/** A node met walking a document, linked to its parent so that a path is built only when needed. */
interface Step {
  readonly node: unknown;
  readonly parent: Step | null;
  readonly key: string | number;
}

function pathOf(step: Step | null): (string | number)[] {
  const keys: (string | number)[] = [];
  for (let s = step; s !== null && s.parent !== null; s = s.parent) keys.push(s.key);
  return keys.reverse();
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

/** Nesting the recursive walk goes to; a deeper value (one given as a value, not read from a text) is walked without recursion. */
const RECURSION = 1000;

/** Why the recursive walk stopped: the value nests deeper than it goes. Caught below, never seen. */
class TooDeep extends TeapurlError<'too-deep'> {
  constructor() {
    super('nested deeper than the recursive walk goes', { code: 'too-deep' });
  }
}

/** The PURLs of a CycloneDX BOM, in document order; with a judge, its judgements of them. */
export function cycloneDxPurlSites(document: unknown): PurlSite[];
export function cycloneDxPurlSites<J>(document: unknown, judge: SiteJudge<J>): J[];
export function cycloneDxPurlSites<J>(document: unknown, judge?: SiteJudge<J>): (J | PurlSite)[] {
  const judged: (J | PurlSite)[] = [];
  const ask = (judge ?? everySite) as SiteJudge<J | PurlSite>;
  // One path array, the key at each depth written over as the walk goes: a site asked for
  // copies the part it is on (a copy cut to length, not grown, costs half as much as a path kept
  // by pushing and popping and copied with its last key added).
  const path: (string | number)[] = [];
  let holder: Record<string, unknown> = {};
  let holderDepth = 0;
  const site = (): PurlSite => new FoundSite(holder.purl, path.slice(0, holderDepth), 'purl', holder, componentOf);
  const walk = (node: unknown, depth: number): void => {
    if (depth > RECURSION) throw new TooDeep();
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (typeof item !== 'object' || item === null) continue;
        path[depth] = i;
        walk(item, depth + 1);
      }
      return;
    }
    const object = node as Record<string, unknown>;
    if (Object.hasOwn(object, 'purl')) {
      holder = object;
      holderDepth = depth;
      const judgement = ask(object.purl, site);
      if (judgement !== null) judged.push(judgement);
    }
    // for…in lists the own keys in Object.keys's order without building their array (and any
    // enumerable key a prototype was given: whether a key is its own is asked only of the few
    // whose value is walked into, most being strings).
    for (const key in object) {
      const child = object[key];
      if (typeof child !== 'object' || child === null || !Object.hasOwn(object, key)) continue;
      path[depth] = key;
      walk(child, depth + 1);
    }
  };
  if (typeof document !== 'object' || document === null) return judged;
  try {
    walk(document, 0);
    return judged;
  } catch (error) {
    if (!(error instanceof TooDeep)) throw error;
    return deepCycloneDxPurlSites(document, ask);
  }
}

/** {@link cycloneDxPurlSites} for a value nested deeper than the recursion goes: the same judgements, with a stack of its own. */
function deepCycloneDxPurlSites<J>(document: unknown, judge: SiteJudge<J>): J[] {
  const judged: J[] = [];
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
    if (Object.hasOwn(object, 'purl')) {
      const judgement = judge(object.purl, () => new FoundSite(object.purl, pathOf(step), 'purl', object, componentOf));
      if (judgement !== null) judged.push(judgement);
    }
    const keys = Object.keys(object);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const child = object[key];
      if (typeof child === 'object' && child !== null) stack.push({ node: child, parent: step, key });
    }
  }
  return judged;
}

/** Whether an SPDX external reference is a PURL (`referenceType` `purl`, in any case). */
function isPurlReference(ref: Record<string, unknown>): boolean {
  const type = own(ref, 'referenceType');
  return typeof type === 'string' && type.toLowerCase() === 'purl';
}

const packageOf = (pack: Record<string, unknown>, path: Path): string => named('package', pack, 'name', 'versionInfo', 'SPDXID') ?? `packages[${path[1]}]`;

/** The PURLs of an SPDX 2.x document, in document order; with a judge, its judgements of them. */
export function spdxPurlSites(document: unknown): PurlSite[];
export function spdxPurlSites<J>(document: unknown, judge: SiteJudge<J>): J[];
export function spdxPurlSites<J>(document: unknown, judge?: SiteJudge<J>): (J | PurlSite)[] {
  const judged: (J | PurlSite)[] = [];
  const ask = (judge ?? everySite) as SiteJudge<J | PurlSite>;
  const packages = asArray(own(asObject(document), 'packages'));
  for (let p = 0; p < packages.length; p++) {
    const pack = asObject(packages[p]);
    if (!pack) continue;
    const refs = asArray(own(pack, 'externalRefs'));
    for (let r = 0; r < refs.length; r++) {
      const ref = asObject(refs[r]);
      if (!ref || !isPurlReference(ref)) continue;
      const has = Object.hasOwn(ref, 'referenceLocator');
      const value = has ? ref.referenceLocator : undefined;
      const judgement = ask(value, () => new FoundSite(value, ['packages', p, 'externalRefs', r], has ? 'referenceLocator' : null, pack, packageOf));
      if (judgement !== null) judged.push(judgement);
    }
  }
  return judged;
}
