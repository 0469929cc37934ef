/**
 * An answer of the TEA API read (bounded in size and depth, UTF-8) and validated as the kind its
 * operation promises. Loaded by `TeaApi` on the first answer it reads (the TEA objects' validator
 * on the first it validates), so that the client's entry does not carry either.
 */
import type { Finding } from '../../shared/finding.js';
import { andMore } from '../../shared/messages.js';
import { loadTeaValidator } from '../kinds/protocol-validator.js';
import type { TeaOperation } from '../protocol/api-operations.js';
import { BodyTooLargeError, discardBody, isJsonContentType, JsonTooDeepError, readJsonBody, utf8 } from './http.js';
import { toNetworkError } from './network-error.js';
import { TeaApiError, type TeaApiFailure } from './tea-api-error.js';

/** What of a `TeaResult` (tea-client.ts) the reading uses; apart, so that this module imports nothing that loads it. */
interface Answer {
  ok: boolean;
  outcome: string;
  url: string;
  status: number;
  response: Response;
  unauthorizedReason?: string;
}

const FAILURE: Partial<Record<string, TeaApiFailure>> = { 'not-found': 'not-found', forbidden: 'forbidden', unauthorized: 'unauthorized' };

/**
 * One answer to `operation`, read and validated; for a paginated operation, an answer in a form
 * TEA 1.0 replaced is read too, and `legacy` says how.
 */
export async function readAnswer(
  operation: TeaOperation,
  result: Answer,
  maxBytes: number,
  readLegacy: boolean,
): Promise<{ url: string; value: unknown; legacy?: { form: string; results: unknown[]; nextOffset?: number } }> {
  const { operationId, answer: kind } = operation;
  const { url, status, response } = result;
  if (!result.ok) {
    await discardBody(response);
    const failure = FAILURE[result.outcome] ?? 'http-status';
    const why =
      failure === 'not-found'
        ? ' (absent, or not shown to this client)'
        : failure === 'unauthorized'
          ? ` (${result.unauthorizedReason ?? 'no token accepted'})`
          : '';
    throw new TeaApiError(failure, operationId, url, status, `${operationId}: ${url} answered ${status}${why}`);
  }
  const contentType = response.headers.get('content-type');
  if (!isJsonContentType(contentType)) {
    await discardBody(response);
    throw new TeaApiError(
      'content-type',
      operationId,
      url,
      status,
      `${operationId}: ${url} answered with content type ${JSON.stringify(contentType ?? '(none)')}, not application/json`,
    );
  }
  let bytes: Uint8Array;
  try {
    // Size and depth are checked as the bytes arrive, before anything is parsed.
    bytes = await readJsonBody(response, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      throw new TeaApiError('too-large', operationId, url, status, `${operationId}: ${url} answered more than ${maxBytes} bytes`);
    if (error instanceof JsonTooDeepError) {
      const message = error.message.replace(/^the answer /, 'the document ');
      const finding: Finding = { file: url, pointer: '', line: 1, column: 1, severity: 'error', rule: 'json/too-deep', message };
      throw new TeaApiError('invalid-answer', operationId, url, status, `${operationId}: ${url} answered an invalid ${kind}: ${message} [json/too-deep]`, [
        finding,
      ]);
    }
    throw toNetworkError(error, url);
  }
  const text = utf8(bytes);
  if (text === null) throw new TeaApiError('invalid-answer', operationId, url, status, `${operationId}: ${url} answered bytes that are not UTF-8 text`);
  // One pass: validation parses, and hands back the value it judged.
  const validator = await loadTeaValidator();
  const { result: verdict, value } = validator.validateTextValue(text, { kind, file: url });
  const legacy = !verdict.valid && readLegacy ? legacyPage(value) : undefined;
  if (legacy !== undefined) {
    // The items are judged as the page's would be: the old page read as a last page of TEA 1.0.
    const { result: items } = validator.validateTextValue(JSON.stringify({ hasNext: false, results: legacy.results }), { kind, file: url });
    if (items.valid) return { url, value: legacy, legacy };
  }
  if (!verdict.valid) {
    const errors = verdict.findings.filter((f) => f.severity === 'error');
    const first = errors[0]!;
    const at = first.line === null ? '' : ` (line ${first.line}, column ${first.column})`;
    throw new TeaApiError(
      'invalid-answer',
      operationId,
      url,
      status,
      `${operationId}: ${url} answered an invalid ${kind}: at ${first.pointer || '/'}${at}: ${first.message} [${first.rule}]${andMore(errors.length)}`,
      verdict.findings,
    );
  }
  return { url, value };
}

/**
 * A listing answer in a form before TEA 1.0: an offset page (`pageStartIndex`, `totalResults`,
 * no `hasNext`) or a plain list; `undefined` for anything else.
 */
function legacyPage(value: unknown): { form: string; results: unknown[]; nextOffset?: number } | undefined {
  if (Array.isArray(value)) return { form: 'a plain list instead of a page', results: value };
  if (value === null || typeof value !== 'object' || Object.hasOwn(value, 'hasNext')) return undefined;
  const { pageStartIndex, totalResults, results = [] } = value as { pageStartIndex?: unknown; totalResults?: unknown; results?: unknown };
  if (!Number.isSafeInteger(pageStartIndex) || !Number.isSafeInteger(totalResults) || !Array.isArray(results)) return undefined;
  const next = (pageStartIndex as number) + results.length;
  return { form: 'an offset page (pageStartIndex, totalResults)', results, ...(next < (totalResults as number) ? { nextOffset: next } : {}) };
}
