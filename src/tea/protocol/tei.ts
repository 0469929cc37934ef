/**
 * Transparency Exchange Identifiers (TEI): the current `tei://<domain>/<type>/<identifier>` form
 * and the earlier `urn:tei:<type>:<domain>:<identifier>`, read into their parts and checked, so
 * discovery knows which domain to ask and a user learns which part of a bad TEI is wrong.
 */
import { validatePurl } from '../../purl/index.js';
import { andMore } from '../../shared/messages.js';
import { TeapurlError } from '../../shared/errors.js';
import { quoted } from '../../shared/describe-value.js';

/**
 * The parts of a TEI.
 *
 * @example
 * ```ts
 * import { parseTei, type Tei } from 'teapurl/tea';
 * const tei: Tei = parseTei('tei://cyclonedx.org/purl/cGtnOnB5cGkvY3ljbG9uZWR4LXB5dGhvbi1saWJAOC40LjA');
 * // { form: 'tei-url', type: 'purl', domain: 'cyclonedx.org', identifier: 'cGtnOnB5cGkvY3ljbG9uZWR4LXB5dGhvbi1saWJAOC40LjA',
 * //   purl: 'pkg:pypi/cyclonedx-python-lib@8.4.0' }
 * ```
 */
export interface Tei {
  /** Which spelling was read: `tei://…` (`tei-url`) or `urn:tei:…` (`urn`). */
  form: 'tei-url' | 'urn';
  /** The identifier type, such as `uuid`, `purl` or `hash`. */
  type: string;
  /** The domain whose `/.well-known/tea` describes the product, lowercased, without a trailing dot. */
  domain: string;
  /** The identifier, as written: a TEI is used exactly as received (upstream #261). */
  identifier: string;
  /**
   * For a `purl` TEI, the PURL it carries, checked by the PURL engine: in the `tei://` form the
   * identifier decoded from Base64URL (RFC 4648 section 5, upstream #261), or the identifier
   * itself when it is written as a PURL (`pkg:…`, as earlier drafts did); in the `urn:tei:` form
   * the identifier itself.
   */
  purl?: string;
}

/**
 * The part of a TEI a {@link TeiError} is about.
 *
 * @example
 * ```ts
 * import { parseTei, TeiError, type TeiPart } from 'teapurl/tea';
 * let part: TeiPart | undefined;
 * try { parseTei('tei://tea.example.com/uuid/not-a-uuid'); } catch (e) { if (e instanceof TeiError) part = e.code; }
 * part; // 'identifier'
 * ```
 */
export type TeiPart = 'scheme' | 'type' | 'domain' | 'identifier';

/**
 * A string that is not a well-formed TEI; `code` names the part that is wrong (one of
 * {@link TeiPart}), and the message says how.
 *
 * @example
 * ```ts
 * import { parseTei, TeiError } from 'teapurl/tea';
 * try {
 *   parseTei('urn:tei:purl:tea.example.com:pkg:vcpkg/boost/asio');
 * } catch (e) {
 *   if (e instanceof TeiError) console.error(e.code, e.message); // identifier: … vcpkg PURLs have no namespace …
 * }
 * ```
 */
export class TeiError extends TeapurlError<TeiPart> {
  /** Always `'TeiError'`. */
  override name = 'TeiError';
  constructor(part: TeiPart, message: string) {
    super(message, { code: part });
  }

  /**
   * The part that is wrong: the same as `code`.
   *
   * @deprecated use `code`; `part` goes in the next minor version.
   */
  get part(): TeiPart {
    return this.code;
  }
}

const TYPE = /^[a-z][a-z0-9-]*$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function shown(text: string): string {
  return quoted(text, 120);
}

/**
 * A last label that makes a URL parser read the whole host as an IPv4 address (the WHATWG URL
 * standard's "ends in a number"): all digits, or `0x` and hex digits. `2130706433`, `0x7f.1`,
 * `0177.0.0.1` and `127.1` are all `127.0.0.1` to `new URL()` and to `fetch`.
 */
const NUMERIC_LABEL = /^(?:[0-9]+|0x[0-9a-f]*)$/i;

function checkDomain(tei: string, raw: string): string {
  const where = `the TEI ${shown(tei)}`;
  if (raw === '') throw new TeiError('domain', `${where} has no domain`);
  if (raw.startsWith('['))
    throw new TeiError('domain', `${where} has the IP address literal ${shown(raw)} where a domain should be; a TEI domain is a DNS name`);
  if (raw.includes(':')) throw new TeiError('domain', `${where} has ${shown(raw)} where a domain should be; a TEI domain has no port`);
  const domain = raw.toLowerCase().replace(/\.$/, '');
  const labels = domain.split('.');
  if (domain.length > 253 || !labels.every((label) => LABEL.test(label))) {
    throw new TeiError('domain', `${where} has ${shown(raw)} where a domain name should be`);
  }
  if (NUMERIC_LABEL.test(labels[labels.length - 1]!)) {
    throw new TeiError('domain', `${where} has ${shown(raw)} where a domain should be: a URL reads it as an IPv4 address, and a TEI domain is a DNS name`);
  }
  return domain;
}

function checkType(tei: string, type: string): void {
  if (type === '') throw new TeiError('type', `the TEI ${shown(tei)} has no type (such as uuid or purl)`);
  if (!TYPE.test(type)) throw new TeiError('type', `the TEI ${shown(tei)} has the type ${shown(type)}; a type is a lowercase word such as uuid, purl or hash`);
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The text a Base64URL identifier encodes, or `undefined` when it is not Base64URL of UTF-8. */
function fromBase64Url(identifier: string): string | undefined {
  const bare = identifier.replace(/=+$/, '');
  if (!BASE64URL.test(identifier) || bare.length % 4 === 1) return undefined;
  try {
    const binary = atob(bare.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** Checks the identifier; for a `purl` TEI, returns the PURL it carries. */
function checkIdentifier(tei: string, form: Tei['form'], type: string, identifier: string): string | undefined {
  const where = `the TEI ${shown(tei)}`;
  if (identifier === '') throw new TeiError('identifier', `${where} has no identifier after its ${type} type`);
  if (type === 'uuid' && !UUID.test(identifier)) {
    throw new TeiError('identifier', `${where} has the identifier ${shown(identifier)}, which is not a UUID`);
  }
  if (type !== 'purl') return undefined;
  // The tei:// form carries the PURL as Base64URL (upstream #261); a PURL written as it is stays readable.
  const decoded = form === 'tei-url' && !/^pkg:/i.test(identifier) ? fromBase64Url(identifier) : undefined;
  const purl = decoded ?? identifier;
  const { valid, errors } = validatePurl(purl);
  if (!valid) {
    const how = decoded !== undefined ? ` (Base64URL of ${shown(purl)})` : '';
    throw new TeiError('identifier', `${where} carries an invalid PURL${how}: ${errors[0]?.message ?? 'not a PURL'}${andMore(errors.length)}`);
  }
  return purl;
}

/**
 * Reads a TEI in either spelling: `tei://<domain>/<type>/<identifier>` (the current one) or
 * `urn:tei:<type>:<domain>:<identifier>`. The identifier is everything after the type (or the
 * domain), so it may hold `/` and `:`. Scheme and domain are case-insensitive; the domain is a
 * DNS name without a port. A `uuid` identifier must be a UUID, and a `purl` identifier a PURL
 * the PURL engine accepts (its first error is reported), in the `tei://` form Base64URL-encoded
 * (upstream #261; a `pkg:` PURL as written is read too); other types need a non-empty identifier.
 * Throws a {@link TeiError} naming the part that is wrong.
 *
 * @example
 * ```ts
 * import { parseTei } from 'teapurl/tea';
 * parseTei('urn:tei:uuid:products.example.com:d4d9f54a-abcf-11ee-ac79-1a52914d44b1').domain; // 'products.example.com'
 * parseTei('tei://Products.Example.com/uuid/d4d9f54a-abcf-11ee-ac79-1a52914d44b1').domain;   // 'products.example.com'
 * parseTei('tei://products.example.com/uuid');  // throws TeiError: identifier … has no identifier
 * ```
 */
export function parseTei(text: string): Tei {
  if (typeof text !== 'string') throw new TeiError('scheme', 'a TEI must be a string');
  const tei = text.trim();
  const url = /^tei:\/\/(.*)$/is.exec(tei);
  if (url) {
    const rest = url[1]!;
    const firstSlash = rest.indexOf('/');
    const domain = checkDomain(tei, firstSlash < 0 ? rest : rest.slice(0, firstSlash));
    if (firstSlash < 0) throw new TeiError('type', `the TEI ${shown(tei)} has no type: expected tei://<domain>/<type>/<identifier>`);
    const afterDomain = rest.slice(firstSlash + 1);
    const secondSlash = afterDomain.indexOf('/');
    const type = secondSlash < 0 ? afterDomain : afterDomain.slice(0, secondSlash);
    checkType(tei, type);
    const identifier = secondSlash < 0 ? '' : afterDomain.slice(secondSlash + 1);
    const purl = checkIdentifier(tei, 'tei-url', type, identifier);
    return { form: 'tei-url', type, domain, identifier, ...(purl !== undefined ? { purl } : {}) };
  }
  const urn = /^urn:tei:(.*)$/is.exec(tei);
  if (urn) {
    const rest = urn[1]!;
    const firstColon = rest.indexOf(':');
    const type = firstColon < 0 ? rest : rest.slice(0, firstColon);
    checkType(tei, type);
    if (firstColon < 0) throw new TeiError('domain', `the TEI ${shown(tei)} has no domain: expected urn:tei:<type>:<domain>:<identifier>`);
    const afterType = rest.slice(firstColon + 1);
    const secondColon = afterType.indexOf(':');
    const domain = checkDomain(tei, secondColon < 0 ? afterType : afterType.slice(0, secondColon));
    const identifier = secondColon < 0 ? '' : afterType.slice(secondColon + 1);
    const purl = checkIdentifier(tei, 'urn', type, identifier);
    return { form: 'urn', type, domain, identifier, ...(purl !== undefined ? { purl } : {}) };
  }
  throw new TeiError('scheme', `${shown(tei)} is not a TEI: expected tei://<domain>/<type>/<identifier> or urn:tei:<type>:<domain>:<identifier>`);
}
