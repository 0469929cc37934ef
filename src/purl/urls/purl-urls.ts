import type { PurlTypeUrls } from '../../../types/index.js';
import { PurlEngine } from '../engine/purl-engine.js';
import { InvalidArgumentError } from '../../shared/errors.js';
import { emptyQualifiers, type PurlComponents, type PurlComponentsInput } from '../purl-components.js';
import type { CompiledTemplate, CompiledUrlDocument } from './url-document.js';
import { expandTemplate, templateApplies, templateValues } from './expand.js';
import { downloadFromQualifier, registryFromQualifier, repositoryFromVcsUrl } from './overrides.js';
import { UrlReader } from './url-reader.js';
import { deriveValue } from './transforms.js';

export { MAX_URL_LENGTH } from './url-reader.js';

/**
 * Where a package is on the web: its page in the registry or forge, the page of the version the
 * PURL names, and the download of that version. Each is `null` when the type, or the components
 * the PURL gives, do not determine one (no version: no version page and no download).
 *
 * @example
 * ```ts
 * import { loadPurlUrls, type PurlUrlsResult } from 'teapurl/purl';
 * const urls: PurlUrlsResult = (await loadPurlUrls()).purlToUrls('pkg:npm/left-pad@1.3.0');
 * // { repository: 'https://www.npmjs.com/package/left-pad',
 * //   versionPage: 'https://www.npmjs.com/package/left-pad/v/1.3.0',
 * //   download: 'https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz' }
 * ```
 */
export interface PurlUrlsResult {
  /** The package's page, the same for every version, or `null`. */
  readonly repository: string | null;
  /** The page of the version (a registry's release page, a forge's tree at the tag), or `null`. */
  readonly versionPage: string | null;
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
   * The repository page, version page and download URL of a PURL. For each, the first template of
   * the type's list that applies is expanded: one whose variables (those not listed `optional`)
   * all have a value of the shape its `patterns` give, that uses the namespace when the PURL has
   * one, and, unless it uses `{+registry}`, only when the PURL names no registry other than the
   * default. Qualifiers override: `download_url` is the download; `repository_url` is the
   * registry; `vcs_url` gives the repository page when no template does.
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
   * The canonical PURL a registry page, version page, download URL, mirror or checksum file URL,
   * or forge URL names, or `null`: also when it can be read as two different packages. Never
   * throws.
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

/** The registry a document's default_registry names, as {+registry} expands it. */
function normalisedDefault(document: CompiledUrlDocument): string | undefined {
  return registryFromQualifier(document.defaultRegistry);
}

/** The URLs a document's templates give, with the download template. */
interface Expanded extends PurlUrlsResult {
  readonly downloadTemplate: CompiledTemplate | null;
}

class UrlMapper implements PurlUrls {
  readonly #engine: PurlEngine;
  readonly #documents: readonly CompiledUrlDocument[];
  readonly #byType: Map<string, CompiledUrlDocument>;
  readonly #defaults: Map<string, string | undefined>;
  readonly #reader: UrlReader;

  constructor(documents: readonly CompiledUrlDocument[], engine: PurlEngine) {
    this.#engine = engine;
    this.#documents = documents;
    this.#byType = new Map(documents.map((d) => [d.type, d]));
    this.#defaults = new Map(documents.map((d) => [d.type, normalisedDefault(d)]));
    this.#reader = new UrlReader(documents, engine, this.#defaults);
    // Bound, so that `const { urlToPurl } = await loadPurlUrls()` works as it reads.
    this.purlToUrls = this.purlToUrls.bind(this);
    this.urlToPurl = this.urlToPurl.bind(this);
    this.document = this.document.bind(this);
    this.types = this.types.bind(this);
  }

  #components(purl: string | PurlComponentsInput): PurlComponents {
    return typeof purl === 'string' ? this.#engine.parse(purl, { lenient: true }) : this.#engine.parse(this.#engine.build(purl));
  }

  purlToUrls(purl: string | PurlComponentsInput): PurlUrlsResult {
    const components = this.#components(purl);
    const qualifiers = components.qualifiers ?? emptyQualifiers();
    const document = this.#byType.get(components.type);
    const found = document ? this.#expand(document, components) : { repository: null, versionPage: null, download: null };
    return {
      repository: found.repository ?? repositoryFromVcsUrl(qualifiers.vcs_url),
      versionPage: found.versionPage,
      download: downloadFromQualifier(qualifiers.download_url) ?? found.download,
    };
  }

  /** The URLs the document's templates give, with the template the download came from. */
  #expand(document: CompiledUrlDocument, components: PurlComponents): Expanded {
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
    const download = first(document.templates.download);
    return {
      repository: first(document.templates.repository)?.url ?? null,
      versionPage: first(document.templates.version_page)?.url ?? null,
      download: download?.url ?? null,
      downloadTemplate: download?.template ?? null,
    };
  }

  /**
   * The round trip of a PURL's download URL: the URL a template gives, and the PURL reading it
   * back must give, which is the PURL without what the URL cannot carry (the qualifiers the
   * template does not use, directly or through a derived variable, and those equal to the
   * document's defaults; the version and subpath when it does not use them; a value the template
   * writes only in part, as the URL writes it). `null` when no template gives the download, when
   * that template is not read back (`read_back: false`), or when the URL is not the registry's
   * own (a `download_url`, or a `repository_url` other than the default: urlToPurl reads only the
   * default registry).
   */
  roundTrip(purl: string | PurlComponentsInput): RoundTrip | null {
    const components = this.#components(purl);
    const document = this.#byType.get(components.type);
    const qualifiers = components.qualifiers ?? emptyQualifiers();
    if (!document || downloadFromQualifier(qualifiers.download_url) !== null) return null;
    const named = registryFromQualifier(qualifiers.repository_url);
    if (named !== undefined && named !== this.#defaults.get(document.type)) return null;
    const { download, downloadTemplate: template } = this.#expand(document, components);
    if (download === null || template === null || !template.readBack) return null;
    // A value the template writes only in part reads back as the part it writes.
    const asRead = (name: string, value: string | null): string | null => {
      const through = template.readAsWritten.get(name);
      if (value === null || through === undefined) return value;
      const written = deriveValue(value, document.derived.get(through)!);
      return typeof written === 'string' ? written : value;
    };
    const kept = emptyQualifiers();
    let any = false;
    for (const key of Object.keys(qualifiers)) {
      const name = `q.${key}`;
      if (!template.sources.has(name) || document.defaults.get(name) === qualifiers[key]) continue;
      kept[key] = asRead(name, qualifiers[key]!)!;
      any = true;
    }
    const carries = (name: string) => template.sources.has(name) || template.sources.has(`${name}_segments`);
    const expected = this.#engine.build({
      type: components.type,
      namespace: components.namespace,
      name: components.name,
      version: carries('version') ? asRead('version', components.version) : null,
      qualifiers: any ? kept : null,
      subpath: carries('subpath') ? components.subpath : null,
    });
    const withFile = emptyQualifiers();
    Object.assign(withFile, any ? kept : null);
    withFile.download_url = download;
    const keptForm = this.#engine.build({
      type: components.type,
      namespace: components.namespace,
      name: components.name,
      version: null,
      qualifiers: withFile,
      subpath: carries('subpath') ? components.subpath : null,
    });
    return { download, purl: expected, kept: keptForm, template: `/${template.list}/${template.index}` };
  }

  urlToPurl(url: string): string | null {
    const purls = this.candidates(url);
    return purls.length === 1 ? purls[0]! : null;
  }

  /**
   * The PURLs a URL names. The URL is read as given and, for the document whose mirror prefix it
   * starts with, as the prefix that mirror stands for, and, for a document with sidecar suffixes,
   * without the suffix (by its download shapes alone); a `git+` before `https://` is dropped, and
   * `http` is read as `https`. Every shape of the URL's host is tried; of the readings that are
   * valid PURLs and expand again to the URL, those that leave the fewest characters to variables
   * count. None, one (urlToPurl's answer), or several when the URL does not say which package it
   * names (urlToPurl then answers `null`); none, too, when the URL can be read in more ways than
   * are tried. Never throws.
   */
  candidates(url: string): string[] {
    return this.#reader.readings(url);
  }

  document(type: string): PurlTypeUrls | undefined {
    return this.#byType.get(type)?.document;
  }

  types(): string[] {
    return this.#documents.map((d) => d.type);
  }
}

/**
 * A mapper over compiled documents and an engine. The one constructor of {@link PurlUrls}, so
 * the one place that refuses an engine option that is not an engine (it would otherwise fail at
 * the first PURL, with a stack trace). Not public API.
 */
export function purlUrlsFromCompiled(documents: readonly CompiledUrlDocument[], engine: PurlEngine): PurlUrls {
  // Also, for a bundle: with this import the URL chunk reaches the engine's modules as the
  // definitions' chunk does, so the modules an eager page shares with either chunk are one chunk,
  // not several (each eager chunk is a file a page fetches and gzips apart).
  if (!(engine instanceof PurlEngine))
    throw new InvalidArgumentError(
      `the engine must be a PurlEngine (from loadPurlEngine or bundledPurlEngine), not ${engine === null ? 'null' : typeof engine}`,
    );
  return new UrlMapper(
    [...documents].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0)),
    engine,
  );
}

/** A PURL's download URL and what reading it back must give; see UrlMapper.roundTrip. */
export interface RoundTrip {
  readonly download: string;
  readonly purl: string;
  /**
   * What a shape that cannot tell the version from the URL reads it back to instead: the PURL
   * without its version, the URL as its download_url (it still leads to that very file).
   */
  readonly kept: string;
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
