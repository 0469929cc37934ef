/**
 * The URL document the purl-urls checks work on when the schema rejected part of it: the parts it
 * accepts, member by member (each template entry, derived variable, default and example), so that
 * one run reports the schema's findings and the checks' together. A rejected member is left out;
 * what depended on it is recorded, so that `purl-urls/unchecked` can say what was not checked and
 * a check never reports what a left-out member would have changed.
 */
import type { DerivedVariable, PurlTypeUrls, UrlMirror, UrlTemplate } from '../../../../types/index.js';
import { pointerTokens, toPointer } from '../../../shared/pointer.js';
import type { PurlEngine } from '../../engine/purl-engine.js';
import { compileUrlDocument, TEMPLATE_LISTS, type TemplateList, type UrlDocumentProblem } from '../../urls/url-document.js';
import { purlUrlsFromCompiled, type PurlUrls } from '../../urls/purl-urls.js';
import { parseUriTemplate } from '../../urls/uri-template.js';
import { TRANSFORM_NAMES } from '../../urls/transforms.js';
import { asObject, own } from '../../../validation/checks/read.js';

/** One worked example the schema accepts, at its index in the document. */
export type UrlExample = { readonly index: number } & (
  | {
      readonly kind: 'purl';
      readonly purl: string;
      readonly repository: string | null;
      readonly download: string | null;
      readonly versionPage: string | null | undefined;
    }
  | { readonly kind: 'url'; readonly url: string; readonly purl: string | null }
);

/** What the purl-urls checks can work on. */
export interface CheckableUrlDocument {
  /** The document's type when the schema accepts it; examples are checked only then. */
  readonly type: string | null;
  /** Why `type` is `null`: missing or rejected. */
  readonly typeMissing: boolean;
  /** The problems of the accepted templates, variables and defaults. */
  readonly problems: readonly UrlDocumentProblem[];
  /** A mapper over the accepted, sound templates; `null` without a type. */
  readonly urls: PurlUrls | null;
  /** The accepted template entries that were compiled, as `[list, index, template text]`. */
  readonly templates: readonly (readonly [TemplateList, number, string])[];
  /** The accepted examples. */
  readonly examples: readonly UrlExample[];
  /**
   * For each list whose results a left-out or unsound member could change, the pointers of those
   * members: the examples' URLs of the list, and the reading back of any URL, are not checked.
   */
  readonly incomplete: ReadonlyMap<TemplateList, readonly string[]>;
  /** Template entries not checked at all because they use a derived variable that was left out, with its pointer. */
  readonly skippedTemplates: readonly { readonly pointer: string; readonly because: string }[];
}

// The schema's patterns for names, repeated: the schema reports a bad property name at the object
// that holds it (propertyNames), so which member it is must be worked out here.
const VARIABLE_NAME = /^(?:[a-z][a-z0-9_]*|q\.[a-z0-9_.]+)$/;
const DERIVED_NAME = /^[a-z][a-z0-9_]*$/;

/** Every rejected pointer and every pointer above one: a member is rejected when anything in it is. */
function touchedBy(rejected: ReadonlySet<string>): ReadonlySet<string> {
  const touched = new Set<string>();
  for (const pointer of rejected) {
    let at = pointer;
    while (!touched.has(at)) {
      touched.add(at);
      if (at === '') break;
      at = at.slice(0, at.lastIndexOf('/'));
    }
  }
  return touched;
}

/** An object with no prototype, so that a member named `constructor` is data. */
function record<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';

/** Whether an object has these keys, and others only among `optional` (an example has no other). */
function hasExactly(object: Record<string, unknown>, keys: readonly string[], optional: readonly string[] = []): boolean {
  const own = Object.keys(object);
  return keys.every((key) => own.includes(key)) && own.every((key) => keys.includes(key) || optional.includes(key));
}

function acceptedExample(raw: unknown, index: number): UrlExample | null {
  const example = asObject(raw);
  if (!example) return null;
  const purl = own(example, 'purl');
  const repository = own(example, 'repository');
  const download = own(example, 'download');
  const url = own(example, 'url');
  const versionPage = own(example, 'version_page');
  if (
    hasExactly(example, ['purl', 'repository', 'download'], ['version_page']) &&
    typeof purl === 'string' &&
    isStringOrNull(repository) &&
    isStringOrNull(download) &&
    (versionPage === undefined || isStringOrNull(versionPage))
  ) {
    return {
      index,
      kind: 'purl',
      purl,
      repository: repository as string | null,
      download: download as string | null,
      versionPage: versionPage as string | null | undefined,
    };
  }
  if (hasExactly(example, ['url', 'purl']) && typeof url === 'string' && isStringOrNull(purl)) return { index, kind: 'url', url, purl: purl as string | null };
  return null;
}

/** Whether a transformation's argument has the type the schema gives it. */
function acceptedArgument(key: string, value: unknown): boolean {
  if (key === 'lowercase') return value === true;
  if (key === 'initial') return Array.isArray(value) && value.every((item) => typeof item === 'string' && item !== '');
  return typeof value === 'string' && value !== '';
}

function acceptedVariable(raw: unknown): DerivedVariable | null {
  const variable = asObject(raw);
  if (!variable || typeof own(variable, 'from') !== 'string') return null;
  for (const key of TRANSFORM_NAMES) {
    const value = own(variable, key);
    if (value !== undefined && !acceptedArgument(key, value)) return null;
  }
  return variable as unknown as DerivedVariable;
}

function acceptedTemplate(raw: unknown, pointer: string, touched: ReadonlySet<string>, rejected: ReadonlySet<string>): UrlTemplate | null {
  const entry = asObject(raw);
  if (!entry || rejected.has(pointer)) return null;
  const template = own(entry, 'template');
  // A rejected note or unknown member changes nothing the checks look at.
  if (typeof template !== 'string' || touched.has(`${pointer}/template`)) return null;
  const accepted: UrlTemplate = { template };
  const member = (key: keyof UrlTemplate, sound: (value: unknown) => boolean): boolean => {
    const value = own(entry, key);
    if (value === undefined) return true;
    if (touched.has(`${pointer}/${key}`) || !sound(value)) return false;
    (accepted as unknown as Record<string, unknown>)[key] = value;
    return true;
  };
  const strings = (value: unknown) => Array.isArray(value) && value.every((v) => typeof v === 'string');
  const stringValues = (value: unknown) =>
    asObject(value) !== null && Object.keys(value as object).every((key) => typeof own(value as Record<string, unknown>, key) === 'string');
  const sound =
    member('optional', strings) &&
    member('namespace', (value) => typeof value === 'string') &&
    member('qualifiers', stringValues) &&
    member('any_namespace', (value) => value === true) &&
    member('ignore', strings) &&
    member('patterns', stringValues) &&
    member('read_back', (value) => value === false) &&
    member('download', (value) => value === true) &&
    member('download_url', (value) => value === true) &&
    member('contested', (value) => value === true);
  return sound ? accepted : null;
}

function acceptedMirror(raw: unknown): UrlMirror | null {
  const mirror = asObject(raw);
  const url = mirror && own(mirror, 'url');
  const sameAs = mirror && own(mirror, 'same_as');
  return typeof url === 'string' && typeof sameAs === 'string' ? { url, same_as: sameAs } : null;
}

/** The accepted members of a map (`defaults`, `variables`), and the pointers of the others by name. */
function acceptedMembers<T>(
  raw: unknown,
  member: string,
  name: RegExp,
  accept: (value: unknown) => T | null,
  touched: ReadonlySet<string>,
  rejected: ReadonlySet<string>,
): { accepted: Record<string, T>; leftOut: Map<string, string> } {
  const accepted = record<T>();
  const leftOut = new Map<string, string>();
  const object = asObject(raw);
  for (const key of object ? Object.keys(object) : []) {
    const pointer = toPointer([member, key]);
    // A bad name is reported at the object (propertyNames); without the schema's verdict, judge it here.
    const value = touched.has(pointer) || (rejected.has(`/${member}`) && !name.test(key)) ? null : accept(own(object, key));
    if (value === null) leftOut.set(key, pointer);
    else accepted[key] = value;
  }
  return { accepted, leftOut };
}

/** The variables a template reads, directly or through an accepted derived variable; `null` when it does not parse. */
function readsOf(text: string, variables: Readonly<Record<string, DerivedVariable>>): Set<string> | null {
  try {
    const reads = new Set<string>();
    for (const name of parseUriTemplate(text).variables) {
      reads.add(name);
      // A record without prototype: an own member or nothing.
      const from = variables[name]?.from;
      if (from !== undefined) reads.add(from);
    }
    return reads;
  } catch {
    return null; // purl-urls/template-syntax reports it
  }
}

/**
 * The parts of a URL document the schema accepts (`rejected` holds the pointers of its findings,
 * see `CheckContext.rejected`), compiled, with what could not be checked because of the rest.
 */
export function checkableUrlDocument(document: unknown, rejected: ReadonlySet<string>, engine: PurlEngine): CheckableUrlDocument | null {
  const root = asObject(document);
  if (!root) return null;
  const touched = touchedBy(rejected);
  const rawType = own(root, 'type');
  const type = typeof rawType === 'string' && !touched.has('/type') ? rawType : null;

  const variables = acceptedMembers(own(root, 'variables'), 'variables', DERIVED_NAME, acceptedVariable, touched, rejected);
  const defaults = acceptedMembers(own(root, 'defaults'), 'defaults', VARIABLE_NAME, (v) => (typeof v === 'string' ? v : null), touched, rejected);
  // Values a left-out member gives are unknown: a template reading one may give other URLs.
  const unknownValues = new Map([...variables.leftOut, ...defaults.leftOut]);
  const rawRegistry = own(root, 'default_registry');
  const registry = typeof rawRegistry === 'string' && !touched.has('/default_registry') ? rawRegistry : undefined;
  if (rawRegistry !== undefined && registry === undefined) unknownValues.set('registry', '/default_registry');

  // compileUrlDocument does not read the examples: they are checked one by one below.
  const checkable = { type: type ?? '', examples: [] } as unknown as PurlTypeUrls;
  if (registry !== undefined) checkable.default_registry = registry;
  checkable.variables = variables.accepted;
  checkable.defaults = defaults.accepted;

  const incomplete = new Map<TemplateList, string[]>();
  const leaveOut = (list: TemplateList, pointer: string) => {
    const faults = incomplete.get(list) ?? [];
    if (!faults.includes(pointer)) faults.push(pointer);
    incomplete.set(list, faults);
  };
  // Mirrors and sidecars change only what reads back: a rejected one leaves reading back unchecked.
  const mirrors = own(root, 'mirrors');
  if (mirrors !== undefined) {
    const accepted = Array.isArray(mirrors) ? mirrors.map((raw, index) => (touched.has(`/mirrors/${index}`) ? null : acceptedMirror(raw))) : [null];
    if (accepted.includes(null)) leaveOut('reverse', '/mirrors');
    checkable.mirrors = accepted.filter((mirror): mirror is UrlMirror => mirror !== null);
  }
  const sitePaths = own(root, 'site_paths');
  if (sitePaths !== undefined) {
    if (touched.has('/site_paths') || !Array.isArray(sitePaths) || !sitePaths.every((s) => typeof s === 'string')) leaveOut('reverse', '/site_paths');
    else checkable.site_paths = sitePaths as string[];
  }
  const sidecars = own(root, 'sidecars');
  if (sidecars !== undefined) {
    if (touched.has('/sidecars') || !Array.isArray(sidecars) || !sidecars.every((s) => typeof s === 'string')) leaveOut('reverse', '/sidecars');
    else checkable.sidecars = sidecars as string[];
  }
  const skippedTemplates: { pointer: string; because: string }[] = [];
  const templates: [TemplateList, number, string][] = [];
  const readsByEntry = new Map<string, Set<string>>();
  for (const list of TEMPLATE_LISTS) {
    const raw = own(root, list);
    if (raw === undefined) continue;
    if (!Array.isArray(raw)) {
      leaveOut(list, `/${list}`);
      continue;
    }
    // The entries keep their index, so that the problems compiling them point into the document
    // (compileUrlDocument walks the list with forEach, which skips the holes).
    const entries: UrlTemplate[] = new Array<UrlTemplate>(raw.length);
    raw.forEach((value, index) => {
      const pointer = `/${list}/${index}`;
      const entry = acceptedTemplate(value, pointer, touched, rejected);
      if (entry === null) return leaveOut(list, pointer);
      const reads = readsOf(entry.template, variables.accepted);
      const missing = reads && [...reads].find((name) => variables.leftOut.has(name));
      if (missing) {
        // Without the variable, the template would be reported for a variable that does exist.
        skippedTemplates.push({ pointer, because: variables.leftOut.get(missing)! });
        return leaveOut(list, variables.leftOut.get(missing)!);
      }
      if (reads) readsByEntry.set(pointer, reads);
      entries[index] = entry;
      templates.push([list, index, entry.template]);
    });
    checkable[list] = entries;
  }

  const { compiled, problems } = compileUrlDocument(checkable);
  // A variable with a problem gives values nobody meant either.
  for (const problem of problems) {
    const [head, name] = pointerTokens(problem.pointer);
    if (head === 'variables' && name !== undefined) unknownValues.set(name, toPointer(['variables', name]));
  }
  for (const [list, index] of templates) {
    const pointer = `/${list}/${index}`;
    if (problems.some((p) => p.pointer.startsWith(`${pointer}/`))) leaveOut(list, pointer);
    for (const name of readsByEntry.get(pointer) ?? []) if (unknownValues.has(name)) leaveOut(list, unknownValues.get(name)!);
  }

  const rawExamples = own(root, 'examples');
  const examples: UrlExample[] = [];
  if (Array.isArray(rawExamples)) {
    rawExamples.forEach((value, index) => {
      if (touched.has(`/examples/${index}`)) return;
      const example = acceptedExample(value, index);
      if (example) examples.push(example);
    });
  }
  return {
    type,
    typeMissing: rawType === undefined,
    problems,
    urls: type === null ? null : purlUrlsFromCompiled([compiled], engine),
    templates,
    examples,
    incomplete,
    skippedTemplates,
  };
}
