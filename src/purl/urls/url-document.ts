import type { DerivedVariable, PurlTypeUrls, UrlTemplate } from '../../../types/index.js';
import { parseUriTemplate, TemplateSyntaxError, type UriTemplate } from './uri-template.js';
import { compileMatcher, type TemplateMatcher } from './reverse-template.js';
import { compileValuePattern, type ValuePattern } from './value-pattern.js';
import { inversionOf } from './transforms.js';
import { httpsOrigin } from './canonical-url.js';

/** The variables every document has, besides `q.<key>` and its own derived ones. */
const BASE_VARIABLES: ReadonlySet<string> = new Set(['namespace', 'name', 'version', 'subpath', 'namespace_segments', 'subpath_segments', 'registry']);
/** The variables that carry the namespace: a template using one of them (or a variable derived from one) uses the namespace. */
const NAMESPACE_SOURCES = new Set(['namespace', 'namespace_segments']);

/** The lists of templates a document has; urlToPurl reads URLs with all of them. */
export const TEMPLATE_LISTS = ['repository', 'version_page', 'download', 'reverse'] as const;
export type TemplateList = (typeof TEMPLATE_LISTS)[number];

/** A structural problem of a URL document, beyond its schema: it would expand or read back wrongly. */
export interface UrlDocumentProblem {
  readonly pointer: string;
  readonly rule: string;
  readonly message: string;
}

/** One template, parsed, with what deciding whether it applies needs. */
export interface CompiledTemplate {
  readonly list: TemplateList;
  readonly index: number;
  readonly template: UriTemplate;
  readonly optional: ReadonlySet<string>;
  /** Variables that must have a value for the template to apply. */
  readonly required: readonly string[];
  readonly usesRegistry: boolean;
  readonly usesNamespace: boolean;
  /** The one namespace the template is for (`namespace` of the template entry), or `null` for any. */
  readonly namespace: string | null;
  /** Whether the template applies whatever the namespace, without writing it (`any_namespace`). */
  readonly anyNamespace: boolean;
  /** The qualifiers, with their values, the template is for (`qualifiers` of the template entry). */
  readonly qualifiers: ReadonlyMap<string, string>;
  /** The base variables (and `q.<key>`) the template reads, directly or through derived variables. */
  readonly sources: ReadonlySet<string>;
  /**
   * The base variables the template reads only through a derived variable that drops a part
   * (`after`, `until`): reading the URL back gives them as that variable's value.
   */
  readonly readAsWritten: ReadonlyMap<string, string>;
  /** Variables read from a URL and left out of the PURL (`ignore`); only reverse shapes have them. */
  readonly ignored: ReadonlySet<string>;
  /** The shapes values must have (`patterns`), by variable. */
  readonly patterns: ReadonlyMap<string, ValuePattern>;
  /** Whether urlToPurl reads URLs with this template (`read_back` is not false). */
  readonly readBack: boolean;
  /** Whether the template is a download's (the download list, or a reverse shape marked download): sidecars apply. */
  readonly isDownload: boolean;
  /** Whether a PURL read back with this shape carries the URL as its `download_url` (`download_url` of a reverse shape). */
  readonly keepsUrl: boolean;
  /** Whether readings of this shape leave the URL to the shapes that read more of it as values too (`contested`). */
  readonly contested: boolean;
  /**
   * Characters url-template encodes that the template writes as they are in its path: the escape
   * character of an `escape_capitals` variable it uses (the Go module proxy's `!`), which the
   * registry reads only raw. Each is allowed in a path segment, so the value stays in its segment.
   */
  readonly rawCharacters: readonly string[];
  /** Whether the template has a fragment (`#` in a literal): it is matched against URLs with theirs. */
  readonly hasFragment: boolean;
  /** `https://host` of the URLs it gives, `null` when a variable is part of the host. */
  readonly origin: string | null;
  /**
   * The reverse matcher for URLs in strictUrl's spelling, or with `canonical` in canonicalUrl's,
   * compiled on first use; `null` when the template cannot be read back.
   */
  matcher(canonical: boolean): TemplateMatcher | null;
}

/** A prefix read as another one (`mirrors`). */
export interface CompiledMirror {
  readonly url: string;
  readonly sameAs: string;
}

/** A document ready to expand and match. */
export interface CompiledUrlDocument {
  readonly document: PurlTypeUrls;
  readonly type: string;
  readonly defaultRegistry: string | undefined;
  readonly derived: ReadonlyMap<string, DerivedVariable>;
  /** The derived variables in an order where each comes after the one it is derived from. */
  readonly derivedOrder: readonly string[];
  readonly defaults: ReadonlyMap<string, string>;
  readonly templates: Readonly<Record<TemplateList, readonly CompiledTemplate[]>>;
  readonly mirrors: readonly CompiledMirror[];
  /** The sidecar suffixes, longest first (`.asc.sha1` before `.sha1`). */
  readonly sidecars: readonly string[];
  /** Paths of the default registry that are the site's own pages (`site_paths`), as full URL prefixes. */
  readonly sitePaths: readonly string[];
}

function isKnownSource(name: string): boolean {
  return BASE_VARIABLES.has(name) || name.startsWith('q.');
}

/**
 * A JSON Pointer token. Not schemas/pointer.ts's toPointer: the URL chunk must import nothing the
 * teapurl/purl entry also has, or the bundler moves that module into a chunk of its own, which
 * costs the entry an extra file and some 200 bytes gzip of its 20,000-byte budget.
 */
function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function ownEntries<T>(record: Readonly<Record<string, T | undefined>> | undefined): [string, T][] {
  if (!record) return [];
  return Object.keys(record).map((key) => [key, Object.getOwnPropertyDescriptor(record, key)?.value as T]);
}

/** What compiling a template needs of its document. */
interface DocumentContext {
  readonly derived: ReadonlyMap<string, DerivedVariable>;
  readonly known: (name: string) => boolean;
  readonly defaultRegistry: string | undefined;
}

/**
 * The derived variables in evaluation order, with a problem for each that is derived from an
 * unknown variable or from itself through others (a cycle).
 */
function orderDerived(derived: ReadonlyMap<string, DerivedVariable>, problems: UrlDocumentProblem[]): string[] {
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done' | 'bad'>();
  const visit = (name: string): boolean => {
    const seen = state.get(name);
    if (seen === 'done') return true;
    if (seen !== undefined) return false;
    state.set(name, 'visiting');
    const from = derived.get(name)!.from;
    const sound = isKnownSource(from) || (derived.has(from) && visit(from));
    state.set(name, sound ? 'done' : 'bad');
    if (sound) order.push(name);
    return sound;
  };
  for (const name of derived.keys()) {
    if (visit(name)) continue;
    const from = derived.get(name)!.from;
    // Reported once: at each variable of a cycle, else where the chain meets an unknown source.
    let cycle = false;
    const seen = new Set<string>();
    for (let at: string | undefined = from; at !== undefined && derived.has(at) && !seen.has(at); at = derived.get(at)?.from) {
      seen.add(at);
      if (at === name) cycle = true;
    }
    if (!cycle && derived.has(from)) continue;
    problems.push({
      pointer: `/variables/${escapePointer(name)}/from`,
      rule: 'purl-urls/unknown-variable',
      message: cycle
        ? `"${name}" is derived from itself, through ${JSON.stringify(from)}`
        : `"${from}" is not a variable a derived one can come from (namespace, name, version, subpath, namespace_segments, subpath_segments, registry, q.<key> or a derived variable)`,
    });
  }
  return order;
}

/**
 * Compiles a document the schema has accepted, collecting the problems that would make a template
 * expand or read back wrongly: a template that is not RFC 6570, a variable that does not exist, a
 * value expanded without encoding, a derived variable from an unknown source, a value pattern
 * that is not one, a mirror of a prefix the document does not write.
 */
export function compileUrlDocument(document: PurlTypeUrls): { compiled: CompiledUrlDocument; problems: UrlDocumentProblem[] } {
  const problems: UrlDocumentProblem[] = [];
  const derived = new Map<string, DerivedVariable>();
  for (const [name, variable] of ownEntries(document.variables)) {
    if (BASE_VARIABLES.has(name)) {
      problems.push({
        pointer: `/variables/${escapePointer(name)}`,
        rule: 'purl-urls/unknown-variable',
        message: `the derived variable "${name}" has the name of a variable every document has`,
      });
      continue;
    }
    derived.set(name, variable);
  }
  const derivedOrder = orderDerived(derived, problems);
  const known = (name: string) => isKnownSource(name) || derived.has(name);
  const defaults = new Map<string, string>();
  for (const [name, value] of ownEntries(document.defaults)) {
    if (!known(name) || name === 'registry')
      problems.push({
        pointer: `/defaults/${escapePointer(name)}`,
        rule: 'purl-urls/unknown-variable',
        message: `"${name}" is not a variable of this document${name === 'registry' ? ' that takes a default (use default_registry)' : ''}`,
      });
    else defaults.set(name, value);
  }
  const defaultRegistry = document.default_registry;
  const templates = {} as Record<TemplateList, CompiledTemplate[]>;
  const prefixes: string[] = defaultRegistry === undefined ? [] : [defaultRegistry];
  for (const list of TEMPLATE_LISTS) {
    templates[list] = [];
    (document[list] ?? []).forEach((entry: UrlTemplate, index) => {
      const compiled = compileTemplate(entry, list, index, { derived, known, defaultRegistry }, problems);
      if (compiled === null) return;
      templates[list].push(compiled);
      prefixes.push(literalStart(compiled.template.text, defaultRegistry));
    });
  }
  const mirrors = compileMirrors(document, prefixes, problems);
  const sidecars = [...(document.sidecars ?? [])].sort((a, b) => b.length - a.length);
  const sitePaths = defaultRegistry === undefined ? [] : (document.site_paths ?? []).map((path) => defaultRegistry.replace(/\/+$/, '') + path);
  return { compiled: { document, type: document.type, defaultRegistry, derived, derivedOrder, defaults, templates, mirrors, sidecars, sitePaths }, problems };
}

/** A template's text with a leading `{+registry}` written out. */
function withRegistry(text: string, registry: string | undefined): string {
  return text.startsWith('{+registry}') && registry !== undefined ? registry + text.slice('{+registry}'.length) : text;
}

/** The text of a template before its first expression, `{+registry}` written out. */
function literalStart(text: string, registry: string | undefined): string {
  const written = withRegistry(text, registry);
  const open = written.indexOf('{');
  return open === -1 ? written : written.slice(0, open);
}

/** Whether `text` starts with `prefix` up to a boundary: its end, or a "/", "?" or "#" after it. */
export function startsAtBoundary(text: string, prefix: string): boolean {
  return text.startsWith(prefix) && (text.length === prefix.length || '/?#'.includes(text[prefix.length]!));
}

function compileMirrors(document: PurlTypeUrls, prefixes: readonly string[], problems: UrlDocumentProblem[]): CompiledMirror[] {
  const mirrors: CompiledMirror[] = [];
  (document.mirrors ?? []).forEach((mirror, index) => {
    const url = httpsOrigin(mirror.url) === null ? null : mirror.url;
    // A mirror stands only for what this document writes: a URL read through it cannot leave the registry's own URLs.
    if (!prefixes.some((prefix) => startsAtBoundary(prefix, mirror.same_as))) {
      problems.push({
        pointer: `/mirrors/${index}/same_as`,
        rule: 'purl-urls/mirror',
        message: `"${mirror.same_as}" is neither the default registry nor the start of one of this document's templates (up to a "/"): a mirror can only stand for what the document writes`,
      });
    } else if (url === null || mirror.url === mirror.same_as) {
      problems.push({ pointer: `/mirrors/${index}/url`, rule: 'purl-urls/mirror', message: `"${mirror.url}" is the prefix it stands for` });
    } else {
      mirrors.push({ url: mirror.url, sameAs: mirror.same_as });
    }
  });
  return mirrors;
}

/** Problems of one template entry's members other than its text: ignore, patterns, read_back, download. */
function memberProblems(
  entry: UrlTemplate,
  list: TemplateList,
  index: number,
  variables: readonly string[],
  known: (name: string) => boolean,
): { problems: UrlDocumentProblem[]; patterns: Map<string, ValuePattern> } {
  const problems: UrlDocumentProblem[] = [];
  const at = (member: string) => `/${list}/${index}/${member}`;
  (entry.ignore ?? []).forEach((name, i) => {
    if (list !== 'reverse')
      problems.push({
        pointer: `${at('ignore')}/${i}`,
        rule: 'purl-urls/misplaced-member',
        message: `only a reverse shape may ignore a variable: a ${list} template is written by purlToUrls, which has no value for "${name}"`,
      });
    else if (known(name))
      problems.push({
        pointer: `${at('ignore')}/${i}`,
        rule: 'purl-urls/unknown-variable',
        message: `"${name}" is a variable of the document: an ignored variable must have a name of its own`,
      });
    else if (!variables.includes(name))
      problems.push({
        pointer: `${at('ignore')}/${i}`,
        rule: 'purl-urls/unknown-variable',
        message: `"${name}" is listed as ignored but the template does not use it`,
      });
  });
  if (entry.read_back === false && list === 'reverse')
    problems.push({
      pointer: at('read_back'),
      rule: 'purl-urls/misplaced-member',
      message: 'a reverse shape is only read back: read_back false leaves it nothing to do',
    });
  if (entry.any_namespace === true && entry.namespace !== undefined)
    problems.push({ pointer: at('any_namespace'), rule: 'purl-urls/misplaced-member', message: 'a template is for one namespace or for any: not both' });
  if (entry.contested === true && list !== 'reverse')
    problems.push({
      pointer: at('contested'),
      rule: 'purl-urls/misplaced-member',
      message: 'contested marks a reverse shape whose reading other shapes may dispute; a template purlToUrls writes must read back as written',
    });
  if (entry.download_url === true && list !== 'reverse')
    problems.push({
      pointer: at('download_url'),
      rule: 'purl-urls/misplaced-member',
      message: 'download_url marks a reverse shape whose URL the PURL keeps as its download_url; purlToUrls writes that qualifier as the download already',
    });
  if (entry.download === true && list !== 'reverse')
    problems.push({
      pointer: at('download'),
      rule: 'purl-urls/misplaced-member',
      message: `download marks a reverse shape as a download; ${list === 'download' ? 'a download template is one already' : `a ${list} template is not one`}`,
    });
  const patterns = new Map<string, ValuePattern>();
  for (const [name, text] of ownEntries(entry.patterns)) {
    const pointer = `${at('patterns')}/${escapePointer(name)}`;
    if (!variables.includes(name)) {
      problems.push({ pointer, rule: 'purl-urls/value-pattern', message: `the template does not use "${name}"` });
      continue;
    }
    const compiled = compileValuePattern(text);
    if (typeof compiled === 'string')
      problems.push({ pointer, rule: 'purl-urls/value-pattern', message: `${JSON.stringify(text)} is not a value pattern: ${compiled}` });
    else patterns.set(name, compiled);
  }
  return { problems, patterns };
}

function compileTemplate(
  entry: UrlTemplate,
  list: TemplateList,
  index: number,
  context: DocumentContext,
  problems: UrlDocumentProblem[],
): CompiledTemplate | null {
  const pointer = `/${list}/${index}/template`;
  const { derived, defaultRegistry } = context;
  let template: UriTemplate;
  try {
    template = parseUriTemplate(entry.template);
  } catch (error) {
    if (!(error instanceof TemplateSyntaxError)) throw error;
    problems.push({ pointer, rule: 'purl-urls/template-syntax', message: `the template is not an RFC 6570 URI template: ${error.message}` });
    return null;
  }
  const ignored = new Set(list === 'reverse' ? (entry.ignore ?? []).filter((name) => !context.known(name)) : []);
  const known = (name: string) => context.known(name) || ignored.has(name);
  let sound = true;
  for (const part of template.parts) {
    if (part.kind === 'literal') continue;
    for (const variable of part.variables) {
      if (!known(variable.name)) {
        problems.push({
          pointer,
          rule: 'purl-urls/unknown-variable',
          message: `the template uses "${variable.name}", which is neither a component, a qualifier (q.<key>), registry, a variable of this document, nor one it ignores`,
        });
        sound = false;
      } else if (variable.name === 'registry' && (part.operator !== '+' || part.variables.length !== 1)) {
        problems.push({ pointer, rule: 'purl-urls/reserved-expansion', message: `registry is a URL prefix: write it {+registry}, not ${part.text}` });
        sound = false;
      } else if (variable.name !== 'registry' && (part.operator === '+' || part.operator === '#')) {
        problems.push({
          pointer,
          rule: 'purl-urls/reserved-expansion',
          message: `${part.text} leaves "/", "?" and "#" in the value unencoded, so a name could leave its path segment: only {+registry} may use reserved expansion`,
        });
        sound = false;
      }
    }
  }
  (entry.optional ?? []).forEach((name, i) => {
    if (!template.variables.includes(name))
      problems.push({
        pointer: `/${list}/${index}/optional/${i}`,
        rule: 'purl-urls/unknown-variable',
        message: `"${name}" is listed as optional but the template does not use it`,
      });
  });
  const members = memberProblems(entry, list, index, template.variables, context.known);
  problems.push(...members.problems);
  if (!sound || members.problems.length > 0) return null;
  const optional = new Set(entry.optional ?? []);
  const required = template.variables.filter((name) => !optional.has(name));
  const prefixes = new Map<string, string>();
  for (const name of template.variables) {
    const prefix = derived.get(name)?.prefix;
    if (prefix !== undefined && prefix !== '') prefixes.set(name, prefix);
  }
  const { sources, readAsWritten } = sourcesOf(template.variables, derived, ignored);
  const qualifiers = new Map(ownEntries(entry.qualifiers));
  // A qualifier the template is for is carried by the URL as surely as one it writes.
  for (const key of qualifiers.keys()) sources.add(`q.${key}`);
  const matchers: (TemplateMatcher | null | undefined)[] = [undefined, undefined];
  const hints = { required: new Set(required), prefixes, patterns: members.patterns };
  const start = literalStart(template.text, defaultRegistry);
  const rest = withRegistry(template.text, defaultRegistry).slice(start.length);
  // The host ends at a "/" of the literal, or where an expression starts a path, a query or a fragment.
  const hostKnown = start.indexOf('/', start.indexOf('://') + 3) !== -1 || rest === '' || /^\{[/?&#]/.test(rest);
  return {
    list,
    index,
    template,
    optional,
    required,
    usesRegistry: template.variables.includes('registry'),
    usesNamespace: [...sources].some((name) => NAMESPACE_SOURCES.has(name)),
    namespace: entry.namespace ?? null,
    anyNamespace: entry.any_namespace === true,
    qualifiers,
    sources,
    readAsWritten,
    ignored,
    patterns: members.patterns,
    readBack: entry.read_back !== false,
    rawCharacters: escapesOf(template.variables, derived),
    isDownload: list === 'download' || entry.download === true,
    keepsUrl: entry.download_url === true,
    contested: entry.contested === true,
    hasFragment: template.parts.some((part) => part.kind === 'literal' && part.text.includes('#')),
    // The host is known when a "/" ends it before any expression, or the template has none.
    origin: hostKnown ? httpsOrigin(start) : null,
    matcher(canonical) {
      const i = canonical ? 1 : 0;
      if (matchers[i] === undefined) matchers[i] = entry.read_back === false ? null : compileMatcher(template, defaultRegistry, canonical, hints);
      return matchers[i]!;
    },
  };
}

/** The escape characters of the `escape_capitals` variables a template reads, through others too. */
function escapesOf(variables: readonly string[], derived: ReadonlyMap<string, DerivedVariable>): string[] {
  const escapes = new Set<string>();
  for (const name of variables) {
    const seen = new Set<string>();
    for (let variable = derived.get(name); variable !== undefined && !seen.has(variable.from); variable = derived.get(variable.from)) {
      seen.add(variable.from);
      if (variable.escape_capitals !== undefined) escapes.add(variable.escape_capitals);
    }
  }
  return [...escapes];
}

/**
 * The base variables a template reads (through derived variables too), and those it reads only
 * through one that drops a part, with the variable whose text reading back gives them.
 */
function sourcesOf(
  variables: readonly string[],
  derived: ReadonlyMap<string, DerivedVariable>,
  ignored: ReadonlySet<string>,
): { sources: Set<string>; readAsWritten: Map<string, string> } {
  const sources = new Set<string>();
  const exact = new Set<string>();
  const asWritten = new Map<string, string>();
  for (const name of variables) {
    if (ignored.has(name)) continue;
    let current = name;
    let lossless = true;
    let writtenBy: string | null = null;
    for (let variable = derived.get(current); variable !== undefined; variable = derived.get(current)) {
      const inversion = inversionOf(variable);
      if (inversion === 'lost') lossless = false;
      if (inversion === 'as-read') writtenBy ??= current;
      current = variable.from;
    }
    sources.add(current);
    if (lossless && writtenBy === null) exact.add(current);
    else if (lossless && writtenBy !== null) asWritten.set(current, writtenBy);
  }
  for (const name of exact) asWritten.delete(name);
  return { sources, readAsWritten: asWritten };
}
