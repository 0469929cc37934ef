/**
 * Every TypeScript and JavaScript example of the README and the guides compiles against the
 * package as a user installs it: each ```ts / ```js block becomes a module that imports
 * `teapurl`, `teapurl/purl`, … by the package's own name (Node resolves a package's name from
 * inside it through package.json `exports`, so the built dist/ and its declarations are what the
 * examples see), and TypeScript checks them all in strict mode. A name an example uses that the
 * package does not export, a wrong argument, a misspelt option: the test names the page and line.
 * Needs `npm run build` first (`npm test` does it).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';

const PAGES = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((n) => n.endsWith('.md'))
    .map((n) => `docs/${n}`),
];
/** Inside the package, so that `teapurl/…` resolves to the package itself. */
const WORK = path.join(ROOT, 'test-artifacts/doc-examples');
const LANGUAGES: Readonly<Record<string, string>> = { ts: '.mts', typescript: '.mts', js: '.mjs', javascript: '.mjs' };

interface Example {
  page: string;
  /** The line of the page where the code starts (after the fence). */
  line: number;
  file: string;
  code: string;
}

function examples(): Example[] {
  const markdown = new MarkdownIt();
  const found: Example[] = [];
  for (const page of PAGES) {
    for (const token of markdown.parse(readFileSync(path.join(ROOT, page), 'utf8'), {})) {
      const language = token.info.trim().split(/\s+/)[0] ?? '';
      if (token.type !== 'fence' || !Object.hasOwn(LANGUAGES, language)) continue;
      // A CommonJS example (require) is a .cjs module; the rest are ES modules, top-level await included.
      const extension = /\brequire\(/.test(token.content) ? '.cjs' : LANGUAGES[language]!;
      const name = `${page.replace(/[/.]/g, '_')}-${token.map![0] + 2}${extension}`;
      found.push({ page, line: token.map![0] + 2, file: path.join(WORK, name), code: token.content });
    }
  }
  return found;
}

function compile(all: readonly Example[]): string[] {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  for (const example of all) writeFileSync(example.file, example.file.endsWith('.cjs') ? example.code : `${example.code}\nexport {};\n`);
  const program = ts.createProgram(
    all.map((e) => e.file),
    {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: ['node'],
      typeRoots: [path.join(ROOT, 'node_modules/@types')],
      strict: true,
      allowJs: true,
      checkJs: true,
      noEmit: true,
      skipLibCheck: true,
    },
  );
  const byFile = new Map(all.map((e) => [path.resolve(e.file), e]));
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    const example = d.file ? byFile.get(path.resolve(d.file.fileName)) : undefined;
    if (!d.file || !example || d.start === undefined) return text;
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${example.page}:${example.line + line}: ${text}`;
  });
}

describe('the examples of the README and the guides', () => {
  const all = examples();

  it('are found: every guide that shows code in TypeScript or JavaScript has them checked', () => {
    expect(all.length).toBeGreaterThan(10);
    expect(new Set(all.map((e) => e.page))).toEqual(
      new Set([
        'README.md',
        'docs/purl.md',
        'docs/purl-urls.md',
        'docs/packageurl-js.md',
        'docs/validate.md',
        'docs/tea.md',
        'docs/type-docs-site.md',
        'docs/vers.md',
      ]),
    );
  });

  it('compile against the package in strict mode', () => {
    expect(compile(all)).toEqual([]);
  }, 120_000);

  it('the check fails for a name the package does not export', () => {
    const wrong = {
      page: 'made-up.md',
      line: 1,
      file: path.join(WORK, 'made-up.mts'),
      code: "import { parsePurlz } from 'teapurl/purl';\nparsePurlz('pkg:npm/x');\n",
    };
    expect(compile([wrong]).join('\n')).toMatch(/^made-up\.md:1: .*parsePurlz/m);
  }, 120_000);
});
