/**
 * Checks of a URL document (`purl-type-urls`) that its schema cannot express: the templates are
 * RFC 6570 and use only variables that exist, values are always encoded, the type is registered,
 * the templates can be read back, and every worked example holds (a PURL gives exactly its URLs,
 * a URL reads back to its PURL, and a PURL's download URL reads back to the PURL).
 */
import type { PurlTypeUrls } from '../../../types/index.js';
import { quoted } from '../../schemas/describe-value.js';
import type { RawFinding } from '../../schemas/finding.js';
import { humanPath, toPointer } from '../../schemas/pointer.js';
import { defaultPurlEngine } from '../../purl/default-engine.js';
import { PurlError } from '../../purl/purl-error.js';
import { compileUrlDocument, TEMPLATE_LISTS, type UrlDocumentProblem } from '../../purl/urls/url-document.js';
import { downloadRoundTrip, purlUrlsFromCompiled, urlReadings, type PurlUrls } from '../../purl/urls/purl-urls.js';
import { parseUriTemplate } from '../../purl/urls/uri-template.js';
import { unreadableReason } from '../../purl/urls/reverse-template.js';
import type { CheckContext, SemanticCheck } from './registry.js';

interface Compiled {
  problems: UrlDocumentProblem[];
  /** A mapper over this document alone; `null` when a problem stops one being built. */
  urls: PurlUrls | null;
}

// Several checks need the same compilation; a document is one object for all of them.
const compiledDocuments = new WeakMap<object, Compiled>();

function compiled(document: unknown, context: CheckContext): Compiled | null {
  if (!context.schemaValid || typeof document !== 'object' || document === null) return null;
  let result = compiledDocuments.get(document);
  if (!result) {
    const { compiled: ready, problems } = compileUrlDocument(document as PurlTypeUrls);
    result = { problems, urls: problems.length === 0 ? purlUrlsFromCompiled([ready], defaultPurlEngine()) : null };
    compiledDocuments.set(document, result);
  }
  return result;
}

function problemCheck(rule: string, summary: string): SemanticCheck {
  return {
    rule,
    summary,
    check(document, context) {
      return (compiled(document, context)?.problems ?? [])
        .filter((p) => p.rule === rule)
        .map((p) => ({ pointer: p.pointer, severity: 'error', rule, message: `${humanPath(p.pointer)}: ${p.message}` }));
    },
  };
}

const unknownType: SemanticCheck = {
  rule: 'purl-urls/unknown-type',
  summary: 'The type is a registered PURL type (one teapurl has a definition for).',
  check(document, context) {
    if (!context.schemaValid) return [];
    const type = (document as PurlTypeUrls).type;
    if (defaultPurlEngine().types().includes(type)) return [];
    return [{ pointer: '/type', severity: 'error', rule: this.rule, message: `type ${quoted(type)} is not a registered PURL type` }];
  },
};

const unreadable: SemanticCheck = {
  rule: 'purl-urls/unreadable-template',
  summary: 'urlToPurl can read every template back (warning): one variable per expression, no prefix modifier, only {x}, {/x}, {/x*}, {.x} and {+registry}.',
  check(document, context) {
    if (!context.schemaValid) return [];
    const findings: RawFinding[] = [];
    for (const list of TEMPLATE_LISTS) {
      ((document as PurlTypeUrls)[list] ?? []).forEach((entry, index) => {
        let reason: string | null;
        try {
          reason = unreadableReason(parseUriTemplate(entry.template));
        } catch {
          return; // purl-urls/template-syntax reports it
        }
        if (reason === null) return;
        const pointer = toPointer([list, index, 'template']);
        findings.push({ pointer, severity: 'warning', rule: this.rule, message: `${humanPath(pointer)} is not read back by urlToPurl: ${reason}` });
      });
    }
    return findings;
  },
};

/** The error message of a PURL that does not parse, or `null`. */
function purlProblem(purl: string, type: string): string | null {
  try {
    const canonical = defaultPurlEngine().canonicalize(purl);
    if (defaultPurlEngine().parse(canonical).type !== type) return `is a PURL of another type than ${quoted(type)}`;
    if (canonical !== purl) return `is not canonical: write ${quoted(canonical, 500)}`;
    return null;
  } catch (error) {
    return `is not a valid PURL: ${error instanceof PurlError ? error.message : String(error)}`;
  }
}

type Example = PurlTypeUrls['examples'][number];
/** One example's findings, as `[pointer, message]` pairs. */
type ExampleRule = (urls: PurlUrls, example: Example, index: number, type: string) => [string, string][];

/** A check that runs a rule over each example, with a mapper over this document alone. */
function exampleCheck(rule: string, summary: string, perExample: ExampleRule): SemanticCheck {
  return {
    rule,
    summary,
    check(document, context) {
      const urls = compiled(document, context)?.urls;
      if (!urls) return [];
      const { type, examples } = document as PurlTypeUrls;
      return examples.flatMap((example, index) =>
        perExample(urls, example, index, type).map(([pointer, message]): RawFinding => ({ pointer, severity: 'error', rule, message: `${humanPath(pointer)}${message}` })),
      );
    },
  };
}

const shown = (value: string | null, none: string) => (value === null ? none : quoted(value, 500));

const examplePurl = exampleCheck(
  'purl-urls/example-purl',
  'Each PURL example is a canonical PURL of the type and gives exactly its repository and download URLs.',
  (urls, example, index, type) => {
    if (!('repository' in example)) return [];
    const problem = purlProblem(example.purl, type);
    if (problem !== null) return [[toPointer(['examples', index, 'purl']), ` ${quoted(example.purl)} ${problem}`]];
    const got = urls.purlToUrls(example.purl);
    return (['repository', 'download'] as const)
      .filter((which) => got[which] !== example[which])
      .map((which) => [toPointer(['examples', index, which]), `: ${quoted(example.purl)} gives ${shown(got[which], 'no URL')}, not ${shown(example[which], 'none')}`]);
  },
);

const exampleUrl = exampleCheck('purl-urls/example-url', 'Each URL example reads back (urlToPurl) to its PURL.', (urls, example, index) => {
  if (!('url' in example)) return [];
  const got = urls.urlToPurl(example.url);
  return got === example.purl ? [] : [[toPointer(['examples', index, 'purl']), `: ${quoted(example.url)} reads back to ${shown(got, 'no PURL')}, not ${shown(example.purl, 'none')}`]];
});

const roundTrip = exampleCheck(
  'purl-urls/round-trip',
  "Each PURL example's download URL reads back to the PURL, less what the URL cannot carry (qualifiers, version and subpath the download template does not use), or to nothing when it could also name another package.",
  (urls, example, index, type) => {
    if (!('repository' in example) || purlProblem(example.purl, type) !== null) return [];
    const trip = downloadRoundTrip(urls, example.purl);
    if (trip === null) return [];
    const got = urls.urlToPurl(trip.download);
    // Reading back to nothing holds when the URL could also name another package, this one among them.
    if (got === trip.purl || (got === null && urlReadings(urls, trip.download).includes(trip.purl))) return [];
    return [[toPointer(['examples', index, 'download']), `: ${quoted(trip.download, 500)} (from ${humanPath(trip.template)}) reads back to ${shown(got, 'no PURL')}, not ${quoted(trip.purl, 500)}; the template can only be read back wrongly`]];
  },
);

/** The built-in purl-type-urls checks, in the order they run. */
export const PURL_URLS_CHECKS: readonly SemanticCheck[] = [
  problemCheck('purl-urls/template-syntax', 'Every template is an RFC 6570 URI template.'),
  problemCheck('purl-urls/unknown-variable', 'Templates, defaults, optional lists and derived variables name only variables that exist.'),
  problemCheck('purl-urls/reserved-expansion', 'Only {+registry} uses reserved expansion; every other value is encoded, so it stays in its path segment.'),
  unknownType,
  unreadable,
  examplePurl,
  exampleUrl,
  roundTrip,
];
