import { statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { PurlTypeDefinition, PurlTypeUrls } from '../../types/index.js';
import { type PurlEngine, defaultPurlEngine } from '../purl/index.js';
import { defaultPurlDefinitions } from '../purl/default-definitions.js';
import { loadEngine } from './purl/load-engine.js';
import { readUrlDocuments } from '../purl/node/purl-urls-from-directory.js';
import { UrlDocumentError } from '../purl/document-errors.js';
import { createPurlUrls } from '../purl/urls/create-purl-urls.js';
import { generateDocsSite, writeDocsSite, checkDocsSite, DocsSiteError, type DocsFormat } from '../docs/index.js';
import { MANIFEST_FILE } from '../docs/node/site-folder.js';
import { DOCS_FORMATS } from '../docs/docs-file.js';
import type { CommandIo } from './io.js';
import { oneOf, UsageError } from './usage-error.js';
import { countOf } from '../shared/describe-value.js';
import { parseCommandLine } from './args.js';
import { requireFolderArg } from './path-args.js';
import { fsReason } from '../shared/node/fs-reason.js';
import { escapeControls, lineStartName, quoteArg } from './output/safe-text.js';
import { DOCS_FLAG_HINTS, withFlagHints } from './flag-hints.js';

export const DOCS_HELP = `Usage: teapurl docs [--types DIR] [--urls DIR] --out DIR [--format html|md|both] [--check] [--force]

Generates a documentation site for PURL type definitions: an index of every
type (what it is and an example, with a filter box) and one page per type with
its components, qualifiers, repository, URL templates (repository page,
download, the URL shapes read back) with a worked example, references, the
prose rules teapurl applies, and each example broken down into its components.
HTML pages carry a live box that explains a PURL typed, or the PURL of a
registry URL pasted, with its URLs; ?purl=<PURL> in a page's address fills it,
so that an answer can be linked.

Options:
  --types DIR      read the type definitions in DIR (default: the bundled corpus)
  --urls DIR       read the URL documents (purl-type-urls) in DIR (default: the
                   bundled corpus/purl-urls)
  --out DIR        the folder to write (or, with --check, to compare)
  --format F       html (default): index.html and types/<type>.html
                   md: index.md and types/<type>.md; both: all of them
  --check          write nothing; compare DIR with what would be generated and
                   list each missing, differing or extra page
  --force          write into a non-empty folder teapurl docs did not write, and
                   overwrite files of the pages' names there
  -h, --help       show this help
  -v, --version    print the version

Without --check, pages are written (folders created) and recorded in
DIR/${MANIFEST_FILE} with the SHA-256 of each. Only recorded pages that still
hold what teapurl wrote are ever overwritten or removed: such a page of the
chosen format for a type that no longer exists is removed, every other file
is left alone. A non-empty folder without that record, or a page path holding
a file teapurl did not write or that changed since, is refused unless --force.
The file-system root, the home directory, and any symbolic link inside DIR (a
page or a folder, even one swapped in while the site is written) are always
refused.
Output is deterministic: the same definitions give byte-identical pages.
Exit status: 0 written, or up to date with --check; 1 out of date, or the
output folder cannot be used; 2 usage error (a --types or --urls folder that
does not exist or holds no usable documents, an --out that is a file or lies
under one).
`;

/** What the codes mean while a site is written; the others read as everywhere else (fsReason). */
const SITE_REASONS: Record<string, string> = {
  EEXIST: 'a file is in the way of a folder (EEXIST)',
  ENOTDIR: 'a file is in the way of a folder (ENOTDIR)',
  EISDIR: 'a folder is in the way of a page (EISDIR)',
};

/** Quotes an argument for a shell when it needs it, so the refresh hint can be pasted. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The definitions and engine: the bundled corpus, or the set in `--types DIR`. */
async function loadDefinitions(types: string | undefined, cwd: string): Promise<{ definitions: PurlTypeDefinition[]; engine: PurlEngine }> {
  if (types === undefined) return { definitions: defaultPurlDefinitions(), engine: defaultPurlEngine() };
  // The loader of `teapurl purl --types`: a folder that cannot be used is the same usage error.
  const engine = await loadEngine(types, false, cwd);
  return { definitions: engine.types().map((type) => engine.definition(type)!), engine };
}

/**
 * The URL documents of `--urls DIR`, checked first so that a refusal names the file. A folder
 * that cannot be used is a usage error, as for `--types` and for the `purl` actions' `--urls`.
 */
async function checkedUrlDocuments(directory: string, named: string, engine: PurlEngine): Promise<PurlTypeUrls[]> {
  try {
    const { documents, sources } = await readUrlDocuments(directory);
    createPurlUrls(documents, engine, sources);
    return documents;
  } catch (error) {
    if (error instanceof UrlDocumentError) throw new UsageError(`--urls ${named}: ${error.message}`);
    throw error;
  }
}

/**
 * The path itself, or the nearest folder above it that exists, when that is not a folder (a file
 * where a folder would have to be); `null` otherwise. Anything unreachable is left to the writer
 * to report.
 */
function fileInTheWay(dir: string): string | null {
  for (let at = dir; ; at = path.dirname(at)) {
    try {
      return statSync(at).isDirectory() ? null : at;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || path.dirname(at) === at) return null;
    }
  }
}

function formatLabel(format: DocsFormat): string {
  return format === 'both' ? 'html and md' : format;
}

/** `teapurl docs`: returns the exit code. */
export async function docsCommand(argv: string[], io: CommandIo): Promise<number> {
  const commandLine = parseCommandLine(argv, io, {
    command: 'docs',
    help: DOCS_HELP,
    positionals: false,
    options: {
      types: { type: 'string' },
      urls: { type: 'string' },
      out: { type: 'string' },
      format: { type: 'string', default: 'html' },
      check: { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
    },
  });
  if (commandLine === null) return 0;
  const { values } = commandLine;
  if (values.out === undefined || values.out === '') throw new UsageError('--out DIR is required: the folder to write the site to');
  const format = oneOf(values.format, DOCS_FORMATS, 'format');
  if (values.check && values.force) throw new UsageError('--force has no meaning with --check, which writes nothing');
  const outDir = path.resolve(io.cwd, values.out);
  // A file where the folder (or a folder above it) should be is a mistake in the command, not a failure to write.
  const inTheWay = fileInTheWay(outDir);
  if (inTheWay === outDir) throw new UsageError(`--out ${quoteArg(values.out)} is a file, not a folder`);
  if (inTheWay !== null)
    throw new UsageError(
      `--out ${quoteArg(values.out)} cannot be a folder: ${quoteArg(path.isAbsolute(values.out) ? inTheWay : path.relative(io.cwd, inTheWay))} is a file`,
    );
  const urlsDir = values.urls === undefined ? undefined : requireFolderArg(values.urls, io.cwd, '--urls');
  try {
    const { definitions, engine } = await loadDefinitions(values.types, io.cwd);
    const urlDocuments = urlsDir === undefined ? undefined : await checkedUrlDocuments(urlsDir, values.urls!, engine);
    const files = generateDocsSite(definitions, { format, engine, ...(urlDocuments === undefined ? {} : { urlDocuments }) });
    const counts = `${countOf(files.length, 'file')}, ${countOf(definitions.length, 'type')}, ${formatLabel(format)}`;
    if (values.check) {
      const stale = await checkDocsSite(outDir, files, format);
      if (stale.length === 0) {
        io.stdout.write(`${lineStartName(values.out)}${escapeControls(` is up to date (${counts})`)}\n`);
        return 0;
      }
      const why = { missing: 'missing', differs: 'differs from what would be generated', extra: 'extra: no such type in the definitions' };
      for (const file of stale) {
        const note =
          file.path === MANIFEST_FILE ? ' (the record of the pages teapurl docs wrote)' : file.changed ? ' (and from what teapurl docs wrote there)' : '';
        io.stderr.write(`${lineStartName(path.join(values.out, file.path))}${escapeControls(`: ${why[file.reason]}${note}`)}\n`);
      }
      const command = [
        'teapurl docs',
        ...(values.types === undefined ? [] : ['--types', shellWord(values.types)]),
        ...(values.urls === undefined ? [] : ['--urls', shellWord(values.urls)]),
        '--out',
        shellWord(values.out),
      ];
      if (format !== 'html') command.push('--format', format);
      // Without a record a write would refuse a folder with files in it, and with one a page
      // changed since it was written: say so in the hint.
      const unrecorded = stale.some((file) => file.path === MANIFEST_FILE) && (await readdir(outDir).catch(() => [])).length > 0;
      if (unrecorded || stale.some((file) => file.changed)) command.push('--force');
      io.stderr.write(
        `${lineStartName(values.out)}${escapeControls(` is out of date: ${countOf(stale.length, 'stale file')}; refresh it with: ${command.join(' ')}`)}\n`,
      );
      return 1;
    }
    const result = await writeDocsSite(outDir, files, format, { force: values.force });
    for (const page of result.removed) io.stdout.write(`${escapeControls(`removed ${path.join(values.out, page)} (no such type in the definitions)`)}\n`);
    for (const page of result.kept)
      io.stdout.write(
        `${escapeControls(`left ${path.join(values.out, page)} (no such type in the definitions, but it changed since teapurl docs wrote it: it is yours now, and no longer recorded)`)}\n`,
      );
    io.stdout.write(
      `${escapeControls(`wrote ${countOf(result.written.length, 'file')} to ${values.out} (${countOf(definitions.length, 'type')}, ${formatLabel(format)})`)}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof DocsSiteError) {
      io.stderr.write(`${escapeControls(`teapurl docs: ${withFlagHints(error.message, DOCS_FLAG_HINTS)}`)}\n`);
      return 1;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
      // A file system refusal (a file where the output folder should be, no permission): one line.
      const where = (error as NodeJS.ErrnoException).path ?? values.out;
      io.stderr.write(`${escapeControls(`teapurl docs: cannot ${values.check ? 'read' : 'write'} ${where}: ${SITE_REASONS[code] ?? fsReason(code)}`)}\n`);
      return 1;
    }
    throw error;
  }
}
