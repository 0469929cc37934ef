/**
 * Writes the example inventory `teapurl serve` serves without --content (examples/tea-demo/):
 * one product with two releases, two components with three releases, collections in several
 * versions, artefacts in several formats with their real checksums and a detached OpenPGP
 * signature each (`<file>.asc`, by the test key test/fixtures/signing/sample-signing-key.secret.asc,
 * whose public half is shipped as KEYS), and CLE documents. Run it
 * after changing an artefact file or an object here: `node scripts/make-tea-demo.mjs` (or
 * `node scripts/make-tea-demo.mjs DIR` to write it elsewhere). The
 * folder is committed and shipped; test/tea/tea-demo.test.ts checks it is what this writes.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as openpgp from 'openpgp';

const root =
  process.argv[2] !== undefined ? path.resolve(process.argv[2]) : path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'examples', 'tea-demo');
const ORIGIN = 'https://teapurl.invalid';
/** A test key, for this demo only: its secret half is in the repository, so it proves nothing. */
const SIGNING_KEY = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'signing', 'sample-signing-key.secret.asc');
const DOMAIN = 'demo.teapurl.dev';

const ids = {
  product: 'a3c6e2f0-5b1d-4c8e-9f27-1d0b6e4a7c11',
  pr1: 'b7e1d4a2-3c5f-4e6a-8b9c-0d1e2f3a4b51',
  pr2: 'b7e1d4a2-3c5f-4e6a-8b9c-0d1e2f3a4b52',
  core: 'c9f2a6b4-7d8e-4f01-a2b3-c4d5e6f7a811',
  cli: 'c9f2a6b4-7d8e-4f01-a2b3-c4d5e6f7a822',
  core100: 'd4a7b9c2-1e3f-4a5b-9c6d-7e8f9a0b1c01',
  core110: 'd4a7b9c2-1e3f-4a5b-9c6d-7e8f9a0b1c02',
  cli200: 'd4a7b9c2-1e3f-4a5b-9c6d-7e8f9a0b1c03',
  notes: 'e1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c01',
  vex: 'e1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c02',
  coreBom: 'e1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c03',
  coreBom110: 'e1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c04',
  cliBom: 'e1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c05',
  license: 'e1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c06',
};

/** The artefact files, by their path under files/. */
const files = {
  'notes/widget-1.0.0.txt': 'Acme Widget 1.0.0\n\nThe first release: widget-core 1.0.0 and widget-cli 2.0.0.\n',
  'notes/widget-1.1.0.txt': 'Acme Widget 1.1.0\n\nwidget-core 1.1.0: faster start-up. widget-cli unchanged.\n',
  'vex/widget-1.0.0.openvex.json': `${JSON.stringify(
    {
      '@context': 'https://openvex.dev/ns/v0.2.0',
      '@id': `https://${DOMAIN}/vex/widget-1.0.0`,
      author: 'Acme Security',
      timestamp: '2025-02-01T09:00:00Z',
      version: 1,
      statements: [
        {
          vulnerability: { name: 'CVE-2025-0001' },
          products: [{ '@id': 'pkg:generic/acme/widget-core@1.0.0' }],
          status: 'not_affected',
          justification: 'vulnerable_code_not_present',
        },
      ],
    },
    null,
    2,
  )}\n`,
  'sbom/widget-core-1.0.0.cdx.json': `${JSON.stringify(cyclonedx('widget-core', '1.0.0'), null, 2)}\n`,
  'sbom/widget-core-1.0.0.cdx.xml': cyclonedxXml('widget-core', '1.0.0'),
  'sbom/widget-core-1.1.0.cdx.json': `${JSON.stringify(cyclonedx('widget-core', '1.1.0'), null, 2)}\n`,
  'sbom/widget-cli-2.0.0.cdx.json': `${JSON.stringify(cyclonedx('widget-cli', '2.0.0'), null, 2)}\n`,
  'license/LICENSE.txt': 'Acme Widget\nCopyright 2025 Acme\n\nLicensed under the Apache License, Version 2.0.\n',
};

function cyclonedx(name, version) {
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    serialNumber: `urn:uuid:${createHash('sha256')
      .update(`${name}@${version}`)
      .digest('hex')
      .replace(/^(.{8})(.{4})(.{3})(.{3})(.{12}).*$/, '$1-$2-4$3-8$4-$5')}`,
    version: 1,
    metadata: { component: { type: 'library', name, version, purl: `pkg:generic/acme/${name}@${version}` } },
    components: [{ type: 'library', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' }],
  };
}

function cyclonedxXml(name, version) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bom xmlns="http://cyclonedx.org/schema/bom/1.6" version="1">
  <metadata>
    <component type="library">
      <name>${name}</name>
      <version>${version}</version>
      <purl>pkg:generic/acme/${name}@${version}</purl>
    </component>
  </metadata>
  <components>
    <component type="library">
      <name>left-pad</name>
      <version>1.3.0</version>
      <purl>pkg:npm/left-pad@1.3.0</purl>
    </component>
  </components>
</bom>
`;
}

const digest = (algorithm, file) => createHash(algorithm).update(files[file]).digest('hex');
const format = (mediaType, file, description) => ({
  mediaType,
  ...(description ? { description } : {}),
  url: `${ORIGIN}/${file}`,
  signatureUrl: `${ORIGIN}/${file}.asc`,
  checksums: [
    { algType: 'SHA-256', algValue: digest('sha256', file) },
    { algType: 'SHA-512', algValue: digest('sha512', file) },
  ],
});
const artefact = (uuid, version, name, type, formats, createdDate) => ({ uuid, version, name, type, createdDate, formats });

const notes100 = artefact(ids.notes, 1, 'Release notes', 'RELEASE_NOTES', [format('text/plain', 'notes/widget-1.0.0.txt')], '2025-01-15T10:00:00Z');
const notes110 = artefact(ids.notes, 2, 'Release notes', 'RELEASE_NOTES', [format('text/plain', 'notes/widget-1.1.0.txt')], '2025-03-01T10:00:00Z');
const vex = artefact(
  ids.vex,
  1,
  'VEX',
  'VULNERABILITIES',
  [format('application/vnd.openvex+json', 'vex/widget-1.0.0.openvex.json', 'OpenVEX')],
  '2025-02-01T09:00:00Z',
);
const license = artefact(ids.license, 1, 'License', 'LICENSE', [format('text/plain', 'license/LICENSE.txt')], '2025-01-15T10:00:00Z');
const coreBom = artefact(
  ids.coreBom,
  1,
  'widget-core SBOM',
  'BOM',
  [
    format('application/vnd.cyclonedx+json', 'sbom/widget-core-1.0.0.cdx.json', 'CycloneDX 1.6 JSON'),
    format('application/vnd.cyclonedx+xml', 'sbom/widget-core-1.0.0.cdx.xml', 'CycloneDX 1.6 XML'),
  ],
  '2025-01-15T10:00:00Z',
);
const coreBom110 = artefact(
  ids.coreBom110,
  1,
  'widget-core SBOM',
  'BOM',
  [format('application/vnd.cyclonedx+json', 'sbom/widget-core-1.1.0.cdx.json', 'CycloneDX 1.6 JSON')],
  '2025-03-01T10:00:00Z',
);
const cliBom = artefact(
  ids.cliBom,
  1,
  'widget-cli SBOM',
  'BOM',
  [format('application/vnd.cyclonedx+json', 'sbom/widget-cli-2.0.0.cdx.json', 'CycloneDX 1.6 JSON')],
  '2025-01-10T10:00:00Z',
);

const tei = (uuid) => `urn:tei:uuid:${DOMAIN}:${uuid}`;
const purl = (name, version) => ({ idType: 'PURL', idValue: `pkg:generic/acme/${name}@${version}` });
const objects = {
  'widget.tea-product.json': { uuid: ids.product, name: 'Acme Widget', identifiers: [{ idType: 'PURL', idValue: 'pkg:generic/acme/widget' }] },
  'widget-1.0.0.tea-product-release.json': {
    uuid: ids.pr1,
    product: ids.product,
    productName: 'Acme Widget',
    version: '1.0.0',
    createdDate: '2025-01-10T08:00:00Z',
    releaseDate: '2025-01-15T10:00:00Z',
    identifiers: [{ idType: 'TEI', idValue: tei(ids.pr1) }, purl('widget', '1.0.0')],
    components: [
      { uuid: ids.core, release: ids.core100 },
      { uuid: ids.cli, release: ids.cli200 },
    ],
  },
  'widget-1.1.0.tea-product-release.json': {
    uuid: ids.pr2,
    product: ids.product,
    productName: 'Acme Widget',
    version: '1.1.0',
    createdDate: '2025-02-25T08:00:00Z',
    releaseDate: '2025-03-01T10:00:00Z',
    identifiers: [{ idType: 'TEI', idValue: tei(ids.pr2) }, purl('widget', '1.1.0')],
    components: [{ uuid: ids.core, release: ids.core110 }, { uuid: ids.cli }],
  },
  'widget-core.tea-component.json': { uuid: ids.core, name: 'widget-core', identifiers: [{ idType: 'PURL', idValue: 'pkg:generic/acme/widget-core' }] },
  'widget-cli.tea-component.json': { uuid: ids.cli, name: 'widget-cli', identifiers: [{ idType: 'PURL', idValue: 'pkg:generic/acme/widget-cli' }] },
  'widget-core-1.0.0.tea-component-release.json': {
    uuid: ids.core100,
    component: ids.core,
    componentName: 'widget-core',
    version: '1.0.0',
    createdDate: '2025-01-08T08:00:00Z',
    releaseDate: '2025-01-15T10:00:00Z',
    identifiers: [purl('widget-core', '1.0.0')],
  },
  'widget-core-1.1.0.tea-component-release.json': {
    uuid: ids.core110,
    component: ids.core,
    componentName: 'widget-core',
    version: '1.1.0',
    createdDate: '2025-02-20T08:00:00Z',
    releaseDate: '2025-03-01T10:00:00Z',
    identifiers: [purl('widget-core', '1.1.0')],
  },
  'widget-cli-2.0.0.tea-component-release.json': {
    uuid: ids.cli200,
    component: ids.cli,
    componentName: 'widget-cli',
    version: '2.0.0',
    createdDate: '2025-01-05T08:00:00Z',
    releaseDate: '2025-01-10T10:00:00Z',
    identifiers: [purl('widget-cli', '2.0.0')],
  },
  'widget-1.0.0-collection-1.tea-collection.json': {
    uuid: ids.pr1,
    version: 1,
    date: '2025-01-15T10:00:00Z',
    belongsTo: 'PRODUCT_RELEASE',
    updateReason: { type: 'INITIAL_RELEASE' },
    artifacts: [notes100, license],
  },
  'widget-1.0.0-collection-2.tea-collection.json': {
    uuid: ids.pr1,
    version: 2,
    date: '2025-02-01T09:00:00Z',
    belongsTo: 'PRODUCT_RELEASE',
    updateReason: { type: 'VEX_UPDATED', comment: 'VEX for CVE-2025-0001 added' },
    artifacts: [notes100, license, vex],
  },
  'widget-1.1.0-collection-1.tea-collection.json': {
    uuid: ids.pr2,
    version: 1,
    date: '2025-03-01T10:00:00Z',
    belongsTo: 'PRODUCT_RELEASE',
    updateReason: { type: 'INITIAL_RELEASE' },
    artifacts: [notes110, license],
  },
  'widget-core-1.0.0-collection-1.tea-collection.json': {
    uuid: ids.core100,
    version: 1,
    date: '2025-01-15T10:00:00Z',
    belongsTo: 'COMPONENT_RELEASE',
    updateReason: { type: 'INITIAL_RELEASE' },
    artifacts: [{ ...coreBom, formats: [coreBom.formats[0]] }],
  },
  'widget-core-1.0.0-collection-2.tea-collection.json': {
    uuid: ids.core100,
    version: 2,
    date: '2025-01-20T10:00:00Z',
    belongsTo: 'COMPONENT_RELEASE',
    updateReason: { type: 'ARTIFACT_UPDATED', comment: 'SBOM published in XML too' },
    artifacts: [coreBom],
  },
  'widget-core-1.1.0-collection-1.tea-collection.json': {
    uuid: ids.core110,
    version: 1,
    date: '2025-03-01T10:00:00Z',
    belongsTo: 'COMPONENT_RELEASE',
    updateReason: { type: 'INITIAL_RELEASE' },
    artifacts: [coreBom110],
  },
  'widget-cli-2.0.0-collection-1.tea-collection.json': {
    uuid: ids.cli200,
    version: 1,
    date: '2025-01-10T10:00:00Z',
    belongsTo: 'COMPONENT_RELEASE',
    updateReason: { type: 'INITIAL_RELEASE' },
    artifacts: [cliBom],
  },
  [`${ids.product}.tea-cle.json`]: {
    events: [
      { id: 3, type: 'released', effective: '2025-03-01T10:00:00Z', published: '2025-03-01T10:00:00Z', version: '1.1.0', license: 'Apache-2.0' },
      {
        id: 2,
        type: 'endOfSupport',
        effective: '2026-01-15T00:00:00Z',
        published: '2025-03-01T10:00:00Z',
        versions: [{ range: 'vers:generic/>=1.0.0|<1.1.0' }],
        supportId: 'standard',
      },
      { id: 1, type: 'released', effective: '2025-01-15T10:00:00Z', published: '2025-01-15T10:00:00Z', version: '1.0.0', license: 'Apache-2.0' },
    ],
    definitions: { support: [{ id: 'standard', description: 'Security fixes for a year after release' }] },
  },
  [`${ids.pr1}.tea-cle.json`]: {
    events: [
      { id: 2, type: 'endOfSupport', effective: '2026-01-15T00:00:00Z', published: '2025-03-01T10:00:00Z', versions: [{ range: 'vers:generic/1.0.0' }] },
      { id: 1, type: 'released', effective: '2025-01-15T10:00:00Z', published: '2025-01-15T10:00:00Z', version: '1.0.0' },
    ],
  },
  ...Object.fromEntries(
    [
      [ids.pr2, '1.1.0', '2025-03-01T10:00:00Z'],
      [ids.cli, '2.0.0', '2025-01-10T10:00:00Z'],
      [ids.core100, '1.0.0', '2025-01-15T10:00:00Z'],
      [ids.core110, '1.1.0', '2025-03-01T10:00:00Z'],
      [ids.cli200, '2.0.0', '2025-01-10T10:00:00Z'],
    ].map(([uuid, version, date]) => [`${uuid}.tea-cle.json`, { events: [{ id: 1, type: 'released', effective: date, published: date, version }] }]),
  ),
  [`${ids.core}.tea-cle.json`]: {
    events: [
      { id: 2, type: 'released', effective: '2025-03-01T10:00:00Z', published: '2025-03-01T10:00:00Z', version: '1.1.0' },
      { id: 1, type: 'released', effective: '2025-01-15T10:00:00Z', published: '2025-01-15T10:00:00Z', version: '1.0.0' },
    ],
  },
};

rmSync(root, { recursive: true, force: true });
for (const [file, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(root, 'files', file)), { recursive: true });
  writeFileSync(path.join(root, 'files', file), text);
}
// Ed25519 signatures are deterministic; without OpenPGP.js's random salt notation and with a
// fixed date, the same key and bytes give the same signature, so the test can compare the folder.
const key = await openpgp.readPrivateKey({ armoredKey: readFileSync(SIGNING_KEY, 'utf8') });
// The signatures' creation time: the key's own, fixed, so the folder is the same each time it is written.
const SIGNED_AT = key.getCreationTime();
for (const [file, text] of Object.entries(files)) {
  const message = await openpgp.createMessage({ binary: new TextEncoder().encode(text) });
  const signature = await openpgp.sign({
    message,
    signingKeys: key,
    detached: true,
    date: SIGNED_AT,
    config: { nonDeterministicSignaturesViaNotation: false },
  });
  writeFileSync(path.join(root, 'files', `${file}.asc`), signature);
}
// An Apache-style KEYS file at the top of a content folder: `serve` names it in its download line.
writeFileSync(path.join(root, 'KEYS'), key.toPublic().armor());
for (const [file, value] of Object.entries(objects)) writeFileSync(path.join(root, file), `${JSON.stringify(value, null, 2)}\n`);
console.log(
  `wrote ${Object.keys(objects).length} objects and ${Object.keys(files).length} artefact files (each signed) to ${path.relative(process.cwd(), root)}`,
);
