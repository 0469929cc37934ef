import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ArtifactLocation, Location, Log, ReportingDescriptor, Result } from 'sarif';
import type { Finding, ValidationResult } from '../../validator/index.js';
import type { FileFix } from '../../validator/node/fix-files.js';
import { ruleDescription, ruleDocsPath, ruleHelp } from './rule-descriptions.js';
import { escapeJsonText } from './safe-text.js';

/** The OASIS SARIF 2.1.0 schema (errata 01), the one `$schema` names. */
export const SARIF_SCHEMA_URI = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/**
 * The web address of a file of the package's repository at the version that reported it, from
 * package.json's `repository` (a GitHub, GitLab or Bitbucket URL, `git+https://…`, `github:o/r`
 * or `o/r`), at the tag `v<version>` that `npm version` makes; else under `homepage`. `undefined`
 * when the package declares neither: a rule's help then names the guide's path in the package.
 */
export function repositoryFileUrl(file: string, info: { version: string; repository?: string | undefined; homepage?: string | undefined }): string | undefined {
  const repository = info.repository === undefined ? undefined : repositoryWebUrl(info.repository);
  if (repository !== undefined) {
    const blob = /gitlab\./.test(repository) ? '-/blob' : /bitbucket\./.test(repository) ? 'src' : 'blob';
    return `${repository}/${blob}/v${encodeURIComponent(info.version)}/${file}`;
  }
  if (info.homepage !== undefined && /^https?:\/\//.test(info.homepage)) return `${info.homepage.replace(/#.*$/, '').replace(/\/+$/, '')}/${file}`;
  return undefined;
}

/** `https://host/owner/name` of a package.json `repository` URL, or `undefined` when it is not one teapurl can read. */
function repositoryWebUrl(repository: string): string | undefined {
  const shorthand = /^(?:(github|gitlab|bitbucket):)?([\w.-]+)\/([\w.-]+)$/.exec(repository);
  if (shorthand)
    return `https://${shorthand[1] ?? 'github'}.${shorthand[1] === 'bitbucket' ? 'org' : 'com'}/${shorthand[2]}/${shorthand[3]!.replace(/\.git$/, '')}`;
  const url =
    /^(?:git\+)?(?:https?|ssh|git):\/\/(?:[^@/]+@)?([^/:]+)(?::\d+)?[/:](.+?)(?:\.git)?\/?$/.exec(repository) ??
    /^git@([^:]+):(.+?)(?:\.git)?$/.exec(repository);
  return url ? `https://${url[1]}/${url[2]}` : undefined;
}

/** teapurl's page on the npm registry: its home when the package declares no `homepage`. */
const FALLBACK_HOME = 'https://www.npmjs.com/package/teapurl';

/** The base that relative artifact URIs are resolved against, declared in `originalUriBaseIds`. */
const SRCROOT = '%SRCROOT%';

/** What the SARIF report needs besides the results. */
export interface SarifOptions {
  /** Artifact URIs are relative to this folder (the working directory). */
  cwd: string;
  /** Errors only, as `--quiet` asks of every format. */
  quiet: boolean;
  /** The name standard input was validated under (`<stdin>`): it has no URI. */
  stdinName: string;
  /** teapurl's version and home page, for `tool.driver`; its repository, for the rules' help links. */
  version: string;
  homepage: string | undefined;
  repository?: string | undefined;
  /** Arguments that named nothing to check: tool execution notifications, and the run did not succeed. */
  problems: readonly string[];
  /** What `validate --fix` did: kept in the run's property bag as `teapurlFix`. */
  fixes?: SarifFixes;
}

/** What `validate --fix` did to each file, for the SARIF run that reports what is left. */
export interface SarifFixes {
  dryRun: boolean;
  files: readonly Pick<FileFix, 'file' | 'outcome' | 'note' | 'applied'>[];
}

/** The fixes as run properties: each file by the URI its results use, with what was (or would be) changed. */
function fixProperties(fixes: SarifFixes, options: SarifOptions): Record<string, unknown> {
  const files = fixes.files.map((f) => ({
    uri: f.file === options.stdinName ? '-' : artifactUri(f.file, options.cwd).uri,
    outcome: f.outcome,
    ...(f.note ? { note: f.note } : {}),
    fixed: f.applied.map((a) => ({ pointer: a.pointer, line: a.line, column: a.column, rule: a.rule, before: a.before, after: a.after })),
  }));
  return { teapurlFix: { dryRun: fixes.dryRun, fixed: fixes.files.reduce((n, f) => n + f.applied.length, 0), files } };
}

/** A path as a URI reference: relative to `cwd` (segments percent-encoded, `/` between them), or a `file:` URI outside it. */
export function artifactUri(file: string, cwd: string): { uri: string; relative: boolean } {
  const absolute = path.resolve(cwd, file);
  const relative = path.relative(cwd, absolute);
  if (relative === '' || relative.startsWith(`..${path.sep}`) || relative === '..' || path.isAbsolute(relative)) {
    return { uri: pathToFileURL(absolute).href, relative: false };
  }
  return { uri: relative.split(path.sep).map(encodeURIComponent).join('/'), relative: true };
}

function location(f: Finding, options: SarifOptions): Location {
  let artifactLocation: ArtifactLocation;
  if (f.file === options.stdinName) {
    // `-`, as the command line names standard input: GitHub refuses a location without a URI.
    artifactLocation = { uri: '-', description: { text: 'standard input' } };
  } else {
    const { uri, relative } = artifactUri(f.file, options.cwd);
    artifactLocation = relative ? { uri, uriBaseId: SRCROOT } : { uri };
  }
  const place: Location = {
    physicalLocation: {
      artifactLocation,
      ...(f.line !== null && f.column !== null ? { region: { startLine: f.line, startColumn: f.column } } : {}),
    },
  };
  if (f.pointer !== '') place.logicalLocations = [{ fullyQualifiedName: f.pointer }];
  return place;
}

/** A rule's "friendly name", one Pascal-case word as SARIF suggests: `discovery/insecure-url` → `DiscoveryInsecureUrl`. */
function friendlyName(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}

/**
 * SARIF 2.1.0 for GitHub code scanning, GitLab and Azure DevOps: one run whose `tool.driver`
 * lists every rule that has a result, each result with its rule, level, message, the file
 * relative to the working directory, line and column (UTF-16 code units, as SARIF counts by
 * default), and the JSON pointer as a logical location.
 */
export function formatSarif(results: readonly ValidationResult[], options: SarifOptions): string {
  const findings = results.flatMap((r) => (options.quiet ? r.findings.filter((f) => f.severity === 'error') : r.findings));
  const ruleIds = [...new Set(findings.map((f) => f.rule))].sort();
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]));
  const home = options.homepage ?? FALLBACK_HOME;
  const rules: ReportingDescriptor[] = ruleIds.map((id) => {
    const description = ruleDescription(id);
    const helpUri = repositoryFileUrl(ruleDocsPath(id), options);
    // GitHub code scanning requires fullDescription and help besides the short description; the
    // help is carried whole, so that it reads without a network.
    return {
      id,
      name: friendlyName(id),
      shortDescription: { text: description },
      fullDescription: { text: `${description} (teapurl rule ${id})` },
      help: ruleHelp(id, helpUri),
      ...(helpUri === undefined ? {} : { helpUri }),
    };
  });
  const sarifResults: Result[] = findings.map((f) => ({
    ruleId: f.rule,
    ruleIndex: ruleIndex.get(f.rule)!,
    level: f.severity,
    message: { text: f.message },
    locations: [location(f, options)],
    properties: { pointer: f.pointer },
  }));
  const log: Log = {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'teapurl', version: options.version, informationUri: home, rules } },
        originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(`${path.resolve(options.cwd)}${path.sep}`).href } },
        columnKind: 'utf16CodeUnits',
        invocations: [
          {
            executionSuccessful: options.problems.length === 0,
            ...(options.problems.length > 0
              ? { toolExecutionNotifications: options.problems.map((text) => ({ level: 'error' as const, message: { text } })) }
              : {}),
          },
        ],
        results: sarifResults,
        ...(options.fixes ? { properties: fixProperties(options.fixes, options) } : {}),
      },
    ],
  };
  return `${escapeJsonText(JSON.stringify(log, null, 2))}\n`;
}
