// A teapurl PackageURL goes where a packageurl-js PackageURL is typed, and the other way round
// (checked by test/purl/package-url/package-url-types.test.ts).
import { PackageURL as PjPackageURL } from 'packageurl-js';
import { PackageURL } from '../../src/purl/index.js';

declare function takesPackageurlJs(purl: PjPackageURL): string;
declare function takesTeapurl(purl: PackageURL): string;

takesPackageurlJs(PackageURL.fromString('pkg:npm/lodash@4.17.21'));
takesPackageurlJs(new PackageURL('npm', undefined, 'lodash', '4.17.21'));
takesTeapurl(PjPackageURL.fromString('pkg:npm/lodash@4.17.21'));
takesTeapurl(new PjPackageURL('npm', undefined, 'lodash', '4.17.21'));

export const list: PjPackageURL[] = [PackageURL.fromString('pkg:cargo/rand@0.8.5')];
export const back: PackageURL[] = list;

// teapurl's parseString is precise: its result spreads into the constructor.
export const again: PackageURL = new PackageURL(...PackageURL.parseString('pkg:cargo/rand@0.8.5'));
