/**
 * The checks of an SBOM's PURLs: each is read by the validation's engine (teapurl's bundled types,
 * with its PURL rules and pattern guard) where it stands. An invalid PURL is an error naming what
 * it belongs to and the rule it breaks; a valid one not in canonical form is a warning carrying
 * its canonical form as the fix, when that names the very same package.
 */
import { describeValue, quoted } from '../../shared/describe-value.js';
import { joined } from '../../shared/message-text.js';
import type { RawFinding } from '../../shared/finding.js';
import { humanPath } from '../../shared/pointer.js';
import type { PurlIssue } from '../../purl/purl-error.js';
import type { PurlEngine } from '../../purl/engine/purl-engine.js';
import type { PurlComponents } from '../../purl/purl-components.js';
import type { SemanticCheck } from '../../validation/checks/check-table.js';
import type { CheckContext } from '../../validation/checks/check-context.js';
import { canonicalFix } from '../../purl/kinds/canonical-fix.js';
import { cycloneDxPurlSites, spdxPurlSites, type PurlSite, type SiteJudge } from './sbom-purl-sites.js';
import { CYCLONEDX_VERS_CHECKS } from './sbom-vers-checks.js';
import { asObject, own } from '../../validation/checks/read.js';
import { purlContextOf } from '../../purl/kinds/purl-check-context.js';

/** What the engine made of one PURL. */
type Verdict =
  | { readonly site: PurlSite; readonly status: 'not-a-string' }
  | { readonly site: PurlSite; readonly status: 'invalid'; readonly problems: readonly PurlIssue[] }
  | { readonly site: PurlSite; readonly status: 'unchecked'; readonly skipped: readonly PurlIssue[] }
  | { readonly site: PurlSite; readonly status: 'not-canonical'; readonly purl: string; readonly canonical: string; readonly engine: PurlEngine };

/** A canonical form is what the author copies: shown longer than other values. */
const MAX_CANONICAL_SHOWN = 500;

function parsedOrNull(engine: PurlEngine, purl: string): PurlComponents | null {
  try {
    return engine.parse(purl);
  } catch {
    return null;
  }
}

/** What the engine made of one PURL; `null` for a valid PURL in canonical form, which no check reports. */
function verdictOf(value: unknown, site: () => PurlSite, engine: PurlEngine): Verdict | null {
  if (typeof value !== 'string') return { site: site(), status: 'not-a-string' };
  const validation = engine.validate(value);
  if (validation.valid) {
    return validation.isCanonical ? null : { site: site(), status: 'not-canonical', purl: value, canonical: validation.canonical!, engine };
  }
  // A pattern not run on a long value (no pattern guard) is no verdict on the PURL.
  const problems = validation.errors.filter((issue) => issue.code !== 'pattern-skipped');
  return problems.length > 0 ? { site: site(), status: 'invalid', problems } : { site: site(), status: 'unchecked', skipped: validation.errors };
}

/**
 * The verdicts on a document's PURLs that some check reports (a valid, canonical PURL has none),
 * worked out once per validation for the checks that share them.
 */
function verdicts(document: unknown, context: CheckContext, sites: SitesOf): readonly Verdict[] {
  return context.shared('sbom/purl-verdicts', () => {
    const engine = purlContextOf(context).purlEngine();
    const rejected = context.rejected !== undefined && context.rejected.size > 0 ? context.rejected : null;
    // A value the schema rejected (a number where a PURL stands) is reported by the schema alone.
    const judge: SiteJudge<Verdict> =
      rejected === null
        ? (value, site) => verdictOf(value, site, engine)
        : (value, site) => (rejected.has(site().pointer) ? null : verdictOf(value, site, engine));
    return sites(document, judge);
  });
}

/** How a kind finds its PURLs: {@link cycloneDxPurlSites} or {@link spdxPurlSites}. */
type SitesOf = (document: unknown, judge: SiteJudge<Verdict>) => Verdict[];

/** `components[3].purl "pkg:…" of component "lodash" version "4.17.21"`. */
function described(site: PurlSite, purl: string): string {
  return joined(humanPath(site.pointer), ' ', quoted(purl), ' of ', site.owner);
}

function issueText(issue: PurlIssue): string {
  return `${issue.message} (rule ${issue.component}/${issue.code})`;
}

/** The checks of one SBOM kind, whose PURLs `sites` finds. */
function purlChecks(sites: SitesOf): SemanticCheck[] {
  const invalid: SemanticCheck = {
    rule: 'sbom/purl-invalid',
    summary: "Every PURL in an SBOM is valid under ECMA-427 and its type's definition.",
    check(document, context) {
      const findings: RawFinding[] = [];
      for (const v of verdicts(document, context, sites)) {
        if (v.status === 'not-a-string') {
          const what = v.site.value === undefined ? 'missing' : `${describeValue(v.site.value)}, not a string`;
          findings.push({
            pointer: v.site.pointer,
            severity: 'error',
            rule: this.rule,
            message: `the PURL of ${v.site.owner} at ${humanPath(v.site.pointer)} is ${what}`,
          });
        } else if (v.status === 'invalid') {
          const message = `${described(v.site, v.site.value as string)} is not a valid PURL: ${v.problems.map(issueText).join('; ')}`;
          findings.push({ pointer: v.site.pointer, severity: 'error', rule: this.rule, message });
        }
      }
      return findings;
    },
  };
  const unchecked: SemanticCheck = {
    rule: 'sbom/purl-unchecked',
    summary: "A PURL whose type's pattern was not run on it (too long to run safely without the pattern guard) is named.",
    check(document, context) {
      return verdicts(document, context, sites).flatMap((v): RawFinding[] =>
        v.status === 'unchecked'
          ? [
              {
                pointer: v.site.pointer,
                severity: 'warning',
                rule: this.rule,
                message: `${described(v.site, v.site.value as string)} was not fully checked: ${v.skipped.map((i) => i.message).join('; ')}`,
              },
            ]
          : [],
      );
    },
  };
  const canonical: SemanticCheck = {
    rule: 'sbom/purl-not-canonical',
    summary: 'Every valid PURL in an SBOM is written in its canonical form.',
    check(document, context) {
      const findings: RawFinding[] = [];
      for (const v of verdicts(document, context, sites)) {
        if (v.status !== 'not-canonical') continue;
        const message = joined(described(v.site, v.purl), ' is not canonical; its canonical form is ', quoted(v.canonical, MAX_CANONICAL_SHOWN));
        const components = parsedOrNull(v.engine, v.purl);
        const canonicalComponents = components === null ? null : parsedOrNull(v.engine, v.canonical);
        const fixed = canonicalFix({ purl: v.purl, canonical: v.canonical, components, canonicalComponents }, v.site.pointer, 'PURL');
        findings.push(
          'fix' in fixed
            ? { pointer: v.site.pointer, severity: 'warning', rule: this.rule, message, fix: fixed.fix }
            : { pointer: v.site.pointer, severity: 'warning', rule: this.rule, message: `${message}; ${fixed.reason}` },
        );
      }
      return findings;
    },
  };
  return [invalid, unchecked, canonical];
}

/** A version outside those teapurl knows where the PURLs stand in: said once, the PURLs still checked. */
function versionCheck(member: string, known: readonly string[], described: string): SemanticCheck {
  return {
    rule: 'sbom/spec-version',
    summary: 'The SBOM is of a version teapurl knows where the PURLs stand in.',
    check(document) {
      const version = own(asObject(document), member);
      if (typeof version !== 'string' || known.includes(version)) return [];
      return [
        {
          pointer: `/${member}`,
          severity: 'warning',
          rule: this.rule,
          message: `${member} ${quoted(version)} is not a version teapurl knows (${described}); the PURLs were checked where those put them`,
        },
      ];
    },
  };
}

/** The CycloneDX checks, in the order they run. */
export const CYCLONEDX_CHECKS: readonly SemanticCheck[] = [
  versionCheck('specVersion', ['1.0', '1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '1.7'], 'CycloneDX 1.0 to 1.7'),
  ...purlChecks(cycloneDxPurlSites),
  ...CYCLONEDX_VERS_CHECKS,
];

/** The SPDX checks, in the order they run. */
export const SPDX_CHECKS: readonly SemanticCheck[] = [
  versionCheck('spdxVersion', ['SPDX-2.2', 'SPDX-2.3'], 'SPDX-2.2 and SPDX-2.3'),
  ...purlChecks(spdxPurlSites),
];
