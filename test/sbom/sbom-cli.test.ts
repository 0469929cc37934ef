/**
 * Issue 27 on the command line: `teapurl validate` on SBOMs in every output format, `--strict`,
 * `--fix` and `--fix --dry-run`, in a folder holding copies of the invalid corpus.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Log } from 'sarif';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/fake-io.js';
import { ROOT } from '../support/paths.js';

const INVALID = path.join(ROOT, 'corpus/sbom/invalid');
const FILES = readdirSync(INVALID).sort();

const validateSarif = (() => {
  const dir = path.dirname(createRequire(import.meta.url).resolve(`@microsoft/sarif-multitool-${process.platform}/package.json`));
  const ajv = new Ajv2020.default({ allErrors: true, strict: false });
  addFormats.default(ajv);
  return ajv.compile(JSON.parse(readFileSync(path.join(dir, 'sarif-2.1.0.json'), 'utf8')) as object);
})();

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'teapurl-sbom-'));
  cpSync(INVALID, dir, { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const validate = (...args: string[]) => runInProcess(['validate', ...args], dir);

describe('teapurl validate on SBOMs', () => {
  it('text: each invalid or non-canonical PURL as file:line:col, exit 1', async () => {
    const r = await validate(...FILES);
    expect(r.status).toBe(1);
    for (const file of FILES) {
      const name = file.replace(/\./g, '\\.');
      expect(r.stdout).toMatch(
        new RegExp(
          `^${name}:\\d+:\\d+: error .*"pkg:maven/commons-io@2\\.11\\.0".* is not a valid PURL: maven PURLs require a namespace \\(rule namespace/required\\)`,
          'm',
        ),
      );
      expect(r.stdout).toMatch(new RegExp(`^${name}:\\d+:\\d+: warning .*"pkg:NPM/shop@1\\.4\\.0".* its canonical form is "pkg:npm/shop@1\\.4\\.0"`, 'm'));
    }
  });

  it('json: each finding with its position, rule and fix', async () => {
    const r = await validate('--format', 'json', 'mixed.cdx.xml');
    const [result] = JSON.parse(r.stdout) as { kind: string; findings: { rule: string; line: number; fix?: { replacement: string } }[] }[];
    expect(result!.kind).toBe('cyclonedx-bom');
    expect(result!.findings.find((f) => f.fix?.replacement === 'pkg:npm/shop@1.4.0')).toMatchObject({ rule: 'sbom/purl-not-canonical', line: 7 });
  });

  it('github: workflow annotations with file, line and column', async () => {
    const r = await validate('--format', 'github', 'mixed.spdx');
    expect(r.stdout).toMatch(/^::warning file=mixed\.spdx,line=13,col=35,title=teapurl sbom\/purl-not-canonical::/m);
    expect(r.stdout).toMatch(/^::error file=mixed\.spdx,line=26,col=35,title=teapurl sbom\/purl-invalid::/m);
  });

  it('sarif: valid SARIF 2.1.0, regions and rules with their summaries', async () => {
    const r = await validate('--format', 'sarif', ...FILES);
    const log = JSON.parse(r.stdout) as Log;
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    const run = log.runs[0]!;
    expect(run.tool.driver.rules!.map((rule) => rule.id)).toEqual(expect.arrayContaining(['sbom/purl-invalid', 'sbom/purl-not-canonical']));
    expect(run.tool.driver.rules!.find((rule) => rule.id === 'sbom/purl-invalid')!.shortDescription!.text).toContain('valid under ECMA-427');
    const result = run.results!.find((x) => x.locations![0]!.physicalLocation!.artifactLocation!.uri === 'mixed.cdx.json' && x.ruleId === 'sbom/purl-invalid')!;
    expect(result.locations![0]!.physicalLocation!.region).toEqual({ startLine: 22, startColumn: 81 });
  });

  it('--strict makes a non-canonical PURL an error: a BOM whose PURLs are only non-canonical passes without it and fails with it', async () => {
    const onlyWarnings = (await validate('--format', 'json', 'mixed.cdx.json')).stdout;
    expect(onlyWarnings).toContain('sbom/purl-not-canonical');
    await validate('--fix', 'mixed.cdx.json');
    const text = readFileSync(path.join(dir, 'mixed.cdx.json'), 'utf8')
      .replace('"pkg:maven/commons-io@2.11.0"', '"pkg:maven/commons-io/commons-io@2.11.0"')
      .replace('"npm/lodash@4.17.21"', '"pkg:npm/lodash@4.17.21"');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(dir, 'mixed.cdx.json'), text);
    expect((await validate('mixed.cdx.json')).status).toBe(0);
    expect((await validate('--strict', 'mixed.cdx.json')).status).toBe(1);
  });

  it('- reads an SBOM from standard input by its content; with --fix the fixed SBOM goes to standard output, the report to standard error', async () => {
    const text = readFileSync(path.join(dir, 'mixed.spdx'), 'utf8');
    const checked = await runInProcess(['validate', '-'], dir, [text]);
    expect(checked.stdout).toMatch(/^<stdin>:26:35: error packages\[2\]/m);
    const fixed = await runInProcess(['validate', '--fix', '-'], dir, [text]);
    expect(fixed.stdout).toBe(
      text
        .replace('purl pkg:NPM/shop@1.4.0', 'purl pkg:npm/shop@1.4.0')
        .replace('distro=bookworm&arch=amd64', 'arch=amd64&distro=bookworm')
        .replace('Django_Package', 'django-package'),
    );
    expect(fixed.stderr).toContain('fixed 3 findings in 1 file');
  });

  it('--fix --dry-run prints a diff that changes exactly the fixable PURLs and writes nothing', async () => {
    const before = readFileSync(path.join(dir, 'mixed.cdx.xml'), 'utf8');
    const r = await validate('--fix', '--dry-run', 'mixed.cdx.xml');
    expect(readFileSync(path.join(dir, 'mixed.cdx.xml'), 'utf8')).toBe(before);
    const changed = r.stdout.split('\n').filter((l) => /^[-+](?![-+])/.test(l));
    expect(changed).toEqual([
      '-      <purl>pkg:NPM/shop@1.4.0</purl>',
      '+      <purl>pkg:npm/shop@1.4.0</purl>',
      '-      <purl>pkg:deb/debian/curl@7.88.1-10?distro=bookworm&amp;arch=amd64</purl>',
      '+      <purl>pkg:deb/debian/curl@7.88.1-10?arch=amd64&amp;distro=bookworm</purl>',
      '-            <purl><![CDATA[pkg:pypi/Django_Package@4.2]]></purl>',
      '+            <purl><![CDATA[pkg:pypi/django-package@4.2]]></purl>',
    ]);
    expect(r.stderr).toContain('would fix 3 findings in 1 file');
  });

  it('--fix writes every format, reports each fix with its place, and leaves the invalid PURLs and the bom-refs', async () => {
    const count = (text: string, what: string) => text.split(what).length - 1;
    const before = new Map(FILES.map((file) => [file, readFileSync(path.join(dir, file), 'utf8')]));
    const r = await validate('--fix', ...FILES);
    expect(r.stdout).toContain('fixed 12 findings in 4 files');
    expect(r.stdout).toMatch(
      /^mixed\.spdx\.json:25:96: fixed packages\[1\]\.externalRefs\[1\]\.referenceLocator: "pkg:deb\/debian\/curl@7\.88\.1-10\?distro=bookworm&arch=amd64" {2}→ {2}"pkg:deb\/debian\/curl@7\.88\.1-10\?arch=amd64&distro=bookworm"$/m,
    );
    expect(r.status).toBe(1);
    for (const file of FILES) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      // The PURL is fixed; a bom-ref that spells it the same way is an identifier, and stays.
      expect(count(text, 'pkg:NPM/shop@1.4.0')).toBe(count(before.get(file)!, 'pkg:NPM/shop@1.4.0') - 1);
      expect(text).toContain('pkg:maven/commons-io@2.11.0');
      expect(text).toContain('npm/lodash@4.17.21');
    }
    const again = await validate('--fix', ...FILES);
    expect(again.stdout).not.toContain('fixed');
  });
});
