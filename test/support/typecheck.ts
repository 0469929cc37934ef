import ts from 'typescript';

/** One compiler diagnostic of a fixture: its line (1-based) and message. */
export interface Diagnostic {
  line: number;
  message: string;
}

/**
 * The diagnostics tsc reports in `file` under strict NodeNext options and no ambient types (so a
 * fixture cannot lean on Node's); `options` adds to them (`paths`, say).
 */
export function diagnosticsFor(file: string, options: ts.CompilerOptions = {}): Diagnostic[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    types: [],
    ...options,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file?.fileName === file)
    .map((d) => ({
      line: d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line + 1,
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }));
}
