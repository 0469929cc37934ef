import type { ValidateFunction } from '../shared/validate-function.js';
import type { SemanticCheck } from './checks/check-table.js';
import type { SourceReader } from './source/document-source.js';

/**
 * How a kind is told from a document whose kind was not named. The validator asks, in this order
 * and in the order of its list of kinds: a known `$schema` URL ({@link KindDefinition.schemaId},
 * {@link KindDefinition.alsoKnownAs}), the document's own word ({@link ownWord}), the file name
 * ({@link fileName}), then the shape ({@link shape}).
 *
 * @example
 * ```ts
 * import type { KindRecognition } from 'teapurl';
 * const notes: KindRecognition = { fileName: (file) => file.endsWith('.note.json') };
 * ```
 */
export interface KindRecognition {
  /** Whether the document says of itself that it is of this kind (CycloneDX's `bomFormat`). */
  readonly ownWord?: (document: Readonly<Record<string, unknown>>) => boolean;
  /** Whether a file of this name is of this kind; `document` is `undefined` before the text is read. */
  readonly fileName?: (file: string, document: unknown) => boolean;
  /** Whether a document of this shape is of this kind, when nothing else told. */
  readonly shape?: (document: unknown) => boolean;
}

/**
 * What lets a kind's documents be larger than a reader's default limit (an SBOM of 100,000
 * components is tens of MB, a discovery document a few KB): the limit of a file of this kind is
 * sized from the memory the process may use, `heapPerByte` bytes of heap for each byte of text.
 *
 * @example
 * ```ts
 * import type { LargeDocuments } from 'teapurl';
 * const large: LargeDocuments = { noun: 'an SBOM', heapPerByte: 32, head: (text) => text.includes('"bomFormat"') };
 * ```
 */
export interface LargeDocuments {
  /** The kind's documents in a message: `an SBOM`. */
  readonly noun: string;
  /** Heap bytes one byte of a document may take while it is read, checked and reported. */
  readonly heapPerByte: number;
  /** Whether a text's first characters (up to 64 KiB, read before the rest) say it is of this kind. */
  readonly head: (text: string) => boolean;
}

/**
 * One kind of document teapurl validates: its name, its schema's compiled validator, how it is
 * recognised, the formats it is written in and its checks beyond the schema. A validator is made
 * from a list of them ({@link createValidator}); each domain of teapurl defines its own.
 *
 * @example
 * ```ts
 * import { createValidator, type KindDefinition } from 'teapurl';
 * const note: KindDefinition<'note'> = {
 *   name: 'note',
 *   schemaId: 'https://example.com/note.schema.json',
 *   recognise: { fileName: (file) => file.endsWith('.note.json') },
 *   validate: Object.assign((value: unknown) => typeof value === 'object' && value !== null, { errors: null }),
 *   checks: [],
 * };
 * createValidator([note]).validateText('{}', { file: 'a.note.json' }).kind; // 'note'
 * ```
 */
export interface KindDefinition<Name extends string = string> {
  /** The kind's name, as findings, `--kind` and `ValidationResult.kind` give it. */
  readonly name: Name;
  /** `$id` of the kind's schema in `schemas/` (with a fragment for a definition of a larger schema). */
  readonly schemaId: string;
  /** Other `$schema` values that mean this kind (published schemas read with teapurl's own). */
  readonly alsoKnownAs?: readonly string[];
  /** Short names accepted for the kind (`discovery`, `purl-type`, …). */
  readonly aliases?: readonly string[];
  /** The formats besides JSON the kind's documents may be written in, each with its reader. */
  readonly readers?: readonly SourceReader[];
  /** Whether the kind's documents may also be JSON (default `true`). */
  readonly json?: boolean;
  /** How the kind is told from a document that does not name it. */
  readonly recognise?: KindRecognition;
  /** The schema's compiled validator (generated into the domain's `kinds/compiled/`). */
  readonly validate: ValidateFunction;
  /** The rules beyond the schema, in the order they run. */
  readonly checks?: readonly SemanticCheck[];
  /** Set when the kind's documents may be far larger than others: their size limit follows the heap. */
  readonly large?: LargeDocuments;
}
