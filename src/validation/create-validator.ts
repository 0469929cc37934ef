import type { Finding } from '../shared/finding.js';
import type { DocumentSource, SourceReader } from './source/document-source.js';
import { JSON_READER, readSource, sourceReader } from './source/read-source.js';
import type { KindDefinition } from './kind-definition.js';
import {
  createDocumentValidator,
  internalErrorFinding,
  placeFindings,
  DEFAULT_MAX_FINDINGS,
  result,
  undetectedKind,
  type BaseValidateOptions,
  type ValidatedText,
  type Validator,
} from './document-validator.js';
import { placeListed } from './place-listed.js';

// The engine's core lives in document-validator.ts (no text reader); what it exports is exported
// from here too, where the package has always taken it from.
export {
  createDocumentValidator,
  DEFAULT_MAX_FINDINGS,
  hasFixPastCap,
  internalErrorFinding,
  placeFindings,
  UnknownKindError,
  type BaseValidateOptions,
  type BaseValidationResult,
  type BaseValidationSetup,
  type DocumentValidator,
  type ValidatedText,
  type Validator,
} from './document-validator.js';

const NON_BLANK = /\S/;

/**
 * Makes a validator from a list of kinds: see {@link Validator}.
 *
 * @example
 * ```ts
 * import { createValidator, SBOM_KINDS } from 'teapurl';
 * const sboms = createValidator(SBOM_KINDS);
 * sboms.validateText('{"bomFormat": "CycloneDX", "specVersion": "1.6"}', { file: 'bom.json' }).kind; // 'cyclonedx-bom'
 * ```
 */
export function createValidator<Name extends string, Options extends BaseValidateOptions<Name> = BaseValidateOptions<Name>>(
  kinds: readonly KindDefinition<Name>[],
): Validator<Name, Options> {
  const core = createDocumentValidator<Name, Options>(kinds);
  const { kinds: list, kindNames, detectKind, resolveKind, checkDocument } = core;
  const readersOf = new Map<Name, readonly SourceReader[]>(list.map((k) => [k.name, [...(k.json === false ? [] : [JSON_READER]), ...(k.readers ?? [])]]));
  const allReaders: SourceReader[] = [JSON_READER];
  for (const k of list) for (const r of k.readers ?? []) if (!allReaders.some((known) => known.format === r.format)) allReaders.push(r);

  // `validateTextValue` hands back every finding placed; `validateText` gives the verdict alone,
  // and places only the findings it lists.
  const validated = (text: string, options: Options, everyPlaced: boolean): ValidatedText<Name> => {
    const file = options.file ?? '<input>';
    const explicit = resolveKind(options.kind);
    const verdict = (kind: Name | null, all: Finding[], source?: DocumentSource, maxFindings?: number): ValidatedText<Name> => ({
      result: result(file, kind, all, maxFindings),
      value: source?.value,
      all,
      ...(source ? { source } : {}),
    });
    if (!NON_BLANK.test(text)) {
      return verdict(explicit ?? null, placeFindings(file, [{ pointer: '', severity: 'error', rule: 'file/empty', message: 'the document is empty' }]));
    }
    try {
      // The kind the option or the file name tells, before the text is read, narrows its formats.
      const presumed = detectKind(undefined, options.file, explicit)?.kind;
      const parsed = readSource(text, sourceReader(text, options.file, presumed === undefined ? allReaders : readersOf.get(presumed)!));
      if (!parsed.ok) return verdict(explicit ?? null, placeFindings(file, parsed.findings));
      const { source } = parsed;
      const detected = detectKind(source.value, options.file, explicit);
      const raw = [...parsed.findings, ...(detected ? checkDocument(source.value, detected.kind, options.file, options) : [undetectedKind(kindNames)])];
      const placed =
        raw.length === 0 ? [] : everyPlaced ? placeFindings(file, raw, source) : placeListed(file, raw, source, options.maxFindings ?? DEFAULT_MAX_FINDINGS);
      return verdict(detected?.kind ?? null, placed, source, options.maxFindings);
    } catch (error) {
      return verdict(explicit ?? null, [internalErrorFinding(file, error, { line: 1, column: 1 })]);
    }
  };

  return Object.freeze({
    ...core,
    validateText: (text: string, options: Options = {} as Options) => validated(text, options, false).result,
    validateTextValue: (text: string, options: Options = {} as Options) => validated(text, options, true),
  });
}
