/**
 * Discovery: from a host name, URL or TEI to the ranked API endpoints of that service.
 */
import type { TeaDiscoveryDocument } from '../../../types/index.js';
import type { Finding } from '../../shared/finding.js';
import { loadTeaProtocolValidator } from '../kinds/protocol-validator.js';
import { firstFindingMessage } from '../../shared/messages.js';
import { BodyTooLargeError, discardBody, isJsonContentType, readBody, utf8 } from './http.js';
import { type NetworkError, toNetworkError } from './network-error.js';
import { parseTei, TeiError } from './tei.js';
import { InvalidDiscoveryDocumentError, NoSharedVersionError, rankValidatedDocument, type RankedEndpoint } from './rank-endpoints.js';
import { defaultTransport, type TeaTransport } from './transport.js';
import { TeapurlError } from '../../shared/errors.js';

/**
 * Why discovery failed: the `code` of a {@link DiscoveryError}.
 *
 * @example
 * ```ts
 * import { discoveryOrigin, DiscoveryError, type DiscoveryFailure } from 'teapurl/tea';
 * let failure: DiscoveryFailure | undefined;
 * try { discoveryOrigin('http://tea.example.com'); } catch (e) { if (e instanceof DiscoveryError) failure = e.code; }
 * failure; // 'insecure-target'
 * ```
 */
export type DiscoveryFailure =
  | 'bad-target'
  | 'insecure-target'
  | 'dns'
  | 'connection-refused'
  | 'connection-reset'
  | 'tls'
  | 'timeout'
  | 'aborted'
  | 'network'
  | 'redirect'
  | 'http-status'
  | 'content-type'
  | 'too-large'
  | 'bad-json'
  | 'invalid-document'
  | 'no-shared-version';

/**
 * Discovery failed. `code` says at which step; the message is one line fit for a user.
 *
 * @example
 * ```ts
 * import { discover, DiscoveryError } from 'teapurl/tea';
 * try {
 *   await discover('tea.example.com');
 * } catch (e) {
 *   if (e instanceof DiscoveryError && e.code === 'tls') console.error('the certificate was refused:', e.message);
 *   else throw e;
 * }
 * ```
 */
export class DiscoveryError extends TeapurlError<DiscoveryFailure> {
  /** Always `'DiscoveryError'`. */
  override name = 'DiscoveryError';
  constructor(
    /** The step that failed: the error's `code`. */
    code: DiscoveryFailure,
    message: string,
    /** The discovery URL, when it got that far. */
    readonly url?: string,
    /** For `http-status`: the status received. */
    readonly status?: number,
    /** For `invalid-document` and `bad-json`: every finding, with line and column. */
    readonly findings: readonly Finding[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, { code, cause: options?.cause });
  }
}

/**
 * Options for {@link discover}.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { discover, type DiscoverOptions } from 'teapurl/tea/client';
 * import { tlsTransport } from 'teapurl/node';
 * const options: DiscoverOptions = { clientVersions: ['1.0.0', '0.4.0'], transport: tlsTransport({ ca: readFileSync('private-ca.pem', 'utf8') }), timeoutMs: 5_000 };
 * const { selected } = await discover('tea.internal.example', options);
 * ```
 */
export interface DiscoverOptions {
  /** API versions the client speaks. Default `['1.0.0']`. */
  clientVersions?: readonly string[];
  /**
   * How requests are sent; default the platform's `fetch`. For a private CA in Node, `tlsTransport({ ca })`
   * from `teapurl/node`. A client certificate is not presented to the discovery host: it belongs to the API service.
   */
  transport?: TeaTransport;
  /** Give up after this many milliseconds. Default 10,000. */
  timeoutMs?: number;
  /** Largest discovery document accepted, in bytes. Default 1 MiB. */
  maxBytes?: number;
  /** Redirects followed (never from https to http). Default 5. */
  maxRedirects?: number;
  /** Allow `http://` targets and endpoints. For local tests only: TEA servers are reached over TLS (section 5.4). */
  allowInsecureHttp?: boolean;
  /** Cancels discovery: after `abort()` it fails with code `aborted`. */
  signal?: AbortSignal;
}

/**
 * What {@link discover} found.
 *
 * @example
 * ```ts
 * import { discover, type DiscoveryResult } from 'teapurl/tea';
 * const result: DiscoveryResult = await discover('tea.example.com');
 * console.log(`${result.url}: using ${result.selected.baseUrl}`, result.warnings.length, 'warnings');
 * ```
 */
export interface DiscoveryResult {
  /** The URL the document was read from (after redirects). */
  url: string;
  /** The validated discovery document. */
  document: TeaDiscoveryDocument;
  /** Usable endpoints, most preferred first (see `rankEndpoints`). */
  ranked: RankedEndpoint[];
  /** The first of `ranked`. */
  selected: RankedEndpoint;
  /** Warnings the validator raised about the document. */
  warnings: Finding[];
}

const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?)(?::\d{1,5})?$/;

/**
 * The origin whose `/.well-known/tea` describes `target`: a host name (`tea.example.com`, with an
 * optional port), an `https://` URL (its origin; path, query and fragment are ignored), or a TEI,
 * `tei://<domain>/<type>/<id>` or `urn:tei:<type>:<domain>:<id>` (its domain; see
 * {@link parseTei}, whose checks a TEI must pass: a malformed one is a `bad-target` error naming
 * the wrong part).
 *
 * @example
 * ```ts
 * import { discoveryOrigin } from 'teapurl/tea';
 * discoveryOrigin('urn:tei:uuid:products.example.com:d4d9f54a-abcf-11ee-ac79-1a52914d44b1'); // 'https://products.example.com'
 * discoveryOrigin('tei://products.example.com/purl/pkg:npm/left-pad@1.3.0');                 // 'https://products.example.com'
 * discoveryOrigin('https://tea.example.com:8443/some/path');                                  // 'https://tea.example.com:8443'
 * ```
 */
export function discoveryOrigin(target: string, options: { allowInsecureHttp?: boolean } = {}): string {
  if (typeof target !== 'string' || target.trim() === '')
    throw new DiscoveryError('bad-target', 'name a host, an https:// URL or a TEI (tei://… or urn:tei:…)');
  const text = target.trim();
  if (/^(?:urn:tei:|tei:\/\/)/i.test(text)) {
    try {
      return `https://${parseTei(text).domain}`;
    } catch (error) {
      if (error instanceof TeiError) throw new DiscoveryError('bad-target', error.message, undefined, undefined, [], { cause: error });
      throw error;
    }
  }
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    if (scheme === 'http' && !options.allowInsecureHttp) {
      throw new DiscoveryError('insecure-target', `${text} uses http://; TEA servers are reached over TLS only (section 5.4); use https://`);
    }
    if (scheme !== 'https' && scheme !== 'http') throw new DiscoveryError('bad-target', `${text}: only https:// URLs can be discovered`);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new DiscoveryError('bad-target', `${JSON.stringify(text)} is not a valid URL`);
    }
    // Not echoed: user information may be a password.
    if (url.username || url.password) throw new DiscoveryError('bad-target', 'a URL with user information (user:password@) cannot be discovered');
    return url.origin;
  }
  if (!HOST.test(text)) {
    throw new DiscoveryError(
      'bad-target',
      `${JSON.stringify(text)} is not a host name, an https:// URL or a TEI (tei://<domain>/<type>/<id> or urn:tei:<type>:<domain>:<id>)`,
    );
  }
  try {
    return new URL(`https://${text}`).origin;
  } catch {
    throw new DiscoveryError('bad-target', `${JSON.stringify(text)} is not a valid host name`);
  }
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

function fromNetwork(error: NetworkError): DiscoveryError {
  return new DiscoveryError(error.code, `cannot read ${error.url}: ${error.message.slice(error.url.length + 2)}`, error.url, undefined, [], { cause: error });
}

async function fetchDocument(start: string, options: DiscoverOptions, transport: TeaTransport): Promise<{ url: string; response: Response }> {
  const maxRedirects = options.maxRedirects ?? 5;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let url = start;
  for (let hop = 0; ; hop++) {
    let response: Response;
    try {
      response = await transport.send(url, { method: 'GET', headers: new Headers({ accept: 'application/json' }), signal, toService: false });
    } catch (error) {
      throw fromNetwork(toNetworkError(error, url));
    }
    if (response.type === 'opaqueredirect')
      throw new DiscoveryError('redirect', `${url} redirects, and a browser does not reveal where; publish the discovery document at ${url} itself`, url);
    if (!REDIRECT.has(response.status)) return { url, response };
    await discardBody(response);
    const location = response.headers.get('location');
    if (hop >= maxRedirects) throw new DiscoveryError('redirect', `${start} redirects more than ${maxRedirects} times`, url);
    let next: URL;
    try {
      next = new URL(location ?? '', url);
    } catch {
      throw new DiscoveryError('redirect', `${url} answered ${response.status} with an unusable Location ${JSON.stringify(location)}`, url);
    }
    if (location === null) throw new DiscoveryError('redirect', `${url} answered ${response.status} without a Location header`, url);
    if (next.protocol === 'http:' && !options.allowInsecureHttp) {
      throw new DiscoveryError('redirect', `${url} redirects to ${next.href}, which is not https; refused (section 5.4)`, url);
    }
    if (next.protocol !== 'https:' && next.protocol !== 'http:') throw new DiscoveryError('redirect', `${url} redirects to unsupported ${next.href}`, url);
    url = next.href;
  }
}

/**
 * Fetches `https://<host>/.well-known/tea` for `target` (see {@link discoveryOrigin}), checks that
 * it answers 200 with a JSON content type, validates the document and ranks its endpoints.
 * Every failure is a {@link DiscoveryError} whose `code` names the step.
 *
 * @example
 * ```ts
 * import { discover } from 'teapurl/tea';
 * const { selected } = await discover('urn:tei:purl:tea.example.com:pkg:npm/left-pad@1.3.0', { clientVersions: ['1.0.0'] });
 * selected.baseUrl; // 'https://tea.example.com/api/v1.0.0'
 * ```
 */
export async function discover(target: string, options: DiscoverOptions = {}): Promise<DiscoveryResult> {
  const origin = discoveryOrigin(target, options);
  const { url, response } = await fetchDocument(`${origin}/.well-known/tea`, options, options.transport ?? defaultTransport());
  const text = await readDocumentText(url, response, options.maxBytes ?? 1024 * 1024);
  // One pass: the validation hands back the value it parsed, and ranking takes it as validated.
  const { result: verdict, value } = (await loadTeaProtocolValidator()).validateTextValue(text, { kind: 'tea-discovery', file: url });
  if (!verdict.valid) {
    const errors = verdict.findings.filter((f) => f.severity === 'error');
    const syntax = errors[0]!.rule === 'json/syntax' || errors[0]!.rule === 'json/too-deep' || errors[0]!.rule === 'file/empty';
    const what = syntax ? 'the discovery document is not valid JSON' : 'invalid discovery document';
    throw new DiscoveryError(syntax ? 'bad-json' : 'invalid-document', `${what}: ${firstFindingMessage(url, errors)}`, url, 200, verdict.findings);
  }
  const document = value as TeaDiscoveryDocument;
  let ranked: RankedEndpoint[];
  try {
    ranked = rankValidatedDocument(document, options.clientVersions ?? ['1.0.0'], options);
  } catch (error) {
    if (error instanceof NoSharedVersionError) throw new DiscoveryError('no-shared-version', `${url}: ${error.message}`, url, 200, [], { cause: error });
    if (error instanceof InvalidDiscoveryDocumentError)
      throw new DiscoveryError('invalid-document', `${url}: ${error.message}`, url, 200, error.findings, { cause: error });
    throw error;
  }
  return { url, document, ranked, selected: ranked[0]!, warnings: verdict.findings.filter((f) => f.severity === 'warning') };
}

/** The body of the discovery answer as text: 200, a JSON content type, at most `maxBytes`, UTF-8. */
async function readDocumentText(url: string, response: Response, maxBytes: number): Promise<string> {
  if (response.status !== 200) {
    await discardBody(response);
    const hint = response.status === 404 ? ' (no discovery document is published there)' : '';
    throw new DiscoveryError('http-status', `${url} answered ${response.status}, not 200${hint}`, url, response.status);
  }
  const contentType = response.headers.get('content-type');
  if (!isJsonContentType(contentType)) {
    await discardBody(response);
    throw new DiscoveryError('content-type', `${url} answered with content type ${JSON.stringify(contentType ?? '(none)')}, not application/json`, url, 200);
  }
  let bytes: Uint8Array;
  try {
    bytes = await readBody(response, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new DiscoveryError('too-large', `${url}: the discovery document is larger than ${maxBytes} bytes`, url, 200);
    throw fromNetwork(toNetworkError(error, url));
  }
  const text = utf8(bytes);
  if (text === null) throw new DiscoveryError('bad-json', `${url}: the discovery document is not UTF-8 text`, url, 200);
  return text;
}
