import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A plain HTTP server of a test's own on 127.0.0.1, a free port. */
export interface LoopbackServer {
  readonly server: Server;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Drops every connection (a stalled answer included) and stops listening. */
  close(): Promise<void>;
}

/** Starts `handler` on 127.0.0.1 at a free port. */
export async function listenOnLoopback(handler: RequestListener): Promise<LoopbackServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
