/* Generated from schemas/*.schema.json by `npm run generate`. Do not edit by hand. */
/** Where each schema puts a VERS (`"format": "vers"`), as JSON Pointer patterns: `*` is any array item or member. */
export const VERS_FIELDS: Readonly<Record<string, readonly string[]>> = {
  teaDiscovery: [],
  teaTokenResponse: [],
  teaTokenError: [],
  purlTypeDefinition: [],
  purlTypeUrls: [],
  versTypeDefinition: ["/native_and_vers_equivalent_examples/*/vers_range","/vers_examples/*"],
  versTypesIndex: [],
  cycloneDxBom: [],
  spdxDocument: [],
};
