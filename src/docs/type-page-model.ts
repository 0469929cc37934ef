import type { PurlTypeDefinition } from '../../types/index.js';
import type { PurlEngine, RuleComponent } from '../purl/index.js';
import type { PurlUrls } from '../purl/urls/purl-urls.js';
import { buildUrlsView, type UrlsView } from './urls-view.js';
import { breakDownExamples, type ExampleBreakdown } from './example-breakdown.js';
import { prohibitedParts, syntaxTemplate } from './syntax-template.js';

/**
 * What a type page and its index row show, computed once from a definition and shared by the
 * HTML and Markdown renderers. Values are display text, not yet escaped: each renderer escapes
 * for its own format. Every value is shown as the document gives it, with defaults marked as
 * such.
 */
export interface TypePageModel {
  readonly type: string;
  readonly typeName: string;
  readonly description: string;
  readonly note: string | null;
  readonly syntaxTemplate: string;
  /** The components the type prohibits, left out of {@link syntaxTemplate}. */
  readonly prohibitedParts: readonly string[];
  /** namespace, name, version, subpath, in that order. */
  readonly components: readonly ComponentRow[];
  readonly qualifiers: readonly QualifierRow[];
  /** Keys of the qualifiers every PURL of the type must carry. */
  readonly requiredQualifiers: readonly string[];
  /** The namespace values the definition registers (ECMA-427 2nd edition), in its order; empty when it registers none. */
  readonly registeredNamespaces: readonly RegisteredNamespaceRow[];
  readonly repository: RepositoryView;
  readonly referenceUrls: readonly string[];
  /** The first {@link MAX_EXAMPLES_SHOWN} examples, broken down by the engine. */
  readonly examples: readonly ExampleBreakdown[];
  /** How many examples the page leaves out after those. */
  readonly examplesNotShown: number;
  /** The type's URL templates and a worked example, or `null` when the site has no URL document for it. */
  readonly urls: UrlsView | null;
}

/**
 * The most examples a page breaks down. The published definitions have a handful; a definition
 * with 100,000 would make a page of some hundred megabytes that no one reads.
 */
export const MAX_EXAMPLES_SHOWN = 1000;

/** One row of a type page's component table. */
export interface ComponentRow {
  readonly component: RuleComponent;
  /** `required`, `optional`, `prohibited`, or a default when the definition says nothing. */
  readonly requirement: string;
  /** `yes`, `no`, or `yes (default)` when `case_sensitive` is absent. */
  readonly caseSensitive: string;
  readonly permittedCharacters: string | null;
  readonly nativeName: string | null;
  readonly normalizationRules: readonly string[];
  readonly note: string | null;
  /** The prose rules teapurl implements for this component of this type. */
  readonly engineRules: readonly { readonly id: string; readonly summary: string }[];
}

/** One registered namespace value. */
export interface RegisteredNamespaceRow {
  readonly value: string;
  readonly description: string;
  readonly referenceUrl: string | null;
}

/** What a `recommended` qualifier's requirement reads as: the word, and what it does. */
export const RECOMMENDED_TEXT = 'recommended (a PURL without it gets a warning)';

/** One row of a type page's qualifier table. */
export interface QualifierRow {
  readonly key: string;
  /** `required`, {@link RECOMMENDED_TEXT}, `optional`, or `optional (default)` when absent. */
  readonly requirement: string;
  readonly defaultValue: string | null;
  readonly nativeName: string | null;
  readonly description: string;
}

/** The repository section. */
export interface RepositoryView {
  /** `yes` or `no`. */
  readonly usesRepository: string;
  readonly defaultUrl: string | null;
  readonly note: string | null;
}

/** What an absent optional component definition reads as. */
const NOT_DEFINED = 'optional (not defined)';

/** `true` reads "yes", `false` "no", absent the specification's default, true. */
export function caseSensitivityText(value: boolean | undefined): string {
  if (value === undefined) return 'yes (default)';
  return value ? 'yes' : 'no';
}

function componentRow(engine: PurlEngine, type: string, component: RuleComponent, definition: PurlTypeDefinition): ComponentRow {
  const part = {
    namespace: definition.namespace_definition,
    name: definition.name_definition,
    version: definition.version_definition,
    subpath: definition.subpath_definition,
  }[component];
  return {
    component,
    requirement: part?.requirement ?? NOT_DEFINED,
    caseSensitive: caseSensitivityText(part?.case_sensitive),
    permittedCharacters: part?.permitted_characters ?? null,
    nativeName: part?.native_name ?? null,
    normalizationRules: part?.normalization_rules ?? [],
    note: part?.note ?? null,
    engineRules: engine.rulesFor(type, component).map((rule) => ({ id: rule.id, summary: rule.summary })),
  };
}

/**
 * Builds the page model of one definition; `engine` breaks the examples down, `urls` (when given)
 * supplies the type's URL document and works its example out.
 */
export function buildTypePageModel(definition: PurlTypeDefinition, engine: PurlEngine, urls?: PurlUrls): TypePageModel {
  const { type } = definition;
  const qualifiers = (definition.qualifiers_definition ?? []).map(
    (q): QualifierRow => ({
      key: q.key,
      requirement: q.requirement === 'recommended' ? RECOMMENDED_TEXT : (q.requirement ?? 'optional (default)'),
      defaultValue: q.default_value ?? null,
      nativeName: q.native_name ?? null,
      description: q.description,
    }),
  );
  return {
    type,
    typeName: definition.type_name,
    description: definition.description,
    note: definition.note ?? null,
    syntaxTemplate: syntaxTemplate(definition),
    prohibitedParts: prohibitedParts(definition),
    components: (['namespace', 'name', 'version', 'subpath'] as const).map((c) => componentRow(engine, type, c, definition)),
    qualifiers,
    requiredQualifiers: (definition.qualifiers_definition ?? []).filter((q) => q.requirement === 'required').map((q) => q.key),
    registeredNamespaces: (definition.namespace_definition.registered_values ?? []).map((r) => ({
      value: r.value,
      description: r.description,
      referenceUrl: r.reference_url ?? null,
    })),
    repository: {
      usesRepository: definition.repository.use_repository ? 'yes' : 'no',
      defaultUrl: definition.repository.default_repository_url ?? null,
      note: definition.repository.note ?? null,
    },
    referenceUrls: definition.reference_urls ?? [],
    examples: breakDownExamples(engine, definition.examples.slice(0, MAX_EXAMPLES_SHOWN)),
    examplesNotShown: Math.max(0, definition.examples.length - MAX_EXAMPLES_SHOWN),
    urls: urls === undefined ? null : buildUrlsView(type, urls),
  };
}

/** The line that says how many examples a page leaves out (numbers only: nothing to escape). */
export function notShown(model: TypePageModel): string {
  const n = model.examplesNotShown;
  return `${n} more example${n === 1 ? ' is' : 's are'} not shown: a page breaks down the first ${model.examples.length}.`;
}
