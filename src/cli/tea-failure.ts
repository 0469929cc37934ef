import { NetworkError } from '../tea/client/network-error.js';
import { escapeControls } from './output/safe-text.js';

/**
 * The line a TEA command adds after a failure to reach a server, saying what to try: a plain-HTTP
 * server reached over https (such as `teapurl serve --insecure-http`), or a port nothing listens
 * on. Empty when there is nothing better to say than the message.
 */
export function teaFailureHint(error: unknown, command: string, target: string): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  const network = error instanceof NetworkError ? error : cause instanceof NetworkError ? cause : null;
  if (network === null) return '';
  return hintFor(network, command, target);
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
    const plainTarget = /^https:\/\//i.test(target) ? `http://${target.slice('https://'.length)}` : /^[a-z][a-z0-9+.-]*:/i.test(target) ? `http://${url.host}` : `http://${target}`;
    return `teapurl ${command}: hint: the server at ${url.host} speaks plain HTTP (such as teapurl serve --insecure-http); for a local test try: teapurl ${command} ${escapeControls(plainTarget)} --allow-http\n`;
  }
  if (error.code === 'connection-refused') {
    return `teapurl ${command}: hint: nothing listens on ${url.host}; check the host and the port (teapurl serve prints the URL it listens on)\n`;
  }
  if (/does not speak TLS/.test(error.message)) return `teapurl ${command}: hint: ${escapeControls(url.host)} answers, but not in TLS or HTTP: check the port\n`;
  return '';
}
