/**
 * Issue 27, item 4, the generous bound a unit test can hold (the linear figures are measured by
 * scripts/bench-sbom.mjs): an SBOM of 20,000 components in each format is written and validated
 * in a child Node whose old-space heap is capped at 128 MB, about three times what it needs. A
 * reader that held a DOM of the document, or kept what it reads past what the checks need, runs
 * out of it and the child dies instead of answering. Each PURL not in canonical form is found.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';

const COMPONENTS = 20_000;
const HEAP_MB = 128;

const CHILD = `
const [root, format, n] = process.argv.slice(1);
const { validateText } = await import(new URL('dist/index.js', root));
const { SBOM_FORMATS } = await import(new URL('scripts/lib/sbom-samples.mjs', root));
const spec = SBOM_FORMATS[format];
const result = validateText(spec.write(Number(n)), { file: spec.file, maxFindings: Infinity });
console.log(JSON.stringify({ kind: result.kind, notCanonical: result.findings.filter((f) => f.rule === 'sbom/purl-not-canonical').length, other: result.findings.filter((f) => f.rule !== 'sbom/purl-not-canonical').length }));
`;

describe(`an SBOM of ${COMPONENTS} components validates within a ${HEAP_MB} MB heap`, () => {
  it.each(['CycloneDX JSON', 'CycloneDX XML', 'SPDX JSON', 'SPDX tag-value'])('%s', (format) => {
    const root = `${pathToFileURL(ROOT).href}/`;
    const r = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--input-type=module', '-e', CHILD, root, format, String(COMPONENTS)], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
      timeout: 120_000,
      cwd: path.join(ROOT),
    });
    expect(r.status, r.stderr.slice(-2000)).toBe(0);
    const outcome = JSON.parse(r.stdout) as { kind: string; notCanonical: number; other: number };
    expect(outcome).toEqual({ kind: format.startsWith('CycloneDX') ? 'cyclonedx-bom' : 'spdx-document', notCanonical: COMPONENTS / 10, other: 0 });
  });
});
