import path from 'node:path';
import { downloadProductRelease, type TeaDownloadReport, type TeaManifestEntry } from '../tea/node/download/download-release.js';
import { resolvePurl, resolveTei } from '../tea/client/resolve-tei.js';
import { TeaApi } from '../tea/client/tea-api.js';
import type { CommandIo } from './io.js';
import { UsageError } from './usage-error.js';
import { parseCommandLine } from './args.js';
import { API_KEY_OPTIONS, readApiKeyArgs, readTeaClientArgs, readUrlArg, TEA_CLIENT_OPTIONS } from './tea-client-args.js';
import { escapeControls, escapeJsonText, quoteArg, safeLineStart } from './output/safe-text.js';
import { failuresHint, teaFailureHint } from './tea-failure.js';
import { InvalidArgumentError } from '../shared/errors.js';
import { DOWNLOAD_FLAG_HINTS, withFlagHints } from './flag-hints.js';
import { ANSWER_BYTES, answerMaxBytes, readMaxBytes } from './max-bytes.js';
import { downloadProgress } from './download-progress.js';
import { hasSignatureKeys, readSignatureTrust, SIGNATURE_HELP, SIGNATURE_OPTIONS, signaturePolicy, signerText } from './signature-args.js';

export const DOWNLOAD_HELP = `Usage: teapurl download [options] --out DIR <TEI|product-release-URL>

Finds a product release and downloads its transparency artefacts: the product
release's latest collection and, for each of its components, the latest collection
of the component release it pins (or of the component's newest release), every
format of every artefact. Each file is verified against every checksum its format
lists before it gets its name; a file that does not match is deleted. With
--keyring (or --sigstore-key), each format's signatureUrl (an OpenPGP detached
signature, or a Sigstore bundle) is verified over the file too, and a file is kept
only when both hold. A manifest,
teapurl-download.json, says what was verified.

The target is a TEI (tei://<domain>/<type>/<id> or urn:tei:<type>:<domain>:<id>:
its domain's /.well-known/tea, the endpoint selected, GET /discovery?tei=) or the
URL of a product release (https://<api base>/productRelease/<uuid>), or a PURL
(pkg:…) with --discovery-origin: a PURL carries no domain, so the server named
there is asked, by GET /discovery?purl=.

Options:
  --out DIR                 the folder to download into (made when missing); a file
                            already there is never overwritten
  --type T,...              only artefacts of these types (BOM, VULNERABILITIES, …)
  --media-type M,...        only formats of these media types
  --key-id ID               an API key for the TEI service; its secret with --secret or
  --secret S                TEAPURL_API_SECRET (which keeps it out of the process list).
                            It goes only to the service's own origins (its
                            /.well-known/tea endpoints, or the product release URL's)
  --key-origin URL          send the key to servers on this origin too (repeatable),
                            for product releases held on other servers
  --ca FILE                 trust this CA certificate (PEM) too, for a private CA
  --discovery-origin URL    read the TEI's /.well-known/tea from this origin instead
                            of https://<domain> (private deployments, tests)
  --allow-unverified        keep a file whose format lists no checksum (unverified)
  --signatures              also download each format's signature beside its file
${SIGNATURE_HELP}
  --require-signatures      refuse a file whose format lists no signatureUrl (with
                            --keyring or --sigstore-key; without it, such a file is
                            kept and reported unsigned)
  --quiet                   no progress line on a terminal
  --max-bytes N             the largest file (default 4294967296)
  --format F                text (default) or json
  --timeout MS              time for a request's answer to begin (default 10000)
  --allow-http              accept http:// targets and servers (local tests only)
  -h, --help                show this help
  -v, --version             print the version

Exit status: 0 every file was verified, 1 anything failed (nothing unverified is
left in DIR), 2 usage error.
`;

/** A TEI, or a product release's URL split into the API base and the UUID. */
function readTarget(target: string, allowInsecureHttp: boolean): { tei: string } | { purl: string } | { baseUrl: string; uuid: string } {
  if (/^(?:urn:tei:|tei:\/\/)/i.test(target)) return { tei: target };
  if (/^pkg:/i.test(target)) return { purl: target };
  // Checked before anything echoes it: user information may be a password.
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) readUrlArg(target, 'the product release URL');
  const match = /^(https?:\/\/[^?#]+)\/productRelease\/([0-9a-fA-F-]{36})\/?$/.exec(target);
  if (!match) throw new UsageError(`${quoteArg(target)} is neither a TEI nor a product release URL (https://<api base>/productRelease/<uuid>)`);
  if (match[1]!.startsWith('http:') && !allowInsecureHttp)
    throw new UsageError(`${quoteArg(target)} uses http://; TEA servers are reached over TLS only (section 5.4); --allow-http is for local tests`);
  return { baseUrl: match[1]!, uuid: match[2]!.toLowerCase() };
}

function list(value: string | undefined, option: string): string[] | undefined {
  if (value === undefined) return undefined;
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) throw new UsageError(`--${option} needs at least one value`);
  return items;
}

/** What a file's signature check found, for its line: `; signature verified: …` or `; unsigned`. */
function signatureText(entry: TeaManifestEntry): string {
  const check = entry.signatureCheck;
  if (check === undefined) return '';
  if (check.verdict === 'unsigned') return '; unsigned (no signatureUrl)';
  return `; signature verified: ${signerText(check)}`;
}

function textReport(report: TeaDownloadReport, out: string): string {
  const lines = report.files.map((f) =>
    safeLineStart(
      `${f.verified ? 'verified  ' : 'UNVERIFIED'} ${escapeControls(path.join(out, f.file))}  ${f.bytes} bytes${f.checksums.length > 0 ? `, ${escapeControls(f.checksums.map((c) => c.algType).join(', '))}` : ''}${escapeControls(signatureText(f))}`,
    ),
  );
  const name = `${report.productRelease.name ? `${report.productRelease.name} ` : ''}${report.productRelease.version}`;
  lines.push(
    `${escapeControls(name)} (${report.productRelease.uuid}): ${report.files.length} file${report.files.length === 1 ? '' : 's'} verified, ${report.failures.length} failed; manifest ${escapeControls(report.manifest)}`,
  );
  return `${lines.join('\n')}\n`;
}

/** The signals that end a download: the file being written is deleted first (nothing unverified is left). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Runs `work` with a signal that SIGINT or SIGTERM aborts; once `work` has ended (its part file
 * deleted), the signal is raised again, so the process ends as it would have.
 */
async function untilSignal<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const stop = new AbortController();
  let caught: NodeJS.Signals | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    caught ??= signal;
    stop.abort(new Error(`stopped by ${signal}`));
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  try {
    return await work(stop.signal);
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
    if (caught !== null && process.listenerCount(caught) === 0) process.kill(process.pid, caught);
  }
}

/** `teapurl download`: returns the exit code. */
export async function downloadCommand(argv: string[], io: CommandIo): Promise<number> {
  const commandLine = parseCommandLine(argv, io, {
    command: 'download',
    help: DOWNLOAD_HELP,
    positionals: true,
    options: {
      out: { type: 'string' },
      type: { type: 'string' },
      'media-type': { type: 'string' },
      'discovery-origin': { type: 'string' },
      'key-origin': { type: 'string', multiple: true },
      'allow-unverified': { type: 'boolean', default: false },
      signatures: { type: 'boolean', default: false },
      'require-signatures': { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      ...SIGNATURE_OPTIONS,
      'max-bytes': { type: 'string' },
      ...API_KEY_OPTIONS,
      ...TEA_CLIENT_OPTIONS,
    },
  });
  if (commandLine === null) return 0;
  const { values, positionals } = commandLine;
  const { target, format, timeoutMs, allowInsecureHttp, transport } = readTeaClientArgs(values, positionals, io, 'a TEI or a product release URL');
  try {
    if (values.out === undefined) throw new UsageError('name the folder to download into with --out DIR');
    const credentials = readApiKeyArgs(values, io.env);
    const where = readTarget(target, allowInsecureHttp);
    const maxBytes = readMaxBytes(values['max-bytes']);
    if (values['discovery-origin'] !== undefined && 'baseUrl' in where) throw new UsageError('--discovery-origin is for a TEI or PURL target');
    if ('purl' in where && values['discovery-origin'] === undefined)
      throw new UsageError('a PURL carries no domain: name the server to ask with --discovery-origin URL');
    if (values['discovery-origin'] !== undefined) readUrlArg(values['discovery-origin'], '--discovery-origin');
    const keyOrigins = (values['key-origin'] ?? []).map((origin) => readUrlArg(origin, '--key-origin').origin);
    if (keyOrigins.length > 0 && 'baseUrl' in where)
      throw new UsageError('--key-origin is for a TEI or PURL target: a product release URL names the one origin its key goes to');
    if (keyOrigins.length > 0 && credentials === undefined) throw new UsageError('--key-origin needs an API key (--key-id)');
    const types = list(values.type, 'type');
    const mediaTypes = list(values['media-type'], 'media-type');
    const out = path.resolve(io.cwd, values.out);
    const client = { ...(credentials ? { credentials } : {}), transport, allowInsecureHttp, timeoutMs };
    if (values['require-signatures'] && !hasSignatureKeys(values))
      throw new UsageError('--require-signatures needs --keyring FILE (or --sigstore-key FILE): the keys to verify the signatures with');
    const trust = await readSignatureTrust(values, io.cwd, 'download');
    if (typeof trust === 'string') {
      io.stderr.write(`teapurl download: ${trust}`);
      return 1;
    }

    let api: TeaApi;
    let uuid: string;
    if (!('baseUrl' in where)) {
      const origin = values['discovery-origin'] !== undefined ? { discoveryOrigin: values['discovery-origin'] } : {};
      // maxBytes is discovery's limit too (1 MiB by default): lowered only for a small heap.
      const small = answerMaxBytes() < ANSWER_BYTES ? { maxBytes: answerMaxBytes() } : {};
      const given = { ...client, keyOrigins, ...small, ...origin };
      const resolution = 'tei' in where ? await resolveTei(where.tei, given) : await resolvePurl(where.purl, given);
      if (resolution.matches.length !== 1) {
        const releases = resolution.matches.map((m) => `${m.servers[0]?.baseUrl ?? resolution.endpoint.baseUrl}/productRelease/${m.productReleaseUuid}`);
        io.stderr.write(
          `teapurl download: ${escapeControls('tei' in where ? where.tei : where.purl)} resolves to ${releases.length} product releases; download one by its URL:\n${releases.map((r) => `  ${escapeControls(r)}\n`).join('')}`,
        );
        return 1;
      }
      const opened = await resolution.matches[0]!.open();
      api = opened.api;
      uuid = opened.productRelease.uuid;
    } else {
      api = new TeaApi({ baseUrl: where.baseUrl, ...client }, { maxBytes: answerMaxBytes() });
      uuid = where.uuid;
    }
    const progress = downloadProgress(io.stderr, { quiet: values.quiet });
    const report = await untilSignal((signal) =>
      downloadProductRelease(api, uuid, {
        signal,
        out,
        ...(types ? { types } : {}),
        ...(mediaTypes ? { mediaTypes } : {}),
        allowNoChecksum: values['allow-unverified'],
        signatures: values.signatures,
        ...(maxBytes !== undefined ? { maxBytes } : {}),
        ...(trust ? { ...trust, requireSignatures: values['require-signatures'], signaturePolicy: signaturePolicy(values) } : {}),
        ...(progress ? { onProgress: progress.onProgress } : {}),
      }),
    );
    progress?.finish();
    io.stdout.write(format === 'json' ? `${escapeJsonText(JSON.stringify(report, null, 2))}\n` : textReport(report, values.out));
    for (const failure of report.failures)
      io.stderr.write(`teapurl download: ${escapeControls(failure.what)}: ${escapeControls(withFlagHints(failure.message, DOWNLOAD_FLAG_HINTS))}\n`);
    io.stderr.write(
      failuresHint(
        report.failures.map((failure) => failure.message),
        'download',
      ),
    );
    return report.failures.length === 0 ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if (error instanceof Error && !(error instanceof TypeError || error instanceof InvalidArgumentError)) {
      io.stderr.write(`teapurl download: ${escapeControls(withFlagHints(error.message, DOWNLOAD_FLAG_HINTS))}\n${teaFailureHint(error, 'download', target)}`);
      return 1;
    }
    throw error;
  } finally {
    await transport.close?.();
  }
}
