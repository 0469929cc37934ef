/* Generated from schemas/tea-objects.schema.json by `npm run generate`. Do not edit by hand. */
import type { ValidateFunction } from '../../../shared/validate-function.js';
export declare const teaProduct: ValidateFunction;
export declare const teaProductRelease: ValidateFunction;
export declare const teaComponent: ValidateFunction;
export declare const teaComponentRelease: ValidateFunction;
export declare const teaComponentReleaseWithCollection: ValidateFunction;
export declare const teaCollection: ValidateFunction;
export declare const teaArtifact: ValidateFunction;
export declare const teaCle: ValidateFunction;
export declare const teaDiscoveryAnswer: ValidateFunction;
export declare const teaProductPage: ValidateFunction;
export declare const teaProductReleasePage: ValidateFunction;
export declare const teaComponentPage: ValidateFunction;
export declare const teaComponentReleasePage: ValidateFunction;
export declare const teaComponentReleaseList: ValidateFunction;
export declare const teaCollectionList: ValidateFunction;
