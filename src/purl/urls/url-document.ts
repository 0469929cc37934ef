import type { DerivedVariable, PurlTypeUrls, UrlTemplate } from '../../../types/index.js';
import { parseUriTemplate, TemplateSyntaxError, type UriTemplate } from './uri-template.js';
import { compileMatcher, type TemplateMatcher } from './reverse-template.js';

/** The variables every document has, besides `q.<key>` and its own derived ones. */
const BASE_VARIABLES: ReadonlySet<string> = new Set(['namespace', 'name', 'version', 'subpath', 'namespace_segments', 'subpath_segments', 'registry']);
/** The variables that carry the namespace: a template using one of them (or a variable derived from one) uses the namespace. */
const NAMESPACE_SOURCES = new Set(['namespace', 'namespace_segments']);

/** The lists of templates a document has, in the order urlToPurl tries them. */
export const TEMPLATE_LISTS = ['repository', 'download', 'reverse'] as const;
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
  /** The base variables (and `q.<key>`) the template reads, directly or through a derived variable. */
  readonly sources: ReadonlySet<string>;
  /**
   * The reverse matcher for URLs in strictUrl's spelling, or with `canonical` in canonicalUrl's,
   * compiled on first use; `null` when the template cannot be read back.
   */
  matcher(canonical: boolean): TemplateMatcher | null;
}

/** A document ready to expand and match. */
export interface CompiledUrlDocument {
  readonly document: PurlTypeUrls;
  readonly type: string;
  readonly defaultRegistry: string | undefined;
  readonly derived: ReadonlyMap<string, DerivedVariable>;
  readonly defaults: ReadonlyMap<string, string>;
  readonly templates: Readonly<Record<TemplateList, readonly CompiledTemplate[]>>;
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

/**
 * Compiles a document the schema has accepted, collecting the problems that would make a template
 * expand or read back wrongly: a template that is not RFC 6570, a variable that does not exist, a
 * value expanded without encoding, a derived variable from an unknown source.
 */
export function compileUrlDocument(document: PurlTypeUrls): { compiled: CompiledUrlDocument; problems: UrlDocumentProblem[] } {
  const problems: UrlDocumentProblem[] = [];
  const derived = new Map<string, DerivedVariable>();
  for (const [name, variable] of ownEntries(document.variables)) {
    const pointer = `/variables/${escapePointer(name)}`;
    if (BASE_VARIABLES.has(name)) {
      problems.push({ pointer, rule: 'purl-urls/unknown-variable', message: `the derived variable "${name}" has the name of a variable every document has` });
    } else if (!isKnownSource(variable.from)) {
      problems.push({ pointer: `${pointer}/from`, rule: 'purl-urls/unknown-variable', message: `"${variable.from}" is not a variable a derived one can come from (namespace, name, version, subpath, namespace_segments, subpath_segments, registry or q.<key>)` });
    }
    derived.set(name, variable);
  }
  const known = (name: string) => isKnownSource(name) || derived.has(name);
  const defaults = new Map<string, string>();
  for (const [name, value] of ownEntries(document.defaults)) {
    if (!known(name) || name === 'registry') problems.push({ pointer: `/defaults/${escapePointer(name)}`, rule: 'purl-urls/unknown-variable', message: `"${name}" is not a variable of this document${name === 'registry' ? ' that takes a default (use default_registry)' : ''}` });
    else defaults.set(name, value);
  }
  const defaultRegistry = document.default_registry;
  const templates = {} as Record<TemplateList, CompiledTemplate[]>;
  for (const list of TEMPLATE_LISTS) {
    templates[list] = [];
    (document[list] ?? []).forEach((entry: UrlTemplate, index) => {
      const compiled = compileTemplate(entry, list, index, { derived, known, defaultRegistry }, problems);
      if (compiled !== null) templates[list].push(compiled);
    });
  }
  return { compiled: { document, type: document.type, defaultRegistry, derived, defaults, templates }, problems };
}

function compileTemplate(
  entry: UrlTemplate,
  list: TemplateList,
  index: number,
  context: { derived: ReadonlyMap<string, DerivedVariable>; known: (name: string) => boolean; defaultRegistry: string | undefined },
  problems: UrlDocumentProblem[],
): CompiledTemplate | null {
  const pointer = `/${list}/${index}/template`;
  const { derived, known, defaultRegistry } = context;
  let template: UriTemplate;
  try {
    template = parseUriTemplate(entry.template);
  } catch (error) {
    if (!(error instanceof TemplateSyntaxError)) throw error;
    problems.push({ pointer, rule: 'purl-urls/template-syntax', message: `the template is not an RFC 6570 URI template: ${error.message}` });
    return null;
  }
  let sound = true;
  for (const part of template.parts) {
    if (part.kind === 'literal') continue;
    for (const variable of part.variables) {
      if (!known(variable.name)) {
        problems.push({ pointer, rule: 'purl-urls/unknown-variable', message: `the template uses "${variable.name}", which is neither a component, a qualifier (q.<key>), registry, nor a variable of this document` });
        sound = false;
      } else if (variable.name === 'registry' && (part.operator !== '+' || part.variables.length !== 1)) {
        problems.push({ pointer, rule: 'purl-urls/reserved-expansion', message: `registry is a URL prefix: write it {+registry}, not ${part.text}` });
        sound = false;
      } else if (variable.name !== 'registry' && (part.operator === '+' || part.operator === '#')) {
        problems.push({ pointer, rule: 'purl-urls/reserved-expansion', message: `${part.text} leaves "/", "?" and "#" in the value unencoded, so a name could leave its path segment: only {+registry} may use reserved expansion` });
        sound = false;
      }
    }
  }
  (entry.optional ?? []).forEach((name, i) => {
    if (!template.variables.includes(name)) problems.push({ pointer: `/${list}/${index}/optional/${i}`, rule: 'purl-urls/unknown-variable', message: `"${name}" is listed as optional but the template does not use it` });
  });
  if (!sound) return null;
  const optional = new Set(entry.optional ?? []);
  const required = template.variables.filter((name) => !optional.has(name));
  const prefixes = new Map<string, string>();
  for (const name of template.variables) {
    const prefix = derived.get(name)?.prefix;
    if (prefix !== undefined && prefix !== '') prefixes.set(name, prefix);
  }
  const sources = new Set<string>();
  for (const name of template.variables) sources.add(derived.get(name)?.from ?? name);
  const matchers: (TemplateMatcher | null | undefined)[] = [undefined, undefined];
  return {
    list,
    index,
    template,
    optional,
    required,
    usesRegistry: template.variables.includes('registry'),
    usesNamespace: [...sources].some((name) => NAMESPACE_SOURCES.has(name)),
    namespace: entry.namespace ?? null,
    sources,
    matcher(canonical) {
      const i = canonical ? 1 : 0;
      if (matchers[i] === undefined) matchers[i] = compileMatcher(template, defaultRegistry, canonical, { required: new Set(required), prefixes });
      return matchers[i]!;
    },
  };
}
