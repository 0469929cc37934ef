import { createValidator, type BaseValidateOptions, type Validator } from '../../validation/create-validator.js';
import type { PurlValidationSetup } from '../../purl/kinds/purl-check-context.js';
import { TEA_KINDS, type TeaKind } from './index.js';

/** What a validation of TEA documents is given. */
export type TeaValidateOptions = BaseValidateOptions<TeaKind> & PurlValidationSetup;

/**
 * The validator of the TEA kinds alone: what the TEA client checks answers with, so that an
 * application that uses the client does not load or bundle the SBOM, PURL-definition or VERS kinds.
 */
export const teaValidator: Validator<TeaKind, TeaValidateOptions> = createValidator<TeaKind, TeaValidateOptions>(TEA_KINDS);
