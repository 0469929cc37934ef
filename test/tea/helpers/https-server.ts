/**
 * Small real servers on 127.0.0.1 for the client-side tests: each test writes the exact (often
 * deliberately broken) behaviour it needs as a plain `node:http` handler.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import type { TeaTransport } from '../../../src/tea/client/transport.js';

/** One request as the server saw it, body included. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** Subject CN of the client certificate, when one was presented and verified. */
  clientCertificate?: string;
}

export interface TestServer {
  /** `https://127.0.0.1:<port>` (or http). */
  url: string;
  port: number;
  requests: SeenRequest[];
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage & { body: string }, res: ServerResponse) => unknown;

async function listen(server: Server, scheme: 'http' | 'https', requests: SeenRequest[]): Promise<TestServer> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function listener(handler: Handler, requests: SeenRequest[]) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const socket = req.socket as Socket & { getPeerCertificate?: () => { subject?: { CN?: string } }; authorized?: boolean };
      const peer = socket.authorized ? socket.getPeerCertificate?.()?.subject?.CN : undefined;
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, ...(peer ? { clientCertificate: peer } : {}) });
      Promise.resolve(handler(Object.assign(req, { body }), res)).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    });
  };
}

/** An HTTPS server with the given certificate; `ca` + `requestCert` ask for and verify client certificates. */
export async function startHttps(handler: Handler, tls: { cert: string; key: string; ca?: string; requestCert?: boolean }): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const server = createHttpsServer(
    { cert: tls.cert, key: tls.key, ...(tls.ca ? { ca: tls.ca } : {}), requestCert: tls.requestCert ?? false, rejectUnauthorized: false },
    listener(handler, requests),
  );
  return listen(server, 'https', requests);
}

/** A plain HTTP server (for the tests that check http is refused). */
export async function startHttp(handler: Handler): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  return listen(createHttpServer(listener(handler, requests)), 'http', requests);
}

/** Sends a JSON body. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/**
 * An undici agent that sends every connection to 127.0.0.1:`port` while TLS still verifies the
 * requested host name: lets a test reach a TEI domain such as `localhost` on the default port.
 */
export function loopbackAgent(port: number, ca: string): Agent {
  const connect = buildConnector({ ca });
  return new Agent({
    connect: (options, callback) => connect({ ...options, hostname: '127.0.0.1', servername: options.hostname, port: String(port) }, callback),
  });
}

/** A client transport whose every connection goes to 127.0.0.1:`port`, trusting `ca` (see {@link loopbackAgent}). */
export function loopbackTransport(port: number, ca: string): TeaTransport & { close(): Promise<void> } {
  const agent = loopbackAgent(port, ca);
  return {
    send: async (url, request) =>
      (await undiciFetch(url, {
        method: request.method,
        headers: [...request.headers],
        ...(request.body !== undefined ? { body: request.body } : {}),
        redirect: 'manual',
        ...(request.signal ? { signal: request.signal } : {}),
        dispatcher: agent,
      })) as unknown as Response,
    close: () => agent.close(),
  };
}

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
