import { fstatSync, writeSync } from 'node:fs';
import { TeapurlError } from '../shared/errors.js';

/** An output the CLI writes to. */
export interface Output {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

/** What a command needs from the process, so tests can run commands in-process. */
export interface CommandIo {
  stdout: Output;
  stderr: Output;
  stdin: AsyncIterable<Buffer | string>;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** Thrown when the reader of our output has gone away (`teapurl … | head`). */
// The command line runs as several bundles (one per command), each with its own copy of this
// class: a brand in the global symbol registry lets `instanceof` hold across them.
const CLOSED_OUTPUT = Symbol.for('teapurl.cli.ClosedOutputError');

export class ClosedOutputError extends TeapurlError<'closed-output'> {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[CLOSED_OUTPUT] === true;
  }
  readonly [CLOSED_OUTPUT] = true;
  override name = 'ClosedOutputError';
  constructor(message = 'the reader of the output has gone away') {
    super(message, { code: 'closed-output' });
  }
}

/**
 * Writes straight to a file descriptor. Touching `process.stdout` would load Node's stream and
 * socket machinery, a sizeable share of a pre-commit run's start-up.
 */
function fdOutput(fd: number, isTTY: boolean): Output {
  return {
    isTTY,
    write(chunk: string) {
      let buf = Buffer.from(chunk);
      while (buf.length > 0) {
        try {
          buf = buf.subarray(writeSync(fd, buf));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'EAGAIN') continue;
          if (code === 'EPIPE') throw new ClosedOutputError('output closed');
          throw error;
        }
      }
      return true;
    },
  };
}

/** Whether a descriptor is a terminal, judged without loading `node:tty` (which loads `node:net`). */
function isTerminal(fd: number): boolean {
  try {
    return fstatSync(fd).isCharacterDevice() && process.env.TERM !== 'dumb';
  } catch {
    return false;
  }
}

/** The real process: standard streams by file descriptor, standard input only when read. */
export function processIo(): CommandIo {
  return {
    stdout: fdOutput(1, isTerminal(1)),
    stderr: fdOutput(2, isTerminal(2)),
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    cwd: process.cwd(),
  };
}
