/**
 * The README and the guides as a reader follows them: every relative link names a file that is
 * there, and every `#anchor` a heading of that file, as GitHub renders it (github-slugger) and as
 * the documentation site does (typedoc's slugger): a heading both read the same way. The README
 * stays a front door of at most 300 lines.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { Slugger as TypedocSlugger } from 'typedoc';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';

const README_MAX_LINES = 300;
const markdown = new MarkdownIt({ html: true });

/** The pages a reader moves between: the README, the development guide, the history, the guides. */
const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  'CHANGELOG.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

const tokensOf = new Map(PAGES.map((page) => [page, markdown.parse(readFileSync(path.join(ROOT, page), 'utf8'), {})]));

/** The plain text of a heading, as both sluggers are given it: inline code keeps its text. */
function headingTexts(tokens: Token[]): string[] {
  const texts: string[] = [];
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const inline = tokens[i + 1]?.children ?? [];
    texts.push(inline.map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : '')).join(''));
  });
  return texts;
}

/** The anchors of a Markdown file, GitHub's way (repeated headings get -1, -2, …). */
function anchorsOf(file: string): Set<string> {
  const tokens = tokensOf.get(file) ?? markdown.parse(readFileSync(path.join(ROOT, file), 'utf8'), {});
  const slugger = new GithubSlugger();
  return new Set(headingTexts(tokens).map((text) => slugger.slug(text)));
}

/**
 * The anchors of a Markdown file as typedoc makes them on the documentation site: its slugger
 * sees a heading's text without its inline code, and collapses the first run of dashes.
 */
function siteAnchorsOf(file: string): Set<string> {
  const tokens = tokensOf.get(file)!;
  const slugger = new TypedocSlugger({ lowercase: true });
  const anchors = new Set<string>();
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    anchors.add(
      slugger.slug(
        (tokens[i + 1]?.children ?? [])
          .filter((c) => c.type === 'text')
          .map((c) => c.content)
          .join(''),
      ),
    );
  });
  return anchors;
}

/** Every link of a page: `[text](href)` and raw `<a href>`, with the line it is on. */
function linksOf(tokens: Token[]): { href: string; line: number }[] {
  const found: { href: string; line: number }[] = [];
  for (const block of tokens) {
    const line = (block.map?.[0] ?? 0) + 1;
    for (const token of block.children ?? []) {
      if (token.type === 'link_open') found.push({ href: token.attrGet('href') ?? '', line });
      if (token.type === 'html_inline') for (const m of token.content.matchAll(/\bhref="([^"]*)"/g)) found.push({ href: m[1]!, line });
    }
  }
  return found;
}

describe('the README and the guides', () => {
  it.each(PAGES)('%s: every relative link and anchor resolves', (page) => {
    const broken: string[] = [];
    for (const { href, line } of linksOf(tokensOf.get(page)!)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue; // https:, mailto:
      const [target = '', anchor] = href.split('#');
      const file = target === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURIComponent(target)));
      if (file.startsWith('../') || !existsSync(path.join(ROOT, file))) {
        broken.push(`${page}:${line}: ${href}: ${file} does not exist`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!file.endsWith('.md') || statSync(path.join(ROOT, file)).isDirectory()) {
        broken.push(`${page}:${line}: ${href}: an anchor into a file that is not Markdown`);
      } else if (!anchorsOf(file).has(anchor)) {
        broken.push(`${page}:${line}: ${href}: ${file} has no heading with the anchor #${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it.each(PAGES)('%s: every anchor it links to is the same on GitHub and on the documentation site', (page) => {
    const differ: string[] = [];
    for (const { href, line } of linksOf(tokensOf.get(page)!)) {
      const [target = '', anchor] = href.split('#');
      if (anchor === undefined || /^[a-z][a-z0-9+.-]*:/i.test(href)) continue;
      const file = target === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), target));
      if (!tokensOf.has(file)) continue;
      const site = siteAnchorsOf(file);
      if (!site.has(anchor)) differ.push(`${page}:${line}: ${href}: the site has no #${anchor} (it has #${[...site].join(', #')})`);
    }
    expect(differ).toEqual([]);
  });

  it(`the README is a front door: at most ${README_MAX_LINES} lines, and it links every guide`, () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
    const linked = new Set(linksOf(tokensOf.get('README.md')!).map(({ href }) => href.split('#')[0]));
    expect(PAGES.filter((page) => page.startsWith('docs/') && !linked.has(page))).toEqual([]);
  });

  it('the link check itself finds a broken link and a broken anchor', () => {
    const tokens = markdown.parse('[a](docs/nowhere.md) and [b](README.md#no-such-heading)', {});
    expect(linksOf(tokens).map((l) => l.href)).toEqual(['docs/nowhere.md', 'README.md#no-such-heading']);
    expect(existsSync(path.join(ROOT, 'docs/nowhere.md'))).toBe(false);
    expect(anchorsOf('README.md').has('no-such-heading')).toBe(false);
    expect(anchorsOf('README.md').has('install')).toBe(true);
  });
});
