import { authCheck } from '../tea/client/auth-check/auth-check.js';
import { DEFAULT_PROBE_RESOURCE, type AuthCheckReport } from '../tea/client/auth-check/rules.js';
import { NetworkError } from '../tea/client/network-error.js';
import { API_KEY_OPTIONS, readApiKeyArgs, readTeaClientArgs, readUrlArg, TEA_CLIENT_OPTIONS } from './tea-client-args.js';
import type { CommandIo } from './io.js';
import { UsageError } from './usage-error.js';
import { parseCommandLine } from './args.js';
import { teaFailureHint } from './tea-failure.js';
import { escapeControls, escapeJsonText, safeLineStart } from './output/safe-text.js';
import { AUTH_CHECK_FLAG_HINTS, withFlagHints } from './flag-hints.js';

export const AUTH_CHECK_HELP = `Usage: teapurl auth-check [options] <base-url>

Probes a TEA server's authentication against the specification (sections 4, 5
and 7) and prints one line per rule: PASS, FAIL or SKIP, with its section.

<base-url> is the API base URL; POST /token and the resource are relative to it.

Options:
  --key-id ID        a valid API key id: enables the token probes
  --secret S         its secret (or set TEAPURL_API_SECRET, which keeps it out of
                     the process list)
  --resource PATH    a protected resource, relative to <base-url>
                     (default ${DEFAULT_PROBE_RESOURCE})
  --ca FILE          trust this CA certificate (PEM) too, for a private CA
  --format F         text (default) or json
  --timeout MS       per-request time limit (default 10000)
  --allow-http       accept an http:// base URL (local tests only)
  -h, --help         show this help
  -v, --version      print the version

A server that answers 404 at POST /token and serves the resource without a
token requires no authentication (section 5.1): that passes.
The secret is sent only to POST /token, in HTTP Basic credentials (section 5.2.6);
the no-x-api-key probe sends a random decoy, never the key (section 5.8).

A key the server refuses (invalid_client) is not a failed rule of the server: the
token probes are skipped, and the check says the key was refused.

Exit status: 0 every probed rule passed, 1 a rule failed, the key was refused or
the server could not be reached, 2 usage error.
`;

const MARK = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;

function formatText(report: AuthCheckReport): string {
  const sectionWidth = Math.max(...report.results.map((r) => r.section.length));
  const lines = [`teapurl auth-check ${escapeControls(report.baseUrl)} (resource ${escapeControls(report.resourceUrl)})`, ''];
  for (const r of report.results) {
    lines.push(`${MARK[r.outcome]}  ${r.section.padEnd(sectionWidth)}  ${r.title}`);
    // The detail may quote what the server answered.
    lines.push(safeLineStart(`      ${' '.repeat(sectionWidth)}  ${escapeControls(r.detail)}`));
  }
  const count = (o: string) => report.results.filter((r) => r.outcome === o).length;
  lines.push(
    '',
    `${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped${report.authentication === 'none' ? ' (no authentication)' : ''}`,
    '',
  );
  return lines.join('\n');
}

/** `teapurl auth-check`: returns the exit code. */
export async function authCheckCommand(argv: string[], io: CommandIo): Promise<number> {
  const commandLine = parseCommandLine(argv, io, {
    command: 'auth-check',
    help: AUTH_CHECK_HELP,
    positionals: true,
    options: {
      ...API_KEY_OPTIONS,
      resource: { type: 'string' },
      ...TEA_CLIENT_OPTIONS,
    },
  });
  if (commandLine === null) return 0;
  const { values, positionals } = commandLine;
  const {
    target: baseUrl,
    format,
    timeoutMs,
    allowInsecureHttp,
    transport,
  } = readTeaClientArgs(values, positionals, io, 'the API base URL, such as https://tea.example.com/v1.0.0');
  const credentials = readApiKeyArgs(values, io.env);
  const url = readUrlArg(baseUrl, 'the base URL');
  if (/[?#]/.test(baseUrl))
    throw new UsageError('the base URL must not carry a query (?) or a fragment (#): it is the API base, such as https://tea.example.com/v1.0.0');
  if (values.resource !== undefined && /^https?:\/\/[^/?#]*@/i.test(values.resource))
    throw new UsageError('--resource must not carry user information (user:password@)');
  if (url.protocol === 'http:' && !allowInsecureHttp)
    throw new UsageError(`${baseUrl} uses http://; TEA servers are reached over TLS only (section 5.4); --allow-http is for local tests`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(`${baseUrl} is not an https:// URL`);

  let report: AuthCheckReport;
  try {
    report = await authCheck(baseUrl, {
      timeoutMs,
      allowInsecureHttp,
      ...(credentials ? { credentials } : {}),
      ...(values.resource !== undefined ? { resource: values.resource } : {}),
      transport,
    });
  } catch (error) {
    if (error instanceof NetworkError) {
      io.stderr.write(`teapurl auth-check: ${escapeControls(error.message)}\n${teaFailureHint(error, 'auth-check', baseUrl)}`);
      return 1;
    }
    throw error;
  } finally {
    await transport.close?.();
  }
  // The library names its options; the command line names its flags.
  report = {
    ...report,
    tokenRefusal: report.tokenRefusal === null ? null : withFlagHints(report.tokenRefusal, AUTH_CHECK_FLAG_HINTS),
    results: report.results.map((r) => ({ ...r, detail: withFlagHints(r.detail, AUTH_CHECK_FLAG_HINTS) })),
  };
  io.stdout.write(format === 'json' ? `${escapeJsonText(JSON.stringify(report, null, 2))}\n` : formatText(report));
  // The key's fault, not the server's: said apart from the rules, and still not a pass.
  if (report.tokenRefusal !== null) io.stderr.write(`teapurl auth-check: ${escapeControls(report.tokenRefusal)}\n`);
  return report.passed && report.tokenRefusal === null ? 0 : 1;
}
