import { PurlError } from '../../purl/index.js';
import { MAX_URL_LENGTH, type PurlUrls } from '../../purl/urls/purl-urls.js';
import { MAX_PURL_LENGTH } from '../../purl/syntax/generic-rules.js';
import type { CommandIo } from '../io.js';
import { parseCommandLine } from '../args.js';
import { oneOf } from '../usage-error.js';
import { escapeControls, escapeJsonText } from '../output/safe-text.js';
import { ENGINE_OPTIONS } from './load-engine.js';
import { loadUrlMapper, URLS_OPTION } from './load-urls.js';
import { eachInput, refuse } from './each-input.js';

const SHARED_OPTIONS = `  --format F       text (default) or json: one JSON object per line
  --types DIR      build the engine from the type definitions in DIR (default: the bundled corpus)
  --urls DIR       read the URL documents in DIR instead of the bundled ones
                   (corpus/purl-urls): every *.json file in DIR and its subfolders,
                   each a purl-type-urls document (name them <type>-urls.json)
  --strict-types   refuse PURLs of a type no definition describes
  -h, --help       show this help
  -v, --version    print the version`;

export const URLS_HELP = `Usage: teapurl purl urls [--format text|json] [--types DIR] [--urls DIR] [PURL...]

Prints where each PURL's package lives on the web, from the URL templates of
its type: the repository page, the download URL of the version and the
version's page. Text output is one tab-separated line per PURL:

  <PURL as given>  <repository URL>  <download URL>  <version page URL>

with '-' where the type's templates give no URL (an unknown type, a missing
version). --format json prints {"purl", "repository", "download",
"versionPage"} per line, with null for none. The qualifiers repository_url,
download_url and vcs_url override the locations as the URL documents say.

Options:
${SHARED_OPTIONS}

With no PURL arguments, or where an argument is -, PURLs are read from standard
input, one per line, in constant memory; blank lines are skipped. Each line is
printed as soon as the input pauses, so the action works as a filter in a pipe.
Every PURL gets one line of output, in order: an invalid one gets an empty line
(json: {"input", "error"}), and is reported on stderr with its line number (or
argument number); processing goes on. Control characters are printed escaped
(\\r, \\u202e).
Exit status: 0 all valid, 1 some PURL invalid, 2 usage error or unusable
--types or --urls.
`;

export const FROM_URL_HELP = `Usage: teapurl purl from-url [--format text|json] [--types DIR] [--urls DIR] [URL...]

Reads registry pages, version pages, download URLs (also under a registry's
other host names, over http, and their .sha1, .asc and other checksum and
signature files) and forge URLs back to the canonical PURL they name, using the
URL templates of every type (repository, version page, download and reverse
shapes). A URL that can be read as two packages is not read. Text output is
the PURL, one line per URL, so that it can be piped into 'teapurl purl urls';
--format json prints {"url", "purl"} per line.

Options:
${SHARED_OPTIONS}

With no URL arguments, or where an argument is -, URLs are read from standard
input, one per line, in constant memory; blank lines are skipped. Each line is
printed as soon as the input pauses, so the action works as a filter in a pipe.
Every URL gets one line of output, in order: one no template reads back gets an
empty line (json: {"input", "error"}), and is reported on stderr with its line
number (or argument number); processing goes on. Control characters are printed
escaped (\\r, \\u202e).
Exit status: 0 every URL read back, 1 some URL not recognised, 2 usage error
or unusable --types or --urls.
`;

const FORMATS = ['text', 'json'] as const;

const OPTIONS = { ...ENGINE_OPTIONS, ...URLS_OPTION, format: { type: 'string', default: 'text' } } as const;

/** What an action shares: its parsed command line and the URL mapper it asks for. */
async function setUp(argv: string[], io: CommandIo, command: string, help: string) {
  const commandLine = parseCommandLine(argv, io, { command, help, positionals: true, options: OPTIONS });
  if (commandLine === null) return null;
  const { values, positionals } = commandLine;
  const format = oneOf(values.format, FORMATS, 'format');
  const urls = await loadUrlMapper(values, io.cwd);
  return { format, urls, positionals };
}

/** `teapurl purl urls`: returns the exit code. */
export async function urlsCommand(argv: string[], io: CommandIo): Promise<number> {
  const run = await setUp(argv, io, 'purl urls', URLS_HELP);
  if (run === null) return 0;
  const { format, urls, positionals } = run;
  return eachInput(io, positionals, { noun: 'PURL', refused: 'invalid', maxLength: MAX_PURL_LENGTH, format }, (purl) => {
    let found: ReturnType<PurlUrls['purlToUrls']>;
    try {
      found = urls.purlToUrls(purl);
    } catch (error) {
      if (error instanceof PurlError) return refuse(`${error.message} [${error.component}] (${error.code})`);
      throw error;
    }
    if (format === 'json')
      return escapeJsonText(JSON.stringify({ purl, repository: found.repository, download: found.download, versionPage: found.versionPage }));
    // A tab in what was typed is escaped, so the columns stay four. The version page comes last,
    // so that the columns of earlier versions keep their places.
    return [purl, found.repository ?? '-', found.download ?? '-', found.versionPage ?? '-'].map(escapeControls).join('\t');
  });
}

/** `teapurl purl from-url`: returns the exit code. */
export async function fromUrlCommand(argv: string[], io: CommandIo): Promise<number> {
  const run = await setUp(argv, io, 'purl from-url', FROM_URL_HELP);
  if (run === null) return 0;
  const { format, urls, positionals } = run;
  return eachInput(io, positionals, { noun: 'URL', refused: 'not recognised', maxLength: MAX_URL_LENGTH, format }, (url) => {
    const purl = urls.urlToPurl(url);
    if (purl === null) return refuse(URL.canParse(url) ? 'no URL template of any type reads this URL back to a PURL' : 'not an absolute URL');
    return format === 'json' ? escapeJsonText(JSON.stringify({ url, purl })) : escapeControls(purl);
  });
}
