import type { Output } from '../io.js';

/**
 * Collects output and writes it in blocks: one write per line would make a million-line run
 * spend its time in system calls.
 */
export class BufferedOutput {
  #chunks: string[] = [];
  #size = 0;

  constructor(
    private readonly output: Output,
    private readonly limit = 64 * 1024,
  ) {}

  write(text: string): void {
    this.#chunks.push(text);
    this.#size += text.length;
    if (this.#size >= this.limit) this.flush();
  }

  flush(): void {
    if (this.#size === 0) return;
    const text = this.#chunks.join('');
    this.#chunks = [];
    this.#size = 0;
    this.output.write(text);
  }
}
