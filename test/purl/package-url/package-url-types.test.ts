/**
 * Type-level checks of the packageurl-js-compatible `PackageURL` (issue 16): packageurl-js's
 * documented usage, written against its own declarations (test/types/packageurl-js-usage.ts),
 * compiles unchanged against teapurl's, and instances of either class are assignable to the other
 * (test/types/package-url-assignability.ts).
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/paths.js';
import { diagnosticsFor } from '../../support/typecheck.js';

const FIXTURES = path.join(ROOT, 'test/types');

/** The diagnostics of `file`, as `line: message`; `paths` maps module names as tsconfig would. */
function diagnostics(file: string, paths?: Record<string, string[]>, options: ts.CompilerOptions = {}): string[] {
  return diagnosticsFor(file, { ...(paths ? { baseUrl: ROOT, paths } : {}), ...options }).map((d) => `${d.line}: ${d.message}`);
}

/** The strictest indexing options, under which a table's declared keys matter. */
const STRICT_INDEXING: ts.CompilerOptions = { noUncheckedIndexedAccess: true, noPropertyAccessFromIndexSignature: true, exactOptionalPropertyTypes: true };

/** Which file `packageurl-js` resolves to in the program of `file`. */
function resolvedPackageurlJs(file: string, paths?: Record<string, string[]>): string | undefined {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    ...(paths ? { baseUrl: ROOT, paths } : {}),
  };
  return ts.resolveModuleName('packageurl-js', file, options, ts.sys).resolvedModule?.resolvedFileName;
}

const USAGE = path.join(FIXTURES, 'packageurl-js-usage.ts');
const TO_TEAPURL = { 'packageurl-js': ['src/purl/index.ts'] };

describe('PackageURL types', () => {
  it('packageurl-js documented usage compiles against packageurl-js declarations', () => {
    expect(resolvedPackageurlJs(USAGE)).toContain('node_modules/packageurl-js/');
    expect(diagnostics(USAGE)).toEqual([]);
  });

  it('the same code compiles unchanged against teapurl', () => {
    expect(resolvedPackageurlJs(USAGE, TO_TEAPURL)).toBe(path.join(ROOT, 'src/purl/index.ts'));
    expect(diagnostics(USAGE, TO_TEAPURL)).toEqual([]);
  });

  const HELPERS = path.join(FIXTURES, 'packageurl-js-helpers.ts');

  it('packageurl-js helper objects (PurlComponent, PurlType, PurlQualifierNames) and types compile against both, under the strictest indexing options', () => {
    expect(diagnostics(HELPERS, undefined, STRICT_INDEXING)).toEqual([]);
    expect(resolvedPackageurlJs(HELPERS, TO_TEAPURL)).toBe(path.join(ROOT, 'src/purl/index.ts'));
    expect(diagnostics(HELPERS, TO_TEAPURL, STRICT_INDEXING)).toEqual([]);
  });

  it('instances are assignable both ways', () => {
    expect(diagnostics(path.join(FIXTURES, 'package-url-assignability.ts'))).toEqual([]);
  });
});
