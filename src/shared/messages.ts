/**
 * The sentences teapurl builds in many places, written once: a long text cut for a message, "the
 * first problem (and N more)", and the message for a fault inside teapurl. Every layer uses them,
 * so they live in the lowest one.
 */
import type { Finding } from './finding.js';
import { andMore, cut, MAX_QUOTED_ERROR } from './message-text.js';

export { andMore, cut, MAX_QUOTED_ERROR } from './message-text.js';

/**
 * A long URL shortened for a message: its origin, `…`, and its last two path segments
 * (`https://tea.example.com/…/collection/latest`); a URL of at most `max` characters as it is.
 */
export function shortUrl(url: string, max = 60): string {
  if (url.length <= max) return url;
  try {
    const parsed = new URL(url);
    const segments = parsed.pathname.split('/').filter((s) => s !== '');
    const tail = segments.slice(-2).join('/');
    const short = `${parsed.origin}/…/${tail}${parsed.search === '' ? '' : '?…'}`;
    return short.length < url.length ? short : url;
  } catch {
    return cut(url, max);
  }
}

/**
 * What went wrong, for a report line: the whole message of an error teapurl made about a URL (one
 * with a `url` the message names: a typed API call, a download, a network failure), with that URL
 * shortened when the message is long, so the reason (pointer, rule, words) is never cut; any other error as
 * {@link errorText} quotes it, cut, without its `Name: `.
 */
export function failureReason(error: unknown): string {
  const url = (error as { url?: unknown } | null)?.url;
  if (error instanceof Error && typeof url === 'string' && url !== '' && error.message.includes(url)) {
    return error.message.length <= MAX_QUOTED_ERROR ? error.message : error.message.split(url).join(shortUrl(url));
  }
  return errorText(error).replace(/^\w*Error: /, '');
}

/** What went wrong in a caught value, as a message quotes it: `Name: message`, cut. */
export function errorText(error: unknown, max = MAX_QUOTED_ERROR): string {
  return cut(error instanceof Error ? `${error.name}: ${error.message}` : String(error), max);
}

/** Where a finding is: `line:column` when placed in a text, else its JSON Pointer (`/` for the whole document). */
export function findingPlace(finding: Pick<Finding, 'line' | 'column' | 'pointer'>): string {
  return finding.line === null ? finding.pointer || '/' : `${finding.line}:${finding.column}`;
}

/** `source:place: message (rule) (and N more)`: the first of `findings`, for an error that refuses a whole document. */
export function firstFindingMessage(source: string, findings: readonly Pick<Finding, 'line' | 'column' | 'pointer' | 'message' | 'rule'>[]): string {
  const first = findings[0];
  if (first === undefined) return `${source}: invalid document`;
  return `${source}:${findingPlace(first)}: ${first.message} (${first.rule})${andMore(findings.length)}`;
}

/** Who is at fault when a step fails for no reason the input explains. */
export interface FaultOptions {
  /** Whose fault it is; default teapurl. */
  readonly culprit?: string;
  /** Whom to tell; default the teapurl maintainers. */
  readonly reportTo?: string;
  /** Add "not a verdict on the document": the step judges documents. */
  readonly notAVerdict?: boolean;
  /** What to send with the report, such as "this file". */
  readonly attach?: string;
}

/**
 * The message for a step that failed inside teapurl (or a check given to it), never blamed on the
 * input: `<what> failed (<error>); this is a fault in …: please report it to …`.
 */
export function faultMessage(what: string, error: unknown, options: FaultOptions = {}): string {
  const culprit = options.culprit ?? 'teapurl';
  const verdict = options.notAVerdict ? ', not a verdict on the document' : '';
  const attach = options.attach ? ` with ${options.attach}` : '';
  return `${what} (${errorText(error)}); this is a fault in ${culprit}${verdict}: please report it to ${options.reportTo ?? 'the teapurl maintainers'}${attach}`;
}
