import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { createPurlUrls } from '../../src/purl/urls/create-purl-urls.js';
import { defaultPurlDefinition, defaultPurlDefinitions } from '../../src/purl/default-definitions.js';
import type { PurlTypeDefinition, PurlTypeUrls } from '../../src/index.js';
import { generateDocsSite } from '../../src/docs/index.js';
import { explainPurl } from '../../src/docs/purl-box/explain-purl.js';

import { ROOT } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';
import { htmlText } from './site-reading.js';
import { engineFromDefinitions } from '../../src/purl/engine/engine-from-definitions.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-docs-urls-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const corpusDocument = (type: string) => JSON.parse(readFileSync(path.join(ROOT, `corpus/purl-urls/${type}-urls.json`), 'utf8')) as PurlTypeUrls;
const NPM = corpusDocument('npm');
const MAVEN = corpusDocument('maven');

const widget: PurlTypeDefinition = {
  type: 'widget',
  type_name: 'Widget',
  description: 'A made-up type without URL templates.',
  repository: { use_repository: false },
  namespace_definition: { requirement: 'prohibited' },
  name_definition: { requirement: 'required', case_sensitive: false },
  examples: ['pkg:widget/gear@1.0'],
};

/** The section of an HTML page with the id `id`, from its start tag to its end tag. */
function section(html: string, id: string): string {
  const start = html.indexOf(`<section id="${id}">`);
  expect(start, `no section ${id}`).toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf('</section>', start) + '</section>'.length);
}

/** A section's text with its labels and values apart: `Default registry https://…`. */
const flat = (html: string) => htmlText(html.replace(/<(dt|dd|br)\b/g, ' $&')).replace(/\s+/g, ' ');

/** Evaluates a site's assets/purl-urls.js in a sandbox: the documents it hands to the box. */
function shippedUrls(script: string): PurlTypeUrls[] {
  const sandbox: Record<string, unknown> = {};
  runInNewContext(script, { globalThis: sandbox, JSON });
  return sandbox.teapurlDocsUrls as PurlTypeUrls[];
}

describe('type pages show their URL templates', () => {
  const files = new Map(
    generateDocsSite([defaultPurlDefinition('npm')!, defaultPurlDefinition('maven')!, widget], { format: 'both', urlDocuments: [NPM, MAVEN] }).map((f) => [
      f.path,
      f.content,
    ]),
  );

  it('HTML: the templates as written, the default registry, derived variables, and a worked example the mapper computed', () => {
    const npm = section(files.get('types/npm.html')!, 'urls');
    const text = flat(npm);
    for (const t of [...NPM.repository!, ...NPM.version_page!, ...NPM.download!, ...NPM.reverse!])
      expect(npm).toContain(`<code class="url-template">${t.template}</code>`);
    expect(npm).toContain('<h3>Version page</h3>');
    expect(text).toContain('Default registry https://registry.npmjs.org');
    expect(text).toContain('scope: namespace without the prefix "@"');
    expect(npm).toContain('<h3>Worked example</h3>');
    expect(npm).toContain('<a href="https://registry.npmjs.org/@babel/core/-/core-7.24.0.tgz">');
    expect(text).toContain('Read back from the download URL pkg:npm/%40babel/core@7.24.0');
    // The page's table of contents links to the section.
    expect(files.get('types/npm.html')).toContain('<a href="#urls">URLs</a>');
  });

  it('HTML: defaults and a split variable, as maven has them', () => {
    const text = flat(section(files.get('types/maven.html')!, 'urls'));
    expect(text).toContain('q.type = jar');
    expect(text).toContain('group: namespace split at "." into a list');
    expect(text).toContain('optional: classifier_suffix');
    expect(text).toContain("https://repo1.maven.org/maven2 as https://repo.maven.apache.org/maven2 (Maven Central's other host name)");
    expect(text).toContain('Sidecar files .sha1, .md5');
    expect(text).toContain('Version page https://central.sonatype.com/artifact/org.apache.commons/commons-lang3/3.12.0');
    // What a template entry says besides its text: a pattern, a template that is not read back.
    expect(text).toContain('classifier_suffix shaped -[^.]+');
    expect(text).toContain('not read back');
    expect(text).toContain('https://repo.maven.apache.org/maven2/org/apache/commons/commons-lang3/3.12.0/commons-lang3-3.12.0.jar');
  });

  it('a type without a URL document says so', () => {
    expect(htmlText(section(files.get('types/widget.html')!, 'urls'))).toContain('This site has no URL templates for this type');
    expect(files.get('types/widget.md')).toMatch(/## URLs\n\nThis site has no URL templates for this type/);
  });

  it('Markdown: the same templates and worked example', () => {
    const md = files.get('types/maven.md')!;
    const part = md.slice(md.indexOf('## URLs'), md.indexOf('## References'));
    expect(part).toContain('- Default registry: [https://repo.maven.apache.org/maven2](https://repo.maven.apache.org/maven2)');
    expect(part).toContain(
      '1. `{+registry}{/group*}/{name}/{version}/{name}-{version}{classifier_suffix}.{q.type}` (optional: classifier\\_suffix; classifier\\_suffix shaped',
    );
    expect(part).toContain('### Version page\n\n1. `https://central.sonatype.com/artifact/{namespace}/{name}/{version}`');
    expect(part).toContain(
      '- Version page: [https://central.sonatype.com/artifact/org.apache.commons/commons-lang3/3.12.0](https://central.sonatype.com/artifact/org.apache.commons/commons-lang3/3.12.0)',
    );
    expect(part).toContain('- Sidecar files: `.sha1`');
    expect(part).toContain('### Worked example');
    expect(part).toContain('- PURL: `pkg:maven/org.apache.commons/commons-lang3@3.12.0`');
    expect(part).toContain('- Read back from the download URL: `pkg:maven/org.apache.commons/commons-lang3@3.12.0`');
  });

  it('by default uses the bundled URL documents', () => {
    const site = generateDocsSite(defaultPurlDefinitions());
    const npm = site.find((f) => f.path === 'types/npm.html')!.content;
    expect(section(npm, 'urls')).toContain('<code class="url-template">https://www.npmjs.com/package/{name}</code>');
    const shipped = shippedUrls(site.find((f) => f.path === 'assets/purl-urls.js')!.content);
    expect(shipped.map((d) => d.type)).toContain('npm');
    expect(shipped.find((d) => d.type === 'maven')).toEqual(MAVEN);
  });
});

describe('assets/purl-urls.js: the URL documents the live box uses', () => {
  it('holds the documents of the site’s types only, as data', () => {
    const site = generateDocsSite([defaultPurlDefinition('npm')!, widget], { urlDocuments: [NPM, MAVEN] });
    expect(shippedUrls(site.find((f) => f.path === 'assets/purl-urls.js')!.content)).toEqual([NPM]);
  });

  it('keeps hostile text as data: ASCII only, </script>, line separators', () => {
    const odd: PurlTypeUrls = { ...NPM, description: 'Line\u2028separator </script><script>alert(1)</script> ünïcödé 🦀' };
    const site = generateDocsSite([defaultPurlDefinition('npm')!], { urlDocuments: [odd] });
    const script = site.find((f) => f.path === 'assets/purl-urls.js')!.content;
    expect(script).toMatch(/^[\x00-\x7f]*$/);
    expect(shippedUrls(script)).toEqual([odd]);
    const page = site.find((f) => f.path === 'types/npm.html')!.content;
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('explainPurl with URLs: what the live box shows', () => {
  const engine = engineFromDefinitions([defaultPurlDefinition('npm')!, defaultPurlDefinition('maven')!, widget]);
  const urls = createPurlUrls([NPM, MAVEN], engine);

  it('a valid PURL gets its repository, version page and download URLs', () => {
    expect(explainPurl(engine, 'pkg:npm/left-pad@1.3.0', urls)).toMatchObject({
      urls: {
        repository: 'https://www.npmjs.com/package/left-pad',
        versionPage: 'https://www.npmjs.com/package/left-pad/v/1.3.0',
        download: 'https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz',
      },
      hasUrlDocument: true,
    });
  });

  it('a type without a URL document gets none, and says why', () => {
    expect(explainPurl(engine, 'pkg:widget/gear@1.0', urls)).toMatchObject({
      urls: { repository: null, versionPage: null, download: null },
      hasUrlDocument: false,
    });
  });

  it('an invalid PURL gets no URLs', () => {
    expect(explainPurl(engine, 'pkg:npm/left-pad@1.3.0?Type=x', urls).urls).toBeNull();
  });
});

describe('teapurl docs --urls DIR', () => {
  it('writes pages and box data from the folder; --check sees a change in the URL documents', () => {
    const urlsDir = path.join(scratch, 'urls');
    mkdirSync(urlsDir);
    writeFileSync(path.join(urlsDir, 'npm-urls.json'), JSON.stringify(NPM));
    const out = path.join(scratch, 'site');
    const written = runCli(['docs', '--urls', urlsDir, '--out', out]);
    expect(written.status, written.stderr).toBe(0);
    expect(shippedUrls(readFileSync(path.join(out, 'assets/purl-urls.js'), 'utf8'))).toEqual([NPM]);
    expect(readFileSync(path.join(out, 'types/maven.html'), 'utf8')).toContain('This site has no URL templates for this type');
    const manifest = JSON.parse(readFileSync(path.join(out, '.teapurl-docs.json'), 'utf8')) as { pages: Record<string, string> };
    expect(Object.keys(manifest.pages)).toContain('assets/purl-urls.js');
    expect(runCli(['docs', '--urls', urlsDir, '--out', out, '--check']).status).toBe(0);

    writeFileSync(path.join(urlsDir, 'maven-urls.json'), JSON.stringify(MAVEN));
    const stale = runCli(['docs', '--urls', urlsDir, '--out', out, '--check']);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain(`${path.join(out, 'assets', 'purl-urls.js')}: differs`);
    expect(stale.stderr).toContain(`${path.join(out, 'types', 'maven.html')}: differs`);
    expect(stale.stderr).toContain(`refresh it with: teapurl docs --urls ${urlsDir} --out ${out}`);
  });

  it('a missing folder and a broken document are usage errors (exit 2) naming the folder and the file', () => {
    const gone = runCli(['docs', '--urls', path.join(scratch, 'nope'), '--out', path.join(scratch, 'x')]);
    expect(gone.status).toBe(2);
    expect(gone.stderr).toContain(`--urls '${path.join(scratch, 'nope')}' does not exist`);
    const broken = path.join(scratch, 'broken');
    mkdirSync(broken);
    writeFileSync(path.join(broken, 'npm-urls.json'), '{"type":');
    const bad = runCli(['docs', '--urls', broken, '--out', path.join(scratch, 'y')]);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toEqual([expect.any(String), "See 'teapurl docs --help'"]);
    expect(bad.stderr).toMatch(/^teapurl docs: --urls .*npm-urls\.json:1:\d+: malformed JSON: .*\(json\/syntax\)/);
    expect(runCli(['docs', '--help']).stdout).toContain('--urls DIR');
  });
});
