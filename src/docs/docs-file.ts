/**
 * One generated page: its path inside the output folder (always `/`-separated, relative) and
 * its text.
 *
 * @example
 * ```ts
 * import { defaultPurlEngine, defaultPurlDefinitions } from 'teapurl';
 * import { generateDocsSite, type DocsFile } from 'teapurl/docs';
 * const files: DocsFile[] = generateDocsSite(defaultPurlDefinitions(), { engine: defaultPurlEngine() });
 * files[0]?.path; // 'index.html'
 * ```
 */
export interface DocsFile {
  /** Relative, `/`-separated: `index.html`, `types/npm.html`, `assets/purl-box.js`, `index.md`, `types/npm.md`. */
  readonly path: string;
  /** The page's text (UTF-8 when written). */
  readonly content: string;
}

/**
 * Which pages a documentation site has: HTML, Markdown, or both side by side.
 *
 * @example
 * ```ts
 * import { defaultPurlEngine, defaultPurlDefinitions } from 'teapurl';
 * import { generateDocsSite, type DocsFormat } from 'teapurl/docs';
 * const format: DocsFormat = 'both';
 * generateDocsSite(defaultPurlDefinitions(), { format, engine: defaultPurlEngine() }); // index.html, index.md, types/*.html, types/*.md
 * ```
 */
export type DocsFormat = 'html' | 'md' | 'both';

/** The formats a command line may name. */
export const DOCS_FORMATS: readonly DocsFormat[] = ['html', 'md', 'both'];

/** The file extensions (with the dot) of the files a format produces: HTML sites carry scripts for the live PURL box. */
export function formatExtensions(format: DocsFormat): readonly string[] {
  if (format === 'html') return ['.html', '.js'];
  if (format === 'md') return ['.md'];
  return ['.html', '.js', '.md'];
}

/** Orders paths by UTF-16 code units, so the order never depends on the machine's locale. */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The folder type pages live in. */
export const TYPES_FOLDER = 'types';

/** The site path of a type's page: `types/npm.html`. */
export function typePagePath(type: string, extension: string): string {
  return `${TYPES_FOLDER}/${type}${extension}`;
}
