import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { OsvError, versFromOsv, type OsvAffected } from '../../vers/index.js';
import { ClosedOutputError, type CommandIo } from '../io.js';
import { UsageError } from '../usage-error.js';
import { escapeControls, escapeJsonText, safeLineStart } from '../output/safe-text.js';
import { expand, readFailure } from '../test-suite/run-suite-files.js';

/** One line of output: an affected entry read, or refused. */
interface OsvRecord {
  readonly file: string;
  readonly id: string | null;
  readonly affected: number;
  readonly purl?: string;
  readonly vers?: string;
  readonly error?: string;
}

/** The OSV records of a document: one record, or a list of them (as some feeds write). */
function recordsOf(document: unknown): { id: string | null; affected: unknown[] }[] | string {
  const list = Array.isArray(document) ? document : [document];
  const out: { id: string | null; affected: unknown[] }[] = [];
  for (const record of list) {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) return 'not an OSV record (an object with "affected")';
    const { id, affected } = record as { id?: unknown; affected?: unknown };
    if (!Array.isArray(affected)) return `${typeof id === 'string' ? `${id}: ` : ''}not an OSV record: "affected" is not a list`;
    out.push({ id: typeof id === 'string' ? id : null, affected });
  }
  return out;
}

/**
 * `teapurl vers from-osv FILE…`: each affected entry of each OSV record as its PURL and VERS, one
 * line (or JSON object) per entry. Returns the exit code: 0 every entry read, 1 some entry or
 * document refused.
 */
export async function versFromOsvCommand(patterns: readonly string[], format: 'text' | 'json', io: CommandIo): Promise<number> {
  if (patterns.length === 0) throw new UsageError('name at least one OSV JSON file or glob');
  const { files, problems } = expand([...patterns], io.cwd);
  let refused = problems.length;
  let read = 0;
  const problem = (line: string) => io.stderr.write(`${safeLineStart(escapeControls(line))}\n`);
  for (const line of problems) problem(line);
  const write = (record: OsvRecord, text: string) => io.stdout.write(`${format === 'json' ? escapeJsonText(JSON.stringify(record)) : escapeControls(text)}\n`);
  try {
    for (const file of files) {
      let records: ReturnType<typeof recordsOf>;
      try {
        records = recordsOf(JSON.parse(await readFile(path.resolve(io.cwd, file), 'utf8')));
      } catch (error) {
        records = readFailure(error);
      }
      if (typeof records === 'string') {
        refused++;
        problem(`${file}: ${records}`);
        continue;
      }
      for (const { id, affected } of records) {
        affected.forEach((entry, i) => {
          const where = `${file}: ${id ?? 'a record'} affected[${i}]`;
          try {
            const result = versFromOsv(entry as OsvAffected);
            read++;
            write({ file, id, affected: i, purl: result.purl, vers: result.vers }, `${result.purl} ${result.vers}`);
            for (const note of result.skipped) problem(`${where}: left out ${note}`);
          } catch (error) {
            if (!(error instanceof OsvError)) throw error;
            refused++;
            write({ file, id, affected: i, error: error.message }, '');
            problem(`${where}: ${error.message}`);
          }
        });
      }
    }
  } catch (error) {
    if (!(error instanceof ClosedOutputError)) throw error;
  }
  if (refused > 0) problem(`${refused} of ${read + refused} ${read + refused === 1 ? 'entry' : 'entries'} refused`);
  return refused > 0 ? 1 : 0;
}
