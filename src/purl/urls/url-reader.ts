import type { PurlEngine } from '../engine/purl-engine.js';
import { emptyQualifiers, type PurlComponents } from '../purl-components.js';
import { TEMPLATE_LISTS, startsAtBoundary, type CompiledTemplate, type CompiledUrlDocument } from './url-document.js';
import { expandTemplate, normalisedUrl, templateApplies, templateValues } from './expand.js';
import { UNDECIDED, type MatchedValues } from './reverse-template.js';
import { canonicalUrl, httpsOrigin, strictUrl, upgradeScheme } from './canonical-url.js';
import { invertValue, LOST, type Value } from './transforms.js';

/** The longest URL urlToPurl reads; longer ones name no package it knows (and would cost time to try). */
export const MAX_URL_LENGTH = 8192;

/** A template with its document. */
interface Shape {
  readonly document: CompiledUrlDocument;
  readonly template: CompiledTemplate;
}

/**
 * One way to read a URL: the URL itself, or what a document's mirror or sidecar makes of it. A
 * rewritten URL is read only by the document whose mirror or sidecar it comes from, and a
 * sidecar's only by its download shapes.
 */
interface Attempt {
  /** The URL, normalised, scheme upgraded, with its fragment. */
  readonly url: string;
  /** Its `https://host`. */
  readonly origin: string;
  readonly document: CompiledUrlDocument | null;
  readonly downloadsOnly: boolean;
}

/**
 * Reads URLs back to PURLs over compiled URL documents (see UrlMapper.candidates for the rules).
 * The shapes are indexed by the origin of the URLs they give, so a URL is tried only against the
 * shapes of its own host.
 */
export class UrlReader {
  readonly #engine: PurlEngine;
  readonly #registries: ReadonlyMap<string, string | undefined>;
  readonly #byOrigin = new Map<string, Shape[]>();
  /** Shapes whose host holds a variable: tried for every URL. */
  readonly #anyOrigin: Shape[] = [];
  /** Mirrors by the origin of the prefix they stand in for. */
  readonly #mirrors = new Map<string, { document: CompiledUrlDocument; url: string; sameAs: string; sameAsOrigin: string }[]>();

  constructor(documents: readonly CompiledUrlDocument[], engine: PurlEngine, registries: ReadonlyMap<string, string | undefined>) {
    this.#engine = engine;
    this.#registries = registries;
    for (const document of documents) {
      for (const list of TEMPLATE_LISTS) {
        for (const template of document.templates[list]) {
          if (!template.readBack) continue;
          const shape = { document, template };
          if (template.origin === null) this.#anyOrigin.push(shape);
          else this.#byOrigin.set(template.origin, [...(this.#byOrigin.get(template.origin) ?? []), shape]);
        }
      }
      for (const mirror of document.mirrors) {
        const url = prefixHref(mirror.url);
        const sameAs = prefixHref(mirror.sameAs);
        const origin = httpsOrigin(url);
        const sameAsOrigin = httpsOrigin(sameAs);
        if (origin === null || sameAsOrigin === null) continue;
        this.#mirrors.set(origin, [...(this.#mirrors.get(origin) ?? []), { document, url, sameAs, sameAsOrigin }]);
      }
    }
  }

  /**
   * The PURLs a URL names: none, the one urlToPurl answers, or several when it can be read in
   * ways that name different packages (urlToPurl then answers `null`). None, too, when the URL
   * can be read in more ways than are tried. Never throws.
   */
  readings(url: string): string[] {
    try {
      if (typeof url !== 'string' || url.length > MAX_URL_LENGTH) return [];
      const normalised = normalisedUrl(withoutGitPrefix(url.trim()));
      if (normalised === null) return [];
      const upgraded = upgradeScheme(normalised);
      const attempts = this.#attempts(upgraded, upgraded.slice(0, upgraded.indexOf('/', 8) >>> 0));
      // The URL as url-template writes it first; then any other legal spelling of its values.
      for (const canonical of [false, true]) {
        const purls = this.#read(attempts, canonical, normalised);
        if (purls === UNDECIDED) return [];
        if (purls.size > 0) return [...purls];
      }
      return [];
    } catch {
      // Nothing above should throw; if something does (a fault in teapurl), the URL names no package.
      return [];
    }
  }

  /** The URL, then what the mirrors of a document make of it, then each without a sidecar suffix of a document read at its host. */
  #attempts(url: string, origin: string): Attempt[] {
    const attempts: Attempt[] = [{ url, origin, document: null, downloadsOnly: false }];
    for (const mirror of this.#mirrors.get(origin) ?? []) {
      if (startsAtBoundary(url, mirror.url))
        attempts.push({ url: mirror.sameAs + url.slice(mirror.url.length), origin: mirror.sameAsOrigin, document: mirror.document, downloadsOnly: false });
    }
    for (const attempt of [...attempts]) {
      const documents = attempt.document !== null ? [attempt.document] : [...new Set(this.#shapesAt(attempt.origin).map((shape) => shape.document))];
      const path = attempt.url.replace(/[?#][\s\S]*$/, '');
      for (const document of documents) {
        const suffix = document.sidecars.find((sidecar) => path.endsWith(sidecar) && path.length > sidecar.length);
        if (suffix !== undefined) attempts.push({ url: path.slice(0, -suffix.length), origin: attempt.origin, document, downloadsOnly: true });
      }
    }
    return attempts;
  }

  #shapesAt(origin: string): readonly Shape[] {
    const own = this.#byOrigin.get(origin);
    return own === undefined ? this.#anyOrigin : this.#anyOrigin.length === 0 ? own : [...own, ...this.#anyOrigin];
  }

  /**
   * The PURLs of the readings that leave the fewest characters of the URL to variables (the shape
   * that explains most of it with its own text wins: `/gems/{name}-{version}.gem` over
   * `/gems/{name}`); UNDECIDED when a shape gives up on the URL.
   */
  #read(attempts: readonly Attempt[], canonical: boolean, given: string): Set<string> | typeof UNDECIDED {
    // Every reading of every shape first (matching is cheap), then the checks, fewest free
    // characters first: a reading that explains less of the URL is checked only when no better one holds.
    const candidates: { document: CompiledUrlDocument; template: CompiledTemplate; target: string; matched: MatchedValues; free: number }[] = [];
    for (const attempt of attempts) {
      const hash = attempt.url.indexOf('#');
      const full = strictUrl(attempt.url);
      const base = hash === -1 ? full : strictUrl(attempt.url.slice(0, hash));
      // A shape without a fragment leaves the URL's unexplained (packagist.org/packages/o/n#1.0 is a version's page).
      const fragment = hash === -1 ? 0 : attempt.url.length - hash;
      for (const { document, template } of this.#shapesAt(attempt.origin)) {
        if ((attempt.document !== null && attempt.document !== document) || (attempt.downloadsOnly && !template.isDownload)) continue;
        if (document.sitePaths.some((path) => startsAtBoundary(upgradeScheme(attempt.url), upgradeScheme(path)))) continue;
        const strict = template.hasFragment ? full : base;
        const target = canonical ? canonicalUrl(strict) : strict;
        const readings = template.matcher(canonical)?.(target) ?? [];
        if (readings === UNDECIDED) return UNDECIDED;
        for (const matched of readings)
          candidates.push({ document, template, target, matched, free: freeCharacters(matched) + (template.hasFragment ? 0 : fragment) });
      }
    }
    candidates.sort((a, b) => a.free - b.free);
    const purls = new Set<string>();
    // A contested reading decides nothing alone: the readings after it count too, until one
    // that is not contested holds.
    let contested = false;
    for (const [i, { document, template, target, matched, free }] of candidates.entries()) {
      if (purls.size > 0 && !contested && free > candidates[i - 1]!.free) break;
      const purl = this.#verified(document, template, target, matched, canonical, given);
      if (purl === null) continue;
      purls.add(purl);
      contested = template.contested;
    }
    return purls;
  }

  /** `given`: the URL as given (normalised by WHATWG URL), which a shape that keeps it writes as `download_url`. */
  #verified(document: CompiledUrlDocument, template: CompiledTemplate, url: string, matched: MatchedValues, canonical: boolean, given: string): string | null {
    const read = componentsFrom(document, template, matched);
    if (read === null) return null;
    // A template for one namespace gives it: the URL's host stands for it; so with its qualifiers.
    const components = withTemplateConstants(template, read.components);
    if (components === null) return null;
    // The values read must expand to this very URL: this checks repeated variables, derived ones
    // and defaults against each other, and that the template applies to the PURL read.
    const values = templateValues(document, components, this.#registries.get(document.type), read.ignored);
    if (!templateApplies(template, values, components.namespace, false)) return null;
    const expanded = expandTemplate(template, values);
    if (expanded === null || (canonical ? canonicalUrl(strictUrl(expanded)) : strictUrl(expanded)) !== url) return null;
    try {
      return this.#engine.build(template.keepsUrl ? withDownloadUrl(components, given) : components);
    } catch {
      return null;
    }
  }
}

/** The components with `url` as their `download_url`: the file a shape that keeps its URL names. */
function withDownloadUrl(components: PurlComponents, url: string): PurlComponents {
  const qualifiers = emptyQualifiers();
  Object.assign(qualifiers, components.qualifiers);
  qualifiers.download_url = url;
  return { ...components, qualifiers };
}

/** Components with the namespace and qualifiers a template is for; `null` when what was read says otherwise. */
function withTemplateConstants(template: CompiledTemplate, read: PurlComponents): PurlComponents | null {
  if (template.namespace === null && template.qualifiers.size === 0) return read;
  const qualifiers = emptyQualifiers();
  Object.assign(qualifiers, read.qualifiers);
  for (const [key, value] of template.qualifiers) {
    if (qualifiers[key] !== undefined && qualifiers[key] !== value) return null;
    qualifiers[key] = value;
  }
  return { ...read, namespace: read.namespace ?? template.namespace, qualifiers: Object.keys(qualifiers).length > 0 ? qualifiers : null };
}

/** A URL prefix as WHATWG URL writes it, without the "/" it adds to a bare host. */
function prefixHref(text: string): string {
  const href = new URL(upgradeScheme(text)).href;
  return href.endsWith('/') && !text.endsWith('/') ? href.slice(0, -1) : href;
}

/** `git+https://…` (the VCS form of a URL, in package.json repository fields and SPDX) as `https://…`. */
function withoutGitPrefix(url: string): string {
  return /^git\+https?:\/\//i.test(url) ? url.slice(4) : url;
}

/** How many characters of the URL the variables of a reading hold (a repeated variable counts once). */
function freeCharacters(matched: MatchedValues): number {
  let free = 0;
  for (const value of matched.values()) free += typeof value === 'string' ? value.length : value.reduce((sum, item) => sum + item.length, 0);
  return free;
}

/**
 * A value read from one path segment (or one item of a list), decoded; `null` when it does not
 * decode, or decodes to a `/`: a `%2F` in a URL segment is part of that segment, and a PURL
 * component holding it would put a segment separator where the URL has none
 * (`github.com/o%2F..%2F../r` is not `pkg:github/o/../../r`).
 */
function decode(text: string): string | null {
  try {
    const value = decodeURIComponent(text);
    return value.includes('/') ? null : value;
  } catch {
    return null;
  }
}

function decodeValue(raw: string | readonly string[]): string | string[] | null {
  if (typeof raw === 'string') return decode(raw);
  const items = raw.map(decode);
  return items.includes(null) ? null : (items as string[]);
}

/**
 * Components from the values a template matched, mapping derived variables back to their
 * sources, and the values of the variables the template ignores; `null` when they disagree or
 * do not decode.
 */
function componentsFrom(
  document: CompiledUrlDocument,
  template: CompiledTemplate,
  matched: MatchedValues,
): { components: PurlComponents; ignored: Map<string, Value> } | null {
  const sources = new Map<string, string>();
  const ignored = new Map<string, Value>();
  const put = (name: string, value: string): boolean => {
    const previous = sources.get(name);
    if (previous !== undefined && previous !== value) return false;
    sources.set(name, value);
    return true;
  };
  for (const [name, raw] of matched) {
    const decoded = decodeValue(raw);
    if (decoded === null) return null;
    if (template.ignored.has(name)) {
      ignored.set(name, decoded);
      continue;
    }
    // Back through each derived variable to the base one it comes from.
    let target = name;
    let value: string | readonly string[] | typeof LOST = decoded;
    for (let variable = document.derived.get(target); variable !== undefined && value !== LOST; variable = document.derived.get(target)) {
      const source = invertValue(value, variable);
      if (source === null) return null;
      value = source;
      target = variable.from;
    }
    // Lower case cannot be undone: the template holds the source too, or the check fails.
    if (value === LOST || target === 'registry') continue;
    if (target === 'namespace_segments') target = 'namespace';
    if (target === 'subpath_segments') target = 'subpath';
    if (!put(target, typeof value === 'string' ? value : value.join('/'))) return null;
  }
  const name = sources.get('name');
  if (name === undefined) return null;
  const qualifiers = emptyQualifiers();
  let anyQualifier = false;
  for (const [key, value] of sources) {
    if (!key.startsWith('q.')) continue;
    if (document.defaults.get(key) === value) continue;
    qualifiers[key.slice(2)] = value;
    anyQualifier = true;
  }
  const component = (key: string) => {
    const value = sources.get(key);
    return value === undefined || document.defaults.get(key) === value ? null : value;
  };
  return {
    components: {
      type: document.type,
      namespace: component('namespace'),
      name,
      version: component('version'),
      qualifiers: anyQualifier ? qualifiers : null,
      subpath: component('subpath'),
    },
    ignored,
  };
}
