/* Generated from schemas/*.schema.json by `npm run generate`. Do not edit by hand. */
/** Where each schema of this domain puts a VERS (`"format": "vers"`), as JSON Pointer patterns: `*` is any array item or member. */
export const VERS_FIELDS: Readonly<Record<string, readonly string[]>> = {
  versTypeDefinition: ["/native_and_vers_equivalent_examples/*/vers_range","/vers_examples/*"],
  versTypesIndex: [],
};
