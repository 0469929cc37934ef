import { ClosedOutputError, type CommandIo } from '../io.js';
import { escapeControls, escapeJsonText } from '../output/safe-text.js';
import { BufferedOutput } from '../purl/buffered-output.js';
import { readLines } from '../purl/read-lines.js';
import { UsageError } from '../usage-error.js';
import { VersError } from '../../vers/index.js';

/** How a record is printed. */
export type LineFormat = 'text' | 'json';

/**
 * One input's answer: its text line, its JSON fields (besides `input`), and whether it is a
 * negative answer (a version outside the range) that makes the exit status 1.
 */
export interface LineAnswer {
  readonly text: string;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly negative?: boolean;
}

/**
 * The loop of the line-oriented `teapurl vers` actions: each argument, or with none (or for `-`)
 * each non-blank line of standard input, read in constant memory, goes to `answer`. Every input
 * gets exactly one record on standard output, so `paste` and `jq` keep the lines aligned: a
 * refused one prints an empty line (text, with `error: <input>: <message>` on stderr) or
 * `{"input", "error"}` (json). Returns 1 when an input was refused or answered negatively.
 */
export async function eachLine(io: CommandIo, inputs: readonly string[], format: LineFormat, maxLength: number, answer: (input: string) => LineAnswer): Promise<number> {
  const out = new BufferedOutput(io.stdout);
  const err = new BufferedOutput(io.stderr, 4096);
  let status = 0;
  const record = (input: string | null, result: LineAnswer | string) => {
    if (typeof result === 'string') {
      status = 1;
      if (format === 'json') out.write(`${escapeJsonText(JSON.stringify({ input, error: result }))}\n`);
      else {
        out.write('\n');
        err.write(`error: ${escapeControls(input ?? '')}: ${escapeControls(result)}\n`);
      }
      return;
    }
    if (result.negative) status = 1;
    out.write(format === 'json' ? `${escapeJsonText(JSON.stringify({ input, ...result.fields }))}\n` : `${escapeControls(result.text)}\n`);
  };
  const one = (input: string) => {
    try {
      record(input, answer(input));
    } catch (error) {
      if (!(error instanceof VersError)) throw error;
      record(input, error.message);
    }
  };
  const readStdin = async () => {
    // Each chunk's answers are written before the next chunk is awaited, so the actions work as filters.
    const flushing = async function* (input: AsyncIterable<Buffer | string>) {
      for await (const chunk of input) {
        yield chunk;
        out.flush();
        err.flush();
      }
    };
    for await (const line of readLines(flushing(io.stdin), maxLength)) {
      if ('text' in line) {
        if (line.text.trim() !== '') one(line.text.trim());
      } else {
        record(null, `line ${line.number}: ${'tooLong' in line ? `longer than ${maxLength} characters` : 'not valid UTF-8 text'}`);
      }
    }
  };
  if (inputs.filter((p) => p === '-').length > 1) throw new UsageError('- (standard input) is named more than once: it can be read only once');
  try {
    if (inputs.length === 0) await readStdin();
    for (const input of inputs) {
      if (input === '-') await readStdin();
      else if (input.trim() !== '') one(input.trim());
    }
    out.flush();
    err.flush();
  } catch (error) {
    // The reader of our output left (`| head`): stop, keeping the status already earned.
    if (!(error instanceof ClosedOutputError)) throw error;
  }
  return status;
}
