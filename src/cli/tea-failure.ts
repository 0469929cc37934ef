import { NetworkError } from '../tea/client/network-error.js';
import { escapeControls } from './output/safe-text.js';

/** The commands that take `--key-id` (and `TEAPURL_API_SECRET`): a 401 there can be mended from the command line. */
const TAKES_A_KEY = new Set(['tea get', 'tea check', 'download', 'auth-check']);

/** The TLS codes of a certificate the client could not trace to a CA it trusts: a private CA's, or a self-signed one. */
const UNTRUSTED_CERTIFICATE = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
]);

/**
 * The lines a TEA command adds after a failure, saying what to try: a plain-HTTP server reached
 * over https (such as `teapurl serve --insecure-http`), a port nothing listens on, a certificate
 * from a CA the machine does not trust (`--ca FILE`), a server that wants a token and was given
 * no key (`--key-id` and `TEAPURL_API_SECRET`), and a message that shows one problem "(and N
 * more)" (how to see every one). Empty when there is nothing better to say than the message.
 * These are the CLI's words: the library's messages never name a flag.
 */
export function teaFailureHint(error: unknown, command: string, target: string): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  const network = error instanceof NetworkError ? error : cause instanceof NetworkError ? cause : null;
  const hints = [network === null ? '' : hintFor(network, command, target)];
  const message = error instanceof Error ? error.message : '';
  if (isNoCredentials(error)) hints.push(credentialsHint(command));
  const more = /\(and (\d+) more\)/.exec(message);
  if (more) hints.push(allProblemsHint(error, command, Number(more[1]) + 1));
  return hints.join('');
}

/**
 * The hint for failures reported one per line (a download's files): said once, however many
 * failures share the cause. Empty when none of them has a hint.
 */
export function failuresHint(messages: readonly string[], command: string): string {
  return messages.some((m) => /\banswered 401 \(no-credentials\)/.test(m)) ? credentialsHint(command) : '';
}

function isNoCredentials(error: unknown): boolean {
  const { status, code, unauthorizedReason } = (error ?? {}) as { status?: unknown; code?: unknown; unauthorizedReason?: unknown };
  if (unauthorizedReason === 'no-credentials') return true;
  return status === 401 && code === 'unauthorized' && error instanceof Error && /\(no-credentials\)/.test(error.message);
}

function credentialsHint(command: string): string {
  if (!TAKES_A_KEY.has(command)) return `teapurl ${command}: hint: the server wants a token, which this command does not ask for\n`;
  return `teapurl ${command}: hint: the server wants a token and no API key was given: pass --key-id ID and put the key's secret in TEAPURL_API_SECRET\n`;
}

function allProblemsHint(error: unknown, command: string, total: number): string {
  const { url } = (error ?? {}) as { url?: unknown };
  const kind =
    /\binvalid (tea-[a-z-]+)/.exec(error instanceof Error ? error.message : '')?.[1] ??
    (/discovery/.test(command) || (error as { name?: string }).name === 'DiscoveryError' ? 'tea-discovery' : undefined);
  if (typeof url !== 'string' || kind === undefined)
    return `teapurl ${command}: hint: the message shows the first of ${total} problems; teapurl validate lists every one of a saved document\n`;
  return `teapurl ${command}: hint: the message shows the first of ${total} problems; to see every one, validate the answer: curl -s ${escapeControls(url)} | teapurl validate --kind ${kind} -\n`;
}

function hintFor(error: NetworkError, command: string, target: string): string {
  let url: URL;
  try {
    url = new URL(error.url);
  } catch {
    return '';
  }
  const plain = error.systemCode === 'ERR_SSL_WRONG_VERSION_NUMBER' || /plain HTTP/.test(error.message);
  if (plain && url.protocol === 'https:') {
    const plainTarget = /^https:\/\//i.test(target)
      ? `http://${target.slice('https://'.length)}`
      : /^[a-z][a-z0-9+.-]*:/i.test(target)
        ? `http://${url.host}`
        : `http://${target}`;
    return `teapurl ${command}: hint: the server at ${url.host} speaks plain HTTP (such as teapurl serve --insecure-http); for a local test try: teapurl ${command} ${escapeControls(plainTarget)} --allow-http\n`;
  }
  if (error.code === 'connection-refused') {
    return `teapurl ${command}: hint: nothing listens on ${url.host}; check the host and the port (teapurl serve prints the URL it listens on)\n`;
  }
  if (error.systemCode !== undefined && UNTRUSTED_CERTIFICATE.has(error.systemCode)) {
    return `teapurl ${command}: hint: ${url.host}'s certificate does not lead to a CA this machine trusts; for a private CA pass --ca FILE, the certificate (PEM) of the CA that signed it (teapurl serve --self-signed writes one: --ca-out)\n`;
  }
  if (/does not speak TLS/.test(error.message))
    return `teapurl ${command}: hint: ${escapeControls(url.host)} answers, but not in TLS or HTTP: check the port\n`;
  return '';
}
