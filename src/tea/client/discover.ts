/**
 * Discovery: from a host name, URL or TEI to the ranked API endpoints of that service.
 */
import type { TeaDiscoveryDocument } from '../../../types/index.js';
import type { Finding } from '../../shared/finding.js';
import { firstFindingMessage } from '../../shared/messages.js';
import { parseTei, TeiError } from './tei.js';
import { InvalidDiscoveryDocumentError, NoSharedVersionError, rankValidatedDocument, type RankedEndpoint } from './rank-endpoints.js';
import { defaultTransport, type TeaTransport } from './transport.js';
import { DiscoveryError } from './discovery-error.js';

export { DiscoveryError, type DiscoveryFailure } from './discovery-error.js';

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
  // The reading (redirects, status, content type, size, UTF-8) and the validation, with the JSON
  // reader, load on the first discovery.
  const { readDiscovery } = await import('./reading.js');
  const { url, verdict, value } = await readDiscovery(`${origin}/.well-known/tea`, options, options.transport ?? defaultTransport());
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
