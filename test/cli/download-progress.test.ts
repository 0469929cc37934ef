/**
 * The download progress renderer with a fake terminal and a fake clock: bytes, percentage, rate
 * and time left per file, redrawn at most every 100 ms, a summary line at the end; nothing at all
 * on a pipe or when quiet.
 */
import { describe, expect, it } from 'vitest';
import { downloadProgress, formatBytes } from '../../src/cli/download-progress.js';

function terminal(isTTY = true) {
  const frames: string[] = [];
  return { output: { isTTY, write: (s: string) => void frames.push(s) }, frames };
}

describe('downloadProgress', () => {
  it('draws each file with bytes, percentage, rate and time left, throttled, then a summary', () => {
    let clock = 1_000;
    const { output, frames } = terminal();
    const progress = downloadProgress(output, { now: () => clock })!;
    const file = { index: 1, total: 2, file: 'a/big.iso' };
    progress.onProgress({ ...file, step: 'start' });
    clock += 1_000;
    progress.onProgress({ ...file, step: 'bytes', bytes: 4 * 1024 ** 2, size: 16 * 1024 ** 2 });
    clock += 50; // within 100 ms of the last draw: not redrawn
    progress.onProgress({ ...file, step: 'bytes', bytes: 5 * 1024 ** 2, size: 16 * 1024 ** 2 });
    clock += 950;
    progress.onProgress({ ...file, step: 'bytes', bytes: 8 * 1024 ** 2, size: 16 * 1024 ** 2 });
    progress.onProgress({ ...file, step: 'done', bytes: 16 * 1024 ** 2 });
    const other = { index: 2, total: 2, file: 'b/no-length.bin' };
    progress.onProgress({ ...other, step: 'start' });
    clock += 500;
    progress.onProgress({ ...other, step: 'bytes', bytes: 1536 });
    progress.onProgress({ ...other, step: 'failed' });
    clock += 500;
    progress.finish();
    expect(frames).toEqual([
      '\r\u001b[K[1/2] a/big.iso',
      '\r\u001b[K[1/2] a/big.iso  4.0 MiB / 16.0 MiB  25%  4.0 MiB/s  3s left',
      '\r\u001b[K[1/2] a/big.iso  8.0 MiB / 16.0 MiB  50%  4.0 MiB/s  2s left',
      '\r\u001b[K[2/2] b/no-length.bin',
      '\r\u001b[K[2/2] b/no-length.bin  1.5 KiB  3.0 KiB/s',
      '\r\u001b[K1 file downloaded, 16.0 MiB in 3.0 s (5.3 MiB/s), 1 failed\n',
    ]);
  });

  it('escapes control characters in a file name', () => {
    const { output, frames } = terminal();
    downloadProgress(output)!.onProgress({ index: 1, total: 1, file: 'x\u001b[2Jy', step: 'start' });
    expect(frames[0]).not.toContain('\u001b[2J');
  });

  it('is nothing on a pipe or when quiet', () => {
    expect(downloadProgress(terminal(false).output)).toBeUndefined();
    expect(downloadProgress(terminal().output, { quiet: true })).toBeUndefined();
  });

  it('formats sizes in binary units', () => {
    expect([0, 1023, 1024, 1536, 5 * 1024 ** 3].map(formatBytes)).toEqual(['0 B', '1023 B', '1.0 KiB', '1.5 KiB', '5.0 GiB']);
  });
});
