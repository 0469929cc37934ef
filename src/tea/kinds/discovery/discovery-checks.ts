import { quoted } from '../../../shared/describe-value.js';
import type { RawFinding } from '../../../shared/finding.js';
import { humanPath, toPointer } from '../../../shared/pointer.js';
import type { SemanticCheck } from '../../../validation/checks/check-table.js';
import { asArray, asObject, own } from '../../../validation/checks/read.js';
import { diagnoseBaseUrl } from './base-url.js';

interface EndpointUrl {
  index: number;
  url: string;
}

function endpointUrls(document: unknown): EndpointUrl[] {
  const endpoints = asArray(own(asObject(document), 'endpoints'));
  const urls: EndpointUrl[] = [];
  for (let index = 0; index < endpoints.length; index++) {
    const url = own(asObject(endpoints[index]), 'url');
    if (typeof url === 'string') urls.push({ index, url });
  }
  return urls;
}

const ORIGIN = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(.*)$/is;
/** What sameEndpointKey may change: an uppercase letter, or what may be a default port. */
const MAY_NORMALISE = /[A-Z]|:443|:80/;

/**
 * Scheme and host compare without regard to case, and a default port is noise: `HTTPS://Tea.example.com:443/api`
 * is `https://tea.example.com/api`. The schema already confines endpoint URLs to this simple shape.
 */
function sameEndpointKey(url: string): string {
  // Nothing to lowercase and no default port: the URL is its own key (most URLs, without a match).
  if (!MAY_NORMALISE.test(url)) return url;
  const match = ORIGIN.exec(url);
  if (!match) return url;
  const scheme = match[1]!.toLowerCase();
  const authority = match[2]!.toLowerCase();
  const defaultPort = scheme === 'https' ? ':443' : scheme === 'http' ? ':80' : null;
  const host = defaultPort && authority.endsWith(defaultPort) ? authority.slice(0, -defaultPort.length) : authority;
  return `${scheme}://${host}${match[3]}`;
}

const duplicateUrl: SemanticCheck = {
  rule: 'discovery/duplicate-url',
  summary: 'Each endpoint url appears once in the document.',
  check(document) {
    const urls = endpointUrls(document);
    if (urls.length < 2) return [];
    const firstByKey = new Map<string, EndpointUrl>();
    const findings: RawFinding[] = [];
    for (const entry of urls) {
      const key = sameEndpointKey(entry.url);
      const first = firstByKey.get(key);
      if (!first) {
        firstByKey.set(key, entry);
        continue;
      }
      const pointer = toPointer(['endpoints', entry.index, 'url']);
      const spelling = first.url === entry.url ? '' : ` (${quoted(first.url)} names the same URL)`;
      findings.push({
        pointer,
        severity: 'error',
        rule: this.rule,
        message: `${humanPath(pointer)} ${quoted(entry.url)} repeats ${humanPath(toPointer(['endpoints', first.index, 'url']))}${spelling}; list each endpoint once with all its versions`,
      });
    }
    return findings;
  },
};

/** The precedence-relevant part of a SemVer string: build metadata does not count (SemVer 2.0.0 item 10). */
function withoutBuild(version: string): string {
  const plus = version.indexOf('+');
  return plus === -1 ? version : version.slice(0, plus);
}

const duplicateVersion: SemanticCheck = {
  rule: 'discovery/duplicate-version',
  summary: 'An endpoint lists each API version once; versions that differ only in build metadata are ambiguous.',
  check(document) {
    const findings: RawFinding[] = [];
    const endpoints = asArray(own(asObject(document), 'endpoints'));
    for (let e = 0; e < endpoints.length; e++) {
      const versions = asArray(own(asObject(endpoints[e]), 'versions'));
      if (versions.length < 2) continue;
      const exact = new Map<string, number>();
      const precedence = new Map<string, number>();
      const at = (index: number) => toPointer(['endpoints', e, 'versions', index]);
      for (let v = 0; v < versions.length; v++) {
        const version = versions[v];
        if (typeof version !== 'string') continue;
        const earlier = exact.get(version);
        if (earlier !== undefined) {
          findings.push({
            pointer: at(v),
            severity: 'error',
            rule: this.rule,
            message: `${humanPath(at(v))} ${quoted(version)} repeats ${humanPath(at(earlier))}`,
          });
          continue;
        }
        exact.set(version, v);
        const core = withoutBuild(version);
        const same = precedence.get(core);
        if (same === undefined) {
          precedence.set(core, v);
          continue;
        }
        findings.push({
          pointer: at(v),
          severity: 'warning',
          rule: 'discovery/ambiguous-version',
          message: `${humanPath(at(v))} ${quoted(version)} has the same precedence as ${humanPath(at(same))}; build metadata does not order versions, so clients cannot choose between them`,
        });
      }
    }
    return findings;
  },
};

const insecureUrl: SemanticCheck = {
  rule: 'discovery/insecure-url',
  summary: 'An http:// endpoint is allowed for local testing only; deployments use https.',
  check(document) {
    const findings: RawFinding[] = [];
    const endpoints = asArray(own(asObject(document), 'endpoints'));
    for (let index = 0; index < endpoints.length; index++) {
      const url = own(asObject(endpoints[index]), 'url');
      if (typeof url !== 'string' || !url.startsWith('http://')) continue;
      const pointer = toPointer(['endpoints', index, 'url']);
      findings.push({
        pointer,
        severity: 'warning',
        rule: this.rule,
        message: `${humanPath(pointer)} ${quoted(url)} uses http://, which is allowed for local testing only (section 2.2); deployments use https`,
      });
    }
    return findings;
  },
};

const baseUrl: SemanticCheck = {
  rule: 'discovery/base-url',
  summary:
    'Each endpoint url is an absolute http(s) base URL: a lowercase scheme, a host, no userinfo, query, fragment, white space or trailing slash; each mistake is named with what to do.',
  check(document, context) {
    const findings: RawFinding[] = [];
    // Only a URL the schema rejects is diagnosed: with nothing rejected, there is nothing to do.
    if (context.rejected === undefined || context.rejected.size === 0) return findings;
    for (const { index, url } of endpointUrls(document)) {
      const pointer = toPointer(['endpoints', index, 'url']);
      // Only a URL the schema rejects is diagnosed: the finding speaks for the schema's.
      if (context.rejected?.has(pointer) !== true) continue;
      const diagnosis = diagnoseBaseUrl(url);
      if (diagnosis.problems.length === 0) continue;
      const finding: RawFinding = {
        pointer,
        severity: 'error',
        rule: this.rule,
        message: `${humanPath(pointer)} ${quoted(diagnosis.shown)} ${diagnosis.message}`,
        explainsSchema: true,
      };
      if (diagnosis.rewrite !== null) finding.fix = { pointer, replacement: diagnosis.rewrite };
      findings.push(finding);
    }
    return findings;
  },
};

/** The discovery-document rules beyond the schema. */
export const DISCOVERY_CHECKS: readonly SemanticCheck[] = [baseUrl, duplicateUrl, duplicateVersion, insecureUrl];
