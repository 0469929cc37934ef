/**
 * Issue 39 item 6: every rule of a SARIF report carries its help (`help.text`, `help.markdown`)
 * from the source of the guide's rules tables, and every link in the SARIF (`helpUri`, the
 * Markdown's links) leads to a heading of a guide the package ships, at the repository that
 * package.json names (`repository`, else `homepage`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import type { Log } from 'sarif';
import { describe, expect, it } from 'vitest';
import { builtInChecks, KIND_NAMES, type ValidationResult } from '../../src/validator/index.js';
import { formatSarif, repositoryFileUrl } from '../../src/cli/output/sarif.js';
import { ruleDescription } from '../../src/cli/output/rule-descriptions.js';
import { ROOT } from '../support/paths.js';

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string; files: string[] };
const REPOSITORY = 'git+https://github.com/example/teapurl.git';
const WEB = `https://github.com/example/teapurl/blob/v${manifest.version}/`;

/** Every rule teapurl can report: each check's, and the schema, JSON and file rules. */
const RULES = [
  ...new Set([
    ...KIND_NAMES.flatMap((kind) => (builtInChecks[kind] ?? []).map((c) => c.rule)),
    'schema/required',
    'schema/pattern',
    'json/syntax',
    'json/duplicate-key',
    'file/too-large',
    'kind/undetected',
    'xml/syntax',
  ]),
];

/** A result with one finding of each rule, so that the report lists every rule. */
const RESULTS: ValidationResult[] = [
  {
    file: 'x.json',
    kind: null,
    valid: false,
    findings: RULES.map((rule, i) => ({ file: 'x.json', pointer: '', line: i + 1, column: 1, severity: 'error' as const, rule, message: 'm' })),
  },
];

function sarif(info: { repository?: string; homepage?: string }): Log {
  return JSON.parse(
    formatSarif(RESULTS, {
      cwd: ROOT,
      quiet: false,
      stdinName: '<stdin>',
      problems: [],
      version: manifest.version,
      homepage: info.homepage,
      repository: info.repository,
    }),
  ) as Log;
}

const markdown = new MarkdownIt();
/** The anchors of a guide, as GitHub makes them. */
function anchorsOf(file: string): Set<string> {
  const tokens = markdown.parse(readFileSync(path.join(ROOT, file), 'utf8'), {});
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    anchors.add(slugger.slug((tokens[i + 1]?.children ?? []).map((c) => (c.type === 'text' || c.type === 'code_inline' ? c.content : '')).join('')));
  });
  return anchors;
}

/** Every link of a rule: its helpUri and the targets of its help's Markdown links. */
function linksOf(rule: NonNullable<Log['runs'][number]['tool']['driver']['rules']>[number]): string[] {
  return [...(rule.helpUri ? [rule.helpUri] : []), ...[...(rule.help?.markdown ?? '').matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!)];
}

describe('SARIF rule help', () => {
  it('every rule carries help.text and help.markdown with the summary the guide shows for it', () => {
    const guide = readFileSync(path.join(ROOT, 'docs/validate.md'), 'utf8');
    const rules = sarif({ repository: REPOSITORY }).runs[0]!.tool.driver.rules!;
    expect(rules.map((r) => r.id).sort()).toEqual([...RULES].sort());
    for (const rule of rules) {
      const summary = ruleDescription(rule.id);
      expect(rule.help?.text, rule.id).toContain(summary);
      expect(rule.help?.markdown, rule.id).toContain(summary);
      // A check's help is the row of the guide's rules table (both come from the check's summary).
      const check = KIND_NAMES.flatMap((kind) => builtInChecks[kind] ?? []).find((c) => c.rule === rule.id);
      if (check) expect(guide, rule.id).toContain(`| \`${rule.id}\` | ${check.summary.replace(/\|/g, '\\|')} |`);
    }
  });

  it('every link in the SARIF resolves to a heading of a guide the package ships', () => {
    const rules = sarif({ repository: REPOSITORY }).runs[0]!.tool.driver.rules!;
    const shipsDocs = manifest.files.includes('docs/');
    expect(shipsDocs).toBe(true);
    const seen = new Set<string>();
    for (const rule of rules) {
      const links = linksOf(rule);
      expect(links.length, rule.id).toBeGreaterThan(0);
      for (const link of links) {
        expect(link.startsWith(WEB), `${rule.id}: ${link}`).toBe(true);
        const [file, anchor] = link.slice(WEB.length).split('#') as [string, string | undefined];
        expect(file, rule.id).toMatch(/^docs\/[\w-]+\.md$/);
        expect(anchor, `${rule.id}: ${link} has no #heading`).toBeDefined();
        expect(anchorsOf(file).has(anchor!), `${rule.id}: ${link}: no heading #${anchor} in ${file}`).toBe(true);
        seen.add(anchor!);
      }
    }
    // Rules of a kind lead to that kind's table, not all to one page top.
    expect(seen.has('tea-discovery')).toBe(true);
    expect(seen.has('what-is-checked')).toBe(true);
  });

  it('the repository is read from package.json as npm writes it; homepage is next; with neither, no helpUri and the help names the guide in the package', () => {
    const file = 'docs/validate.md#what-is-checked';
    const version = '1.2.3';
    expect(
      [
        'github:example/teapurl',
        'example/teapurl',
        'https://github.com/example/teapurl',
        'git+ssh://git@github.com/example/teapurl.git',
        'git@github.com:example/teapurl.git',
      ].map((repository) => repositoryFileUrl(file, { version, repository })),
    ).toEqual(Array(5).fill(`https://github.com/example/teapurl/blob/v1.2.3/${file}`));
    expect(repositoryFileUrl(file, { version, repository: 'https://gitlab.com/group/teapurl.git' })).toBe(
      `https://gitlab.com/group/teapurl/-/blob/v1.2.3/${file}`,
    );
    expect(repositoryFileUrl(file, { version, homepage: 'https://teapurl.example.org/' })).toBe(`https://teapurl.example.org/${file}`);
    const bare = sarif({}).runs[0]!.tool.driver.rules!;
    for (const rule of bare) {
      expect(rule.helpUri).toBeUndefined();
      expect(rule.help!.text).toMatch(/docs\/validate\.md#[\w-]+$/);
    }
  });
});
