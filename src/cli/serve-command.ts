import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { validateTextValue } from '../validator/validate.js';
import type { SourcePosition } from '../validation/source/document-source.js';
import { generateCertificates, SELFSIGNED_MISSING } from '../tea/server/self-signed.js';
import { protectGlob, startTeaServer, type RunningTeaServer, type TeaServerOptions } from '../tea/server/test-server.js';
import type { Finding } from '../validator/index.js';
import type { CommandIo } from './io.js';
import { UsageError } from './usage-error.js';
import { parseCommandLine } from './args.js';
import { readFileArg } from './path-args.js';
import { escapeControls, lineStartName, quoteArg } from './output/safe-text.js';
import { errorCode, fsReason } from '../shared/node/fs-reason.js';
import { teapurlPackage } from '../docs/node/teapurl-package.js';
import { readTeaContent } from '../tea/node/tea-content.js';
import { escapePointerToken } from '../shared/pointer.js';
import { discoveryVersions } from '../tea/protocol/discovery-versions.js';
import { fileAt, readSecretJson } from './option-json.js';
import { loadTokenKeys, TOKEN_KEY_RECIPE } from './token-key-file.js';
import { SignedTokens } from '../tea/server/signed-tokens.js';

/** Where the example inventory `serve` answers without --content is, in teapurl's package. */
export const DEMO_FOLDER = 'examples/tea-demo/';
/** A content folder's public signing keys (an Apache-style KEYS file at its top), when it has them. */
const KEYRING_FILE = 'KEYS';

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

Runs a local TEA server: the discovery document at /.well-known/tea, POST /token
exchanging API keys for bearer tokens, and the TEA API's GET operations
(/v<version>/products, /v<version>/productRelease/<uuid>/collection/latest, …,
paginated, GET /discovery?tei= and ?purl=) over an example inventory shipped with
teapurl: a product with two releases, two components, collections in several
versions, artefacts in several formats with their checksums, CLE documents. Paths
may carry a prefix (an endpoint URL may carry a path), for each version the
discovery document lists (compared by SemVer precedence: /v1.0.0+x/ is 1.0.0); any
other version answers 404. It binds to loopback unless told otherwise.

Options:
  --content DIR        serve this folder instead of the example inventory: each
                       *.json file outside files/ a TEA object (its kind told by
                       $schema, a <name>.<kind>.json name or its shape), each file
                       under files/ an artefact file at /files/<path>; a URL
                       https://teapurl.invalid/<path> in an object stands for
                       this server's /files/<path>; GET /discovery?tei= answers
                       the product releases whose identifiers name the TEI. Every
                       file is validated first (its schema and rules, a URL naming a
                       file that is there, each checksum matching its file, each
                       object defined once), and a finding stops the start; a
                       KEYS file at its top (public OpenPGP keys) is named for
                       download --keyring
  --samples            serve synthetic objects instead of an inventory (for auth
                       tests): GET /v<version>/<kind>/<uuid> answers any UUID
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
  --token-key FILE     sign stateless tokens with this key set, so every instance
                       given the same file accepts the others' tokens (behind a
                       load balancer) and no other token: a JSON Web Key Set
                       {"keys": [{"kty": "oct", "kid": "...", "k": "<base64url>"}]}
                       of keys of at least 32 random bytes; the first signs, all
                       verify (rotation). Keep it private (chmod 600); how to make
                       one is below. Without it, tokens are random handles this
                       process keeps
  --max-tokens-per-key N  live tokens one key may hold; more revoke its oldest
                       (default ${SERVE_DEFAULTS.maxTokensPerKey}; not with --token-key)
  --max-tokens N       live tokens in all; more revoke the oldest (default ${SERVE_DEFAULTS.maxTokens};
                       not with --token-key)
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

Make a --token-key file (one key, readable by you alone):
  ${TOKEN_KEY_RECIPE}

Stop the server with Ctrl+C (SIGINT) or SIGTERM.
Exit status: 0 after a clean stop, 1 a file is invalid or the server cannot start,
2 usage error.
`;

/**
 * The --api-keys file: `[{ "keyId": "...", "secret": "..." }, ...]`. Errors name the file, line
 * and column and never quote the file's text: only the key id, which 5.2.1 says need not be
 * confidential.
 */
export function readApiKeys(file: string, text: string): Array<{ keyId: string; secret: string }> | string {
  const source = readSecretJson(file, text);
  if (typeof source === 'string') return source;
  const at = (position: SourcePosition) => fileAt(file, position);
  const value = source.value;
  if (!Array.isArray(value) || value.length === 0) return `${at(source.locate(''))}: expected a non-empty JSON array of {"keyId", "secret"} objects`;
  const seen = new Set<string>();
  const keys: Array<{ keyId: string; secret: string }> = [];
  for (const [index, item] of value.entries()) {
    const where = (member?: string, atKey = false) =>
      `${at(source.locate(member === undefined ? `/${index}` : `/${index}/${escapePointerToken(member)}`, atKey))}: item ${index}`;
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

const SERVE_OPTIONS = {
  content: { type: 'string' },
  samples: { type: 'boolean', default: false },
  discovery: { type: 'string' },
  'api-keys': { type: 'string' },
  protect: { type: 'string', multiple: true },
  'token-ttl': { type: 'string' },
  'token-key': { type: 'string' },
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
  // No defaults here: with --token-key they do not apply, and giving one then is a usage error.
  'max-tokens': { type: 'string' },
  'max-tokens-per-key': { type: 'string' },
  'no-throttle': { type: 'boolean', default: false },
} as const;

type ServeValues = NonNullable<ReturnType<typeof parseCommandLine<typeof SERVE_OPTIONS>>>['values'];

/** What the command line asks for, checked: every mistake found here is a usage error. */
interface ServeSettings {
  readonly values: ServeValues;
  readonly port: number;
  readonly ttl: number;
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  readonly maxConnections: number;
  readonly maxTokens: number;
  readonly maxTokensPerKey: number;
  readonly protect: string[] | undefined;
}

function positiveWhole(option: string, text: string): number {
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) < 1) throw new UsageError(`--${option} must be a positive whole number`);
  return Number(text);
}

/** Exactly one of --tls-cert/--tls-key, --self-signed and --insecure-http, with what each needs. */
function checkTransportOptions(values: ServeValues): void {
  const certGiven = values['tls-cert'] !== undefined || values['tls-key'] !== undefined;
  const transports = [certGiven, values['self-signed'], values['insecure-http']].filter(Boolean).length;
  if (transports === 0) throw new UsageError('choose --tls-cert/--tls-key, --self-signed, or (local experiments only) --insecure-http');
  if (transports > 1) throw new UsageError('--tls-cert/--tls-key, --self-signed and --insecure-http exclude each other');
  if ((values['tls-cert'] === undefined) !== (values['tls-key'] === undefined)) throw new UsageError('--tls-cert and --tls-key go together');
  if (values['ca-out'] !== undefined && !values['self-signed']) throw new UsageError('--ca-out needs --self-signed');
  if (values['client-ca'] !== undefined && values['insecure-http']) throw new UsageError('--client-ca needs TLS');
}

/** --protect needs --api-keys, and each glob must be one that can match a resource. */
function checkProtectOptions(values: ServeValues): string[] | undefined {
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
  return protect;
}

/** Reads and checks every option that needs no file. */
function readServeSettings(values: ServeValues): ServeSettings {
  checkTransportOptions(values);
  if (values.samples && values.content !== undefined) throw new UsageError('--samples and --content exclude each other');
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) throw new UsageError('--port must be a whole number from 0 to 65535');
  const ttl = values['token-ttl'] === undefined ? 3600 : Number(values['token-ttl']);
  if (!Number.isFinite(ttl) || ttl <= 0) throw new UsageError('--token-ttl must be a positive number of seconds');
  if (values['token-ttl'] !== undefined && values['api-keys'] === undefined) throw new UsageError('--token-ttl needs --api-keys');
  if (values['token-key'] !== undefined) {
    if (values['api-keys'] === undefined) throw new UsageError('--token-key needs --api-keys: tokens are issued at POST /token for an API key');
    const store = (['max-tokens', 'max-tokens-per-key'] as const).find((name) => values[name] !== undefined);
    if (store) throw new UsageError(`--${store} limits the in-memory token store and does not go with --token-key (signed tokens are not stored)`);
  }
  const headersTimeoutMs = positiveWhole('headers-timeout', values['headers-timeout']);
  const requestTimeoutMs = positiveWhole('request-timeout', values['request-timeout']);
  if (requestTimeoutMs < headersTimeoutMs) throw new UsageError('--request-timeout must not be less than --headers-timeout');
  return {
    values,
    port,
    ttl,
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: positiveWhole('keep-alive-timeout', values['keep-alive-timeout']),
    maxConnections: positiveWhole('max-connections', values['max-connections']),
    maxTokens: positiveWhole('max-tokens', values['max-tokens'] ?? String(SERVE_DEFAULTS.maxTokens)),
    maxTokensPerKey: positiveWhole('max-tokens-per-key', values['max-tokens-per-key'] ?? String(SERVE_DEFAULTS.maxTokensPerKey)),
    protect: checkProtectOptions(values),
  };
}

/** The server options that come straight from the settings. Nobody reads the request log of a server run from the command line. */
function serverOptions(settings: ServeSettings): Partial<TeaServerOptions> {
  return {
    host: settings.values.host,
    port: settings.port,
    logRequests: false,
    headersTimeoutMs: settings.headersTimeoutMs,
    requestTimeoutMs: settings.requestTimeoutMs,
    keepAliveTimeoutMs: settings.keepAliveTimeoutMs,
    maxConnections: settings.maxConnections,
    // With --token-key the lifetime goes to the signed tokens, and nothing is stored to limit.
    ...(settings.values['token-key'] === undefined ? { tokenTtl: settings.ttl, maxTokens: settings.maxTokens, maxTokensPerKey: settings.maxTokensPerKey } : {}),
    throttle: !settings.values['no-throttle'],
    ...(settings.protect ? { protect: settings.protect } : {}),
  };
}

/** Every finding of a file `serve` refuses, one a line, as `validate` prints them. */
function findingLines(findings: readonly Finding[]): string {
  return findings
    .filter((finding) => finding.severity === 'error')
    .map((f) => `  ${lineStartName(f.file)}${escapeControls(`${f.line === null ? '' : `:${f.line}:${f.column}`}: ${f.message} [${f.rule}]`)}\n`)
    .join('');
}

/**
 * The discovery document to serve: the --discovery file, validated and parsed in one pass, or one
 * endpoint (this server, 1.0.0). A string is the reason to refuse the file.
 */
function loadDiscovery(values: ServeValues, cwd: string): TeaServerOptions['discovery'] | string {
  if (values.discovery === undefined) return (url: string) => ({ schemaVersion: 1, endpoints: [{ url, versions: ['1.0.0'] }] });
  const file = values.discovery;
  const { result, value } = validateTextValue(readFile(file, 'discovery', cwd), { kind: 'tea-discovery', file });
  if (!result.valid) return `--discovery ${escapeControls(file)} is not a valid TEA discovery document:\n${findingLines(result.findings)}`;
  return value;
}

/** The --api-keys file read, or the reason to refuse it; `undefined` without the option. */
function loadApiKeys(values: ServeValues, cwd: string): Array<{ keyId: string; secret: string }> | string | undefined {
  if (values['api-keys'] === undefined) return undefined;
  const keys = readApiKeys(values['api-keys'], readFile(values['api-keys'], 'api-keys', cwd));
  return typeof keys === 'string' ? `--api-keys ${escapeControls(keys)}\n` : keys;
}

/** What the certificate setup made: the server's TLS options and, for --self-signed, where the CA went. */
interface Certificates {
  readonly tls: TeaServerOptions['tls'];
  /** The CA certificate file clients trust with --ca. */
  readonly caFile?: string;
  /** A temporary folder teapurl made for the CA file, removed when the server stops. */
  readonly tempDir?: string;
}

/**
 * The server's certificates: plain HTTP, a throwaway CA and server certificate (the CA written
 * for clients), or the files given. A string is the reason it cannot start.
 */
async function setUpCertificates(values: ServeValues, cwd: string): Promise<Certificates | string> {
  const clientCa = values['client-ca'] === undefined ? undefined : readFile(values['client-ca'], 'client-ca', cwd);
  // With --client-ca the server must trust that CA for clients; its own chain needs no extra anchor.
  const mutual = clientCa ? { ca: clientCa, requestClientCert: true } : {};
  if (values['insecure-http']) return { tls: false };
  if (!values['self-signed']) {
    return { tls: { cert: readFile(values['tls-cert']!, 'tls-cert', cwd), key: readFile(values['tls-key']!, 'tls-key', cwd), ...mutual } };
  }
  let pems;
  try {
    pems = await generateCertificates({ hosts: [...new Set(['localhost', '127.0.0.1', '::1', values.host])], name: 'teapurl serve' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== SELFSIGNED_MISSING) throw error;
    return (
      `--self-signed: ${(error as Error).message}; run it where teapurl is installed, ` +
      'or use npx -p teapurl -p selfsigned teapurl serve --self-signed, or give certificates of your own with --tls-cert and --tls-key\n'
    );
  }
  const tempDir = values['ca-out'] === undefined ? mkdtempSync(path.join(os.tmpdir(), 'teapurl-serve-')) : undefined;
  const caFile = tempDir === undefined ? path.resolve(cwd, values['ca-out']!) : path.join(tempDir, 'ca.pem');
  try {
    writeFileSync(caFile, pems.ca);
  } catch (error) {
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    const why = errorCode(error) === 'EISDIR' ? 'it is a folder, not a file' : fsReason(error);
    throw new UsageError(`--ca-out ${quoteArg(values['ca-out'] ?? caFile)} cannot be written: ${why}`);
  }
  return { tls: { ...pems.server, ...mutual }, caFile, ...(tempDir ? { tempDir } : {}) };
}

/** The example inventory's folder in teapurl's package, or `null` when it is not there. */
function demoFolder(): string | null {
  const root = teapurlPackage()?.root;
  if (root === undefined) return null;
  const folder = fileURLToPath(new URL(DEMO_FOLDER, root));
  return existsSync(folder) ? folder : null;
}

/** What `serve` prints once the server listens. */
function bannerLines(
  server: RunningTeaServer,
  settings: ServeSettings,
  options: Partial<TeaServerOptions>,
  certificates: Certificates,
  keyring: string | undefined,
): string[] {
  const { values } = settings;
  const lines = [`TEA test server listening on ${server.url}`, `  discovery   ${server.url}/.well-known/tea`];
  if (!values.samples) {
    lines.push(
      `  content     ${values.content ?? 'the example inventory'}: the TEA API's GET operations under [<prefix>]/v<version>/, artefact files at /files/<path>`,
    );
  } else {
    lines.push('  resources   GET [<prefix>]/v<version>/<kind>/<uuid> and [<prefix>]/v<version>/<kind>s, for the versions the discovery document lists');
  }
  if (options.apiKeys) {
    const n = options.apiKeys.length;
    lines.push(`  token       POST ${server.url}/v<version>/token or /token (${n} API key${n === 1 ? '' : 's'}, tokens last ${settings.ttl} s)`);
    lines.push(`  protected   ${settings.protect ? settings.protect.join(' ') : 'every path except /.well-known/tea'}`);
    const throttled = values['no-throttle'] ? 'failed credentials NOT throttled' : 'failed credentials throttled (429 with Retry-After)';
    if (options.tokens instanceof SignedTokens) {
      const others = options.tokens.keyIds.length - 1;
      lines.push(
        `  signed      stateless tokens signed with key ${JSON.stringify(options.tokens.signingKeyId)} of ${values['token-key']}${others > 0 ? ` (${others} more accepted)` : ''}: every instance with this key set accepts them`,
      );
      lines.push(`  limits      ${throttled}`);
    } else {
      lines.push(`  limits      ${settings.maxTokensPerKey} live tokens per key, ${settings.maxTokens} in all; ${throttled}`);
    }
  } else {
    lines.push('  token       none: /token answers 404 and nothing is protected');
  }
  lines.push(
    `  connections at most ${settings.maxConnections}; headers within ${settings.headersTimeoutMs} ms, requests within ${settings.requestTimeoutMs} ms, idle keep-alive ${settings.keepAliveTimeoutMs} ms`,
  );
  if (values['client-ca'] !== undefined) lines.push(`  mutual TLS  client certificates signed by ${values['client-ca']} authenticate at /token`);
  if (certificates.caFile) lines.push(`  CA          ${certificates.caFile} (trust it with --ca)`);
  if (certificates.tls === false) lines.push('  WARNING     plain HTTP: TEA servers are reachable only over TLS (5.4); use this for local experiments only');
  if (!isLoopback(values.host)) lines.push(`  WARNING     bound to ${values.host}, not loopback: other machines can reach this test server`);
  if (keyring !== undefined) lines.push(`  signatures  the artefacts' signing keys are in ${keyring} (give it to download --keyring)`);
  lines.push(...tryLines(server.url, options, certificates, values['tls-cert'] !== undefined, keyring));
  lines.push('Press Ctrl+C to stop.');
  return lines;
}

/** The first API version the served discovery document lists (1.0.0 for the default one). */
function firstVersion(discovery: unknown): string {
  return discoveryVersions(discovery)[0] ?? '1.0.0';
}

/** Ready-made client command lines for this server: a user copies them, with the trust and key options it needs. */
function tryLines(url: string, options: Partial<TeaServerOptions>, certificates: Certificates, ownCertificate: boolean, keyring: string | undefined): string[] {
  const trust =
    certificates.tls === false
      ? ' --allow-http'
      : certificates.caFile
        ? ` --ca ${quoteArg(certificates.caFile)}`
        : ownCertificate
          ? ' --ca <your CA file>'
          : '';
  const keyId = options.apiKeys?.[0]?.keyId;
  // The secret is never printed: it goes in the environment, out of the process list.
  const key = keyId === undefined ? '' : ` --key-id ${quoteArg(keyId)}`;
  const secret = keyId === undefined ? '' : 'TEAPURL_API_SECRET=<its secret> ';
  const base = `${url}/v${firstVersion(typeof options.discovery === 'function' ? options.discovery(url) : options.discovery)}`;
  const lines = [`  try         teapurl discover ${url}${trust}`];
  const tei = options.content?.teis()[0];
  if (options.content) {
    lines.push(`              ${secret}teapurl tea check ${base}${trust}${key}`, `              teapurl tea get --all ${base}/products --format json${trust}`);
    if (tei !== undefined)
      lines.push(
        `              ${secret}teapurl download ${quoteArg(tei)} --discovery-origin ${url} --out tea-demo-artefacts${trust}${key}${keyring === undefined ? '' : ` --keyring ${quoteArg(keyring)}`}`,
      );
  }
  lines.push(`              ${secret}teapurl auth-check ${base}${trust}${key}`);
  return lines;
}

/** Resolves on SIGINT, SIGTERM or `control.signal`. */
function untilStopped(control: ServeControl): Promise<void> {
  return new Promise<void>((resolve) => {
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
}

/** `teapurl serve`: runs until SIGINT/SIGTERM (or `control.signal`), then returns the exit code. */
export async function serveCommand(argv: string[], io: CommandIo, control: ServeControl = {}): Promise<number> {
  const commandLine = parseCommandLine(argv, io, { command: 'serve', help: SERVE_HELP, positionals: false, options: SERVE_OPTIONS });
  if (commandLine === null) return 0;
  const settings = readServeSettings(commandLine.values);
  const { values } = settings;
  const options = serverOptions(settings);
  const refuse = (reason: string) => {
    io.stderr.write(`teapurl serve: ${reason.endsWith('\n') ? reason : `${reason}\n`}`);
    return 1;
  };

  const discovery = loadDiscovery(values, io.cwd);
  if (typeof discovery === 'string') return refuse(discovery);
  options.discovery = discovery;
  const apiKeys = loadApiKeys(values, io.cwd);
  if (typeof apiKeys === 'string') return refuse(apiKeys);
  if (apiKeys) options.apiKeys = apiKeys;
  if (values['token-key'] !== undefined) {
    const tokenKeys = loadTokenKeys(values['token-key'], io.cwd);
    if (typeof tokenKeys === 'string') return refuse(tokenKeys);
    for (const warning of tokenKeys.warnings) io.stderr.write(`teapurl serve: warning: ${warning}\n`);
    options.tokens = new SignedTokens({ keys: tokenKeys.keys, ttlSeconds: settings.ttl });
  }
  let keyring: string | undefined;
  if (!values.samples) {
    const folder = values.content === undefined ? demoFolder() : path.resolve(io.cwd, values.content);
    if (folder === null) return refuse('the example inventory is not where teapurl ships it (examples/tea-demo/ of the package); give a folder with --content');
    const content = await readTeaContent(folder);
    if (!content.valid) return refuse(`--content ${escapeControls(values.content ?? folder)} holds what cannot be served:\n${findingLines(content.findings)}`);
    options.content = content.store;
    keyring = existsSync(path.join(folder, KEYRING_FILE)) ? path.join(folder, KEYRING_FILE) : undefined;
  }
  const certificates = await setUpCertificates(values, io.cwd);
  if (typeof certificates === 'string') return refuse(certificates);
  options.tls = certificates.tls;

  const cleanup = () => {
    if (certificates.tempDir) rmSync(certificates.tempDir, { recursive: true, force: true });
  };
  let server: RunningTeaServer;
  try {
    server = await startTeaServer(options as TeaServerOptions);
  } catch (error) {
    cleanup();
    const err = error as NodeJS.ErrnoException;
    return refuse(`cannot start: ${err.code === 'EADDRINUSE' ? `port ${settings.port} on ${values.host} is in use` : err.message}`);
  }
  io.stdout.write(`${bannerLines(server, settings, options, certificates, keyring).join('\n')}\n`);
  await untilStopped(control);
  await server.close();
  cleanup();
  io.stdout.write('TEA test server stopped.\n');
  return 0;
}
