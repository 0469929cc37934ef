/**
 * Issue 35 item 3: a client that pipelines many GETs of a large file and never reads must not
 * grow `serve --content`. The server runs in a child process (the built CLI) and its resident
 * memory is read from /proc; each connection is answered one request at a time, with the
 * socket's backpressure, and a connection that pipelines more than the bound is closed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../support/paths.js';

const HAS_PROC = (() => {
  try {
    readFileSync('/proc/self/status', 'utf8');
    return true;
  } catch {
    return false;
  }
})();
if (!HAS_PROC) console.log("serve-pipelining: skipped, no /proc to read a process's resident memory from");

let folder: string;
let child: ChildProcess;
let origin: string;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'teapurl-pipeline-'));
  mkdirSync(path.join(folder, 'files'));
  writeFileSync(path.join(folder, 'files', 'big.bin'), Buffer.alloc(1024 * 1024, 0x61));
  if (!HAS_PROC) return;
  child = spawn(process.execPath, [CLI, 'serve', '--insecure-http', '--content', folder, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const url = /listening on (\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
  });
});
afterAll(() => {
  child?.kill('SIGTERM');
  rmSync(folder, { recursive: true, force: true });
});

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

/** The largest resident size seen in `ms`, sampled every 50 ms. */
async function peakRss(pid: number, ms: number): Promise<number> {
  let peak = rssMb(pid);
  for (const end = Date.now() + ms; Date.now() < end; ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    peak = Math.max(peak, rssMb(pid));
  }
  return peak;
}

/** A connection that sends `count` pipelined GETs of the file and never reads an answer. */
function pipeline(count: number): Promise<Socket> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.pause();
      socket.write('GET /files/big.bin HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(count), () => resolve(socket));
    });
    socket.on('error', () => undefined);
  });
}

describe.skipIf(!HAS_PROC)('serve --content under pipelined requests that are never read', () => {
  it('three connections pipelining 1,500 GETs of a 1 MB file (and three pipelining 12) leave the server within 50 MB of its idle size', async () => {
    // Idle, after one real answer (so lazily loaded code is counted as idle).
    const warm = await fetch(`${origin}/files/big.bin`);
    expect((await warm.arrayBuffer()).byteLength).toBe(1024 * 1024);
    const idle = await peakRss(child.pid!, 500);
    // Within the per-connection bound: answered one at a time, stalled by backpressure.
    const within = await Promise.all([12, 12, 12].map(pipeline));
    // Past it: the connection is closed rather than queued.
    const past = await Promise.all([1500, 1500, 1500].map(pipeline));
    const peak = await peakRss(child.pid!, 3000);
    console.log(`serve-pipelining: idle ${idle.toFixed(1)} MB, peak ${peak.toFixed(1)} MB under 3 x 12 and 3 x 1,500 pipelined GETs of 1 MB`);
    expect(peak - idle).toBeLessThan(50);
    // The server still answers.
    expect((await fetch(`${origin}/files/big.bin`)).status).toBe(200);
    for (const socket of [...within, ...past]) socket.destroy();
  }, 30_000);
});
