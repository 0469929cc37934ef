import { createDocumentValidator, type BaseValidateOptions, type DocumentValidator } from '../../validation/document-validator.js';
import { TEA_DISCOVERY_KIND } from './discovery/discovery-kind.js';

export type { TeaProtocolKind } from './protocol-text-validator.js';

/**
 * The validator of discovery documents already parsed (`rankEndpoints` is synchronous): the
 * discovery kind alone and no text reader, so that it is all of validation the client's entry
 * loads at first.
 */
export const discoveryDocumentValidator: DocumentValidator<'tea-discovery', BaseValidateOptions<'tea-discovery'>> = createDocumentValidator<'tea-discovery'>([
  TEA_DISCOVERY_KIND,
]);

/**
 * The validator of every TEA kind, objects and pages included (their checks read PURLs and VERS
 * ranges, so it brings both engines): loaded on first use, so that a bundler puts it in a chunk
 * the client fetches only when it reads its first object.
 */
export function loadTeaValidator(): Promise<typeof import('./tea-validator.js').teaValidator> {
  return import('./tea-validator.js').then((module) => module.teaValidator);
}
