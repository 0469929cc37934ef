/**
 * What a check knows about the document besides its value, and what the validation it runs in
 * was given. One context serves every check of one document.
 *
 * @example
 * ```ts
 * import type { CheckContext, SemanticCheck } from 'teapurl';
 * const fileNamed: SemanticCheck = {
 *   rule: 'local/file-named',
 *   summary: 'Documents are read from files.',
 *   check: (_document, context: CheckContext) =>
 *     context.file === undefined ? [{ pointer: '', severity: 'warning', rule: 'local/file-named', message: 'no file name' }] : [],
 * };
 * ```
 */
export interface CheckContext {
  /** The file name as given to the validator (`<stdin>`, `<input>` or absent when there is none). */
  readonly file?: string;
  /** Whether the schema accepted the document. A check still runs when it did not: see `rejected`. */
  readonly schemaValid: boolean;
  /**
   * The JSON Pointers of the values the schema rejected (an unknown property's is the property's
   * own); a missing property rejects none. Empty or absent when the schema accepted the document.
   * A check leaves these values out of what it compares or builds (an engine from a type
   * definition), and says what it could not check because of them. Findings at these pointers are
   * not reported: the schema's finding already is; except one that says what is wrong with the
   * value's form (`RawFinding.explainsSchema`), which is reported in place of the schema's.
   */
  readonly rejected?: ReadonlySet<string>;
  /**
   * The options the validation was given, as they were given: a domain's checks read their own
   * part of it (the PURL checks their rules and pattern guard, through `purlContextOf`).
   */
  readonly setup: Readonly<Record<string, unknown>>;
  /**
   * Work that several checks of this document need: `make()` runs once per validation for each
   * `key`, and every later call returns its result.
   */
  shared<T>(key: string, make: () => T): T;
}

/** What a validation gives its checks. */
export interface CheckContextInit {
  readonly file?: string;
  readonly schemaValid: boolean;
  readonly rejected?: ReadonlySet<string>;
  readonly setup?: Readonly<Record<string, unknown>>;
}

const NO_SETUP: Readonly<Record<string, unknown>> = Object.freeze({});

/** One document's context: a class, so that a validation of a small document allocates one object and no map until a check shares work. */
class DocumentContext implements CheckContext {
  readonly file?: string;
  readonly schemaValid: boolean;
  readonly rejected?: ReadonlySet<string>;
  readonly setup: Readonly<Record<string, unknown>>;
  #work: Map<string, unknown> | undefined;

  constructor(init: CheckContextInit) {
    if (init.file !== undefined) this.file = init.file;
    this.schemaValid = init.schemaValid;
    if (init.rejected !== undefined) this.rejected = init.rejected;
    this.setup = init.setup ?? NO_SETUP;
  }

  shared<T>(key: string, make: () => T): T {
    const work = (this.#work ??= new Map());
    if (work.has(key)) return work.get(key) as T;
    const value = make();
    work.set(key, value);
    return value;
  }
}

/** The context for the checks of one document. */
export function checkContext(init: CheckContextInit): CheckContext {
  return new DocumentContext(init);
}
