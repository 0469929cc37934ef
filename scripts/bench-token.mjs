#!/usr/bin/env node
// Benchmark: the TEA server kit under a bounded load, on loopback, over HTTPS.
//
// A child process runs the kit's test server (startTeaServer from dist/: createTokenHandler,
// requireBearer, MemoryTokenStore) with one API key, a throwaway CA from generateCertificates,
// artefacts protected, throttling of failed credentials on and the token store's caps at their
// defaults (1,000 live tokens per key, so the token run keeps revoking the oldest). The parent first checks the server with a certificate-verifying
// client (undici trusting the generated CA), then drives it with autocannon:
//   (a) POST /token: Basic API key, grant_type=client_credentials; each answer must be 200 with a
//       Bearer token in the body;
//   (b) GET /v1.0.0/artifact/<uuid> with a valid bearer token (fetched after run a); each answer
//       must be 200 with the object.
// Then, for information only, (c) POST /token with a wrong secret: with throttling on, all but the
// first few answers are 429; reported as counts of 401 and 429.
// Each run is --amount requests (default 20000, at least 20000) at --connections (default 50)
// keep-alive connections. Reported: requests/s, latency p50/p90/p99 (ms), and errors, timeouts,
// non-2xx answers and body mismatches, which must all be zero (exit 1 otherwise).
//
// Runs (a) and (b) are made once per token service (--tokens, default both): `store`, the
// default MemoryTokenStore (random handles kept in the process), and `signed`, SignedTokens
// (HS256 JWS, what `serve --token-key` runs, so several instances share one token space). After
// the runs the server process reports its heap and resident memory (after a full GC) and the
// tokens it holds. Before the load, the parent measures each service alone, without HTTP:
// issue() and verify() per second for --direct tokens (default 20000, for 1,000 subjects), one
// call at a time and --connections calls in flight (SignedTokens signs with Web Crypto, whose
// calls run on libuv's thread pool: one at a time measures their round trip), verify() of one
// token presented again and again (what a client does; SignedTokens remembers the last 1,000
// tokens it verified), and the heap the service holds once the tokens are issued (after a full GC).
//
// autocannon does not verify the server certificate (it always connects with verification off);
// that is why the parent checks the server with a verifying client before the load.
//
// Run:   npm run bench:token                (after `npm run build`)
//        node scripts/bench-token.mjs [--amount N] [--connections N] [--tokens store|signed|both]
//                                     [--direct N] [--http] [--json]
// --http runs the same load over plain HTTP, for comparison. --json prints only the final JSON line.

import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEA_ENTRY = path.join(ROOT, 'dist/tea/index.js');
const KEY = { keyId: 'bench:client', secret: 'bench secret with + and % and ü' };
const ARTIFACT = '6f3f6a52-0f7e-4a43-9d2b-0c1e2f3a4b5c';
const MIN_AMOUNT = 20_000;

const { values } = parseArgs({
  options: {
    amount: { type: 'string', default: String(MIN_AMOUNT) },
    connections: { type: 'string', default: '50' },
    http: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    tokens: { type: 'string', default: 'both' },
    direct: { type: 'string', default: '20000' },
    serve: { type: 'boolean', default: false },
    signed: { type: 'boolean', default: false },
  },
});

/** The built `teapurl/tea` entry: the kit as users load it. */
async function tea() {
  if (!existsSync(TEA_ENTRY)) {
    console.error(`bench-token: ${path.relative(ROOT, TEA_ENTRY)} is missing; run npm run build first`);
    process.exit(2);
  }
  return import(pathToFileURL(TEA_ENTRY).href);
}

/** A full garbage collection, with or without --expose-gc. */
function collect() {
  if (typeof globalThis.gc !== 'function') {
    v8.setFlagsFromString('--expose-gc');
    globalThis.gc = vm.runInNewContext('gc');
  }
  globalThis.gc();
  globalThis.gc();
}

const MB = (bytes) => Number((bytes / 1e6).toFixed(1));

/** The signed-token service with a fresh random key, as `serve --token-key` builds it. */
const signedTokens = (SignedTokens) => new SignedTokens({ keys: [{ kid: 'bench', secret: randomBytes(32) }], ttlSeconds: 3600 });

if (values.serve) {
  // The server side, in its own process so the load generator does not share its CPU.
  const { startTeaServer, generateCertificates, SignedTokens } = await tea();
  const pems = values.http ? undefined : await generateCertificates({ hosts: ['localhost', '127.0.0.1'] });
  const server = await startTeaServer({
    tls: pems ? pems.server : false,
    apiKeys: [KEY],
    protect: ['/v*/artifact/**'],
    ...(values.signed ? { tokens: signedTokens(SignedTokens) } : { tokenTtl: 3600 }),
    throttle: true,
    logRequests: false,
  });
  process.send({ url: server.url, ca: pems?.ca });
  process.on('message', (message) => {
    if (message !== 'memory') return;
    collect();
    const { heapUsed, rss } = process.memoryUsage();
    process.send({ heapMB: MB(heapUsed), rssMB: MB(rss), tokensHeld: server.tokens ? server.tokens.size : 0 });
  });
  process.on('disconnect', () => void server.close().then(() => process.exit(0)));
} else {
  await main().catch((error) => {
    console.error(`bench-token: ${error.message}`);
    process.exitCode = 1;
  });
}

/** Each service alone, in this process: issue() and verify() per second, and the heap it holds. */
async function direct(count, inFlight, SignedTokens, MemoryTokenStore) {
  const services = {
    store: () => new MemoryTokenStore({ ttlSeconds: 3600, maxTokens: count, maxTokensPerSubject: count, sweepIntervalSeconds: false }),
    signed: () => signedTokens(SignedTokens),
  };
  const results = [];
  for (const name of modes()) {
    collect();
    const before = process.memoryUsage().heapUsed;
    let service = services[name]();
    // Warm-up: JIT and, for the signed tokens, the one-time key import.
    for (let i = 0; i < 2000; i++) await service.verify((await service.issue(`warm-${i}`)).access_token);
    service = services[name]();
    let tokens = new Array(count);
    let valid = 0;
    const rates = {};
    for (const width of [1, inFlight]) {
      let started = performance.now();
      await pool(count, width, async (i) => {
        tokens[i] = (await service.issue(`client-${i % 1000}`)).access_token;
      });
      rates[`issue${width === 1 ? 'OneAtATime' : 'InFlight'}`] = Math.round(count / ((performance.now() - started) / 1000));
      valid = 0;
      started = performance.now();
      await pool(count, width, async (i) => {
        if ((await service.verify(tokens[i])).valid) valid++;
      });
      rates[`verify${width === 1 ? 'OneAtATime' : 'InFlight'}`] = Math.round(count / ((performance.now() - started) / 1000));
      if (valid !== count) throw new Error(`${name}: ${count - valid} of ${count} tokens did not verify`);
      // The held-memory figure is for `count` tokens, not twice as many.
      if (width === 1) service = services[name]();
    }
    // What a client does (5.5): present the same token on request after request.
    const started = performance.now();
    await pool(count, inFlight, async () => {
      if (!(await service.verify(tokens[0])).valid) throw new Error(`${name}: the token did not verify again`);
    });
    rates.verifySameToken = Math.round(count / ((performance.now() - started) / 1000));
    const tokenBytes = tokens[0].length;
    tokens = undefined;
    collect();
    const held = process.memoryUsage().heapUsed - before;
    results.push({
      tokens: name,
      count,
      inFlight,
      ...rates,
      heldMB: MB(Math.max(0, held)),
      tokenLength: tokenBytes,
    });
    service.close?.();
    service = undefined;
  }
  return results;
}

/** Runs fn(0) … fn(count - 1), `width` at a time. */
async function pool(count, width, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await fn(next++);
    }),
  );
}

function modes() {
  if (!['store', 'signed', 'both'].includes(values.tokens)) throw new Error('--tokens must be store, signed or both');
  return values.tokens === 'both' ? ['store', 'signed'] : [values.tokens];
}

async function main() {
  const amount = Number(values.amount);
  const connections = Number(values.connections);
  const directCount = Number(values.direct);
  if (!Number.isSafeInteger(amount) || amount < MIN_AMOUNT) throw new Error(`--amount must be a whole number >= ${MIN_AMOUNT}`);
  if (!Number.isSafeInteger(connections) || connections < 1) throw new Error('--connections must be a positive whole number');
  if (!Number.isSafeInteger(directCount) || directCount < 1000) throw new Error('--direct must be a whole number >= 1000');
  const log = values.json ? () => {} : (line) => console.log(line);

  const autocannon = await (await import('./bench/peers.mjs')).loadAutocannon();
  const { Agent, fetch } = await import('undici');
  const { encodeBasicCredentials, SignedTokens, MemoryTokenStore } = await tea();

  log(`Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'} x${os.cpus().length}`);
  log(`Token services alone (no HTTP), ${directCount} tokens for 1,000 subjects, one at a time and ${connections} in flight:`);
  const alone = await direct(directCount, connections, SignedTokens, MemoryTokenStore);
  for (const row of alone) {
    log(
      `  ${row.tokens.padEnd(7)} issue ${String(row.issueOneAtATime).padStart(7)}/s, ${String(row.issueInFlight).padStart(7)}/s   ` +
        `verify ${String(row.verifyOneAtATime).padStart(7)}/s, ${String(row.verifyInFlight).padStart(7)}/s, the same token ${String(row.verifySameToken).padStart(7)}/s   ` +
        `heap held for ${row.count} tokens ${row.heldMB} MB   token ${row.tokenLength} characters`,
    );
  }

  const results = [];
  const servers = [];
  let wrongSecret;
  for (const mode of modes()) {
    const child = fork(fileURLToPath(import.meta.url), ['--serve', ...(values.http ? ['--http'] : []), ...(mode === 'signed' ? ['--signed'] : [])], {
      stdio: 'inherit',
    });
    const { url, ca } = await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`the server process exited with ${code}`)));
    });
    try {
      const authorization = encodeBasicCredentials(KEY.keyId, KEY.secret);
      const tokenRequest = {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      };
      const resourcePath = `/v1.0.0/artifact/${ARTIFACT}`;

      // Sanity, with a client that verifies the certificate against the generated CA.
      const dispatcher = ca ? new Agent({ connect: { ca } }) : undefined;
      const tokenResponse = await fetch(`${url}/token`, { ...tokenRequest, dispatcher });
      const token = await tokenResponse.json();
      if (tokenResponse.status !== 200 || token.token_type !== 'Bearer') throw new Error(`sanity: POST /token answered ${tokenResponse.status}`);
      if ((mode === 'signed') !== (token.access_token.split('.').length === 3)) throw new Error(`sanity: the ${mode} server issued a token of the other kind`);
      const unauthenticated = await fetch(`${url}${resourcePath}`, { dispatcher });
      await unauthenticated.arrayBuffer();
      if (unauthenticated.status !== 401) throw new Error(`sanity: the artefact without a token answered ${unauthenticated.status}, not 401`);
      const bearer = async () => {
        const response = await fetch(`${url}/token`, { ...tokenRequest, dispatcher });
        return `Bearer ${(await response.json()).access_token}`;
      };
      const authenticated = await fetch(`${url}${resourcePath}`, { headers: { authorization: await bearer() }, dispatcher });
      await authenticated.arrayBuffer();
      if (authenticated.status !== 200) throw new Error(`sanity: the artefact with a token answered ${authenticated.status}`);

      log(
        `TEA server kit under load, ${mode === 'signed' ? 'signed tokens (SignedTokens)' : 'in-memory token store (MemoryTokenStore)'}: ${amount} requests per run, ${connections} connections, ${url.startsWith('https') ? 'HTTPS' : 'plain HTTP'} on loopback`,
      );
      const runs = [
        {
          name: 'POST /token',
          options: { url: `${url}/token`, ...tokenRequest, verifyBody: (body) => body.includes('"token_type":"Bearer"') && body.includes('"access_token"') },
        },
        {
          name: 'GET /v1.0.0/artifact/<uuid> with Bearer',
          // A token fetched now: the token run has long revoked older ones (1,000 live per key).
          options: async () => ({ url: `${url}${resourcePath}`, headers: { authorization: await bearer() }, verifyBody: (body) => body.includes(ARTIFACT) }),
        },
      ];
      for (const run of runs) {
        if (typeof run.options === 'function') run.options = await run.options();
        // An unreported warm-up first, so JIT compilation and TLS session set-up are not measured.
        await autocannon({ ...run.options, amount: 2000, connections, pipelining: 1, timeout: 10 });
        // Timed here, start to last answer: autocannon counts its duration in whole one-second ticks
        // and only notices that the amount is done at the next tick.
        const started = performance.now();
        let lastAnswer = started;
        const result = await new Promise((resolve, reject) => {
          const instance = autocannon({ ...run.options, amount, connections, pipelining: 1, timeout: 10 }, (error, done) =>
            error ? reject(error) : resolve(done),
          );
          instance.on('response', () => {
            lastAnswer = performance.now();
          });
        });
        const seconds = (lastAnswer - started) / 1000;
        const summary = {
          tokens: mode,
          name: run.name,
          requests: result.requests.total,
          seconds: Number(seconds.toFixed(2)),
          requestsPerSecond: Math.round(result.requests.total / seconds),
          latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          mismatches: result.mismatches,
        };
        results.push(summary);
        log(
          `  ${summary.name.padEnd(42)} ${String(summary.requestsPerSecond).padStart(6)} req/s   ` +
            `p50 ${summary.latencyMs.p50} ms  p90 ${summary.latencyMs.p90} ms  p99 ${summary.latencyMs.p99} ms   ` +
            `errors ${summary.errors}  timeouts ${summary.timeouts}  non-2xx ${summary.non2xx}  mismatches ${summary.mismatches}  (${summary.requests} requests in ${summary.seconds} s)`,
        );
      }
      await dispatcher?.close();

      const memory = await new Promise((resolve) => {
        child.once('message', resolve);
        child.send('memory');
      });
      servers.push({ tokens: mode, ...memory });
      log(`  server process after the runs: heap ${memory.heapMB} MB, resident ${memory.rssMB} MB, ${memory.tokensHeld} token records held`);

      if (wrongSecret === undefined) {
        // For information: what throttling does to a flood of wrong secrets for the same key id.
        const wrong = { ...tokenRequest, headers: { ...tokenRequest.headers, authorization: encodeBasicCredentials(KEY.keyId, 'wrong secret') } };
        const statuses = { 401: 0, 429: 0, other: 0 };
        await new Promise((resolve, reject) => {
          const instance = autocannon({ url: `${url}/token`, ...wrong, amount, connections, pipelining: 1, timeout: 10 }, (error, done) =>
            error ? reject(error) : resolve(done),
          );
          instance.on('response', (_client, status) => {
            statuses[status === 401 || status === 429 ? status : 'other']++;
          });
        });
        wrongSecret = statuses;
        log(`  POST /token with a wrong secret (throttled)     ${statuses[401]} answered 401, ${statuses[429]} answered 429, ${statuses.other} other`);
      }
    } finally {
      child.disconnect();
    }
  }

  const failed = results.filter((r) => r.errors + r.timeouts + r.non2xx + r.mismatches > 0 || r.requests < amount);
  if (failed.length > 0) log(`FAILED: ${failed.map((r) => `${r.tokens} ${r.name}`).join(', ')} had errors, timeouts, non-2xx answers or bad bodies`);
  console.log(JSON.stringify({ transport: values.http ? 'http' : 'https', amount, connections, node: process.version, alone, results, servers, wrongSecret }));
  process.exitCode = failed.length > 0 ? 1 : 0;
}
