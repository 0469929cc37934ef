import type { PurlTypeDefinition, PurlTypeUrls } from '../../../types/index.js';
import type { PurlEngine } from '../../purl/index.js';
import { engineFromDefinitions } from '../../purl/engine/engine-from-definitions.js';
import { createPurlUrls } from '../../purl/urls/create-purl-urls.js';
import { defaultUrlDocuments } from '../../purl/urls/default-urls.js';
import { comparePaths, DOCS_FORMATS, type DocsFile, type DocsFormat } from '../docs-file.js';
import { purlBoxAssets } from './purl-box-asset.js';
import { renderHtmlSite } from '../render-html.js';
import { renderMarkdownSite } from '../render-markdown.js';
import { buildTypePageModel } from '../type-page-model.js';
import { InvalidArgumentError } from '../../shared/errors.js';

/**
 * Options of {@link generateDocsSite}.
 *
 * @example
 * ```ts
 * import { defaultPurlEngine } from 'teapurl/purl';
 * import type { DocsSiteOptions } from 'teapurl/docs';
 * const options: DocsSiteOptions = { format: 'md', engine: defaultPurlEngine() };
 * ```
 */
export interface DocsSiteOptions {
  /** Which pages to produce (default `html`). */
  readonly format?: DocsFormat;
  /**
   * The engine that breaks each example down into its components (default: one built from
   * `definitions`, which refuses an invalid definition as `loadPurlEngine` does).
   */
  readonly engine?: PurlEngine;
  /**
   * The URL documents (purl-type-urls) whose templates the type pages show and the live box
   * uses (default: teapurl's bundled ones). Documents of types the definitions do not have are
   * left out; an empty list gives pages without URLs.
   */
  readonly urlDocuments?: readonly PurlTypeUrls[];
}

/** What a type must look like to name a file: the schema's pattern for `type`. */
const TYPE_PATTERN = /^[a-z][a-z0-9-.]+$/;

/**
 * Generates a documentation site for a set of PURL type definitions, in memory: an index of every
 * type and one page per type, as HTML, Markdown or both; a type with a URL document shows its
 * templates and a worked example. An HTML site also carries `assets/purl-box.js` (teapurl's PURL
 * engine and URL mapper, for the live box on each page), `assets/purl-definitions.js` (these
 * definitions) and `assets/purl-urls.js` (the URL documents of these types), so that a reader can
 * type a PURL and see it broken down, with its URLs, without leaving the page and without any
 * request. The result depends only on the
 * definitions, the URL documents and the engine's rules (no timestamps), sorted by path, so the
 * same input always gives byte-identical pages.
 *
 * @throws `Error` when a type cannot name a file or two definitions share a type, or (for HTML)
 *   the box's script is missing from teapurl's build;
 *   {@link teapurl/purl!DefinitionSetError | DefinitionSetError} when no engine is given and a definition is invalid;
 *   `UrlDocumentError` when a URL document does not follow the purl-type-urls schema.
 * @example
 * ```ts
 * import { generateDocsSite } from 'teapurl/docs';
 * import { purlEngineFromDirectory } from 'teapurl/node';
 * const engine = await purlEngineFromDirectory('purl-types');
 * const definitions = engine.types().map((type) => engine.definition(type)!);
 * for (const file of generateDocsSite(definitions, { format: 'both', engine })) {
 *   console.log(file.path); // index.html, index.md, types/cargo.html, types/cargo.md, …
 * }
 * ```
 */
export function generateDocsSite(definitions: readonly PurlTypeDefinition[], options: DocsSiteOptions = {}): DocsFile[] {
  const format = options.format ?? 'html';
  if (!DOCS_FORMATS.includes(format)) throw new InvalidArgumentError(`unknown documentation format ${JSON.stringify(format)}`);
  const engine = options.engine ?? engineFromDefinitions(definitions);
  const seen = new Set<string>();
  for (const { type } of definitions) {
    // Types become file names: the pattern keeps them inside types/ (no "/", no leading dot).
    if (typeof type !== 'string' || !TYPE_PATTERN.test(type)) throw new InvalidArgumentError(`type ${JSON.stringify(type)} cannot name a documentation page`);
    if (seen.has(type)) throw new InvalidArgumentError(`type ${JSON.stringify(type)} is defined twice`);
    seen.add(type);
  }
  const sorted = [...definitions].sort((a, b) => comparePaths(a.type, b.type));
  const urlDocuments = (options.urlDocuments ?? defaultUrlDocuments()).filter((document) => seen.has(document.type));
  const urls = createPurlUrls(urlDocuments, engine);
  const models = sorted.map((definition) => buildTypePageModel(definition, engine, urls));
  const files: DocsFile[] = [];
  if (format !== 'md') files.push(...renderHtmlSite(models), ...purlBoxAssets(sorted, urlDocuments));
  if (format !== 'html') files.push(...renderMarkdownSite(models));
  return files.sort((a, b) => comparePaths(a.path, b.path));
}
