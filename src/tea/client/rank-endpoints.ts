/**
 * Endpoint selection (section 9): which API base URL of a discovery document a client uses.
 */
import type { TeaDiscoveryDocument } from '../../../types/index.js';
import { discoveryDocumentValidator } from '../kinds/protocol-validator.js';
import type { Finding } from '../../shared/finding.js';
import { andMore, findingPlace } from '../../shared/messages.js';
import { compareSemVer, parseSemVer, type SemVer } from '../../shared/semver.js';
import { InvalidArgumentError, TeapurlError } from '../../shared/errors.js';

/**
 * One usable endpoint, with the version the client will speak to it.
 *
 * @example
 * ```ts
 * import { rankEndpoints, type RankedEndpoint } from 'teapurl/tea';
 * const [best]: RankedEndpoint[] = rankEndpoints(
 *   { schemaVersion: 1, endpoints: [{ url: 'https://tea.example.com', versions: ['1.0.0+build.5'] }] },
 *   ['1.0.0'],
 * );
 * // { url: 'https://tea.example.com', version: '1.0.0+build.5', baseUrl: 'https://tea.example.com/v1.0.0+build.5',
 * //   priority: 1, clientVersion: '1.0.0', index: 0, versions: ['1.0.0+build.5'] }
 * ```
 */
export interface RankedEndpoint {
  /** The endpoint `url` exactly as the document gives it. */
  url: string;
  /** The endpoint's own spelling of the chosen version, build metadata included. */
  version: string;
  /** The API base for that version: `url + "/v" + version` (section 9 item 3). */
  baseUrl: string;
  /** The effective priority: the document's value, or 1 when absent (section 2.2). */
  priority: number;
  /** The client's version string that matched `version`. */
  clientVersion: string;
  /** Position of the endpoint in the document's `endpoints` array. */
  index: number;
  /** Every version the endpoint lists. */
  versions: string[];
}

/**
 * Options for {@link rankEndpoints} and {@link selectEndpoint}.
 *
 * @example
 * ```ts
 * import { selectEndpoint, type RankOptions } from 'teapurl/tea';
 * const local: RankOptions = { allowInsecureHttp: true };
 * selectEndpoint({ schemaVersion: 1, endpoints: [{ url: 'http://localhost:8080', versions: ['1.0.0'] }] }, ['1.0.0'], local).baseUrl;
 * // 'http://localhost:8080/v1.0.0' (without the option: NoSharedVersionError)
 * ```
 */
export interface RankOptions {
  /**
   * Keep `http://` endpoints. Off by default: a TEA server is reachable only over TLS (section 5.4),
   * so plain-HTTP endpoints are only for local tests.
   */
  allowInsecureHttp?: boolean;
}

/**
 * The discovery document broke a rule of sections 2.1, 2.2 or 8. `code` is always
 * `'invalid-document'`, as the matching {@link DiscoveryFailure}; `rule` and `pointer` name the
 * first error; `findings` has them all.
 *
 * @example
 * ```ts
 * import { rankEndpoints, InvalidDiscoveryDocumentError } from 'teapurl/tea';
 * try { rankEndpoints({ schemaVersion: 1, endpoints: [] }, ['1.0.0']); }
 * catch (e) { if (e instanceof InvalidDiscoveryDocumentError) console.log(e.rule, e.pointer); } // schema/minItems /endpoints
 * ```
 */
export class InvalidDiscoveryDocumentError extends TeapurlError<'invalid-document'> {
  /** Always `'InvalidDiscoveryDocumentError'`. */
  override name = 'InvalidDiscoveryDocumentError';
  /** The rule of the first error, such as `schema/pattern`. */
  readonly rule: string;
  /** JSON Pointer to the value of the first error. */
  readonly pointer: string;
  /** Every finding of the validator, warnings included. */
  readonly findings: readonly Finding[];

  constructor(findings: readonly Finding[]) {
    const errors = findings.filter((f) => f.severity === 'error');
    const first = errors[0];
    super(
      first ? `invalid discovery document at ${findingPlace(first)}: ${first.message} (${first.rule})${andMore(errors.length)}` : 'invalid discovery document',
      { code: 'invalid-document' },
    );
    this.rule = first?.rule ?? 'unknown';
    this.pointer = first?.pointer ?? '';
    this.findings = findings;
  }
}

/**
 * The client and the document have no API version in common (or no endpoint is usable). `code`
 * is always `'no-shared-version'`, as the matching {@link DiscoveryFailure}.
 *
 * @example
 * ```ts
 * import { selectEndpoint, NoSharedVersionError } from 'teapurl/tea';
 * try { selectEndpoint({ schemaVersion: 1, endpoints: [{ url: 'https://tea.example.com', versions: ['1.0.0'] }] }, ['2.0.0']); }
 * catch (e) { if (e instanceof NoSharedVersionError) console.log(e.message); }
 * // no API version is shared: the client speaks 2.0.0; https://tea.example.com offers 1.0.0
 * ```
 */
export class NoSharedVersionError extends TeapurlError<'no-shared-version'> {
  /** Always `'NoSharedVersionError'`. */
  override name = 'NoSharedVersionError';

  constructor(
    /** The versions the client speaks. */
    readonly clientVersions: readonly string[],
    /** What each endpoint offered. */
    readonly endpoints: ReadonlyArray<{
      /** The endpoint URL as the document gives it. */
      url: string;
      /** Every version the endpoint lists. */
      versions: readonly string[];
    }>,
    reason?: string,
  ) {
    const offered = endpoints.map((e) => `${e.url} offers ${e.versions.join(', ')}`).join('; ');
    super(
      reason ??
        `no API version is shared: the client speaks ${clientVersions.length ? clientVersions.join(', ') : '(none)'}; ${offered || 'the document lists no endpoint'}`,
      { code: 'no-shared-version' },
    );
  }
}

function parseClientVersions(clientVersions: readonly string[]): Array<{ raw: string; semver: SemVer }> {
  if (!Array.isArray(clientVersions) || clientVersions.length === 0) {
    throw new InvalidArgumentError('clientVersions must list at least one API version the client speaks, such as ["1.0.0"]');
  }
  return clientVersions.map((raw) => {
    const semver = typeof raw === 'string' ? parseSemVer(raw) : null;
    if (!semver) throw new InvalidArgumentError(`client version ${JSON.stringify(raw)} is not a semantic version (MAJOR.MINOR.PATCH, no leading v)`);
    return { raw, semver };
  });
}

/**
 * Ranks the usable endpoints of a discovery document, most preferred first (section 9):
 *
 * 1. the highest API version shared by client and endpoint, by SemVer 2.0.0 precedence;
 * 2. then the higher `priority` (absent counts as 1);
 * 3. then document order.
 *
 * A client version and an endpoint version are *shared* when they have equal precedence, so build
 * metadata never decides a match (`1.0.0+build.5` on the server matches `1.0.0` in the client),
 * while `baseUrl` keeps the endpoint's exact string. Endpoints sharing no version are left out;
 * `http://` endpoints too unless `allowInsecureHttp` is set.
 *
 * Throws {@link InvalidDiscoveryDocumentError} when the document is invalid, a `TypeError` for a
 * client version that is not SemVer, and {@link NoSharedVersionError} when nothing is usable.
 *
 * @example
 * ```ts
 * import { rankEndpoints } from 'teapurl/tea';
 * const ranked = rankEndpoints(
 *   { schemaVersion: 1, endpoints: [
 *     { url: 'https://a.example.com/tea', versions: ['1.0.0'], priority: 0.5 },
 *     { url: 'https://b.example.com', versions: ['1.0.0', '1.1.0-rc.1'] },
 *   ] },
 *   ['1.0.0'],
 * );
 * ranked.map((e) => e.baseUrl); // ['https://b.example.com/v1.0.0', 'https://a.example.com/tea/v1.0.0']
 * ```
 */
export function rankEndpoints(doc: unknown, clientVersions: readonly string[], options: RankOptions = {}): RankedEndpoint[] {
  const clients = parseClientVersions(clientVersions);
  const verdict = discoveryDocumentValidator.validateDocument(doc, { kind: 'tea-discovery' });
  if (!verdict.valid) throw new InvalidDiscoveryDocumentError(verdict.findings);
  return rankValidated(doc as TeaDiscoveryDocument, clients, options);
}

/**
 * Ranks the endpoints of a document the validator has already accepted (discovery validates the
 * text it reads, and ranks the value it parsed, once). Not public API: {@link rankEndpoints}
 * validates its input first.
 */
export function rankValidatedDocument(document: TeaDiscoveryDocument, clientVersions: readonly string[], options: RankOptions = {}): RankedEndpoint[] {
  return rankValidated(document, parseClientVersions(clientVersions), options);
}

function rankValidated(document: TeaDiscoveryDocument, clients: ReadonlyArray<{ raw: string; semver: SemVer }>, options: RankOptions): RankedEndpoint[] {
  const clientVersions = clients.map((c) => c.raw);

  const candidates: Array<RankedEndpoint & { semver: SemVer }> = [];
  let insecureSkipped = 0;
  document.endpoints.forEach((endpoint, index) => {
    if (endpoint.url.startsWith('http://') && !options.allowInsecureHttp) {
      insecureSkipped++;
      return;
    }
    let best: { version: string; semver: SemVer; clientVersion: string } | null = null;
    for (const version of endpoint.versions) {
      const semver = parseSemVer(version);
      if (!semver) continue; // validated above; only unsafe-integer parts can get here
      const client = clients.find((c) => compareSemVer(c.semver, semver) === 0);
      if (!client) continue;
      if (!best || compareSemVer(semver, best.semver) > 0) best = { version, semver, clientVersion: client.raw };
    }
    if (!best) return;
    candidates.push({
      url: endpoint.url,
      version: best.version,
      baseUrl: `${endpoint.url}/v${best.version}`,
      priority: endpoint.priority ?? 1,
      clientVersion: best.clientVersion,
      index,
      versions: [...endpoint.versions],
      semver: best.semver,
    });
  });

  if (candidates.length === 0) {
    const offered = document.endpoints.map((e) => ({ url: e.url, versions: [...e.versions] }));
    const reason =
      insecureSkipped === document.endpoints.length
        ? `every endpoint uses http://, and TEA servers are reached over TLS only (section 5.4): ${offered.map((e) => e.url).join(', ')}`
        : undefined;
    throw new NoSharedVersionError(clientVersions, offered, reason);
  }

  // Array.prototype.sort is stable, so equal entries keep document order.
  candidates.sort((a, b) => compareSemVer(b.semver, a.semver) || b.priority - a.priority);
  return candidates.map(({ semver: _semver, ...entry }) => entry);
}

/**
 * The preferred endpoint: the first of {@link rankEndpoints}. Throws {@link NoSharedVersionError},
 * listing what each side offered, when client and document share no version.
 *
 * @example
 * ```ts
 * import { selectEndpoint } from 'teapurl/tea';
 * const { baseUrl } = selectEndpoint(await (await fetch('https://tea.example.com/.well-known/tea')).json(), ['1.0.0']);
 * ```
 */
export function selectEndpoint(doc: unknown, clientVersions: readonly string[], options: RankOptions = {}): RankedEndpoint {
  return rankEndpoints(doc, clientVersions, options)[0]!;
}
