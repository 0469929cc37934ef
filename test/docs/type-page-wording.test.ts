/**
 * Issue 39 item 8: a type page says what its syntax line leaves out only when the type prohibits
 * something (npm prohibits nothing, vcpkg the namespace), and the index's filter placeholder is
 * short enough for a phone's width (375 px: the browser tests check that nothing is cut there).
 */
import { describe, expect, it } from 'vitest';
import { loadPurlDefinitions } from '../../src/purl/index.js';
import { generateDocsSite } from '../../src/docs/node/generate-site.js';
import { syntaxLead } from '../../src/docs/syntax-template.js';

describe('type page syntax line', async () => {
  const definitions = (await loadPurlDefinitions()).filter((d) => d.type === 'npm' || d.type === 'vcpkg');
  const files = [...generateDocsSite(definitions, { format: 'both' })];
  const page = (name: string) => String(files.find((f) => f.path === name)?.content ?? '');

  it('npm, which prohibits nothing: "Syntax:", nothing said left out', () => {
    expect(page('types/npm.html')).toContain(
      '<p>Syntax: <code class="syntax">pkg:npm/&lt;namespace&gt;/&lt;name&gt;@&lt;version&gt;?&lt;qualifiers&gt;#&lt;subpath&gt;</code></p>',
    );
    expect(page('types/npm.md')).toContain('Syntax:\n\n```text\npkg:npm/<namespace>/<name>@<version>?<qualifiers>#<subpath>\n```');
    expect(page('types/npm.html')).not.toMatch(/prohibit/);
  });

  it('vcpkg, which prohibits the namespace, says so', () => {
    expect(page('types/vcpkg.html')).toContain('<p>Syntax, without the namespace, which this type prohibits: <code class="syntax">pkg:vcpkg/&lt;name&gt;');
    expect(syntaxLead(['namespace', 'subpath'])).toBe('Syntax, without the namespace and subpath, which this type prohibits');
  });

  it('the filter placeholder is short', () => {
    const placeholder = /id="filter"[^>]*placeholder="([^"]*)"/.exec(page('index.html'))?.[1];
    expect(placeholder).toBeDefined();
    expect(placeholder!.length).toBeLessThanOrEqual(24);
  });
});
