// packageurl-js's helper objects and types, as code typed against its declarations uses them.
// test/purl/package-url/package-url-types.test.ts compiles this file as it is and with 'packageurl-js' mapped to
// teapurl's src/purl, under the strictest indexing options (noUncheckedIndexedAccess,
// noPropertyAccessFromIndexSignature, exactOptionalPropertyTypes).
import {
  PackageURL,
  PurlComponent,
  PurlQualifierNames,
  PurlType,
  type PurlComponentEncoder,
  type PurlComponentStringNormalizer,
  type PurlComponentValidator,
  type PurlQualifiers,
} from 'packageurl-js';

const purl = PackageURL.fromString('pkg:npm/lodash@4.17.21');
export const valid: boolean = PackageURL.Type.npm.validate(purl, true);
export const validPypi: boolean = PurlType.pypi.validate(purl, false);
export const normalized: PackageURL = PurlType.maven.normalize(purl);
export const sameTables: boolean[] = [
  PurlComponent === PackageURL.Component,
  PurlType === PackageURL.Type,
  PurlQualifierNames === PackageURL.KnownQualifierNames,
];
export const checksum: 'checksum' = PurlQualifierNames.Checksum;
export const encode: PurlComponentEncoder = PurlComponent.name.encode;
export const normalize: PurlComponentStringNormalizer = PurlComponent.version.normalize;
export const validate: PurlComponentValidator = PurlComponent.qualifierKey.validate;
export const qualifiers: PurlQualifiers = { arch: 'x64' };
export const encoded: string = PurlComponent.qualifiers.encode(qualifiers);
export const typeNames: string[] = Object.keys(PurlType);
