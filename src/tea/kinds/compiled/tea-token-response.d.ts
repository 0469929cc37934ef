/* Generated from schemas/tea-token-response.schema.json by `npm run generate`. Do not edit by hand. */
import type { ValidateFunction } from '../../../shared/validate-function.js';
export declare const teaTokenResponse: ValidateFunction;
