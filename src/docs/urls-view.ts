import type { DerivedVariable, PurlTypeUrls, UrlTemplate } from '../../types/index.js';
import { PurlError } from '../purl/index.js';
import type { PurlUrls } from '../purl/urls/purl-urls.js';

/**
 * What a type page shows of the type's URL document: its templates as written, and one worked
 * example whose URLs come from the mapper, not from the document, so the page shows what
 * `purlToUrls` really gives. Values are display text, not yet escaped.
 */
export interface UrlsView {
  readonly description: string | null;
  readonly defaultRegistry: string | null;
  /** `[variable, value]`, in the document's order. */
  readonly defaults: readonly (readonly [string, string])[];
  readonly variables: readonly DerivedVariableRow[];
  readonly repository: readonly TemplateRow[];
  readonly versionPage: readonly TemplateRow[];
  readonly download: readonly TemplateRow[];
  readonly reverse: readonly TemplateRow[];
  /** Other prefixes read as the document's own: `[url, same as, note]`. */
  readonly mirrors: readonly (readonly [string, string, string | null])[];
  /** Suffixes of the files beside a download that read back as the download. */
  readonly sidecars: readonly string[];
  readonly example: WorkedExample | null;
}

/** One derived variable: its name, its source and the transformation in words. */
export interface DerivedVariableRow {
  readonly name: string;
  readonly from: string;
  readonly transformation: string;
}

/** One template as the document writes it. */
export interface TemplateRow {
  readonly template: string;
  readonly optional: readonly string[];
  /** What else the entry says of the template, in words (its namespace, qualifiers, patterns, ignored parts). */
  readonly details: readonly string[];
  readonly note: string | null;
}

/** A PURL with the URLs the mapper gives for it, and the PURL its download URL reads back to. */
export interface WorkedExample {
  readonly purl: string;
  readonly repository: string | null;
  readonly versionPage: string | null;
  readonly download: string | null;
  /** `urlToPurl(download)`, when there is a download URL. */
  readonly readBack: string | null;
}

/** A derived variable's transformation in words (the schema allows exactly one per variable). */
function transformation(variable: DerivedVariable): string {
  const quote = JSON.stringify;
  if (variable.split !== undefined) return `split at ${quote(variable.split)} into a list`;
  if (variable.strip_prefix !== undefined) return `without the prefix ${quote(variable.strip_prefix)} (undefined when it lacks it)`;
  if (variable.prefix !== undefined) return `with ${quote(variable.prefix)} put before it`;
  if (variable.lowercase === true) return 'in lower case';
  if (variable.escape_capitals !== undefined) return `with each capital letter written as ${quote(variable.escape_capitals)} and the letter in lower case`;
  if (variable.initial !== undefined)
    return `its first character${variable.initial.length === 0 ? '' : ` (${variable.initial.map((p) => quote(p)).join(', ')} and the next one, for a value starting with it)`}`;
  if (variable.after !== undefined) return `after the first ${quote(variable.after)}`;
  if (variable.until !== undefined) return `up to the first ${quote(variable.until)}`;
  if (variable.after_last !== undefined) return `after the last ${quote(variable.after_last)}`;
  return 'as it is';
}

/** A template entry's members other than its text, optional list and note, in words. */
function templateDetails(entry: UrlTemplate): string[] {
  const details: string[] = [];
  if (entry.namespace !== undefined) details.push(`namespace ${entry.namespace} only`);
  if (entry.any_namespace === true) details.push('any namespace');
  for (const [key, value] of Object.entries(entry.qualifiers ?? {})) if (value !== undefined) details.push(`${key}=${value} only`);
  for (const [name, pattern] of Object.entries(entry.patterns ?? {})) if (pattern !== undefined) details.push(`${name} shaped ${pattern}`);
  if (entry.ignore !== undefined && entry.ignore.length > 0) details.push(`ignores ${entry.ignore.join(', ')}`);
  if (entry.download === true) details.push('a download');
  if (entry.read_back === false) details.push('not read back');
  return details;
}

function templateRows(templates: readonly UrlTemplate[] | undefined): TemplateRow[] {
  return (templates ?? []).map((t) => ({ template: t.template, optional: t.optional ?? [], details: templateDetails(t), note: t.note ?? null }));
}

/**
 * The worked example: the document's first PURL example that has a download URL (else its first
 * PURL example), worked out by the mapper. A mapper that refuses it (a document the validator
 * would flag) leaves the page without an example rather than failing the site.
 */
function workedExample(document: PurlTypeUrls, urls: PurlUrls): WorkedExample | null {
  const purls = document.examples.filter((e): e is Extract<typeof e, { repository: unknown }> => 'repository' in e);
  const chosen = purls.find((e) => e.download !== null) ?? purls[0];
  if (chosen === undefined) return null;
  try {
    const { repository, versionPage, download } = urls.purlToUrls(chosen.purl);
    return { purl: chosen.purl, repository, versionPage, download, readBack: download === null ? null : urls.urlToPurl(download) };
  } catch (error) {
    if (error instanceof PurlError) return null;
    throw error;
  }
}

/** The view of `type`'s URL document in `urls`, or `null` when it has none. */
export function buildUrlsView(type: string, urls: PurlUrls): UrlsView | null {
  const document = urls.document(type);
  if (document === undefined) return null;
  return {
    description: document.description ?? null,
    defaultRegistry: document.default_registry ?? null,
    defaults: Object.entries(document.defaults ?? {}).flatMap(([name, value]) => (value === undefined ? [] : [[name, value] as const])),
    variables: Object.entries(document.variables ?? {}).flatMap(([name, variable]) =>
      variable === undefined ? [] : [{ name, from: variable.from, transformation: transformation(variable) }],
    ),
    repository: templateRows(document.repository),
    versionPage: templateRows(document.version_page),
    download: templateRows(document.download),
    reverse: templateRows(document.reverse),
    mirrors: (document.mirrors ?? []).map((m) => [m.url, m.same_as, m.note ?? null] as const),
    sidecars: document.sidecars ?? [],
    example: workedExample(document, urls),
  };
}

/** What a page says of a type without a URL document. */
export const NO_URLS_TEXT =
  'This site has no URL templates for this type: it cannot say where a PURL of this type leads (unless its download_url or vcs_url qualifier names the place), and it reads no URL back to a PURL of this type.';

/** How the templates are used, said once above them. */
export const URLS_INTRO =
  "Where a PURL of this type leads. Each template is filled in from the PURL: {namespace}, {name}, {version} and {subpath} from its parts, {q.<key>} from a qualifier, {registry} from the repository_url qualifier or else the default registry. For each kind of URL, the first template the PURL has every required part for is used. A URL of any shape listed here reads back to its PURL, also under a mirror's prefix and with a checksum or signature suffix.";

/** What a page says of a template besides its text and note: its optional variables and details, or `null`. */
export function templateAnnotation(row: TemplateRow): string | null {
  const parts = [...(row.optional.length === 0 ? [] : [`optional: ${row.optional.join(', ')}`]), ...row.details];
  return parts.length === 0 ? null : parts.join('; ');
}
