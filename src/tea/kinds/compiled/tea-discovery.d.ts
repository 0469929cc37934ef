/* Generated from schemas/tea-discovery.schema.json by `npm run generate`. Do not edit by hand. */
import type { ValidateFunction } from '../../../shared/validate-function.js';
export declare const teaDiscovery: ValidateFunction;
