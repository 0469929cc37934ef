import type { ValidationResult } from '../../validator/index.js';
import { passes } from '../../validator/index.js';
import { escapeJsonText } from './safe-text.js';

/** A JSON array with one object per file: its kind, verdict and findings. */
export function formatJson(results: readonly ValidationResult[], strict: boolean): string {
  const files = results.map((r) => ({ file: r.file, kind: r.kind, valid: passes(r.findings, strict), findings: r.findings }));
  return `${escapeJsonText(JSON.stringify(files, null, 2))}\n`;
}
