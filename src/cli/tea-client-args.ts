import type { CommandIo } from './io.js';
import { tlsTransport } from '../tea/node/tls-transport.js';
import type { TeaTransport } from '../tea/client/transport.js';
import { UsageError } from './usage-error.js';
import { readFileArg } from './path-args.js';
import { quoteArg } from './output/safe-text.js';

/** The options `discover` and `auth-check` share, in `node:util` parseArgs form. */
export const TEA_CLIENT_OPTIONS = {
  ca: { type: 'string' },
  format: { type: 'string', default: 'text' },
  timeout: { type: 'string', default: '10000' },
  'allow-http': { type: 'boolean', default: false },
} as const;

/** Those options checked, with the one positional argument both commands take. */
export interface TeaClientArgs {
  readonly target: string;
  readonly format: 'text' | 'json';
  readonly timeoutMs: number;
  readonly allowInsecureHttp: boolean;
  /** Node's TLS transport, with the --ca anchors when given: close it when done. */
  readonly transport: TeaTransport;
}

interface ParsedValues {
  ca?: string | undefined;
  format?: string | undefined;
  timeout?: string | undefined;
  'allow-http'?: boolean | undefined;
}

/**
 * Checks the shared options and the single target; `what` describes the target for the usage
 * error when it is missing (`a host, an https:// URL or a TEI`).
 */
export function readTeaClientArgs(values: ParsedValues, positionals: string[], io: CommandIo, what: string): TeaClientArgs {
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not ${JSON.stringify(format)}`);
  if (positionals.length !== 1)
    throw new UsageError(positionals.length === 0 ? `name ${what}` : `name exactly one target, not also ${quoteArg(positionals[1]!)}`);
  const timeoutMs = Number(values.timeout ?? '10000');
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs <= 0) throw new UsageError('--timeout must be a positive whole number of milliseconds');
  return {
    target: positionals[0]!,
    format,
    timeoutMs,
    allowInsecureHttp: values['allow-http'] ?? false,
    transport: tlsTransport(values.ca === undefined ? {} : { ca: readCaFile(values.ca, io.cwd) }),
  };
}

/** Reads a PEM file named on the command line; a missing, unreadable or non-PEM file, or a folder, is a usage error. */
export function readCaFile(file: string, cwd: string): string {
  const text = readFileArg(file, cwd, '--ca');
  if (!text.includes('-----BEGIN CERTIFICATE-----')) throw new UsageError(`--ca ${quoteArg(file)} holds no PEM certificate`);
  return text;
}

/** The API key options TEA commands take, in `node:util` parseArgs form. */
export const API_KEY_OPTIONS = {
  'key-id': { type: 'string' },
  secret: { type: 'string' },
} as const;

/** The API key from --key-id and --secret (or TEAPURL_API_SECRET); a half-given key is a usage error. */
export function readApiKeyArgs(
  values: { 'key-id'?: string | undefined; secret?: string | undefined },
  env: NodeJS.ProcessEnv,
): { keyId: string; secret: string } | undefined {
  const secret = values.secret ?? env.TEAPURL_API_SECRET;
  if (values['key-id'] !== undefined && secret === undefined) throw new UsageError('--key-id needs --secret (or TEAPURL_API_SECRET)');
  if (values.secret !== undefined && values['key-id'] === undefined) throw new UsageError('--secret needs --key-id');
  return values['key-id'] !== undefined && secret !== undefined ? { keyId: values['key-id'], secret } : undefined;
}

/**
 * A URL argument read: a usage error when it is not an absolute URL or carries user information
 * (checked before anything echoes it: user information may be a password). `what` names it.
 */
export function readUrlArg(text: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${quoteArg(text)} is not an absolute URL`);
  }
  if (url.username || url.password) throw new UsageError(`${what} must not carry user information (user:password@)`);
  return url;
}
