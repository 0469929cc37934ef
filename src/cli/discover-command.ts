import { discover, discoveryOrigin, DiscoveryError } from '../tea/client/discover.js';
import { parseSemVer } from '../shared/semver.js';
import type { CommandIo } from './io.js';
import { UsageError } from './usage-error.js';
import { readTeaClientArgs, TEA_CLIENT_OPTIONS } from './tea-client-args.js';
import { parseCommandLine } from './args.js';
import { teaFailureHint } from './tea-failure.js';
import { escapeControls, escapeJsonText, safeLineStart } from './output/safe-text.js';

export const DISCOVER_HELP = `Usage: teapurl discover [options] <host|https-url|tei>

Reads https://<host>/.well-known/tea, validates it, and prints the API base URL a
client should use (section 9) followed by every usable endpoint in preference order.

The target is a host name (tea.example.com[:port]), an https:// URL (its origin is
used), or a TEI, tei://<domain>/<type>/<id> or urn:tei:<type>:<domain>:<id> (its
domain is used). A TEI is checked first: a uuid id must be a UUID, a purl id a
valid PURL; an error names the part that is wrong.

Options:
  --client-versions V,...  API versions the client speaks (default 1.0.0)
  --ca FILE                trust this CA certificate (PEM) too, for a private CA
  --format F               text (default) or json
  --timeout MS             give up after MS milliseconds (default 10000)
  --allow-http             accept http:// targets and endpoints (local tests only)
  -h, --help               show this help
  -v, --version            print the version

Exit status: 0 an endpoint was chosen, 1 discovery failed, 2 usage error (a
target that is not a host, an https:// URL or a valid TEI is one).
`;

/** `teapurl discover`: returns the exit code. */
export async function discoverCommand(argv: string[], io: CommandIo): Promise<number> {
  const commandLine = parseCommandLine(argv, io, {
    command: 'discover',
    help: DISCOVER_HELP,
    positionals: true,
    options: {
      'client-versions': { type: 'string', default: '1.0.0' },
      ...TEA_CLIENT_OPTIONS,
    },
  });
  if (commandLine === null) return 0;
  const { values, positionals } = commandLine;
  const { target, format, timeoutMs, allowInsecureHttp, transport } = readTeaClientArgs(values, positionals, io, 'a host, an https:// URL or a TEI');
  // What the target is, checked before anything goes over the network: an argument that cannot
  // be discovered at all is a usage error (2), not a failed discovery (1).
  try {
    discoveryOrigin(target, { allowInsecureHttp });
  } catch (error) {
    if (error instanceof DiscoveryError) throw new UsageError(error.message);
    throw error;
  }
  const clientVersions = values['client-versions']
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (clientVersions.length === 0) throw new UsageError('--client-versions needs at least one version, such as 1.0.0');
  for (const version of clientVersions) {
    if (!parseSemVer(version)) throw new UsageError(`--client-versions: ${JSON.stringify(version)} is not a semantic version such as 1.0.0 (no leading v)`);
  }

  try {
    const result = await discover(target, { clientVersions, timeoutMs, allowInsecureHttp, transport });
    if (format === 'json') {
      io.stdout.write(
        `${escapeJsonText(JSON.stringify({ url: result.url, selected: result.selected, ranked: result.ranked, warnings: result.warnings.map(({ pointer, rule, message }) => ({ pointer, rule, message })) }, null, 2))}\n`,
      );
      return 0;
    }
    io.stdout.write(`${safeLineStart(escapeControls(result.selected.baseUrl))}\n`);
    io.stdout.write(`\nEndpoints from ${escapeControls(result.url)}, most preferred first:\n`);
    const width = Math.max(...result.ranked.map((e) => escapeControls(e.baseUrl).length));
    result.ranked.forEach((e, i) => {
      io.stdout.write(`  ${i + 1}. ${escapeControls(e.baseUrl).padEnd(width)}  version ${escapeControls(e.version)}, priority ${e.priority}\n`);
    });
    for (const warning of result.warnings) io.stderr.write(`teapurl discover: warning: ${escapeControls(warning.message)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof DiscoveryError) {
      io.stderr.write(`teapurl discover: ${escapeControls(error.message)}\n${teaFailureHint(error, 'discover', target)}`);
      return 1;
    }
    throw error;
  } finally {
    await transport.close?.();
  }
}
