import type { RawFinding } from '../finding.js';
import { humanPath, toPointer } from '../pointer.js';
import { registerChecks, type SemanticCheck } from './registry.js';
import { asArray, asObject, own } from './read.js';

interface EndpointUrl {
  index: number;
  url: string;
}

function endpointUrls(document: unknown): EndpointUrl[] {
  return asArray(own(asObject(document), 'endpoints')).flatMap((endpoint, index) => {
    const url = own(asObject(endpoint), 'url');
    return typeof url === 'string' ? [{ index, url }] : [];
  });
}

/** Scheme and host compare case-insensitively and a default port is noise, so compare WHATWG-normalised URLs. */
function sameEndpointKey(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

const duplicateUrl: SemanticCheck = {
  rule: 'discovery/duplicate-url',
  summary: 'Each endpoint url appears once in the document.',
  check(document) {
    const firstByKey = new Map<string, EndpointUrl>();
    const findings: RawFinding[] = [];
    for (const entry of endpointUrls(document)) {
      const key = sameEndpointKey(entry.url);
      const first = firstByKey.get(key);
      if (!first) {
        firstByKey.set(key, entry);
        continue;
      }
      const pointer = toPointer(['endpoints', entry.index, 'url']);
      const spelling = first.url === entry.url ? '' : ` (${JSON.stringify(first.url)} names the same URL)`;
      findings.push({
        pointer,
        severity: 'error',
        rule: this.rule,
        message: `${humanPath(pointer)} ${JSON.stringify(entry.url)} repeats ${humanPath(toPointer(['endpoints', first.index, 'url']))}${spelling}; list each endpoint once with all its versions`,
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
    asArray(own(asObject(document), 'endpoints')).forEach((endpoint, e) => {
      const exact = new Map<string, number>();
      const precedence = new Map<string, number>();
      asArray(own(asObject(endpoint), 'versions')).forEach((version, v) => {
        if (typeof version !== 'string') return;
        const pointer = toPointer(['endpoints', e, 'versions', v]);
        const earlier = exact.get(version);
        if (earlier !== undefined) {
          findings.push({
            pointer,
            severity: 'error',
            rule: this.rule,
            message: `${humanPath(pointer)} ${JSON.stringify(version)} repeats ${humanPath(toPointer(['endpoints', e, 'versions', earlier]))}`,
          });
          return;
        }
        exact.set(version, v);
        const core = withoutBuild(version);
        const same = precedence.get(core);
        if (same !== undefined) {
          findings.push({
            pointer,
            severity: 'warning',
            rule: 'discovery/ambiguous-version',
            message: `${humanPath(pointer)} ${JSON.stringify(version)} has the same precedence as ${humanPath(toPointer(['endpoints', e, 'versions', same]))}; build metadata does not order versions, so clients cannot choose between them`,
          });
        } else precedence.set(core, v);
      });
    });
    return findings;
  },
};

const insecureUrl: SemanticCheck = {
  rule: 'discovery/insecure-url',
  summary: 'An http:// endpoint is allowed for local testing only; deployments use https.',
  check(document) {
    return endpointUrls(document)
      .filter(({ url }) => url.startsWith('http://'))
      .map(({ index, url }) => {
        const pointer = toPointer(['endpoints', index, 'url']);
        return {
          pointer,
          severity: 'warning' as const,
          rule: this.rule,
          message: `${humanPath(pointer)} ${JSON.stringify(url)} uses http://, which is allowed for local testing only (section 2.2); deployments use https`,
        };
      });
  },
};

/** The discovery-document rules beyond the schema. */
export const DISCOVERY_CHECKS: readonly SemanticCheck[] = [duplicateUrl, duplicateVersion, insecureUrl];

registerChecks('tea-discovery', DISCOVERY_CHECKS);
