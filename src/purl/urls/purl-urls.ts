import type { PurlTypeUrls } from '../../../types/index.js';
import type { PurlEngine } from '../engine/purl-engine.js';
import type { PurlComponents, PurlComponentsInput, PurlQualifiers } from '../purl-components.js';
import { TEMPLATE_LISTS, type CompiledTemplate, type CompiledUrlDocument } from './url-document.js';
import { expandTemplate, normalisedUrl, templateApplies, templateValues } from './expand.js';
import { downloadFromQualifier, registryFromQualifier, repositoryFromVcsUrl } from './overrides.js';
import { UNDECIDED, type MatchedValues } from './reverse-template.js';
import { canonicalUrl, strictUrl } from './canonical-url.js';

/** A qualifiers record with no prototype (the engine's own helper is in the eager bundle; see purlUrlsFromCompiled). */
function emptyQualifiers(): PurlQualifiers {
  return Object.setPrototypeOf({}, null) as PurlQualifiers;
}

/**
 * Where a package is on the web: its page in the registry or forge, and the download of the
 * version the PURL names. Each is `null` when the type, or the components the PURL gives, do not
 * determine one.
 *
 * @example
 * ```ts
 * import { loadPurlUrls, type PurlUrlsResult } from 'teapurl/purl';
 * const urls: PurlUrlsResult = (await loadPurlUrls()).purlToUrls('pkg:npm/left-pad@1.3.0');
 * // { repository: 'https://www.npmjs.com/package/left-pad', download: 'https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz' }
 * ```
 */
export interface PurlUrlsResult {
  /** The package's page, or `null`. */
  readonly repository: string | null;
  /** The download URL of the version, or `null`. */
  readonly download: string | null;
}

/**
 * Options of {@link loadPurlUrls}: which URL documents, over which engine.
 *
 * @example
 * ```ts
 * import { loadPurlUrls, PurlEngine, type PurlUrlsOptions } from 'teapurl/purl';
 * const options: PurlUrlsOptions = { documents: [myUrlDocument], engine: PurlEngine.fromDefinitions([myDefinition]) };
 * const urls = await loadPurlUrls(options);
 * ```
 */
export interface PurlUrlsOptions {
  /**
   * URL documents (`schemas/purl-type-urls.schema.json`, one per type), each checked against the
   * schema with its templates parsed; teapurl's own when absent.
   */
  readonly documents?: readonly unknown[];
  /** The engine that parses PURLs and builds the canonical ones read back; the default engine when absent. */
  readonly engine?: PurlEngine;
  /** Names of the documents for messages (a file name), by index; `document #<index>` when absent. */
  readonly sources?: readonly string[];
}

/**
 * Maps PURLs to URLs and back over a set of URL documents (one per type,
 * `schemas/purl-type-urls.schema.json`). {@link loadPurlUrls} makes one, over teapurl's own
 * documents or yours; `purlUrlsFromDirectory` (teapurl/node) over a folder of them. Every method
 * answers synchronously, and each is bound to its mapper (`const { urlToPurl } = urls` works).
 *
 * @example
 * ```ts
 * import { loadPurlUrls, type PurlUrls } from 'teapurl/purl';
 * const urls: PurlUrls = await loadPurlUrls();
 * urls.urlToPurl('https://www.npmjs.com/package/@babel/core/v/7.24.0'); // 'pkg:npm/%40babel/core@7.24.0'
 * ```
 */
export interface PurlUrls {
  /**
   * The repository page and download URL of a PURL. For each, the first template of the type's
   * list that applies is expanded: one whose variables (those not listed `optional`) all have a
   * value, that uses the namespace when the PURL has one, and, unless it uses `{+registry}`, only
   * when the PURL names no registry other than the default. Qualifiers override: `download_url`
   * is the download; `repository_url` is the registry; `vcs_url` gives the repository page when
   * no template does.
   *
   * @throws {@link PurlError} for a PURL string that cannot be parsed, or components that cannot be built.
   * @example
   * ```ts
   * urls.purlToUrls('pkg:maven/org.apache.commons/commons-lang3@3.12.0?classifier=sources').download;
   * // 'https://repo.maven.apache.org/maven2/org/apache/commons/commons-lang3/3.12.0/commons-lang3-3.12.0-sources.jar'
   * ```
   */
  purlToUrls(purl: string | PurlComponentsInput): PurlUrlsResult;
  /**
   * The canonical PURL a registry page, download URL or forge URL names, or `null`. Never throws.
   *
   * @example
   * ```ts
   * urls.urlToPurl('https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz'); // 'pkg:npm/left-pad@1.3.0'
   * urls.urlToPurl('https://example.com/'); // null
   * ```
   */
  urlToPurl(url: string): string | null;
  /**
   * The URL document of a type, or `undefined`.
   *
   * @example
   * ```ts
   * urls.document('npm')?.default_registry; // 'https://registry.npmjs.org'
   * ```
   */
  document(type: string): PurlTypeUrls | undefined;
  /**
   * The types with a URL document, sorted.
   *
   * @example
   * ```ts
   * urls.types().includes('maven'); // true
   * ```
   */
  types(): string[];
}

/** The longest URL urlToPurl reads; longer ones name no package it knows (and would cost time to try). */
export const MAX_URL_LENGTH = 8192;

/** The registry a document's default_registry names, as {+registry} expands it. */
function normalisedDefault(document: CompiledUrlDocument): string | undefined {
  return registryFromQualifier(document.defaultRegistry);
}

class UrlMapper implements PurlUrls {
  readonly #engine: PurlEngine;
  readonly #documents: readonly CompiledUrlDocument[];
  readonly #byType: Map<string, CompiledUrlDocument>;
  readonly #defaults: Map<string, string | undefined>;

  constructor(documents: readonly CompiledUrlDocument[], engine: PurlEngine) {
    this.#engine = engine;
    this.#documents = documents;
    this.#byType = new Map(documents.map((d) => [d.type, d]));
    this.#defaults = new Map(documents.map((d) => [d.type, normalisedDefault(d)]));
    // Bound, so that `const { urlToPurl } = await loadPurlUrls()` works as it reads.
    this.purlToUrls = this.purlToUrls.bind(this);
    this.urlToPurl = this.urlToPurl.bind(this);
    this.document = this.document.bind(this);
    this.types = this.types.bind(this);
  }

  purlToUrls(purl: string | PurlComponentsInput): PurlUrlsResult {
    const components = typeof purl === 'string' ? this.#engine.parse(purl, { lenient: true }) : this.#engine.parse(this.#engine.build(purl));
    const qualifiers = components.qualifiers ?? emptyQualifiers();
    const document = this.#byType.get(components.type);
    let repository: string | null = null;
    let download: string | null = null;
    if (document) {
      const chosen = this.#expand(document, components);
      repository = chosen.repository;
      download = chosen.download;
    }
    const given = downloadFromQualifier(qualifiers.download_url);
    if (given !== null) download = given;
    repository ??= repositoryFromVcsUrl(qualifiers.vcs_url);
    return { repository, download };
  }

  /** The URLs the document's templates give, with the template each came from. */
  #expand(document: CompiledUrlDocument, components: PurlComponents): PurlUrlsResult & { downloadTemplate: CompiledTemplate | null } {
    const fallback = this.#defaults.get(document.type);
    const named = registryFromQualifier(components.qualifiers?.repository_url);
    const registry = named ?? fallback;
    const elsewhere = named !== undefined && named !== fallback;
    const values = templateValues(document, components, registry);
    const namespace = components.namespace === '' ? null : components.namespace;
    const first = (list: readonly CompiledTemplate[]) => {
      for (const template of list) {
        if (!templateApplies(template, values, namespace, elsewhere)) continue;
        const url = expandTemplate(template, values);
        if (url !== null) return { url, template };
      }
      return null;
    };
    const repository = first(document.templates.repository);
    const download = first(document.templates.download);
    return { repository: repository?.url ?? null, download: download?.url ?? null, downloadTemplate: download?.template ?? null };
  }

  /**
   * The round trip of a PURL's download URL: the URL a template gives, and the PURL reading it
   * back must give, which is the PURL without what the URL cannot carry (the qualifiers the
   * template does not use, directly or through a derived variable, and those equal to the
   * document's defaults; the version and subpath when it does not use them). `null` when no
   * template gives the download, or when the URL is not the registry's own (a `download_url`, or
   * a `repository_url` other than the default: urlToPurl reads only the default registry).
   */
  roundTrip(purl: string | PurlComponentsInput): RoundTrip | null {
    const components = typeof purl === 'string' ? this.#engine.parse(purl, { lenient: true }) : this.#engine.parse(this.#engine.build(purl));
    const document = this.#byType.get(components.type);
    const qualifiers = components.qualifiers ?? emptyQualifiers();
    if (!document || downloadFromQualifier(qualifiers.download_url) !== null) return null;
    const named = registryFromQualifier(qualifiers.repository_url);
    if (named !== undefined && named !== this.#defaults.get(document.type)) return null;
    const { download, downloadTemplate: template } = this.#expand(document, components);
    if (download === null || template === null) return null;
    const kept = emptyQualifiers();
    let any = false;
    for (const key of Object.keys(qualifiers)) {
      const name = `q.${key}`;
      if (!template.sources.has(name) || document.defaults.get(name) === qualifiers[key]) continue;
      kept[key] = qualifiers[key]!;
      any = true;
    }
    const carries = (name: string) => template.sources.has(name) || template.sources.has(`${name}_segments`);
    const expected = this.#engine.build({
      type: components.type,
      namespace: components.namespace,
      name: components.name,
      version: carries('version') ? components.version : null,
      qualifiers: any ? kept : null,
      subpath: carries('subpath') ? components.subpath : null,
    });
    return { download, purl: expected, template: `/${template.list}/${template.index}` };
  }

  urlToPurl(url: string): string | null {
    const purls = this.candidates(url);
    return purls.length === 1 ? purls[0]! : null;
  }

  /**
   * The PURLs the first template that reads `url` back gives: none, the one urlToPurl answers,
   * or several when the URL does not tell where one value ends (urlToPurl then answers `null`).
   * None, too, when the URL can be read in more ways than are tried. Never throws.
   */
  candidates(url: string): string[] {
    try {
      if (typeof url !== 'string' || url.length > MAX_URL_LENGTH) return [];
      const normalised = normalisedUrl(url.trim());
      if (normalised === null) return [];
      // A fragment points into a page; it never names a package.
      const hash = normalised.indexOf('#');
      const strict = strictUrl(hash === -1 ? normalised : normalised.slice(0, hash));
      const canonical = canonicalUrl(strict);
      // The URL as url-template writes it first; then any other legal spelling of its values.
      for (const target of canonical === strict ? [strict] : [strict, canonical]) {
        for (const document of this.#documents) {
          for (const list of TEMPLATE_LISTS) {
            for (const template of document.templates[list]) {
              const purls = this.#readBack(document, template, target, target === canonical);
              if (purls === UNDECIDED) return [];
              if (purls.size > 0) return [...purls];
            }
          }
        }
      }
      return [];
    } catch {
      // Nothing above should throw; if something does (a fault in teapurl), the URL names no package.
      return [];
    }
  }

  /** The PURLs the readings of `url` (in strictUrl's spelling, or canonicalUrl's) by a template give. */
  #readBack(document: CompiledUrlDocument, template: CompiledTemplate, url: string, canonical: boolean): Set<string> | typeof UNDECIDED {
    const readings = template.matcher(canonical)?.(url) ?? [];
    if (readings === UNDECIDED) return UNDECIDED;
    const purls = new Set<string>();
    for (const matched of readings) {
      const purl = this.#verified(document, template, url, matched, canonical);
      if (purl !== null) purls.add(purl);
    }
    return purls;
  }

  #verified(document: CompiledUrlDocument, template: CompiledTemplate, url: string, matched: MatchedValues, canonical: boolean): string | null {
    const read = componentsFrom(document, matched);
    // A template for one namespace gives it: the URL's host stands for it.
    const components = read && template.namespace !== null && read.namespace === null ? { ...read, namespace: template.namespace } : read;
    if (components === null) return null;
    // The values read must expand to this very URL: this checks repeated variables, derived ones
    // and defaults against each other, and that the template applies to the PURL read.
    const registry = this.#defaults.get(document.type);
    const values = templateValues(document, components, registry);
    if (!templateApplies(template, values, components.namespace, false)) return null;
    const expanded = expandTemplate(template, values);
    if (expanded === null || (canonical ? canonicalUrl(strictUrl(expanded)) : strictUrl(expanded)) !== url) return null;
    try {
      return this.#engine.build(components);
    } catch {
      return null;
    }
  }

  document(type: string): PurlTypeUrls | undefined {
    return this.#byType.get(type)?.document;
  }

  types(): string[] {
    return this.#documents.map((d) => d.type);
  }
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

/** Components from the values a template matched, mapping derived variables back to their sources; `null` when they disagree. */
function componentsFrom(document: CompiledUrlDocument, matched: MatchedValues): PurlComponents | null {
  const sources = new Map<string, string>();
  const put = (name: string, value: string): boolean => {
    const previous = sources.get(name);
    if (previous !== undefined && previous !== value) return false;
    sources.set(name, value);
    return true;
  };
  for (const [name, raw] of matched) {
    const list = typeof raw === 'string' ? null : raw.map(decode);
    const text = typeof raw === 'string' ? decode(raw) : null;
    if (list?.includes(null) || (list === null && text === null)) return null;
    const parts = list as string[] | null;
    const variable = document.derived.get(name);
    let source: string | undefined;
    let target = variable?.from ?? name;
    if (variable === undefined) {
      source = parts ? parts.join('/') : text!;
    } else if (variable.split !== undefined) {
      source = (parts ?? [text!]).join(variable.split);
    } else if (variable.strip_prefix !== undefined && text !== null) {
      source = variable.strip_prefix + text;
    } else if (variable.prefix !== undefined && text !== null) {
      if (!text.startsWith(variable.prefix)) return null;
      source = text.slice(variable.prefix.length);
    } else {
      // Lower case cannot be undone: the template holds the source too, or the check fails.
      continue;
    }
    if (target === 'namespace_segments') target = 'namespace';
    if (target === 'subpath_segments') target = 'subpath';
    if (target === 'registry') continue;
    if (!put(target, source)) return null;
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
  return { type: document.type, namespace: component('namespace'), name, version: component('version'), qualifiers: anyQualifier ? qualifiers : null, subpath: component('subpath') };
}

/**
 * A mapper over compiled documents and an engine. The one constructor of {@link PurlUrls}: this
 * module imports nothing the eager `teapurl/purl` entry has, so that the chunk loadPurlUrls
 * fetches shares no code with it (a shared chunk would cost the eager bundle its import list).
 * Not public API.
 */
export function purlUrlsFromCompiled(documents: readonly CompiledUrlDocument[], engine: PurlEngine): PurlUrls {
  return new UrlMapper([...documents].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0)), engine);
}

/** A PURL's download URL and what reading it back must give; see UrlMapper.roundTrip. */
export interface RoundTrip {
  readonly download: string;
  readonly purl: string;
  /** JSON Pointer of the download template used. */
  readonly template: string;
}

/**
 * The PURLs a URL can be read back to (see UrlMapper.candidates), for the validator and the corpus
 * tests: a round trip that answers `null` holds when the URL is ambiguous and the PURL is one of its
 * readings. Not public API.
 */
export function urlReadings(urls: PurlUrls, url: string): string[] {
  return urls instanceof UrlMapper ? urls.candidates(url) : [];
}

/** The round trip of a PURL's download URL, for the validator and the corpus tests. Not public API. */
export function downloadRoundTrip(urls: PurlUrls, purl: string | PurlComponentsInput): RoundTrip | null {
  return urls instanceof UrlMapper ? urls.roundTrip(purl) : null;
}
