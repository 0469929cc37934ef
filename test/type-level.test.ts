import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/paths.js';

const FIXTURES = path.join(ROOT, 'test/types');

function diagnosticsFor(file: string): { line: number; message: string }[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file?.fileName === file)
    .map((d) => ({
      line: d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line + 1,
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }));
}

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
