/**
 * `teapurl download`'s progress on a terminal: one line, rewritten, per file (its number, name,
 * bytes so far and of how many, percentage, rate and time left), and a summary line at the end.
 * A small renderer of its own: the CLI writes straight to file descriptors (no Node stream), and
 * the progress libraries want a stream and bring their own dependencies.
 */
import type { TeaDownloadProgress } from '../tea/node/download/download-release.js';
import type { Output } from './io.js';
import { escapeControls } from './output/safe-text.js';

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** 1536 → `1.5 KiB`. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** 75 → `1m15s`. */
function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** How often the line is redrawn, at most, in ms. */
const REDRAW_MS = 100;

/**
 * A progress display writing to `output` (a terminal), or `undefined` when it is not one (a pipe,
 * a file) or `quiet`: then nothing extra is written. `now` is the clock, in ms.
 */
export function downloadProgress(
  output: Output,
  options: { quiet?: boolean; now?: () => number } = {},
): { onProgress: (event: TeaDownloadProgress) => void; finish: () => void } | undefined {
  if (!output.isTTY || options.quiet) return undefined;
  const now = options.now ?? Date.now;
  const began = now();
  let fileStart = began;
  let lastDraw = -Infinity;
  let files = 0;
  let failed = 0;
  let total = 0;
  let drawn = false;
  const draw = (line: string) => {
    output.write(`\r\u001b[K${line}`);
    drawn = true;
  };
  return {
    onProgress(event) {
      const head = `[${event.index}/${event.total}] ${escapeControls(event.file)}`;
      const t = now();
      if (event.step === 'start') {
        fileStart = t;
        lastDraw = t;
        draw(head);
      } else if (event.step === 'bytes') {
        const bytes = event.bytes ?? 0;
        if (t - lastDraw < REDRAW_MS && bytes !== event.size) return;
        lastDraw = t;
        const seconds = Math.max((t - fileStart) / 1000, 0.001);
        const rate = bytes / seconds;
        const parts = [event.size !== undefined ? `${formatBytes(bytes)} / ${formatBytes(event.size)}` : formatBytes(bytes)];
        if (event.size !== undefined && event.size > 0) parts.push(`${Math.floor((bytes / event.size) * 100)}%`);
        parts.push(`${formatBytes(Math.round(rate))}/s`);
        if (event.size !== undefined) parts.push(`${formatSeconds(rate > 0 ? (event.size - bytes) / rate : Infinity)} left`);
        draw(`${head}  ${parts.join('  ')}`);
      } else if (event.step === 'done') {
        files++;
        total += event.bytes ?? 0;
      } else {
        failed++;
      }
    },
    finish() {
      if (!drawn) return;
      const seconds = Math.max((now() - began) / 1000, 0.001);
      output.write(
        `\r\u001b[K${files} file${files === 1 ? '' : 's'} downloaded, ${formatBytes(total)} in ${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s (${formatBytes(Math.round(total / seconds))}/s)${failed > 0 ? `, ${failed} failed` : ''}\n`,
      );
    },
  };
}
