import { ClosedOutputError, type CommandIo } from '../io.js';
import { escapeControls } from '../output/safe-text.js';
import { BufferedOutput } from './buffered-output.js';
import { readLines } from './read-lines.js';
import { UsageError } from '../usage-error.js';

/** Handles one input (a PURL, a URL): writes its result to `out` and returns `null`, or returns the problem to report. */
export type InputHandler = (text: string, out: BufferedOutput) => string | null;

/** How {@link eachInput} names what it reads in its closing line. */
export interface InputKind {
  /** `PURL`, `URL`. */
  readonly noun: string;
  /** What the closing line says of the refused ones: `invalid`, `not recognised`. */
  readonly refused: string;
  /** The longest line read from standard input; a longer one is reported and skipped. */
  readonly maxLength: number;
}

/**
 * The loop every line-oriented `teapurl purl` action shares: each argument, or with none each
 * line of standard input (in constant memory; blank lines skipped), goes to `handle`; an
 * argument `-` reads the lines of standard input in its place, as `teapurl validate -` does.
 * Output is written in big blocks, and whenever standard input makes us wait. A refused
 * input is reported on stderr with its argument or line number and the run goes on; the closing
 * line counts them. A reader that leaves early (`| head`) ends the run without an error.
 * Returns the exit code: 1 when some input was refused, else 0.
 */
export async function eachInput(io: CommandIo, positionals: readonly string[], kind: InputKind, handle: InputHandler): Promise<number> {
  const out = new BufferedOutput(io.stdout);
  const err = new BufferedOutput(io.stderr, 4096);
  let refused = 0;
  let count = 0;
  const report = (problem: string | null, where: string) => {
    if (problem !== null) {
      refused++;
      err.write(`${where}: ${escapeControls(problem)}\n`);
    }
  };
  const one = (text: string, where: string): void => {
    count++;
    report(handle(text, out), where);
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
        refused++;
        const why = 'tooLong' in line ? `longer than ${kind.maxLength} characters` : 'not valid UTF-8 text';
        err.write(`line ${line.number}: ${why}; skipped\n`);
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
      else one(text, `argument ${i + 1}`);
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
  return refused > 0 ? 1 : 0;
}
