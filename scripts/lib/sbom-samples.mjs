// SBOMs of any size in the four formats teapurl reads, for scripts/bench-sbom.mjs and the scale
// test (test/sbom/sbom-scale.test.ts): component i has an npm, Maven, PyPI or Debian PURL, a hash
// and a license, as real SBOMs have, and one PURL in ten is not canonical (an uppercase type).

import { SaxesParser } from 'saxes';

const HASH = 'a'.repeat(64);

/** Component i: name, version and PURL, one in ten not canonical (an uppercase type). */
export function sampleComponent(i) {
  const kind = i % 4;
  const version = `1.${i % 100}.${i}`;
  const [purl, name] =
    kind === 0
      ? [`pkg:npm/package-${i}@${version}`, `package-${i}`]
      : kind === 1
        ? [`pkg:maven/org.example.group${i % 50}/artifact-${i}@${version}`, `artifact-${i}`]
        : kind === 2
          ? [`pkg:pypi/project-${i}@${version}`, `project-${i}`]
          : [`pkg:deb/debian/lib-${i}@${version}?arch=amd64&distro=bookworm`, `lib-${i}`];
  return { name, version, purl: i % 10 === 0 ? purl.replace(/^pkg:([a-z]+)/, (m) => m.toUpperCase().replace('PKG:', 'pkg:')) : purl };
}

/** Each format: the file name its SBOMs take, how to write one of `n` components, how to parse one alone. */
export const SBOM_FORMATS = {
  'CycloneDX JSON': {
    file: 'bom.cdx.json',
    write(n) {
      const components = Array.from({ length: n }, (_, i) => {
        const c = sampleComponent(i);
        return {
          type: 'library',
          'bom-ref': `c${i}`,
          name: c.name,
          version: c.version,
          hashes: [{ alg: 'SHA-256', content: HASH }],
          licenses: [{ license: { id: 'MIT' } }],
          purl: c.purl,
        };
      });
      return `${JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', version: 1, components }, null, 2)}\n`;
    },
    parse: (text) => JSON.parse(text),
  },
  'CycloneDX XML': {
    file: 'bom.cdx.xml',
    write(n) {
      const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<bom xmlns="http://cyclonedx.org/schema/bom/1.6" version="1">\n  <components>\n'];
      for (let i = 0; i < n; i++) {
        const c = sampleComponent(i);
        parts.push(
          `    <component type="library" bom-ref="c${i}">\n      <name>${c.name}</name>\n      <version>${c.version}</version>\n` +
            `      <hashes><hash alg="SHA-256">${HASH}</hash></hashes>\n      <licenses><license><id>MIT</id></license></licenses>\n` +
            `      <purl>${c.purl.replace(/&/g, '&amp;')}</purl>\n    </component>\n`,
        );
      }
      parts.push('  </components>\n</bom>\n');
      return parts.join('');
    },
    // The floor: saxes's plain mode, as teapurl's reader uses it (it resolves namespaces itself,
    // cheaper than saxes's namespace mode, which costs a quarter more on this text).
    parse: (text) => new SaxesParser({ xmlns: false, position: true }).write(text).close(),
  },
  'SPDX JSON': {
    file: 'sbom.spdx.json',
    write(n) {
      const packages = Array.from({ length: n }, (_, i) => {
        const c = sampleComponent(i);
        return {
          name: c.name,
          SPDXID: `SPDXRef-Package-${i}`,
          versionInfo: c.version,
          downloadLocation: 'NOASSERTION',
          checksums: [{ algorithm: 'SHA256', checksumValue: HASH }],
          licenseDeclared: 'MIT',
          externalRefs: [{ referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: c.purl }],
        };
      });
      return `${JSON.stringify({ spdxVersion: 'SPDX-2.3', dataLicense: 'CC0-1.0', SPDXID: 'SPDXRef-DOCUMENT', name: 'bench', packages }, null, 2)}\n`;
    },
    parse: (text) => JSON.parse(text),
  },
  'SPDX tag-value': {
    file: 'sbom.spdx',
    write(n) {
      const parts = ['SPDXVersion: SPDX-2.3\nDataLicense: CC0-1.0\nSPDXID: SPDXRef-DOCUMENT\nDocumentName: bench\n'];
      for (let i = 0; i < n; i++) {
        const c = sampleComponent(i);
        parts.push(
          `\nPackageName: ${c.name}\nSPDXID: SPDXRef-Package-${i}\nPackageVersion: ${c.version}\nPackageDownloadLocation: NOASSERTION\n` +
            `PackageChecksum: SHA256: ${HASH}\nPackageLicenseDeclared: MIT\nExternalRef: PACKAGE-MANAGER purl ${c.purl}\n`,
        );
      }
      return parts.join('');
    },
    parse: (text) => text.split('\n').map((line) => /^([A-Za-z][A-Za-z0-9_-]*):[ \t]*(.*)$/.exec(line)),
  },
};
