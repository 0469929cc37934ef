import { matchOperation } from '../tea/protocol/api-operations.js';
import { checkTeaServer, type TeaCheckReport } from '../tea/client/server-check.js';
import { TeaApi } from '../tea/client/tea-api.js';
import type { CommandIo } from './io.js';
import { UsageError } from './usage-error.js';
import { nearest, parseCommandLine } from './args.js';
import { API_KEY_OPTIONS, readApiKeyArgs, readTeaClientArgs, readUrlArg, TEA_CLIENT_OPTIONS } from './tea-client-args.js';
import { escapeControls, escapeJsonText, quoteArg, safeLineStart } from './output/safe-text.js';
import { teaFailureHint } from './tea-failure.js';
import { answerMaxBytes } from './max-bytes.js';
import { InvalidArgumentError } from '../shared/errors.js';

export const TEA_HELP = `Usage: teapurl tea <action> [options] <url>

Actions:
  get <api-url>     fetch one TEA object (any GET operation of the TEA API, such as
                    https://tea.example.com/v1.0.0/productRelease/<uuid>), validate
                    it against its schema and print it as JSON; with --all, a
                    listing (…/products, …/component/<uuid>/releases): every page,
                    following nextPageToken until hasNext is false, printed once
                    all are read: one JSON array with --format json, else one
                    result a line
  check <base-url>  a conformance suite: walk what a TEA server serves (listings,
                    products, releases, components, collections, artefacts, CLE
                    documents) validating every answer, then check pagination
                    (tokens, hasNext, a stable order, page-size bounds), discovery
                    by TEI and PURL (404 OBJECT_UNKNOWN for no match, 400 for both),
                    the 404 body, the authentication rules (as auth-check) and the
                    checksums of the artefacts: one line per check, PASS, FAIL or SKIP

Options:
  --key-id ID        an API key; its secret with --secret or TEAPURL_API_SECRET
  --secret S
  --ca FILE          trust this CA certificate (PEM) too, for a private CA
  --all              get: every page of a listing (at most 10,000 pages and 100,000
                     results; a server whose tokens loop is an error)
  --max-objects N    check: objects of each kind followed from a listing (default 20)
  --format F         text (default) or json
  --timeout MS       time for an answer to begin (default 10000)
  --allow-http       accept an http:// URL (local tests only)
  -h, --help         show this help
  -v, --version      print the version

Exit status: 0 the object is valid / no request failed, 1 it is not / one failed or
the server could not be reached, 2 usage error.
`;

const ACTIONS = ['get', 'check'];

/** An API URL read as its base (through /v<version>) and its path. */
function splitApiUrl(url: string): { baseUrl: string; path: string; search: URLSearchParams } {
  const parsed = readUrlArg(url, 'the URL');
  const segments = parsed.pathname.split('/');
  const at = segments.findIndex((segment) => /^v\d+\.\d+\.\d+/.test(segment));
  if (at < 0)
    throw new UsageError(
      `${quoteArg(url)} has no /v<version>/ segment: name an operation under an API base, such as https://tea.example.com/v1.0.0/product/<uuid>`,
    );
  return { baseUrl: `${parsed.origin}${segments.slice(0, at + 1).join('/')}`, path: `/${segments.slice(at + 1).join('/')}`, search: parsed.searchParams };
}

const MARK = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;

function checkText(report: TeaCheckReport): string {
  const width = Math.max(0, ...report.results.map((r) => r.operationId.length));
  const lines = [`teapurl tea check ${escapeControls(report.baseUrl)}`, ''];
  for (const r of report.results) {
    lines.push(safeLineStart(`${MARK[r.outcome]}  ${r.check.padEnd(10)}  ${r.operationId.padEnd(width)}  ${escapeControls(r.path)}`));
    if (r.outcome !== 'pass') lines.push(safeLineStart(`      ${' '.repeat(width + 12)}  ${escapeControls(r.detail)}`));
  }
  const count = (o: string) => report.results.filter((r) => r.outcome === o).length;
  lines.push('', `${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped`, '');
  return lines.join('\n');
}

/** `teapurl tea get|check`: returns the exit code. */
export async function teaCommand(argv: string[], io: CommandIo): Promise<number> {
  const [action, ...rest] = argv;
  if (action === undefined || action === '-h' || action === '--help') {
    (action === undefined ? io.stderr : io.stdout).write(TEA_HELP);
    return action === undefined ? 2 : 0;
  }
  if (!ACTIONS.includes(action)) {
    const near = nearest(action, ACTIONS);
    throw new UsageError(`unknown action ${quoteArg(action)}${near ? `; did you mean '${near}'?` : ''}; the actions are ${ACTIONS.join(', ')}`, {
      command: 'tea',
    });
  }
  const command = `tea ${action}`;
  const commandLine = parseCommandLine(rest, io, {
    command,
    help: TEA_HELP,
    positionals: true,
    options: { ...API_KEY_OPTIONS, ...TEA_CLIENT_OPTIONS, 'max-objects': { type: 'string', default: '20' }, all: { type: 'boolean', default: false } },
  });
  if (commandLine === null) return 0;
  const { values, positionals } = commandLine;
  const { target, format, timeoutMs, allowInsecureHttp, transport } = readTeaClientArgs(
    values,
    positionals,
    io,
    action === 'get' ? 'the URL of a TEA object' : 'the API base URL, such as https://tea.example.com/v1.0.0',
  );
  try {
    const credentials = readApiKeyArgs(values, io.env);
    if (/^http:/i.test(target) && !allowInsecureHttp)
      throw new UsageError(`${quoteArg(target)} uses http://; TEA servers are reached over TLS only (section 5.4); --allow-http is for local tests`);
    const client = { ...(credentials ? { credentials } : {}), transport, allowInsecureHttp, timeoutMs };
    const onWarning = (message: string) => io.stderr.write(`teapurl ${command}: warning: ${escapeControls(message)}\n`);
    if (values.all && action !== 'get') throw new UsageError('--all goes with tea get');
    const maxBytes = answerMaxBytes();
    if (action === 'get') {
      const { baseUrl, path, search } = splitApiUrl(target);
      const matched = matchOperation(path);
      if (!matched)
        throw new UsageError(`${quoteArg(path)} is not a GET operation of the TEA API (see TEA_OPERATIONS: /product/<uuid>, /artifact/<uuid>/latest, …)`);
      const query = Object.fromEntries(search);
      const api = new TeaApi({ baseUrl, ...client }, { onWarning, maxBytes });
      if (values.all) {
        if (!matched.operation.paginated)
          throw new UsageError(`--all reads a listing; ${quoteArg(path)} (${matched.operation.operationId}) answers one object`);
        // Every page is read before anything is printed: a failure on page 9 leaves no partial list.
        const results: unknown[] = [];
        for await (const item of api.list(matched.operation.operationId, { ...(matched.uuid !== undefined ? { uuid: matched.uuid } : {}), query }))
          results.push(item);
        io.stdout.write(
          format === 'json'
            ? `${escapeJsonText(JSON.stringify(results, null, 2))}\n`
            : results.map((item) => `${escapeJsonText(JSON.stringify(item))}\n`).join(''),
        );
        return 0;
      }
      const value = await api.call(matched.operation.operationId, {
        ...(matched.uuid !== undefined ? { uuid: matched.uuid } : {}),
        ...(matched.version !== undefined ? { version: matched.version } : {}),
        query,
      });
      // The object is the server's: what it spells must not reach the terminal raw.
      io.stdout.write(`${escapeJsonText(JSON.stringify(value, null, 2))}\n`);
      return 0;
    }
    const maxObjects = Number(values['max-objects']);
    if (!Number.isSafeInteger(maxObjects) || maxObjects < 1) throw new UsageError('--max-objects must be a positive whole number');
    const report = await checkTeaServer({ baseUrl: target.replace(/\/+$/, ''), ...client, maxObjects, maxBytes, onWarning });
    io.stdout.write(format === 'json' ? `${escapeJsonText(JSON.stringify(report, null, 2))}\n` : checkText(report));
    return report.passed ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError) {
      error.command ??= command;
      throw error;
    }
    if (error instanceof Error && !(error instanceof TypeError || error instanceof InvalidArgumentError)) {
      io.stderr.write(`teapurl ${command}: ${escapeControls(error.message)}\n${teaFailureHint(error, command, target)}`);
      return 1;
    }
    if (error instanceof TypeError || error instanceof InvalidArgumentError) throw new UsageError(error.message, { command });
    throw error;
  } finally {
    await transport.close?.();
  }
}
