/* Generated from schemas/*.schema.json by `npm run generate`. Do not edit by hand. */
/** Where each schema of this domain puts a VERS (`"format": "vers"`), as JSON Pointer patterns: `*` is any array item or member. */
export const VERS_FIELDS: Readonly<Record<string, readonly string[]>> = {
  teaDiscovery: [],
  teaTokenResponse: [],
  teaTokenError: [],
  teaProduct: [],
  teaProductRelease: [],
  teaComponent: [],
  teaComponentRelease: [],
  teaComponentReleaseWithCollection: [],
  teaCollection: [],
  teaArtifact: [],
  teaCle: ["/events/*/versions/*/range"],
  teaDiscoveryAnswer: [],
  teaProductPage: [],
  teaProductReleasePage: [],
  teaComponentPage: [],
  teaComponentReleasePage: [],
  teaComponentReleaseList: [],
  teaCollectionList: [],
};
