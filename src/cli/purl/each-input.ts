import { ClosedOutputError, type CommandIo } from '../io.js';
import { escapeControls, escapeJsonText } from '../output/safe-text.js';
import { BufferedOutput } from './buffered-output.js';
import { readLines } from './read-lines.js';
import { UsageError } from '../usage-error.js';

/** Why an input has no answer: what {@link eachInput} reports on stderr and in the input's record. */
export interface Refusal {
  readonly refused: string;
}

/** An input refused for `problem`. */
export function refuse(problem: string): Refusal {
  return { refused: problem };
}

/** A record that answers its input, but not as the run hoped (a version outside a range): printed, and the exit status is 1. */
export interface NegativeRecord {
  readonly negative: string;
}

/** `record`, counted as a negative answer. */
export function negative(record: string): NegativeRecord {
  return { negative: record };
}

/**
 * What an action makes of one input (a PURL, a URL, a VERS, a version): its output record, one
 * line without the line break, printable as it is (controls escaped), or a {@link NegativeRecord};
 * or the {@link Refusal} that says why it has none.
 */
export type InputAnswer = string | NegativeRecord | Refusal;

/** Handles one input. */
export type InputHandler = (text: string) => InputAnswer;

/** How an action's records are written: `json` is one JSON object per line. */
export type RecordFormat = 'text' | 'json';

/** How {@link eachInput} names what it reads in its closing line, and how it writes a refused input's record. */
export interface InputKind {
  /** `PURL`, `URL`, `VERS`, `version`. */
  readonly noun: string;
  /** What the closing line says of the refused ones: `invalid`, `not recognised`. */
  readonly refused: string;
  /** The longest line read from standard input; a longer one is reported and skipped. */
  readonly maxLength: number;
  /** The format of the action's records, which a refused input's record follows. */
  readonly format: RecordFormat;
  /** The number of the first input among the action's arguments, when others come first (`vers contains <vers> <version>...`); default 1. */
  readonly firstArgument?: number;
}

/**
 * The record of a refused input: an empty line in text, `{"input", "error"}` in JSON (`input`
 * is `null` for a line that could not be read as text).
 */
function refusedRecord(format: RecordFormat, input: string | null, problem: string): string {
  return format === 'json' ? escapeJsonText(JSON.stringify({ input, error: problem })) : '';
}

/**
 * The loop every line-oriented action of `teapurl purl` and `teapurl vers` shares: each
 * argument, or with none each line of standard input (in constant memory; blank lines skipped),
 * goes to `handle`; an argument `-` reads the lines of standard input in its place, as
 * `teapurl validate -` does.
 * Every input gets exactly one record on standard output, in input order, so that `paste` and
 * `jq` keep lines aligned: the handler's answer, or for a refused input (and a line too long or
 * not UTF-8) an empty line in text format and `{"input", "error"}` in JSON. A refused input is
 * also reported on stderr with its argument or line number, the run goes on, and the closing line
 * counts them. Output is written in big blocks, and whenever standard input makes us wait. A
 * reader that leaves early (`| head`) ends the run without an error.
 * Returns the exit code: 1 when some input was refused or answered negatively, else 0.
 */
export async function eachInput(io: CommandIo, positionals: readonly string[], kind: InputKind, handle: InputHandler): Promise<number> {
  const out = new BufferedOutput(io.stdout);
  const err = new BufferedOutput(io.stderr, 4096);
  let refused = 0;
  let negatives = 0;
  let count = 0;
  const refuseOne = (input: string | null, problem: string, where: string) => {
    refused++;
    out.write(`${refusedRecord(kind.format, input, problem)}\n`);
    err.write(`${where}: ${escapeControls(problem)}\n`);
  };
  const one = (text: string, where: string): void => {
    count++;
    const answer = handle(text);
    if (typeof answer !== 'string' && 'refused' in answer) return refuseOne(text, answer.refused, where);
    if (typeof answer !== 'string') negatives++;
    const record = typeof answer === 'string' ? answer : answer.negative;
    // One record, one line: a line break inside would shift every later record.
    if (record.includes('\n')) throw new Error(`the record for ${where} spans lines`);
    out.write(`${record}\n`);
  };
  const readStdin = async () => {
    // Whatever the lines of one chunk gave is written before the next chunk is awaited: a slow
    // feed (a PURL now, the next in a minute) gets each answer at once, a fast one still gets
    // big writes.
    const flushing = async function* (input: AsyncIterable<Buffer | string>) {
      for await (const chunk of input) {
        yield chunk;
        out.flush();
        err.flush();
      }
    };
    for await (const line of readLines(flushing(io.stdin), kind.maxLength)) {
      if ('tooLong' in line || 'invalidUtf8' in line) {
        count++;
        const why = 'tooLong' in line ? `longer than ${kind.maxLength} characters` : 'not valid UTF-8 text';
        refuseOne(null, `${why}; skipped`, `line ${line.number}`);
        continue;
      }
      const text = line.text.trim();
      if (text !== '') one(text, `line ${line.number}`);
    }
  };
  if (positionals.filter((p) => p === '-').length > 1) throw new UsageError('- (standard input) is named more than once: it can be read only once');
  try {
    if (positionals.length === 0) await readStdin();
    for (const [i, text] of positionals.entries()) {
      // `-` is standard input, as `teapurl validate -` reads it.
      if (text === '-') await readStdin();
      else one(text, `argument ${i + (kind.firstArgument ?? 1)}`);
    }
    out.flush();
  } catch (error) {
    // The reader of our output left (`| head`): stop reading, but keep the status already earned.
    if (!(error instanceof ClosedOutputError)) {
      err.flush();
      throw error;
    }
  }
  try {
    err.flush();
    if (refused > 0) io.stderr.write(`${refused} of ${count} ${kind.noun}${count === 1 ? '' : 's'} ${kind.refused}\n`);
  } catch (error) {
    if (!(error instanceof ClosedOutputError)) throw error;
  }
  return refused > 0 || negatives > 0 ? 1 : 0;
}
