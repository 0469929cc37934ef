/**
 * Item 6 of issue 10: the test server bounds every connection in time and in number. Real TLS
 * connections on 127.0.0.1; the timeouts are made small so the test is quick, and every loop of
 * the test itself is bounded by a deadline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { connect as tcpConnect, type Socket } from 'node:net';
import { Agent, fetch } from 'undici';
import { startTeaServer, type RunningTeaServer } from '../../src/tea/server/test-server.js';
import { testCertificates } from '../support/tls.js';
import { InvalidArgumentError } from '../../src/shared/errors.js';

const HEADERS_TIMEOUT = 1000;
// Node closes expired connections at its next check, every headersTimeout / 4 here; the rest is
// room for a loaded machine. Node's own default would keep them 60 s (300 s per request).
const SLACK = 4_000;
const CLOSE_WITHIN = HEADERS_TIMEOUT + HEADERS_TIMEOUT / 4 + SLACK;
const TEST_DEADLINE = 15_000;

let ca: string;
let server: RunningTeaServer;
beforeAll(async () => {
  const pems = await testCertificates();
  ca = pems.ca;
  server = await startTeaServer({
    tls: pems.server,
    discovery: (url: string) => ({ schemaVersion: 1, endpoints: [{ url, versions: ['1.0.0'] }] }),
    headersTimeoutMs: HEADERS_TIMEOUT,
    requestTimeoutMs: 2 * HEADERS_TIMEOUT,
    maxConnections: 400,
  });
});
afterAll(() => server.close());

interface Slow {
  socket: TLSSocket | Socket;
  openedAt: number;
  closedAt: number | undefined;
}

/** A TLS connection that starts a request and then sends one byte every 200 ms, never finishing the headers. */
function slowTls(port: number, deadline: number): Promise<Slow> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, ca, servername: 'localhost' });
    const slow: Slow = { socket, openedAt: 0, closedAt: undefined };
    let timer: ReturnType<typeof setInterval> | undefined;
    socket.once('secureConnect', () => {
      slow.openedAt = performance.now();
      socket.write('GET /.well-known/tea HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
      timer = setInterval(() => {
        if (performance.now() > deadline || socket.destroyed) clearInterval(timer);
        else socket.write('a');
      }, 200);
      resolve(slow);
    });
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearInterval(timer);
      slow.closedAt = performance.now();
      if (!slow.openedAt) reject(new Error('closed before the handshake finished'));
    });
  });
}

async function waitUntil(condition: () => boolean, deadline: number): Promise<void> {
  while (!condition() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('teapurl serve limits: slow clients are not kept', () => {
  it('200 connections sending a byte every 200 ms are closed within the header timeout; a normal client is served meanwhile', async () => {
    const deadline = performance.now() + TEST_DEADLINE;
    const slow: Slow[] = [];
    // Opened in batches, so the handshakes do not all queue at once on a small machine.
    for (let batch = 0; batch < 10; batch++) {
      slow.push(...(await Promise.all(Array.from({ length: 20 }, () => slowTls(server.port, deadline)))));
    }
    expect(slow).toHaveLength(200);

    const agent = new Agent({ connect: { ca } });
    const started = performance.now();
    const response = await fetch(`${server.url}/.well-known/tea`, { dispatcher: agent });
    expect(response.status).toBe(200);
    await response.json();
    await agent.close();
    // Served while the slow ones were still open, not after they were dropped.
    expect(slow.filter((s) => s.closedAt !== undefined && s.closedAt < started).length).toBeLessThan(200);

    await waitUntil(() => slow.every((s) => s.closedAt !== undefined), deadline);
    const open = slow.filter((s) => s.closedAt === undefined);
    for (const s of open) s.socket.destroy();
    expect(open.length, 'connections still open at the deadline').toBe(0);
    const lifetimes = slow.map((s) => s.closedAt! - s.openedAt);
    expect(Math.max(...lifetimes)).toBeLessThan(CLOSE_WITHIN);
    // They were closed by the server's header timeout, not by anything sooner.
    expect(Math.min(...lifetimes)).toBeGreaterThanOrEqual(HEADERS_TIMEOUT * 0.9);
  });

  it('a connection that never finishes the TLS handshake is closed within the header timeout too', async () => {
    const deadline = performance.now() + TEST_DEADLINE;
    const sockets = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<Slow>((resolve) => {
            const socket = tcpConnect({ host: '127.0.0.1', port: server.port });
            const slow: Slow = { socket, openedAt: 0, closedAt: undefined };
            socket.once('connect', () => {
              slow.openedAt = performance.now();
              resolve(slow);
            });
            socket.on('error', () => undefined);
            socket.once('close', () => {
              slow.closedAt = performance.now();
            });
          }),
      ),
    );
    await waitUntil(() => sockets.every((s) => s.closedAt !== undefined), deadline);
    for (const s of sockets) if (s.closedAt === undefined) s.socket.destroy();
    expect(sockets.filter((s) => s.closedAt === undefined)).toHaveLength(0);
    expect(Math.max(...sockets.map((s) => s.closedAt! - s.openedAt))).toBeLessThan(CLOSE_WITHIN);
  });
});

describe('teapurl serve limits: request and keep-alive timeouts', () => {
  it('a body sent a byte every 200 ms is cut off at the request timeout (408), an idle keep-alive connection at its timeout', async () => {
    const pems = await testCertificates();
    const limited = await startTeaServer({
      tls: pems.server,
      apiKeys: [{ keyId: 'k', secret: 's' }],
      discovery: { schemaVersion: 1, endpoints: [{ url: 'https://x.example', versions: ['1.0.0'] }] },
      headersTimeoutMs: 500,
      requestTimeoutMs: 1000,
      keepAliveTimeoutMs: 300,
    });
    const deadline = performance.now() + TEST_DEADLINE;
    try {
      const slowBody = await new Promise<{ lifetime: number; answer: string }>((resolve) => {
        const socket = tlsConnect({ host: '127.0.0.1', port: limited.port, ca, servername: 'localhost' });
        let opened = 0;
        let answer = '';
        let timer: ReturnType<typeof setInterval> | undefined;
        socket.once('secureConnect', () => {
          opened = performance.now();
          socket.write('POST /token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n');
          timer = setInterval(() => (performance.now() > deadline || socket.destroyed ? clearInterval(timer) : socket.write('a')), 200);
        });
        socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
        socket.on('error', () => undefined);
        socket.once('close', () => {
          clearInterval(timer);
          resolve({ lifetime: performance.now() - opened, answer });
        });
      });
      expect(slowBody.answer).toMatch(/^HTTP\/1\.1 408/);
      expect(slowBody.lifetime).toBeGreaterThanOrEqual(900);
      expect(slowBody.lifetime).toBeLessThan(1000 + 250 + SLACK);

      const idle = await new Promise<{ idleFor: number; answer: string }>((resolve) => {
        const socket = tlsConnect({ host: '127.0.0.1', port: limited.port, ca, servername: 'localhost' });
        let answeredAt = 0;
        let answer = '';
        socket.once('secureConnect', () => socket.write('GET /.well-known/tea HTTP/1.1\r\nHost: localhost\r\n\r\n'));
        socket.on('data', (chunk: Buffer) => {
          answer += chunk.toString('latin1');
          answeredAt = performance.now();
        });
        socket.on('error', () => undefined);
        socket.once('close', () => resolve({ idleFor: performance.now() - answeredAt, answer }));
        setTimeout(() => socket.destroy(), TEST_DEADLINE).unref();
      });
      expect(idle.answer).toMatch(/^HTTP\/1\.1 200/);
      expect(idle.idleFor).toBeGreaterThanOrEqual(250);
      expect(idle.idleFor).toBeLessThan(300 + SLACK);
    } finally {
      await limited.close();
    }
  });
});

describe('teapurl serve limits: the connection cap', () => {
  it('connections beyond maxConnections are closed at once; once others go, clients are served again', async () => {
    const pems = await testCertificates();
    const capped = await startTeaServer({
      tls: pems.server,
      discovery: { schemaVersion: 1, endpoints: [{ url: 'https://x.example', versions: ['1.0.0'] }] },
      maxConnections: 5,
    });
    const deadline = performance.now() + TEST_DEADLINE;
    try {
      const held = await Promise.all(Array.from({ length: 5 }, () => slowTls(capped.port, deadline)));
      const refused = await new Promise<{ handshake: boolean }>((resolve) => {
        const socket = tlsConnect({ host: '127.0.0.1', port: capped.port, ca, servername: 'localhost' });
        socket.once('secureConnect', () => {
          socket.destroy();
          resolve({ handshake: true });
        });
        socket.on('error', () => resolve({ handshake: false }));
        socket.once('close', () => resolve({ handshake: false }));
      });
      expect(refused.handshake).toBe(false);
      for (const s of held) s.socket.destroy();
      await waitUntil(() => held.every((s) => s.closedAt !== undefined), deadline);
      // The server hears of the closes a moment later.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const agent = new Agent({ connect: { ca } });
      expect((await fetch(`${capped.url}/.well-known/tea`, { dispatcher: agent })).status).toBe(200);
      await agent.close();
    } finally {
      await capped.close();
    }
  });

  it('refuses limits that make no sense', async () => {
    const pems = await testCertificates();
    await expect(startTeaServer({ tls: pems.server, headersTimeoutMs: 0 })).rejects.toThrow(InvalidArgumentError);
    await expect(startTeaServer({ tls: pems.server, headersTimeoutMs: 5000, requestTimeoutMs: 1000 })).rejects.toThrow(/requestTimeoutMs/);
    await expect(startTeaServer({ tls: pems.server, maxConnections: 0 })).rejects.toThrow(/maxConnections/);
  });
});
