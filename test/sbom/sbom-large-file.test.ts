/**
 * Issue 38, item 2: an SBOM over 16 MiB is validated from the command line without a hand-set
 * heap or --max-bytes (its limit is a share of Node's heap), it is told as an SBOM from its first
 * bytes when its name does not say so, and a file over its limit is refused with a message that
 * says what the limit is, why, and how to raise it. Another kind of document keeps 16 MiB.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

const MIB = 1024 * 1024;
const { SBOM_FORMATS } = (await import(pathToFileURL(path.join(ROOT, 'scripts/lib/sbom-samples.mjs')).href)) as {
  SBOM_FORMATS: Record<string, { write(n: number): string }>;
};

describe('teapurl validate on an SBOM over 16 MiB', () => {
  let dir: string;
  let bytes: number;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'teapurl-large-sbom-'));
    // 38,000 components: about 17.4 MB, over the 16 MiB every other kind of document is held to.
    const text = SBOM_FORMATS['CycloneDX JSON']!.write(38_000);
    bytes = Buffer.byteLength(text);
    writeFileSync(path.join(dir, 'inventory.json'), text);
    writeFileSync(path.join(dir, 'big.json'), JSON.stringify({ schemaVersion: 1, endpoints: [], note: 'x'.repeat(17 * MIB) }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('validates it with Node’s default heap and no --max-bytes, told as an SBOM by its content', () => {
    expect(bytes).toBeGreaterThan(16 * MIB);
    const run = runCli(['validate', '--format', 'json', 'inventory.json'], { cwd: dir, env: { NODE_OPTIONS: '' } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const [result] = JSON.parse(run.stdout) as { kind: string; valid: boolean; findings: { rule: string }[] }[];
    expect(result!.kind).toBe('cyclonedx-bom');
    expect(result!.valid).toBe(true);
    // One PURL in ten is not canonical: the first 1,000 listed, the rest counted.
    expect(result!.findings.filter((f) => f.rule === 'sbom/purl-not-canonical')).toHaveLength(1000);
    expect(result!.findings.at(-1)!.rule).toBe('findings/truncated');
  }, 120_000);

  it('refuses it on a heap too small to validate it, saying what the limit is, why, and how to raise it', () => {
    const run = runCli(['validate', 'inventory.json'], { cwd: dir, env: { NODE_OPTIONS: '--max-old-space-size=256' } });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      new RegExp(
        `^inventory\\.json: error inventory\\.json is ${bytes} bytes, over the limit of \\d+ bytes \\(\\d+ MiB\\) for an SBOM: 1/32 of Node's heap limit of \\d+ MiB, what validating it may take; to check a larger file, raise the heap \\(NODE_OPTIONS=--max-old-space-size=MiB, e\\.g\\. \\d+\\) \\[/\\] \\(file/too-large\\)$`,
        'm',
      ),
    );
  });

  it('keeps 16 MiB for a document of another kind, and says how to raise it', () => {
    const run = runCli(['validate', 'big.json'], { cwd: dir, env: { NODE_OPTIONS: '' } });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      `over the limit of ${16 * MIB} bytes (16 MiB, the default for a document that is not an SBOM); --max-bytes (maxBytes) raises it`,
    );
  });
});
