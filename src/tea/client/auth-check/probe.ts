/**
 * What every probe of `authCheck` shares: the URLs, one way to send a request and read its
 * answer, and the verdicts recorded so far.
 */
import { cut } from '../../../shared/messages.js';
import { encodeBasicCredentials } from '../../protocol/basic-credentials.js';
import { readBody, randomHex, utf8 } from '../http.js';
import { toNetworkError } from '../network-error.js';
import type { TeaTransport } from '../transport.js';
import { AUTH_CHECK_RULES, type AuthCheckReport, type AuthCheckResult, type AuthCheckRuleId } from './rules.js';

/** An answer as the probes read it: status, headers, the body as text and as JSON when it is. */
export interface Seen {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  readonly text: string | null;
  readonly json: unknown;
}

/** The `error` member of a JSON answer, when it is a string. */
export function oauthError(seen: Seen): string | undefined {
  const error = (seen.json as { error?: unknown } | undefined)?.error;
  return typeof error === 'string' ? error : undefined;
}

/** Server text in a detail: one line, cut. */
export function oneLine(text: string): string {
  return cut(text.replace(/\s+/g, ' ').trim(), 120);
}

/** A made-up value no server issued or knows, for the probes that send a wrong credential. */
export function madeUp(prefix: string, bytes = 16): string {
  return `${prefix}-${randomHex(bytes)}`;
}

/** The largest answer a probe reads. */
const MAX_ANSWER = 256 * 1024;

/** One run of the checker against one server. */
export class Probe {
  private readonly verdicts = new Map<AuthCheckRuleId, Omit<AuthCheckResult, 'id' | 'section' | 'title'>>();
  /** Set by the token probes when the key given was refused, not the server at fault. */
  tokenRefusal: string | null = null;

  constructor(
    readonly root: string,
    readonly resourceUrl: string,
    readonly tokenUrl: string,
    private readonly transport: TeaTransport,
    private readonly timeoutMs: number,
  ) {}

  pass(id: AuthCheckRuleId, detail: string): void {
    this.verdicts.set(id, { outcome: 'pass', detail });
  }

  fail(id: AuthCheckRuleId, detail: string): void {
    this.verdicts.set(id, { outcome: 'fail', detail });
  }

  skip(id: AuthCheckRuleId, detail: string): void {
    this.verdicts.set(id, { outcome: 'skip', detail });
  }

  /** Skips every rule that has no verdict yet. */
  skipTheRest(detail: string): void {
    for (const rule of AUTH_CHECK_RULES) if (!this.verdicts.has(rule.id)) this.skip(rule.id, detail);
  }

  /** Sends one request (never following a redirect) and reads its answer, bounded. Throws a `NetworkError` for no answer. */
  async send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Seen> {
    try {
      const response = await this.transport.send(url, {
        method,
        headers: new Headers(headers),
        ...(body !== undefined ? { body } : {}),
        signal: AbortSignal.timeout(this.timeoutMs),
        // Only the token endpoint and the resource are asked: both are the service's.
        toService: true,
      });
      let text: string | null = null;
      try {
        text = utf8(await readBody(response, MAX_ANSWER));
      } catch {
        text = null;
      }
      let json: unknown;
      try {
        json = text === null ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, headers: response.headers, text, json };
    } catch (error) {
      throw toNetworkError(error, url);
    }
  }

  /** `GET` the probed resource with these headers. */
  resource(headers: Record<string, string>): Promise<Seen> {
    return this.send(this.resourceUrl, 'GET', headers);
  }

  /** `POST /token` with an API key (or none) and a grant type. */
  token(keyId: string, secret: string, grantType: string): Promise<Seen> {
    return this.send(
      this.tokenUrl,
      'POST',
      { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', authorization: encodeBasicCredentials(keyId, secret) },
      new URLSearchParams({ grant_type: grantType }).toString(),
    );
  }

  /** The report, one result per rule in {@link AUTH_CHECK_RULES} order. */
  report(authentication: AuthCheckReport['authentication']): AuthCheckReport {
    const results = AUTH_CHECK_RULES.map(
      (rule): AuthCheckResult => ({
        id: rule.id,
        section: rule.section,
        title: rule.title,
        ...(this.verdicts.get(rule.id) ?? { outcome: 'skip', detail: 'not probed' }),
      }),
    );
    return {
      baseUrl: this.root,
      resourceUrl: this.resourceUrl,
      authentication,
      passed: results.every((r) => r.outcome !== 'fail'),
      tokenRefusal: this.tokenRefusal,
      results,
    };
  }
}
