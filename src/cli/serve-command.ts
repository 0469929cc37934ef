import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validateText } from '../validate/index.js';
import { parseJsonSource } from '../validate/json-source.js';
import type { SourcePosition } from '../validate/source/document-source.js';
import { generateCertificates, SELFSIGNED_MISSING } from '../tea/server/self-signed.js';
import { protectGlob, startTeaServer, type TeaServerOptions } from '../tea/server/test-server.js';
import type { CommandIo } from './io.js';
import { UsageError } from './usage-error.js';
import { parseCommandLine } from './args.js';
import { readFileArg } from './path-args.js';
import { escapeControls, lineStartName, quoteArg } from './output/safe-text.js';
import { errorCode, fsReason } from '../node/fs-reason.js';

/** The limits `serve` runs with unless told otherwise: fit for a test server. */
export const SERVE_DEFAULTS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 256,
  maxTokens: 100_000,
  maxTokensPerKey: 1_000,
} as const;

export const SERVE_HELP = `Usage: teapurl serve [options]

Runs a local TEA test server: the discovery document at /.well-known/tea, POST /token
exchanging API keys for bearer tokens, and sample resources
GET /v<version>/<product|release|component|collection|artifact>/<uuid> and listings
such as /v<version>/products, under any path prefix (an endpoint URL may carry a
path), for each version the discovery document lists (compared by SemVer precedence:
/v1.0.0+x/ is 1.0.0); any other version answers 404. It binds to loopback unless
told otherwise.

Options:
  --discovery FILE     discovery document to serve, validated first
                       (default: one endpoint, this server, API version 1.0.0)
  --api-keys FILE      enable POST /token for these keys: a JSON array of
                       {"keyId": "...", "secret": "..."} objects
  --protect GLOB       a path that needs a token (repeatable); * matches within a
                       path segment, ** across segments, e.g. '/v*/artifact/**'
                       (default with --api-keys: every path but /.well-known/tea);
                       matched against the canonical path: query dropped, //, /./,
                       /../ and a trailing / removed, %-escapes of unreserved
                       characters decoded, %2F refused with 400; for a resource,
                       from /v<version> on (a prefix is not part of it), the version
                       as the discovery document lists it, so /x/v1.0.0+x/artifact/<id>
                       is protected as /v1.0.0/artifact/<id>
  --token-ttl SECONDS  token lifetime (default 3600)
  --max-tokens-per-key N  live tokens one key may hold; more revoke its oldest
                       (default ${SERVE_DEFAULTS.maxTokensPerKey})
  --max-tokens N       live tokens in all; more revoke the oldest (default ${SERVE_DEFAULTS.maxTokens})
  --no-throttle        do not throttle failed credentials at POST /token (by default
                       a key id gets 5 and an address 20 failures free, then 429 with
                       Retry-After for 1 s, doubling per failure up to 60 s; failures
                       are remembered for 15 minutes, and while 10,000 key ids or
                       addresses are remembered, new ones get 429 too)
  --tls-cert FILE      server certificate chain (PEM), with --tls-key FILE
  --tls-key FILE       server private key (PEM)
  --self-signed        generate a throwaway CA and server certificate instead; the
                       CA certificate is written to a file for clients' --ca;
                       needs the optional package selfsigned (npm i selfsigned)
  --ca-out FILE        with --self-signed: write the CA certificate here (kept)
                       instead of a temporary file (removed on exit)
  --client-ca FILE     ask clients for a certificate; one signed by this CA
                       authenticates at POST /token without an API key (mutual TLS)
  --insecure-http      plain HTTP, for local experiments only (TEA requires TLS)
  --host H             address to bind (default 127.0.0.1)
  --port N             port (default 0: any free port)
  --headers-timeout MS time a client has to send its headers and finish the TLS
                       handshake (default ${SERVE_DEFAULTS.headersTimeoutMs})
  --request-timeout MS time a client has to send a whole request (default ${SERVE_DEFAULTS.requestTimeoutMs})
  --keep-alive-timeout MS  how long an idle connection is kept (default ${SERVE_DEFAULTS.keepAliveTimeoutMs})
  --max-connections N  connections served at once; more are closed (default ${SERVE_DEFAULTS.maxConnections})
  -h, --help           show this help
  -v, --version        print the version

Stop the server with Ctrl+C (SIGINT) or SIGTERM.
Exit status: 0 after a clean stop, 1 a file is invalid or the server cannot start,
2 usage error.
`;

// The project JSON reader's fixed wordings for a syntax error. Only these are shown: its fallback
// is V8's message, which quotes the text around the error, and that text may be a secret.
const FIXED_SYNTAX_MESSAGES = new Set(
  [
    'unexpected character',
    'malformed number',
    'expected a property name in double quotes',
    'expected a value',
    'expected ":"',
    'expected "," or a closing bracket',
    'expected "}"',
    'expected "]"',
    'unexpected content after the end of the document',
    'comments are not allowed in JSON',
    'unterminated string',
    'unterminated number',
    'malformed \\u escape',
    'invalid escape sequence in a string',
    'control character in a string (escape it)',
  ].map((words) => `malformed JSON: ${words}`),
);

/**
 * The --api-keys file: `[{ "keyId": "...", "secret": "..." }, ...]`. Errors name the file, line
 * and column and never quote the file's text: only the key id, which 5.2.1 says need not be
 * confidential.
 */
export function readApiKeys(file: string, text: string): Array<{ keyId: string; secret: string }> | string {
  const parsed = parseJsonSource(text);
  const at = (position: SourcePosition) => `${file}:${position.line}:${position.column}`;
  if (!parsed.ok) {
    const first = parsed.findings[0];
    if (!first) return `${file}: not JSON`;
    const detail = first.rule === 'json/too-deep' ? 'nested too deeply' : FIXED_SYNTAX_MESSAGES.has(first.message) ? first.message : 'malformed JSON';
    return `${at(first.position)}: not JSON (${detail.replace(/^malformed JSON: /, '')})`;
  }
  const duplicate = parsed.findings.find((finding) => finding.rule === 'json/duplicate-key');
  if (duplicate) return `${at(duplicate.position)}: an object repeats a member name (JSON readers keep only the last)`;
  const { source } = parsed;
  const value = source.value;
  if (!Array.isArray(value) || value.length === 0) return `${at(source.locate(''))}: expected a non-empty JSON array of {"keyId", "secret"} objects`;
  const seen = new Set<string>();
  const keys: Array<{ keyId: string; secret: string }> = [];
  for (const [index, item] of value.entries()) {
    const where = (member?: string, atKey = false) => `${at(source.locate(member === undefined ? `/${index}` : `/${index}/${member.replace(/~/g, '~0').replace(/\//g, '~1')}`, atKey))}: item ${index}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return `${where()}: expected an object {"keyId", "secret"}`;
    const extra = Object.keys(item).find((name) => name !== 'keyId' && name !== 'secret');
    if (extra !== undefined) return `${where(extra, true)}: unknown member; an API key has only "keyId" and "secret"`;
    const { keyId, secret } = item as { keyId?: unknown; secret?: unknown };
    if (typeof keyId !== 'string' || keyId === '') return `${where('keyId')}: "keyId" must be a non-empty string`;
    if (typeof secret !== 'string' || secret === '') return `${where('secret')} (${JSON.stringify(keyId)}): "secret" must be a non-empty string`;
    if (seen.has(keyId)) return `${where('keyId')}: key id ${JSON.stringify(keyId)} appears more than once`;
    seen.add(keyId);
    keys.push({ keyId, secret });
  }
  return keys;
}

function readFile(file: string, option: string, cwd: string): string {
  return readFileArg(file, cwd, `--${option}`);
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** Options only tests need: a way to stop the server without a signal. */
export interface ServeControl {
  signal?: AbortSignal;
}

/** `teapurl serve`: runs until SIGINT/SIGTERM (or `control.signal`), then returns the exit code. */
export async function serveCommand(argv: string[], io: CommandIo, control: ServeControl = {}): Promise<number> {
  const commandLine = parseCommandLine(argv, io, {
    command: 'serve',
    help: SERVE_HELP,
    positionals: false,
    options: {
      discovery: { type: 'string' },
      'api-keys': { type: 'string' },
      protect: { type: 'string', multiple: true },
      'token-ttl': { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      'self-signed': { type: 'boolean', default: false },
      'ca-out': { type: 'string' },
      'client-ca': { type: 'string' },
      'insecure-http': { type: 'boolean', default: false },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '0' },
      'headers-timeout': { type: 'string', default: String(SERVE_DEFAULTS.headersTimeoutMs) },
      'request-timeout': { type: 'string', default: String(SERVE_DEFAULTS.requestTimeoutMs) },
      'keep-alive-timeout': { type: 'string', default: String(SERVE_DEFAULTS.keepAliveTimeoutMs) },
      'max-connections': { type: 'string', default: String(SERVE_DEFAULTS.maxConnections) },
      'max-tokens': { type: 'string', default: String(SERVE_DEFAULTS.maxTokens) },
      'max-tokens-per-key': { type: 'string', default: String(SERVE_DEFAULTS.maxTokensPerKey) },
      'no-throttle': { type: 'boolean', default: false },
    },
  });
  if (commandLine === null) return 0;
  const { values } = commandLine;

  const certFile = values['tls-cert'];
  const keyFile = values['tls-key'];
  const transports = [certFile !== undefined || keyFile !== undefined, values['self-signed'], values['insecure-http']].filter(Boolean).length;
  if (transports === 0) throw new UsageError('choose --tls-cert/--tls-key, --self-signed, or (local experiments only) --insecure-http');
  if (transports > 1) throw new UsageError('--tls-cert/--tls-key, --self-signed and --insecure-http exclude each other');
  if ((certFile === undefined) !== (keyFile === undefined)) throw new UsageError('--tls-cert and --tls-key go together');
  if (values['ca-out'] !== undefined && !values['self-signed']) throw new UsageError('--ca-out needs --self-signed');
  if (values['client-ca'] !== undefined && values['insecure-http']) throw new UsageError('--client-ca needs TLS');
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) throw new UsageError('--port must be a whole number from 0 to 65535');
  const ttl = values['token-ttl'] === undefined ? 3600 : Number(values['token-ttl']);
  if (!Number.isFinite(ttl) || ttl <= 0) throw new UsageError('--token-ttl must be a positive number of seconds');
  if (values['token-ttl'] !== undefined && values['api-keys'] === undefined) throw new UsageError('--token-ttl needs --api-keys');
  const limit = (option: string, text: string): number => {
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) < 1) throw new UsageError(`--${option} must be a positive whole number`);
    return Number(text);
  };
  const headersTimeoutMs = limit('headers-timeout', values['headers-timeout']);
  const requestTimeoutMs = limit('request-timeout', values['request-timeout']);
  if (requestTimeoutMs < headersTimeoutMs) throw new UsageError('--request-timeout must not be less than --headers-timeout');
  const keepAliveTimeoutMs = limit('keep-alive-timeout', values['keep-alive-timeout']);
  const maxConnections = limit('max-connections', values['max-connections']);
  const maxTokens = limit('max-tokens', values['max-tokens']);
  const maxTokensPerKey = limit('max-tokens-per-key', values['max-tokens-per-key']);
  const protect = values.protect;
  if (protect && values['api-keys'] === undefined) {
    throw new UsageError('--protect needs --api-keys: a server that protects anything implements POST /token (TEA 5.1.2)');
  }
  for (const glob of protect ?? []) {
    try {
      protectGlob(glob);
    } catch (error) {
      throw new UsageError(`--protect: ${(error as Error).message}`);
    }
  }

  // Nobody reads the request log of a server run from the command line.
  const options: Partial<TeaServerOptions> = {
    host: values.host,
    port,
    tokenTtl: ttl,
    logRequests: false,
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs,
    maxConnections,
    maxTokens,
    maxTokensPerKey,
    throttle: !values['no-throttle'],
    ...(protect ? { protect } : {}),
  };
  if (values.discovery !== undefined) {
    const file = values.discovery;
    const text = readFile(file, 'discovery', io.cwd);
    const result = validateText(text, { kind: 'tea-discovery', file });
    if (!result.valid) {
      io.stderr.write(`teapurl serve: --discovery ${escapeControls(file)} is not a valid TEA discovery document:\n`);
      for (const f of result.findings.filter((finding) => finding.severity === 'error')) {
        io.stderr.write(`  ${lineStartName(f.file)}${escapeControls(`${f.line === null ? '' : `:${f.line}:${f.column}`}: ${f.message} [${f.rule}]`)}\n`);
      }
      return 1;
    }
    options.discovery = JSON.parse(text) as unknown;
  } else {
    options.discovery = (url: string) => ({ schemaVersion: 1, endpoints: [{ url, versions: ['1.0.0'] }] });
  }
  if (values['api-keys'] !== undefined) {
    const keys = readApiKeys(values['api-keys'], readFile(values['api-keys'], 'api-keys', io.cwd));
    if (typeof keys === 'string') {
      io.stderr.write(`teapurl serve: --api-keys ${escapeControls(keys)}\n`);
      return 1;
    }
    options.apiKeys = keys;
  }

  let caFile: string | undefined;
  let tempDir: string | undefined;
  const clientCa = values['client-ca'] === undefined ? undefined : readFile(values['client-ca'], 'client-ca', io.cwd);
  const mutual = clientCa ? { ca: clientCa, requestClientCert: true } : {};
  if (values['insecure-http']) {
    options.tls = false;
  } else if (values['self-signed']) {
    const hosts = [...new Set(['localhost', '127.0.0.1', '::1', values.host])];
    let pems;
    try {
      pems = await generateCertificates({ hosts, name: 'teapurl serve' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== SELFSIGNED_MISSING) throw error;
      io.stderr.write(
        `teapurl serve: --self-signed: ${(error as Error).message}; run it where teapurl is installed, ` +
          'or use npx -p teapurl -p selfsigned teapurl serve --self-signed, or give certificates of your own with --tls-cert and --tls-key\n',
      );
      return 1;
    }
    if (values['ca-out'] !== undefined) {
      caFile = path.resolve(io.cwd, values['ca-out']);
    } else {
      tempDir = mkdtempSync(path.join(os.tmpdir(), 'teapurl-serve-'));
      caFile = path.join(tempDir, 'ca.pem');
    }
    try {
      writeFileSync(caFile, pems.ca);
    } catch (error) {
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
      const why = errorCode(error) === 'EISDIR' ? 'it is a folder, not a file' : fsReason(error);
      throw new UsageError(`--ca-out ${quoteArg(values['ca-out'] ?? caFile)} cannot be written: ${why}`);
    }
    // With --client-ca the server must trust that CA for clients; its own chain needs no extra anchor.
    options.tls = { ...pems.server, ...mutual };
  } else {
    options.tls = { cert: readFile(certFile as string, 'tls-cert', io.cwd), key: readFile(keyFile as string, 'tls-key', io.cwd), ...mutual };
  }

  const cleanup = () => {
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };
  let server;
  try {
    server = await startTeaServer(options as TeaServerOptions);
  } catch (error) {
    cleanup();
    const err = error as NodeJS.ErrnoException;
    io.stderr.write(`teapurl serve: cannot start: ${err.code === 'EADDRINUSE' ? `port ${port} on ${values.host} is in use` : err.message}\n`);
    return 1;
  }

  const lines = [`TEA test server listening on ${server.url}`, `  discovery   ${server.url}/.well-known/tea`];
  lines.push('  resources   GET [<prefix>]/v<version>/<kind>/<uuid> and [<prefix>]/v<version>/<kind>s, for the versions the discovery document lists');
  if (options.apiKeys) {
    const n = options.apiKeys.length;
    lines.push(`  token       POST ${server.url}/v<version>/token or /token (${n} API key${n === 1 ? '' : 's'}, tokens last ${ttl} s)`);
    lines.push(`  protected   ${protect ? protect.join(' ') : 'every path except /.well-known/tea'}`);
    lines.push(
      `  limits      ${maxTokensPerKey} live tokens per key, ${maxTokens} in all; ${values['no-throttle'] ? 'failed credentials NOT throttled' : 'failed credentials throttled (429 with Retry-After)'}`,
    );
  } else {
    lines.push('  token       none: /token answers 404 and nothing is protected');
  }
  lines.push(`  connections at most ${maxConnections}; headers within ${headersTimeoutMs} ms, requests within ${requestTimeoutMs} ms, idle keep-alive ${keepAliveTimeoutMs} ms`);
  if (clientCa) lines.push(`  mutual TLS  client certificates signed by ${values['client-ca']} authenticate at /token`);
  if (caFile) lines.push(`  CA          ${caFile} (trust it with --ca)`);
  if (options.tls === false) lines.push('  WARNING     plain HTTP: TEA servers are reachable only over TLS (5.4); use this for local experiments only');
  if (!isLoopback(values.host)) lines.push(`  WARNING     bound to ${values.host}, not loopback: other machines can reach this test server`);
  lines.push('Press Ctrl+C to stop.');
  io.stdout.write(`${lines.join('\n')}\n`);

  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      control.signal?.removeEventListener('abort', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    if (control.signal?.aborted) stop();
    else control.signal?.addEventListener('abort', stop);
  });
  await server.close();
  cleanup();
  io.stdout.write('TEA test server stopped.\n');
  return 0;
}
