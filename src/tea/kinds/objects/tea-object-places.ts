/**
 * Where each TEA object kind holds what the checks beyond its schema read: identifiers, checksums,
 * download URLs, and the lists whose items must each be named once. A table, built by nesting:
 * a collection holds artefacts, a page holds products, and their places are the nested ones under
 * a prefix, so each rule is written once for every kind.
 */
import type { TeaObjectKind } from './tea-object-types.js';

/** One list whose items must differ in `key` (the members that name an item). */
export interface UniqueList {
  /** JSON Pointer pattern of the array (`*` is any item). */
  readonly list: string;
  readonly key: readonly string[];
  /** What the key is, for the message: `UUID`, `version`, … */
  readonly what: string;
}

/** The places of one kind, as JSON Pointer patterns (`*` is any array item). */
export interface TeaPlaces {
  /** Arrays of identifiers (`{ idType, idValue }`). */
  readonly identifiers: readonly string[];
  /** Arrays of checksums (`{ algType, algValue }`). */
  readonly checksums: readonly string[];
  /** Download URLs (a file, its signature) and server root URLs. */
  readonly urls: readonly string[];
  readonly unique: readonly UniqueList[];
}

const NONE: TeaPlaces = { identifiers: [], checksums: [], urls: [], unique: [] };

function places(parts: Partial<TeaPlaces>): TeaPlaces {
  return { ...NONE, ...parts };
}

/** `inner`'s places, under `prefix` (a pointer pattern). */
function under(prefix: string, inner: TeaPlaces): TeaPlaces {
  return {
    identifiers: inner.identifiers.map((p) => prefix + p),
    checksums: inner.checksums.map((p) => prefix + p),
    urls: inner.urls.map((p) => prefix + p),
    unique: inner.unique.map((u) => ({ ...u, list: prefix + u.list })),
  };
}

function merged(...all: TeaPlaces[]): TeaPlaces {
  return {
    identifiers: all.flatMap((p) => p.identifiers),
    checksums: all.flatMap((p) => p.checksums),
    urls: all.flatMap((p) => p.urls),
    unique: all.flatMap((p) => p.unique),
  };
}

const product = places({ identifiers: ['/identifiers'] });
const productRelease = places({ identifiers: ['/identifiers'], unique: [{ list: '/components', key: ['uuid', 'release'], what: 'component (and release)' }] });
const componentRelease = places({
  identifiers: ['/identifiers', '/distributions/*/identifiers'],
  checksums: ['/distributions/*/checksums'],
  urls: ['/distributions/*/url', '/distributions/*/signatureUrl'],
  unique: [{ list: '/distributions', key: ['distributionId'], what: 'distributionId' }],
});
const artifact = places({ checksums: ['/formats/*/checksums'], urls: ['/formats/*/url', '/formats/*/signatureUrl'] });
const collection = merged(
  places({ unique: [{ list: '/artifacts', key: ['uuid', 'version'], what: 'artefact UUID (and version)' }] }),
  under('/artifacts/*', artifact),
);
const discoveryInfo = places({ urls: ['/servers/*/rootUrl'], unique: [{ list: '/servers', key: ['rootUrl'], what: 'rootUrl' }] });
const cle = places({ identifiers: ['/events/*/identifiers'], unique: [{ list: '/events', key: ['id'], what: 'event id' }] });

function page(item: TeaPlaces): TeaPlaces {
  return merged(places({ unique: [{ list: '/results', key: ['uuid'], what: 'UUID' }] }), under('/results/*', item));
}

/** Each kind's places. */
export const TEA_PLACES: Readonly<Record<TeaObjectKind, TeaPlaces>> = {
  'tea-product': product,
  'tea-product-release': productRelease,
  'tea-component': product,
  'tea-component-release': componentRelease,
  'tea-component-release-with-collection': merged(under('/release', componentRelease), under('/latestCollection', collection)),
  'tea-collection': collection,
  'tea-artifact': artifact,
  'tea-cle': cle,
  // The OpenAPI's list, or one object.
  'tea-discovery-info': merged(
    discoveryInfo,
    under('/*', discoveryInfo),
    places({ unique: [{ list: '', key: ['productReleaseUuid'], what: 'productReleaseUuid' }] }),
  ),
  'tea-product-page': page(product),
  'tea-product-release-page': page(productRelease),
  'tea-component-page': page(product),
  'tea-component-release-page': page(componentRelease),
  'tea-component-release-list': merged(places({ unique: [{ list: '', key: ['uuid'], what: 'UUID' }] }), under('/*', componentRelease)),
  'tea-collection-list': merged(places({ unique: [{ list: '', key: ['version'], what: 'collection version' }] }), under('/*', collection)),
  'tea-collection-page': merged(places({ unique: [{ list: '/results', key: ['version'], what: 'collection version' }] }), under('/results/*', collection)),
  'tea-error': NONE,
};
