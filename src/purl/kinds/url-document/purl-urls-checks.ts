/**
 * Checks of a URL document (`purl-type-urls`) that its schema cannot express: the templates are
 * RFC 6570 and use only variables that exist, values are always encoded, the type is registered,
 * the templates can be read back, and every worked example holds (a PURL gives exactly its URLs,
 * a URL reads back to its PURL, and a PURL's download URL reads back to the PURL). They run on
 * the parts of the document the schema accepts, and say in one line what they could not check.
 */
import { quoted } from '../../../shared/describe-value.js';
import type { RawFinding } from '../../../shared/finding.js';
import { humanPath, toPointer } from '../../../shared/pointer.js';
import { PurlError } from '../../purl-error.js';
import { downloadRoundTrip, urlReadings, type PurlUrls } from '../../urls/purl-urls.js';
import { parseUriTemplate } from '../../urls/uri-template.js';
import { unreadableReason } from '../../urls/reverse-template.js';
import type { SemanticCheck } from '../../../validation/checks/check-table.js';
import type { CheckContext } from '../../../validation/checks/check-context.js';
import type { PurlEngine } from '../../engine/purl-engine.js';
import { checkableUrlDocument, type CheckableUrlDocument, type UrlExample } from './purl-urls-checkable.js';
import { listed, named } from '../../../validation/checks/listed.js';
import { purlContextOf } from '../purl-check-context.js';

const NONE: ReadonlySet<string> = new Set();

/** The parts of the document the schema accepts, compiled once per validation for every check (see purl-urls-checkable.ts). */
function checkable(document: unknown, context: CheckContext): CheckableUrlDocument | null {
  if (typeof document !== 'object' || document === null) return null;
  return context.shared('purl-urls/checkable', () => checkableUrlDocument(document, context.rejected ?? NONE, purlContextOf(context).purlEngine()));
}

function problemCheck(rule: string, summary: string): SemanticCheck {
  return {
    rule,
    summary,
    check(document, context) {
      return (checkable(document, context)?.problems ?? [])
        .filter((p) => p.rule === rule)
        .map((p) => ({ pointer: p.pointer, severity: 'error', rule, message: `${humanPath(p.pointer)}: ${p.message}` }));
    },
  };
}

const unknownType: SemanticCheck = {
  rule: 'purl-urls/unknown-type',
  summary: 'The type is a registered PURL type (one teapurl has a definition for).',
  check(document, context) {
    const type = checkable(document, context)?.type;
    if (type === null || type === undefined || purlContextOf(context).purlEngine().types().includes(type)) return [];
    return [{ pointer: '/type', severity: 'error', rule: this.rule, message: `type ${quoted(type)} is not a registered PURL type` }];
  },
};

const unreadable: SemanticCheck = {
  rule: 'purl-urls/unreadable-template',
  summary: 'urlToPurl can read every template back (warning): one variable per expression, no prefix modifier, only {x}, {/x}, {/x*}, {.x} and {+registry}.',
  check(document, context) {
    const findings: RawFinding[] = [];
    for (const [list, index, text] of checkable(document, context)?.templates ?? []) {
      let reason: string | null;
      try {
        reason = unreadableReason(parseUriTemplate(text));
      } catch {
        continue; // purl-urls/template-syntax reports it
      }
      if (reason === null) continue;
      const pointer = toPointer([list, index, 'template']);
      findings.push({ pointer, severity: 'warning', rule: this.rule, message: `${humanPath(pointer)} is not read back by urlToPurl: ${reason}` });
    }
    return findings;
  },
};

/** The error message of a PURL that does not parse, or `null`. */
function purlProblem(purl: string, type: string, engine: PurlEngine): string | null {
  try {
    const canonical = engine.canonicalize(purl);
    if (engine.parse(canonical).type !== type) return `is a PURL of another type than ${quoted(type)}`;
    if (canonical !== purl) return `is not canonical: write ${quoted(canonical, 500)}`;
    return null;
  } catch (error) {
    return `is not a valid PURL: ${error instanceof PurlError ? error.message : String(error)}`;
  }
}

/** One example's findings, as `[pointer, message]` pairs. */
type ExampleRule<K extends UrlExample['kind']> = (
  urls: PurlUrls,
  example: Extract<UrlExample, { kind: K }>,
  document: CheckableUrlDocument & { type: string },
  engine: PurlEngine,
) => [string, string][];

/**
 * A check that runs a rule over each example of one kind the schema accepts, with a mapper over
 * this document alone. `needs` are the template lists whose every member must have been compiled
 * for the rule to be sound ('all' for reading back, which tries every list).
 */
function exampleCheck<K extends UrlExample['kind']>(
  rule: string,
  summary: string,
  kinds: readonly K[],
  needs: 'all' | 'none',
  perExample: ExampleRule<K>,
): SemanticCheck {
  return {
    rule,
    summary,
    check(document, context) {
      const ready = checkable(document, context);
      if (!ready?.urls || ready.type === null || (needs === 'all' && ready.incomplete.size > 0)) return [];
      const { urls } = ready;
      const typed = ready as CheckableUrlDocument & { type: string };
      return ready.examples
        .filter((e): e is Extract<UrlExample, { kind: K }> => (kinds as readonly string[]).includes(e.kind))
        .flatMap((example) =>
          perExample(urls, example, typed, purlContextOf(context).purlEngine()).map(
            ([pointer, message]): RawFinding => ({ pointer, severity: 'error', rule, message: `${humanPath(pointer)}${message}` }),
          ),
        );
    },
  };
}

const shown = (value: string | null, none: string) => (value === null ? none : quoted(value, 500));

const examplePurl = exampleCheck(
  'purl-urls/example-purl',
  'Each PURL example is a canonical PURL of the type and gives exactly its repository, version page (when the example names one) and download URLs.',
  ['purl'],
  'none',
  (urls, example, { type, incomplete }, engine) => {
    const problem = purlProblem(example.purl, type, engine);
    if (problem !== null) return [[toPointer(['examples', example.index, 'purl']), ` ${quoted(example.purl)} ${problem}`]];
    const got = urls.purlToUrls(example.purl);
    const expected = { repository: example.repository, version_page: example.versionPage, download: example.download };
    const given = { repository: got.repository, version_page: got.versionPage, download: got.download };
    // A list with a member left out could give another URL: purl-urls/unchecked says so. An
    // example without version_page leaves it unchecked.
    return (['repository', 'version_page', 'download'] as const)
      .filter((which) => !incomplete.has(which) && expected[which] !== undefined && given[which] !== expected[which])
      .map((which) => [
        toPointer(['examples', example.index, which]),
        `: ${quoted(example.purl)} gives ${shown(given[which], 'no URL')}, not ${shown(expected[which] ?? null, 'none')}`,
      ]);
  },
);

const exampleUrl = exampleCheck('purl-urls/example-url', 'Each URL example reads back (urlToPurl) to its PURL.', ['url'], 'all', (urls, example) => {
  const got = urls.urlToPurl(example.url);
  return got === example.purl
    ? []
    : [[toPointer(['examples', example.index, 'purl']), `: ${quoted(example.url)} reads back to ${shown(got, 'no PURL')}, not ${shown(example.purl, 'none')}`]];
});

const roundTrip = exampleCheck(
  'purl-urls/round-trip',
  "Each PURL example's download URL reads back to the PURL, less what the URL cannot carry (qualifiers, version and subpath the download template does not use), or to nothing when it could also name another package, or without its version and with the URL as download_url when the URL's name does not tell the version for sure.",
  ['purl'],
  'all',
  (urls, example, { type }, engine) => {
    if (purlProblem(example.purl, type, engine) !== null) return [];
    const trip = downloadRoundTrip(urls, example.purl);
    if (trip === null) return [];
    const got = urls.urlToPurl(trip.download);
    // Reading back to nothing holds when the URL could also name another package, this one among them.
    // So does the PURL without its version and with the URL as download_url, from a shape that cannot tell the version.
    if (got === trip.purl || got === trip.kept || (got === null && urlReadings(urls, trip.download).includes(trip.purl))) return [];
    return [
      [
        toPointer(['examples', example.index, 'download']),
        `: ${quoted(trip.download, 500)} (from ${humanPath(trip.template)}) reads back to ${shown(got, 'no PURL')}, not ${quoted(trip.purl, 500)}; the template can only be read back wrongly`,
      ],
    ];
  },
);

/** What the examples could not be checked for, as phrases, and the members at fault. */
function examplesUnchecked(ready: CheckableUrlDocument): { what: string[]; faults: string[] } {
  if (ready.examples.length === 0) return { what: [], faults: [] };
  if (ready.type === null) return { what: [], faults: [] }; // said with the type, below
  const facets: string[] = [];
  const faults = new Set<string>();
  const hasPurl = ready.examples.some((e) => e.kind === 'purl');
  for (const list of ['repository', 'version_page', 'download'] as const) {
    const at = ready.incomplete.get(list);
    if (!hasPurl || !at) continue;
    facets.push(`${list === 'version_page' ? 'version page' : list} URLs`);
    for (const pointer of at) faults.add(pointer);
  }
  if (ready.incomplete.size > 0) {
    facets.push('reading back');
    for (const at of ready.incomplete.values()) for (const pointer of at) faults.add(pointer);
  }
  return { what: facets.length > 0 ? [`the examples' ${listed(facets)}`] : [], faults: [...faults] };
}

const unchecked: SemanticCheck = {
  rule: 'purl-urls/unchecked',
  summary:
    'Says in one line what could not be checked because of a member the schema rejects (or one that does not compile), and why: the examples, their URLs, reading back, a template using a rejected variable.',
  check(document, context) {
    const ready = checkable(document, context);
    if (!ready) return [];
    const skipped = ready.skippedTemplates;
    const what = skipped.map((s) => humanPath(s.pointer));
    const reasons: string[] = [];
    const faults = new Set(skipped.map((s) => s.because));
    if (ready.type === null && ready.examples.length > 0) {
      what.push('the examples');
      reasons.push(`type is ${ready.typeMissing ? 'missing' : 'invalid'}`);
    }
    const examples = examplesUnchecked(ready);
    what.push(...examples.what);
    for (const pointer of examples.faults) faults.add(pointer);
    if (what.length === 0) return [];
    if (faults.size > 0) reasons.push(`${named([...faults])} ${faults.size === 1 ? 'is' : 'are'} invalid`);
    const pointer = ready.examples.length > 0 && what.length > skipped.length ? '/examples' : (skipped[0]?.pointer ?? '');
    return [{ pointer, severity: 'warning', rule: this.rule, message: `${listed(what)} not checked: ${listed(reasons)}` }];
  },
};

/** The built-in purl-type-urls checks, in the order they run. */
export const PURL_URLS_CHECKS: readonly SemanticCheck[] = [
  problemCheck('purl-urls/template-syntax', 'Every template is an RFC 6570 URI template.'),
  problemCheck('purl-urls/unknown-variable', 'Templates, defaults, optional lists and derived variables name only variables that exist.'),
  problemCheck('purl-urls/reserved-expansion', 'Only {+registry} uses reserved expansion; every other value is encoded, so it stays in its path segment.'),
  problemCheck(
    'purl-urls/value-pattern',
    "Each of a template's patterns is a value pattern (characters and classes, each optionally quantified, at most three repeating) of a variable the template uses.",
  ),
  problemCheck('purl-urls/misplaced-member', 'ignore is only in reverse shapes, read_back false only outside them, download true only in them.'),
  problemCheck(
    'purl-urls/mirror',
    "Each mirror stands for the default registry or the start of one of the document's templates, and is another prefix than it.",
  ),
  unknownType,
  unreadable,
  examplePurl,
  exampleUrl,
  roundTrip,
  unchecked,
];
