/**
 * The rules of TEA objects a schema cannot make: a PURL identifier is read by the PURL engine, a
 * TEI identifier by the TEI parser, a checksum's digest fits its algorithm, a list names each
 * item once, a download URL is https. Where each kind holds those values is tea-object-places.ts.
 */
import { quoted } from '../../../shared/describe-value.js';
import type { RawFinding } from '../../../shared/finding.js';
import { humanPath, pointerTokens, toPointer } from '../../../shared/pointer.js';
import { parseTei, TeiError } from '../../protocol/tei.js';
import type { TeaObjectKind } from './tea-object-types.js';
import { TEA_CHECKSUM_DIGEST_BYTES } from './tea-checksums.js';
import type { SemanticCheck } from '../../../validation/checks/check-table.js';
import { asObject, own } from '../../../validation/checks/read.js';
import { TEA_PLACES, type TeaPlaces } from './tea-object-places.js';
import { purlContextOf } from '../../../purl/kinds/purl-check-context.js';

/** The values at pointers matching `pattern` (`*` is any array item), with their pointers. */
function valuesAt(document: unknown, pattern: string): Array<{ pointer: string; value: unknown }> {
  const found: Array<{ pointer: string; value: unknown }> = [];
  const walk = (value: unknown, tokens: readonly string[], at: (string | number)[]): void => {
    if (tokens.length === 0) {
      found.push({ pointer: toPointer(at), value });
      return;
    }
    const [token, ...rest] = tokens as [string, ...string[]];
    if (token === '*') {
      if (Array.isArray(value)) value.forEach((item, i) => walk(item, rest, [...at, i]));
      return;
    }
    const next = own(asObject(value), token);
    if (next !== undefined) walk(next, rest, [...at, token]);
  };
  walk(document, pattern === '' ? [] : pointerTokens(pattern), []);
  return found;
}

/** The items of every array at `pattern`, each with its pointer. */
function itemsAt(document: unknown, pattern: string): Array<{ pointer: string; item: Record<string, unknown> | undefined; list: string }> {
  return valuesAt(document, pattern).flatMap(({ pointer, value }) =>
    Array.isArray(value) ? value.map((item, i) => ({ pointer: `${pointer}/${i}`, item: asObject(item), list: pointer })) : [],
  );
}

/** The identifiers of one idType, with the pointer of their idValue. */
function identifiersOf(document: unknown, places: TeaPlaces, idType: string): Array<{ pointer: string; value: string }> {
  return places.identifiers.flatMap((pattern) =>
    itemsAt(document, pattern).flatMap(({ pointer, item }) => {
      const value = own(item, 'idValue');
      return own(item, 'idType') === idType && typeof value === 'string' ? [{ pointer: `${pointer}/idValue`, value }] : [];
    }),
  );
}

/** One check over every kind, reading each kind's places. */
function placesCheck(
  rule: string,
  summary: string,
  find: (document: unknown, places: TeaPlaces, context: Parameters<SemanticCheck['check']>[1]) => RawFinding[],
): Record<TeaObjectKind, SemanticCheck> {
  const checks = {} as Record<TeaObjectKind, SemanticCheck>;
  for (const kind of Object.keys(TEA_PLACES) as TeaObjectKind[]) {
    checks[kind] = { rule, summary, check: (document, context) => find(document, TEA_PLACES[kind], context) };
  }
  return checks;
}

const purlIdentifier = placesCheck('tea/purl-identifier', 'An identifier of idType PURL is a valid PURL, by the PURL engine.', (document, places, context) =>
  identifiersOf(document, places, 'PURL').flatMap(({ pointer, value }) => {
    const { errors } = purlContextOf(context).purlEngine().validate(value);
    const first = errors[0];
    if (first === undefined) return [];
    return [
      {
        pointer,
        severity: 'error' as const,
        rule: 'tea/purl-identifier',
        message: `${humanPath(pointer)} ${quoted(value)} is not a valid PURL: the ${first.component} is wrong: ${first.message}`,
      },
    ];
  }),
);

const teiIdentifier = placesCheck(
  'tea/tei-identifier',
  'An identifier of idType TEI is a TEI (tei://<domain>/<type>/<id> or urn:tei:<type>:<domain>:<id>), by the TEI parser.',
  (document, places) =>
    identifiersOf(document, places, 'TEI').flatMap(({ pointer, value }) => {
      try {
        parseTei(value);
        return [];
      } catch (error) {
        if (!(error instanceof TeiError)) throw error;
        return [
          { pointer, severity: 'error' as const, rule: 'tea/tei-identifier', message: `${humanPath(pointer)}: its ${error.part} is wrong: ${error.message}` },
        ];
      }
    }),
);

const HEX = /^[0-9a-fA-F]*$/;

const checksumValue = placesCheck('tea/checksum-value', "A checksum's digest is hexadecimal of its algorithm's length.", (document, places) =>
  places.checksums.flatMap((pattern) =>
    itemsAt(document, pattern).flatMap(({ pointer, item }): RawFinding[] => {
      const type = own(item, 'algType');
      const value = own(item, 'algValue');
      const bytes =
        typeof type === 'string' && Object.hasOwn(TEA_CHECKSUM_DIGEST_BYTES, type)
          ? TEA_CHECKSUM_DIGEST_BYTES[type as keyof typeof TEA_CHECKSUM_DIGEST_BYTES]
          : undefined;
      if (bytes === undefined || typeof value !== 'string') return [];
      const at = `${pointer}/algValue`;
      if (!HEX.test(value))
        return [
          {
            pointer: at,
            severity: 'error',
            rule: 'tea/checksum-value',
            message: `${humanPath(at)} ${quoted(value)} is not hexadecimal: a ${type} digest is ${bytes * 2} hexadecimal digits`,
          },
        ];
      if (value.length !== bytes * 2)
        return [
          {
            pointer: at,
            severity: 'error',
            rule: 'tea/checksum-value',
            message: `${humanPath(at)} has ${value.length} hexadecimal digits; a ${type} digest has ${bytes * 2}`,
          },
        ];
      return [];
    }),
  ),
);

/** The key of an item, as one string; `null` when a key member is missing or not a string or number. */
function keyOf(item: Record<string, unknown> | undefined, key: readonly string[]): string | null {
  const parts = key.map((member) => own(item, member));
  if (typeof parts[0] !== 'string' && typeof parts[0] !== 'number') return null;
  return JSON.stringify(parts.map((part) => (typeof part === 'string' ? part.toLowerCase() : (part ?? null))));
}

const duplicateId = placesCheck('tea/duplicate-uuid', 'A list names each item once: no UUID (or version, or id) repeats in one list.', (document, places) =>
  places.unique.flatMap(({ list, key, what }) => {
    const findings: RawFinding[] = [];
    const firstOf = new Map<string, string>();
    for (const { pointer, item, list: at } of itemsAt(document, list)) {
      const id = keyOf(item, key);
      if (id === null) continue;
      const scoped = `${at}\u0000${id}`;
      const first = firstOf.get(scoped);
      if (first === undefined) firstOf.set(scoped, pointer);
      else
        findings.push({
          pointer: `${pointer}/${key[0]}`,
          severity: 'error',
          rule: 'tea/duplicate-uuid',
          message: `${humanPath(`${pointer}/${key[0]}`)} repeats the ${what} of ${humanPath(first)}: a list names each item once`,
        });
    }
    return findings;
  }),
);

const httpsUrl = placesCheck(
  'tea/url-not-https',
  'A download or server URL is absolute https; http only with a warning, for local tests.',
  (document, places) =>
    places.urls.flatMap((pattern) =>
      valuesAt(document, pattern).flatMap(({ pointer, value }): RawFinding[] => {
        if (typeof value !== 'string') return [];
        const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(value)?.[1]?.toLowerCase();
        if (scheme === 'https') return [];
        if (scheme === 'http') {
          return [
            {
              pointer,
              severity: 'warning',
              rule: 'tea/insecure-url',
              message: `${humanPath(pointer)} ${quoted(value)} uses http://, which is allowed for local testing only; published URLs use https`,
            },
          ];
        }
        return [{ pointer, severity: 'error', rule: 'tea/url-not-https', message: `${humanPath(pointer)} ${quoted(value)} is not an https:// URL` }];
      }),
    ),
);

const cleEventOrder: SemanticCheck = {
  rule: 'tea/cle-event-order',
  summary: 'A CLE document lists its events by id, highest first.',
  check(document) {
    const findings: RawFinding[] = [];
    let previous: { id: number; pointer: string } | undefined;
    for (const { pointer, item } of itemsAt(document, '/events')) {
      const id = own(item, 'id');
      if (typeof id !== 'number' || !Number.isInteger(id)) continue;
      if (previous !== undefined && id > previous.id) {
        findings.push({
          pointer: `${pointer}/id`,
          severity: 'error',
          rule: this.rule,
          message: `${humanPath(`${pointer}/id`)} ${id} comes after ${humanPath(previous.pointer)} ${previous.id}: events are listed newest first, by id from the highest down`,
        });
      }
      previous = { id, pointer: `${pointer}/id` };
    }
    return findings;
  },
};

const cleSupportReference: SemanticCheck = {
  rule: 'tea/cle-support-id',
  summary: "An event's supportId names a support policy of the document's definitions.",
  check(document) {
    const defined = new Set(itemsAt(document, '/definitions/support').map(({ item }) => own(item, 'id')));
    return itemsAt(document, '/events').flatMap(({ pointer, item }): RawFinding[] => {
      const id = own(item, 'supportId');
      if (typeof id !== 'string' || defined.has(id)) return [];
      const at = `${pointer}/supportId`;
      return [{ pointer: at, severity: 'warning', rule: this.rule, message: `${humanPath(at)} ${quoted(id)} names no support policy of definitions.support` }];
    });
  },
};

/**
 * TEA 1.0's opaque pages (upstream #231, #253): `nextPageToken` is there exactly when `hasNext`
 * is true, so a client never has to guess what a token on the last page means.
 */
const pageToken: SemanticCheck = {
  rule: 'tea/page-token',
  summary: 'A page carries nextPageToken exactly when hasNext is true.',
  check(document) {
    const page = asObject(document);
    const hasNext = own(page, 'hasNext');
    const token = own(page, 'nextPageToken');
    if (hasNext === true && token === undefined) {
      return [
        {
          pointer: '/hasNext',
          severity: 'error',
          rule: this.rule,
          message: 'hasNext is true but the page has no nextPageToken: a client cannot ask for the next page',
        },
      ];
    }
    if (hasNext === false && token !== undefined) {
      return [
        {
          pointer: '/nextPageToken',
          severity: 'error',
          rule: this.rule,
          message: 'nextPageToken is present but hasNext is false: a last page carries no token (TEA 1.0)',
        },
      ];
    }
    return [];
  },
};

const PAGES: ReadonlySet<TeaObjectKind> = new Set([
  'tea-product-page',
  'tea-product-release-page',
  'tea-component-page',
  'tea-component-release-page',
  'tea-collection-page',
]);

const ALL = [purlIdentifier, teiIdentifier, checksumValue, duplicateId, httpsUrl];

/** Each TEA object kind's checks beyond the schema, in the order they run. */
export const TEA_OBJECT_CHECKS: { readonly [K in TeaObjectKind]: readonly SemanticCheck[] } = Object.fromEntries(
  (Object.keys(TEA_PLACES) as TeaObjectKind[]).map((kind) => [
    kind,
    [...ALL.map((checks) => checks[kind]), ...(kind === 'tea-cle' ? [cleEventOrder, cleSupportReference] : []), ...(PAGES.has(kind) ? [pageToken] : [])],
  ]),
) as unknown as { readonly [K in TeaObjectKind]: readonly SemanticCheck[] };
