/**
 * The discovery document read and validated: `GET /.well-known/tea` with its redirects, the
 * answer's status, content type, size and encoding checked, the text validated with a line and
 * column for every finding. Loaded by `discover` on its first call, with the protocol's text
 * validator and the JSON reader, so that the client's entry does not carry them.
 */
import type { BaseValidationResult } from '../../validation/create-validator.js';
import { teaProtocolValidator } from '../kinds/protocol-text-validator.js';
import { BodyTooLargeError, discardBody, isJsonContentType, readBody, utf8 } from './http.js';
import { type NetworkError, toNetworkError } from './network-error.js';
import { DiscoveryError } from './discovery-error.js';
import type { TeaTransport } from './transport.js';

/** What of `DiscoverOptions` the reading uses. */
interface ReadOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  allowInsecureHttp?: boolean;
  signal?: AbortSignal;
}

/** The discovery document at `start` (redirects followed), read and validated: its final URL, the verdict and the value parsed. */
export async function readDiscovery(
  start: string,
  options: ReadOptions,
  transport: TeaTransport,
): Promise<{ url: string; verdict: BaseValidationResult<'tea-discovery' | 'tea-token-response' | 'tea-token-error'>; value: unknown }> {
  const { url, response } = await fetchDocument(start, options, transport);
  const text = await readDocumentText(url, response, options.maxBytes ?? 1024 * 1024);
  // One pass: the validation hands back the value it parsed, and ranking takes it as validated.
  const { result: verdict, value } = teaProtocolValidator.validateTextValue(text, { kind: 'tea-discovery', file: url });
  return { url, verdict, value };
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

function fromNetwork(error: NetworkError): DiscoveryError {
  return new DiscoveryError(error.code, `cannot read ${error.url}: ${error.message.slice(error.url.length + 2)}`, error.url, undefined, [], { cause: error });
}

async function fetchDocument(start: string, options: ReadOptions, transport: TeaTransport): Promise<{ url: string; response: Response }> {
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
