import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A file the server answers with. */
export interface ServedFile {
  readonly type: string;
  readonly body: string;
}

/** A running server and how to reach and stop it. */
export interface StaticServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly origin: string;
  /** The paths asked for, in order: a page that fetches anything else shows up here. */
  readonly requests: string[];
  close(): Promise<void>;
}

/**
 * Serves fixed files from memory on 127.0.0.1, on a port the system picks: module scripts do not
 * load from `file://` pages, and a bundle must be fetched the way a site would serve it. Anything
 * not in `files` is a 404.
 */
export async function serveFiles(files: Readonly<Record<string, ServedFile>>): Promise<StaticServer> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push(path);
    const file = Object.hasOwn(files, path) ? files[path] : undefined;
    if (request.method !== 'GET' || file === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
