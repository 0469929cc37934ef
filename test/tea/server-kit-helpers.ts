/** Helpers shared by the server kit's tests: HTTPS servers on 127.0.0.1 and raw requests to them. */
import { createServer, request as httpsRequest, type Server } from 'node:https';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { validateDocument } from '../../src/validator/index.js';
import { testCertificates } from '../support/tls.js';

export const FORM = 'application/x-www-form-urlencoded';

/** A running HTTPS server for one test file. */
export interface HttpsFixture {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Starts `listener` on an HTTPS server at 127.0.0.1 with the test certificates. */
export async function startHttps(listener: RequestListener, options: { requestClientCert?: boolean } = {}): Promise<HttpsFixture> {
  const pems = await testCertificates();
  const server = createServer(
    { ...pems.server, ca: pems.ca, requestCert: options.requestClientCert ?? false, rejectUnauthorized: false },
    listener as (req: IncomingMessage, res: ServerResponse) => void,
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An undici dispatcher trusting the test CA, optionally presenting a client certificate. */
export async function trustingAgent(client?: { cert: string; key: string }, ca?: string): Promise<Agent> {
  const pems = await testCertificates();
  return new Agent({ connect: { ca: ca ?? pems.ca, ...(client ?? {}) } });
}

/** The answer to a raw request. */
export interface RawResponse {
  status: number;
  headers: IncomingMessage['headers'];
  text: string;
  json(): unknown;
}

/**
 * One HTTPS request with `node:https`, for what fetch will not send: a wrong Content-Length,
 * raw header bytes, a body streamed without a length.
 */
export async function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string | number>;
    body?: string | Buffer;
    chunks?: Buffer[];
    client?: { cert: string; key: string };
    /** The request target to send in place of the URL's path, e.g. an absolute-form `https://host/path`. */
    target?: string;
    /** The local address to connect from, e.g. `127.0.0.2` to be another client on loopback. */
    localAddress?: string;
  } = {},
): Promise<RawResponse> {
  const pems = await testCertificates();
  return new Promise((resolve, reject) => {
    // The path is passed as it is: new URL() would normalise away the "..", "." and "//" under test.
    const [, origin = '', path = '/'] = /^(https:\/\/[^/]+)(\/.*)?$/.exec(url) ?? [];
    const { hostname, port } = new URL(origin);
    const target = { hostname, port, path: options.target ?? path, method: options.method ?? 'POST', headers: options.headers ?? {} };
    const req = httpsRequest(
      { ...target, ca: pems.ca, ...(options.client ?? {}), ...(options.localAddress ? { localAddress: options.localAddress } : {}), agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) as unknown });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.chunks) {
      for (const chunk of options.chunks) req.write(chunk);
      req.end();
    } else {
      req.end(options.body);
    }
  });
}

/** Findings that make `value` an invalid document of `kind` (empty when valid). */
export function schemaErrors(value: unknown, kind: 'tea-token-response' | 'tea-token-error'): string[] {
  const result = validateDocument(value, { kind });
  return result.findings.filter((f) => f.severity === 'error').map((f) => `${f.pointer} ${f.message}`);
}

/** Splits `Bearer realm="tea", error="invalid_token", ...` into scheme and parameters (quoted strings unescaped). */
export function parseChallenge(header: string): { scheme: string; params: Record<string, string> } {
  const match = /^([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*)(?:\s+(.*))?$/.exec(header.trim());
  if (!match) throw new Error(`not a challenge: ${header}`);
  const params: Record<string, string> = {};
  const rest = match[2] ?? '';
  const param = /\s*([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))\s*(?:,|$)/y;
  let consumed = 0;
  while (consumed < rest.length) {
    param.lastIndex = consumed;
    const p = param.exec(rest);
    if (!p) throw new Error(`bad auth-param in: ${header}`);
    params[(p[1] as string).toLowerCase()] = p[2] !== undefined ? p[2].replace(/\\(.)/g, '$1') : (p[3] as string);
    consumed = param.lastIndex;
  }
  return { scheme: match[1] as string, params };
}
