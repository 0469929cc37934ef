import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ArtifactLocation, Location, Log, ReportingDescriptor, Result } from 'sarif';
import type { Finding, ValidationResult } from '../../validator/index.js';
import type { FileFix } from '../../validator/node/fix-files.js';
import { ruleDescription, ruleDocsPath } from './rule-descriptions.js';
import { escapeJsonText } from './safe-text.js';

/** The OASIS SARIF 2.1.0 schema (errata 01), the one `$schema` names. */
export const SARIF_SCHEMA_URI = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** teapurl's page on the npm registry: its home when the package declares no `homepage`. */
const FALLBACK_HOME = 'https://www.npmjs.com/package/teapurl';

/**
 * The guides of one version of the package, which ships them (docs/): a rule's help link names
 * the guide and section that describe the rules of the version that reported it.
 */
function packageFileUrl(version: string, file: string): string {
  return `https://unpkg.com/teapurl@${encodeURIComponent(version)}/${file}`;
}

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
  /** teapurl's version and home page, for `tool.driver`. */
  version: string;
  homepage: string | undefined;
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
    const helpUri = packageFileUrl(options.version, ruleDocsPath(id));
    // GitHub code scanning requires fullDescription and help besides the short description.
    return {
      id,
      name: friendlyName(id),
      shortDescription: { text: description },
      fullDescription: { text: `${description} (teapurl rule ${id})` },
      help: { text: `${description} The rules teapurl applies are listed in its guide to validation: ${helpUri}` },
      helpUri,
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
            ...(options.problems.length > 0 ? { toolExecutionNotifications: options.problems.map((text) => ({ level: 'error' as const, message: { text } })) } : {}),
          },
        ],
        results: sarifResults,
        ...(options.fixes ? { properties: fixProperties(options.fixes, options) } : {}),
      },
    ],
  };
  return `${escapeJsonText(JSON.stringify(log, null, 2))}\n`;
}
