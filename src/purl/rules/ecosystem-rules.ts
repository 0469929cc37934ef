import type { PurlRule } from './purl-rule.js';
import { deepFreeze } from '../../shared/deep-freeze.js';

// Each rule here implements a sentence that a type definition states in prose; the `summary`
// is what documentation pages show beside the definition's own wording.

/** PyPI compares project names with runs of `_` written as `-` (PEP 503 style). */
const pypiUnderscoreToDash: PurlRule = {
  id: 'pypi/name/underscore-to-dash',
  type: 'pypi',
  component: 'name',
  summary: 'Each "_" in the name becomes "-".',
  apply: (name) => (name.includes('_') ? name.replaceAll('_', '-') : name),
};

/** A CPAN distribution name uses `-` where a module name uses `::`; a name with `::` is a module. */
const cpanNoModuleName: PurlRule = {
  id: 'cpan/name/distribution-not-module',
  type: 'cpan',
  component: 'name',
  summary: 'The name is a distribution name (URI-PackageURL), never a module name containing "::" (URI::PackageURL).',
  apply(name, context) {
    if (name.includes('::')) {
      context.fail(`cpan name ${JSON.stringify(name)} is a module name; use the distribution name (${JSON.stringify(name.replaceAll('::', '-'))})`);
    }
    return name;
  },
};

/** Azure Databricks treats MLflow model names case-insensitively; Azure ML does not. */
const mlflowDatabricksLowercase: PurlRule = {
  id: 'mlflow/name/databricks-lowercase',
  type: 'mlflow',
  component: 'name',
  summary: 'Lowercased when repository_url points at Azure Databricks (azuredatabricks.net), kept as is elsewhere.',
  apply(name, context) {
    const repository = context.components.qualifiers?.repository_url;
    return repository !== undefined && isDatabricksUrl(repository) ? name.toLowerCase() : name;
  },
};

/** The authority of a URL with a scheme (`scheme://authority/...`). */
const URL_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)/i;
const DATABRICKS_HOST = /(^|\.)azuredatabricks\.net(:\d+)?$/i;

function isDatabricksUrl(url: string): boolean {
  const host = URL_AUTHORITY.exec(url)?.[1] ?? url.split('/')[0] ?? '';
  return DATABRICKS_HOST.test(host);
}

/** A git namespace is the host alone; the repository path on it (owner and name) is the name. */
const gitRepositoryPath: PurlRule = {
  id: 'git/name/repository-path',
  type: 'git',
  component: 'name',
  summary: 'The namespace is the host; everything after it (owner/repository) is the name, written with unencoded "/".',
  namespaceSegments: 1,
  apply: (name) => name,
};

/** A git namespace is a host name, and host names ignore case. */
const gitHostLowercase: PurlRule = {
  id: 'git/namespace/host-lowercase',
  type: 'git',
  component: 'namespace',
  summary: 'The host is lowercased, as host names ignore case.',
  apply: (host) => host.toLowerCase(),
};

/** GitHub treats owner and repository names case-insensitively, as the github type says. */
const gitGithubLowercase: PurlRule = {
  id: 'git/name/github-lowercase',
  type: 'git',
  component: 'name',
  summary: 'Lowercased when the host is GitHub (github.com, or the short form github), which ignores case.',
  apply(name, context) {
    const host = context.components.namespace?.toLowerCase();
    return host === 'github' || host === 'github.com' ? name.toLowerCase() : name;
  },
};

/**
 * teapurl's rules for the statements that the PURL types registered with the PURL specification
 * make in prose only: what every engine uses unless it is given other rules
 * ({@link PurlEngineOptions.rules}). Frozen; extend it by making a new list.
 *
 * @example
 * ```ts
 * import { bundledPurlEngine, defaultPurlRules, type PurlRule } from 'teapurl/purl';
 * const noLatest: PurlRule = {
 *   id: 'cargo/version/no-latest',
 *   type: 'cargo',
 *   component: 'version',
 *   summary: 'The version is a real release, never "latest".',
 *   apply: (version, context) => (version === 'latest' ? context.fail('cargo version "latest" is not a release') : version),
 * };
 * const engine = bundledPurlEngine({ rules: [...defaultPurlRules, noLatest] });
 * engine.validate('pkg:cargo/rand@latest').errors[0]?.code; // 'rule-violation'
 * ```
 */
export const defaultPurlRules: readonly PurlRule[] = deepFreeze([
  pypiUnderscoreToDash,
  cpanNoModuleName,
  mlflowDatabricksLowercase,
  gitRepositoryPath,
  gitHostLowercase,
  gitGithubLowercase,
]);
