/**
 * The TEA API's objects as document kinds: each kind accepts the OpenAPI description's shape and
 * refuses a broken one with the rule and its line and column; the rules beyond the schema (PURL
 * and TEI identifiers, checksum digests, repeated UUIDs, https URLs, CLE order and VERS ranges);
 * and how a kind is told (file name, shape, `$schema`).
 */
import { describe, expect, it } from 'vitest';
import { validateText, type DocumentKind, type Finding } from '../../src/index.js';
import { detectKind } from '../../src/validator/validate.js';
import { TEA_OBJECT_EXAMPLES as EX } from '../../scripts/generate/tea-object-examples.js';

type Draft = any;

function findings(value: unknown, kind?: DocumentKind, file?: string): Finding[] {
  return validateText(JSON.stringify(value, null, 2), { ...(kind ? { kind } : {}), ...(file ? { file } : {}) }).findings;
}

/** `rule line:column` of each finding, the way a reader checks them against the text. */
const placed = (list: Finding[]) => list.map((f) => `${f.severity} ${f.rule} ${f.line}:${f.column} ${f.pointer}`);

function edit<T>(base: T, change: (draft: Draft) => void): T {
  const copy = structuredClone(base);
  change(copy);
  return copy;
}

const GOOD: Array<[DocumentKind, string]> = [
  ['tea-product', 'TeaProduct'],
  ['tea-product-release', 'TeaProductRelease'],
  ['tea-component', 'TeaComponent'],
  ['tea-component-release', 'TeaComponentRelease'],
  ['tea-component-release-with-collection', 'TeaComponentReleaseWithCollection'],
  ['tea-collection', 'TeaCollection'],
  ['tea-artifact', 'TeaArtifact'],
  ['tea-cle', 'TeaCle'],
  ['tea-discovery-info', 'TeaDiscoveryAnswer'],
  ['tea-product-page', 'TeaProductPage'],
  ['tea-product-release-page', 'TeaProductReleasePage'],
  ['tea-component-page', 'TeaComponentPage'],
  ['tea-component-release-page', 'TeaComponentReleasePage'],
  ['tea-component-release-list', 'TeaComponentReleaseList'],
  ['tea-collection-list', 'TeaCollectionList'],
];

describe('every TEA object kind accepts the OpenAPI shape', () => {
  it.each(GOOD)('%s accepts the %s example', (kind, example) => {
    expect(findings(EX[example], kind)).toEqual([]);
  });
});

/** One broken document per kind: the rule and the place of the first error. */
const BAD: Array<[DocumentKind, string, unknown, string]> = [
  ['tea-product', 'no identifiers', edit(EX.TeaProduct, (d) => delete d.identifiers), 'error schema/required 1:1 '],
  ['tea-product', 'an uppercase UUID', edit(EX.TeaProduct, (d) => (d.uuid = d.uuid.toUpperCase())), 'error schema/pattern 2:11 /uuid'],
  [
    'tea-product-release',
    'createdDate not UTC to the second',
    edit(EX.TeaProductRelease, (d) => (d.createdDate = '2025-04-01')),
    'error schema/pattern 6:18 /createdDate',
  ],
  ['tea-product-release', 'a component without uuid', edit(EX.TeaProductRelease, (d) => (d.components[0] = {})), 'error schema/required 15:5 /components/0'],
  [
    'tea-component',
    'an unknown identifier type',
    edit(EX.TeaComponent, (d) => (d.identifiers[0].idType = 'SWID')),
    'error schema/enum 6:17 /identifiers/0/idType',
  ],
  [
    'tea-component-release',
    'a distribution without id',
    edit(EX.TeaComponentRelease, (d) => delete d.distributions[0].distributionId),
    'error schema/required 14:5 /distributions/0',
  ],
  [
    'tea-component-release-with-collection',
    'no latestCollection',
    edit(EX.TeaComponentReleaseWithCollection, (d) => delete d.latestCollection),
    'error schema/required 1:1 ',
  ],
  ['tea-collection', 'version 0', edit(EX.TeaCollection, (d) => (d.version = 0)), 'error schema/minimum 3:14 /version'],
  ['tea-collection', 'an unknown belongsTo', edit(EX.TeaCollection, (d) => (d.belongsTo = 'PRODUCT')), 'error schema/enum 5:16 /belongsTo'],
  ['tea-artifact', 'an unknown type', edit(EX.TeaArtifact, (d) => (d.type = 'SBOM')), 'error schema/enum 5:11 /type'],
  [
    'tea-artifact',
    'SHA_256 for SHA-256',
    edit(EX.TeaArtifact, (d) => (d.formats[0].checksums[0].algType = 'SHA_256')),
    'error schema/enum 14:22 /formats/0/checksums/0/algType',
  ],
  ['tea-cle', 'an event without effective', edit(EX.TeaCle, (d) => delete d.events[0].effective), 'error schema/required 3:5 /events/0'],
  [
    'tea-discovery-info',
    'an empty server list',
    [{ productReleaseUuid: '123e4567-e89b-12d3-a456-426614174000', servers: [] }],
    'error schema/minItems 4:16 /0/servers',
  ],
  [
    'tea-discovery-info',
    'a version with a leading v',
    [edit(EX.TeaDiscoveryInfo, (d) => (d.servers[0].versions = ['v1.0.0']))],
    'error schema/pattern 8:11 /0/servers/0/versions/0',
  ],
  ['tea-product-page', 'no hasNext (an offset page)', edit(EX.TeaProductPage, (d) => delete d.hasNext), 'error schema/required 1:1 '],
  ['tea-product-page', 'a token on a last page', edit(EX.TeaProductPage, (d) => (d.hasNext = false)), 'error tea/page-token 5:20 /nextPageToken'],
  [
    'tea-product-release-page',
    'a result without version',
    edit(EX.TeaProductReleasePage, (d) => delete d.results[0].version),
    'error schema/required 7:5 /results/0',
  ],
  ['tea-component-page', 'a negative pageSize', edit(EX.TeaComponentPage, (d) => (d.pageSize = -1)), 'error schema/minimum 3:15 /pageSize'],
  ['tea-collection-page', 'hasNext not a boolean', edit(EX.TeaCollectionPage, (d) => (d.hasNext = 'no')), 'error schema/type 4:14 /hasNext'],
  ['tea-error', 'an OAuth error value', { error: 'invalid_client' }, 'error schema/enum 2:12 /error'],
  [
    'tea-component-release-page',
    'a timestamp that is not one',
    edit(EX.TeaComponentReleasePage, (d) => (d.timestamp = 'yesterday')),
    'error schema/pattern 2:16 /timestamp',
  ],
  ['tea-component-release-list', 'an object, not a list', EX.TeaComponentRelease, 'error schema/type 1:1 '],
  [
    'tea-collection-list',
    'an artefact with no formats',
    edit(EX.TeaCollectionList, (d) => delete d[0].artifacts[0].formats),
    'error schema/required 12:7 /0/artifacts/0',
  ],
];

describe('every TEA object kind refuses a broken document, naming the rule, line and column', () => {
  it.each(BAD)('%s: %s', (kind, _what, value, first) => {
    const list = findings(value, kind);
    expect(placed(list.filter((f) => f.severity === 'error'))[0]).toBe(first);
  });
});

describe('the rules beyond the schema', () => {
  it('tea/purl-identifier: a PURL identifier is read by the engine, the message names the component', () => {
    const list = findings(
      edit(EX.TeaProduct, (d) => (d.identifiers[1].idValue = 'pkg:vcpkg/boost/asio')),
      'tea-product',
    );
    expect(placed(list)).toEqual(['error tea/purl-identifier 11:18 /identifiers/1/idValue']);
    expect(list[0]!.message).toMatch(/"pkg:vcpkg\/boost\/asio" is not a valid PURL: the namespace is wrong: vcpkg PURLs have no namespace/);
  });

  it('tea/tei-identifier: a TEI identifier is read by the TEI parser, the message names the part', () => {
    const list = findings(
      edit(EX.TeaProductRelease, (d) => (d.identifiers[0].idValue = 'urn:tei:uuid:products.example.com:not-a-uuid')),
      'tea-product-release',
    );
    expect(placed(list)).toEqual(['error tea/tei-identifier 11:18 /identifiers/0/idValue']);
    expect(list[0]!.message).toMatch(/its identifier is wrong: .*not a UUID/);
  });

  it('tea/checksum-value: each of the twelve algorithms has its digest length, in hexadecimal', () => {
    const lengths: Record<string, number> = {
      MD5: 32,
      'SHA-1': 40,
      'SHA-256': 64,
      'SHA-384': 96,
      'SHA-512': 128,
      'SHA3-256': 64,
      'SHA3-384': 96,
      'SHA3-512': 128,
      'BLAKE2b-256': 64,
      'BLAKE2b-384': 96,
      'BLAKE2b-512': 128,
      BLAKE3: 64,
    };
    for (const [algType, digits] of Object.entries(lengths)) {
      const artefact = (algValue: string) => edit(EX.TeaArtifact, (d) => (d.formats[0].checksums = [{ algType, algValue }]));
      expect(findings(artefact('aB'.repeat(digits / 2)), 'tea-artifact'), algType).toEqual([]);
      expect(placed(findings(artefact('a'.repeat(digits - 1)), 'tea-artifact')), algType).toEqual([
        'error tea/checksum-value 15:23 /formats/0/checksums/0/algValue',
      ]);
      expect(findings(artefact(`${'a'.repeat(digits - 1)}g`), 'tea-artifact')[0]!.message, algType).toMatch(/is not hexadecimal/);
    }
  });

  it('tea/duplicate-uuid: a UUID (or a version) repeated in one list', () => {
    const page = edit(EX.TeaProductPage, (d) => d.results.push({ ...d.results[0], name: 'Another name' }));
    expect(placed(findings(page, 'tea-product-page'))).toEqual(['error tea/duplicate-uuid 22:15 /results/1/uuid']);
    const collections = edit(EX.TeaCollectionList, (d) => (d[1].version = 1));
    expect(placed(findings(collections, 'tea-collection-list'))).toEqual(['error tea/duplicate-uuid 36:16 /1/version']);
    const collection = edit(EX.TeaCollection, (d) => d.artifacts.push(d.artifacts[0]));
    expect(placed(findings(collection, 'tea-collection'))).toEqual(['error tea/duplicate-uuid 32:15 /artifacts/1/uuid']);
  });

  it('tea/url-not-https and tea/insecure-url: https passes, http warns, anything else is an error', () => {
    const release = edit(EX.TeaComponentRelease, (d) => {
      d.distributions[0].url = 'http://repo.example.com/x.zip';
      d.distributions[0].signatureUrl = 'ftp://repo.example.com/x.zip.asc';
    });
    expect(placed(findings(release, 'tea-component-release'))).toEqual([
      'warning tea/insecure-url 23:14 /distributions/0/url',
      'error tea/url-not-https 30:23 /distributions/0/signatureUrl',
    ]);
    expect(placed(findings([edit(EX.TeaDiscoveryInfo, (d) => (d.servers[0].rootUrl = 'http://127.0.0.1:8080'))], 'tea-discovery-info'))).toEqual([
      'warning tea/insecure-url 6:20 /0/servers/0/rootUrl',
    ]);
  });

  it('tea/cle-event-order, tea/cle-support-id and a VERS range read by the VERS engine', () => {
    const cle = edit(EX.TeaCle, (d) => {
      d.events.reverse();
      d.events[1].supportId = 'extended';
      d.events[1].versions = [{ range: 'vers:npm/>=2.0.0|<1.0.0' }];
    });
    expect(placed(findings(cle, 'tea-cle'))).toEqual([
      'error tea/cle-event-order 12:13 /events/1/id',
      'error vers/invalid 18:20 /events/1/versions/0/range',
      'warning tea/cle-support-id 21:20 /events/1/supportId',
    ]);
  });
});

describe('how a TEA object kind is told', () => {
  it.each([
    ['log4j.tea-product.json', 'tea-product'],
    ['content/core.tea-component.json', 'tea-component'],
    ['x/y/2.tea-collection.json', 'tea-collection'],
    ['page.tea-component-page.json', 'tea-component-page'],
  ])('by file name: %s', (file, kind) => {
    expect(detectKind({}, file)).toEqual({ kind, evidence: 'file name' });
  });

  it.each([
    ['TeaProductRelease', 'tea-product-release'],
    ['TeaComponentRelease', 'tea-component-release'],
    ['TeaComponentReleaseWithCollection', 'tea-component-release-with-collection'],
    ['TeaCollection', 'tea-collection'],
    ['TeaArtifact', 'tea-artifact'],
    ['TeaCle', 'tea-cle'],
    ['TeaDiscoveryAnswer', 'tea-discovery-info'],
    ['TeaDiscoveryInfo', 'tea-discovery-info'],
    ['TeaProductReleasePage', 'tea-product-release-page'],
    ['TeaComponentReleasePage', 'tea-component-release-page'],
    ['TeaComponentReleaseList', 'tea-component-release-list'],
    ['TeaCollectionList', 'tea-collection-list'],
  ])('by shape: %s', (example, kind) => {
    expect(detectKind(EX[example], 'answer.json')).toEqual({ kind, evidence: 'shape' });
  });

  it('not a product or a component by shape alone (they have the same members): by $schema, file name or --kind', () => {
    expect(detectKind(EX.TeaProduct, 'answer.json')).toBeNull();
    expect(validateText(JSON.stringify(EX.TeaProduct)).findings.map((f) => f.rule)).toEqual(['kind/undetected']);
    const named = { ...(EX.TeaComponent as object), $schema: 'https://teapurl.dev/schemas/tea-objects.schema.json#/definitions/component' };
    expect(validateText(JSON.stringify(named))).toMatchObject({ kind: 'tea-component', valid: true });
  });
});
