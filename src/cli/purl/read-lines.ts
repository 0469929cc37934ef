/** One line of input, numbered from 1, or a line that was too long to keep. */
export type InputLine = { readonly number: number; readonly text: string } | { readonly number: number; readonly tooLong: true };

/**
 * Splits a byte or text stream into lines in constant memory: a line longer than `maxLength` is
 * skipped up to its end and reported as too long, never buffered whole. `\r\n` endings are
 * accepted and a missing final newline is fine.
 */
export async function* readLines(input: AsyncIterable<Buffer | string>, maxLength: number): AsyncGenerator<InputLine> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  let overflow = false;
  let number = 0;
  for await (const chunk of input) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let newline = text.indexOf('\n');
    while (newline !== -1) {
      number++;
      if (overflow || pending.length + newline > maxLength) yield { number, tooLong: true };
      else yield { number, text: stripCr(pending + text.slice(0, newline)) };
      pending = '';
      overflow = false;
      text = text.slice(newline + 1);
      newline = text.indexOf('\n');
    }
    if (!overflow) {
      pending += text;
      if (pending.length > maxLength) {
        overflow = true;
        pending = '';
      }
    }
  }
  pending += decoder.decode();
  if (overflow || pending.length > maxLength) yield { number: number + 1, tooLong: true };
  else if (pending !== '') yield { number: number + 1, text: stripCr(pending) };
}

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}
