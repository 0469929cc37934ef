/* Generated from schemas/*.schema.json by `npm run generate`. Do not edit by hand. */
import type { ValidateFunction } from './validate-function.js';
export declare const teaDiscovery: ValidateFunction;
export declare const teaTokenResponse: ValidateFunction;
export declare const teaTokenError: ValidateFunction;
export declare const purlTypeDefinition: ValidateFunction;
