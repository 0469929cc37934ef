/* Generated from schemas/purl-type-definition.schema.json by `npm run generate`. Do not edit by hand. */
import type { ValidateFunction } from '../../../shared/validate-function.js';
export declare const purlTypeDefinition: ValidateFunction;
