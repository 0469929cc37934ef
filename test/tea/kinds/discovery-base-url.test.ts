/**
 * Issue 23 item 1: each way an endpoint url fails to be a base URL gets its own message, naming
 * the part and what to do, as the one finding for that value; a trailing slash and an uppercase
 * scheme carry their one correct rewrite, which `validate --fix` applies.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixText, validateDocument, validateText } from '../../../src/index.js';
import { diagnoseBaseUrl } from '../../../src/tea/kinds/discovery/base-url.js';
import { ROOT } from '../../support/paths.js';
import { runCli } from '../../support/run-cli.js';

const discovery = (...urls: string[]) => ({ schemaVersion: 1, endpoints: urls.map((url) => ({ url, versions: ['1.0.0'] })) });
const text = (...urls: string[]) => `${JSON.stringify(discovery(...urls), null, 2)}\n`;

/** The seven mistakes of the issue, each with words its message must hold. */
const SEVEN = [
  ['url-trailing-slash.json', 'https://tea.example.com/api/', /^ends with a slash: write "https:\/\/tea\.example\.com\/api"$/],
  ['url-uppercase-scheme.json', 'HTTPS://tea.example.com', /^writes its scheme "HTTPS" in uppercase: write "https:\/\/tea\.example\.com"$/],
  ['url-with-query.json', 'https://tea.example.com/api?version=1', /^has a query \("\?version=1"\): remove it/],
  ['url-with-userinfo.json', 'https://user:secret@tea.example.com', /^names a user before its host/],
  ['url-with-fragment.json', 'https://tea.example.com/api#v1', /^has a fragment \("#v1"\): remove it/],
  ['url-with-whitespace.json', 'https://tea.example.com/my api', /^holds a space \(character 27\).*percent-encode it as %20/],
  ['url-relative.json', '/api/tea', /^is relative: write the absolute URL, such as "https:\/\/<host>\/api\/tea"$/],
] as const;

const CORPUS = path.join(ROOT, 'corpus/discovery/invalid');

describe('an endpoint url that is not a base URL', () => {
  it.each(SEVEN)('%s: one finding, in words of its own', (file, url, words) => {
    const document = readFileSync(path.join(CORPUS, file), 'utf8');
    expect(JSON.parse(document).endpoints[0].url).toBe(url);
    const { findings } = validateText(document, { file });
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding).toMatchObject({ rule: 'discovery/base-url', pointer: '/endpoints/0/url', line: 5, column: 14, severity: 'error' });
    const rest = finding!.message.slice(finding!.message.indexOf('" ') + 2);
    expect(rest).toMatch(words);
  });

  it('gives the seven mistakes seven different messages', () => {
    const messages = SEVEN.map(([, url]) => diagnoseBaseUrl(url).message);
    expect(new Set(messages).size).toBe(7);
  });

  it('offers a fix for a trailing slash and an uppercase scheme, together or alone, and for nothing else', () => {
    const fixOf = (url: string) => validateDocument(discovery(url)).findings[0]?.fix?.replacement;
    expect(fixOf('https://tea.example.com/api/')).toBe('https://tea.example.com/api');
    expect(fixOf('https://tea.example.com/')).toBe('https://tea.example.com');
    expect(fixOf('Https://tea.example.com')).toBe('https://tea.example.com');
    expect(fixOf('HTTP://127.0.0.1:8080/tea//')).toBe('http://127.0.0.1:8080/tea');
    for (const [, url] of SEVEN.slice(2)) expect(fixOf(url), url).toBeUndefined();
    // A slash before a query is a mistake too, but the query needs a person: no fix.
    const mixed = validateDocument(discovery('HTTPS://tea.example.com/api/?v=1')).findings;
    expect(mixed).toHaveLength(1);
    expect(mixed[0]!.fix).toBeUndefined();
    expect(mixed[0]!.message).toContain('write "https", schemes are lowercase; has a query ("?v=1"): remove it');
  });

  it('never shows the password of a URL with userinfo', () => {
    const { findings } = validateDocument(discovery('https://admin:hunter2@tea.example.com/api'));
    expect(findings).toHaveLength(1);
    expect(JSON.stringify(findings)).not.toMatch(/hunter2|admin/);
    expect(findings[0]!.message).toContain('"https://…@tea.example.com/api"');
  });

  it('fixText removes the slash and lowercases the scheme, and leaves a fix that would repeat another endpoint', () => {
    const fixed = fixText(text('HTTPS://tea.example.com/api/', 'https://tea.example.com/v2/'), { kind: 'discovery' });
    expect(fixed).toMatchObject({ changed: true, valid: true, left: [] });
    expect(JSON.parse(fixed.text).endpoints.map((e: { url: string }) => e.url)).toEqual(['https://tea.example.com/api', 'https://tea.example.com/v2']);
    const repeated = fixText(text('https://tea.example.com/api', 'https://tea.example.com/api/'), { kind: 'discovery' });
    expect(repeated.changed).toBe(false);
    expect(repeated.left.map((f) => f.rule)).toEqual(['discovery/base-url']);
  });

  it('agrees with the schema: a string it finds nothing wrong with is one the schema accepts, and the other way round', () => {
    const piece = fc.constantFrom(
      'https',
      'HTTPS',
      'Http',
      'http',
      'ftp',
      ':',
      '//',
      '/',
      '?',
      '#',
      '@',
      ' ',
      '\t',
      '\u00a0',
      '\u0000',
      '%',
      '%2F',
      '%zz',
      'a',
      'tea.example.com',
      '.',
      ':8080',
      '<',
      '|',
      'é',
      '\ud83d\ude00',
      'api',
      'v1',
      '[::1]',
      '',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const url = pieces.join('');
        const schemaAccepts = validateDocument(discovery(url), { checks: {} }).valid;
        expect(diagnoseBaseUrl(url).problems.length === 0, JSON.stringify(url)).toBe(schemaAccepts);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('teapurl validate on the seven documents, in a temporary folder', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'teapurl-base-url-'));
    for (const [file] of SEVEN) copyFileSync(path.join(CORPUS, file), path.join(dir, file));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints seven different messages, one per file', () => {
    const r = runCli(['validate', '--format', 'json', ...SEVEN.map(([file]) => file)], { cwd: dir });
    expect(r.status).toBe(1);
    const results = JSON.parse(r.stdout) as { file: string; findings: { rule: string; message: string }[] }[];
    expect(results.map((result) => result.findings.length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(new Set(results.map((result) => result.findings[0]!.message.replace(/^[^"]*"[^"]*" /, ''))).size).toBe(7);
  });

  it('--fix removes a trailing slash and nothing else, and the file is then valid', () => {
    writeFileSync(path.join(dir, 'tea.json'), readFileSync(path.join(CORPUS, 'url-trailing-slash.json'), 'utf8'));
    const before = readFileSync(path.join(dir, 'tea.json'), 'utf8');
    const r = runCli(['validate', '--fix', 'tea.json'], { cwd: dir });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(readFileSync(path.join(dir, 'tea.json'), 'utf8')).toBe(before.replace('"https://tea.example.com/api/"', '"https://tea.example.com/api"'));
    expect(runCli(['validate', 'tea.json'], { cwd: dir }).status).toBe(0);
  });

  it('--fix leaves a query to a person and says so', () => {
    const r = runCli(['validate', '--fix', 'url-with-query.json'], { cwd: dir });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('has a query ("?version=1"): remove it, a base URL has none [');
    expect(r.stdout).toMatch(/\n1 finding left is not fixable automatically: it needs a person\n$/);
  });
});

describe('a huge url is diagnosed in one pass', () => {
  it('ten million slashes, or ten million characters before a bad one, take no longer than reading them', () => {
    for (const url of [
      `https://tea.example.com${'/'.repeat(10_000_000)}a/`,
      `https://tea.example.com/${'a'.repeat(10_000_000)}<`,
      `HTTPS://tea.example.com${'/'.repeat(10_000_000)}`,
    ]) {
      const diagnosis = diagnoseBaseUrl(url);
      expect(diagnosis.problems.length).toBeGreaterThan(0);
      expect(diagnosis.message.length).toBeLessThan(400);
    }
    expect(diagnoseBaseUrl(`HTTPS://tea.example.com${'/'.repeat(10_000_000)}`).rewrite).toBe('https://tea.example.com');
  });
});
