import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/paths.js';
import { diagnosticsFor } from './support/typecheck.js';

const FIXTURES = path.join(ROOT, 'test/types');

describe('generated types (type-level)', () => {
  it('accept a fully populated definition, discovery document and token bodies', () => {
    expect(diagnosticsFor(path.join(FIXTURES, 'must-compile.ts'))).toEqual([]);
  });

  it('reject each marked fixture line, and nothing else', () => {
    const file = path.join(FIXTURES, 'must-not-compile.ts');
    const lines = readFileSync(file, 'utf8').split('\n');
    const expected = lines.flatMap((line, i) => (line.startsWith('// expect-error') ? [i + 2] : []));
    expect(expected.length).toBeGreaterThanOrEqual(8);
    const errorLines = [...new Set(diagnosticsFor(file).map((d) => d.line))].sort((a, b) => a - b);
    expect(errorLines).toEqual(expected);
  });
});
