// packageurl-js's documented usage, typed against its declarations. test/purl/package-url/package-url-types.test.ts
// compiles this file twice: as it is, and with 'packageurl-js' mapped to teapurl's src/purl, so the
// same code must compile against both.
import { PackageURL } from 'packageurl-js';

const purlStr = 'pkg:maven/org.springframework.integration/spring-integration-jms@5.5.5';

// Parsing.
export const parsed: PackageURL = PackageURL.fromString(purlStr);
export const args = PackageURL.parseString(purlStr);
export const type: string | undefined = args[0];

// Constructing.
const pkg = new PackageURL('maven', 'org.springframework.integration', 'spring-integration-jms', '5.5.5');
export const text: string = pkg.toString();
export const withAll = new PackageURL('npm', null, 'lodash', '4.17.21', { arch: 'x64' }, 'lib');
export const fromQuery = new PackageURL('maven', 'org.apache.commons', 'io', '1.3.4', 'type=jar', undefined);

// Fields.
export const fields: [string, string | undefined, string, string | undefined, string | undefined, string | undefined] = [
  pkg.type,
  pkg.namespace,
  pkg.name,
  pkg.version,
  pkg.qualifiers?.['type'],
  pkg.subpath,
];
pkg.version = '5.5.6';
pkg.qualifiers = { classifier: 'sources' };
pkg.namespace = undefined;

// Error handling.
export let message = '';
try {
  PackageURL.fromString('not-a-purl');
} catch (e) {
  if (e instanceof Error) message = e.message;
}

// Helper objects.
export const repositoryUrl: 'repository_url' = PackageURL.KnownQualifierNames.RepositoryUrl;
export const valid: boolean = PackageURL.Type.npm.validate(pkg, false);
export const normalized: PackageURL = PackageURL.Type.pypi.normalize(pkg);
export const encodedName: string = PackageURL.Component.name.encode('a b');
export const nameValid: boolean = PackageURL.Component.name.validate('x', true);

// A function typed with the class, as libraries (CycloneDX) take and return it.
export function purlOf(component: { purl?: PackageURL }): string | undefined {
  return component.purl?.toString();
}
purlOf({ purl: pkg });
