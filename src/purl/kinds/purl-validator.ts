import { createValidator, type BaseValidateOptions, type Validator } from '../../validation/create-validator.js';
import type { PurlValidationSetup } from './purl-check-context.js';
import { PURL_TYPE_DEFINITION_KIND } from './type-definition/type-definition-kind.js';
import { PURL_TYPE_URLS_KIND } from './url-document/url-document-kind.js';

/** The name of a PURL kind. */
export type PurlKind = 'purl-type-definition' | 'purl-type-urls';

/** What a validation of PURL documents is given. */
export type PurlValidateOptions = BaseValidateOptions<PurlKind> & PurlValidationSetup;

/** The validator of the PURL kinds alone: what engines and URL mappers built from folders check their documents with. */
export const purlValidator: Validator<PurlKind, PurlValidateOptions> = createValidator<PurlKind, PurlValidateOptions>([
  PURL_TYPE_URLS_KIND,
  PURL_TYPE_DEFINITION_KIND,
]);
