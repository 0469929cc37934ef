#!/usr/bin/env node
// What each part of teapurl/purl costs in the bundle a browser loads first: the entry bundled as
// `npm run size` bundles it (scripts/lib/browser-bundle.mjs: esbuild --bundle --minify
// --splitting --platform=browser --format=esm, gzip level 6 with pako), from the sources, once
// whole and once without each part. A part's cost is what leaving it out saves (gzip and
// minified bytes of what loads first; what only a dynamic import() loads is not counted):
//
//   type rules     the 42 bundled types' rules (compiled/default-rules.ts, JSON text)
//   texts          every string or template literal with a space in it: error messages, refusal
//                  reasons, rule summaries (blanked in the minified output, then gzipped again)
//   flagger        the pattern guard's flagger: the shape analysis that tells which
//                  permitted_characters patterns can backtrack catastrophically (0 since it runs
//                  when teapurl is built for the bundled types, and is in the lazy chunk of the
//                  engines made from definitions)
//   fast path      canonicalize's in-place check and rewrites (canonical-fast-path.ts)
//   PackageURL     the packageurl-js-compatible class and its tables (package-url/*)
//   loaders        the async load… functions (URL mapper, definitions, pattern guard, engines from
//                  definitions): what stays eager of them, their chunks are lazy anyway
//
// Run:   node scripts/bundle-parts.mjs [--json]

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { bundleForBrowser, gzipSize } from './lib/browser-bundle.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const json = process.argv.includes('--json');

/**
 * `code` (minified JavaScript) with the text of every string and template literal that holds a
 * space blanked: found by TypeScript's parser, so that nothing else is taken for one.
 */
function blankTexts(code) {
  const file = ts.createSourceFile('bundle.js', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const cuts = [];
  const visit = (node) => {
    const literal =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node);
    if (literal && node.text.includes(' '))
      cuts.push([node.getStart(file) + 1, node.getEnd() - (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) ? 2 : 1)]);
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = '';
  let at = 0;
  for (const [from, to] of cuts.sort((a, b) => a[0] - b[0])) {
    out += code.slice(at, from);
    at = to;
  }
  return out + code.slice(at);
}

/** How each part is left out: a rewrite of the source files it is in. */
const PARTS = {
  'type rules': {
    file: /compiled\/default-rules\.ts$/,
    rewrite: (text) => text.replace(/export const DEFAULT_RULES_JSON: string = ".*";/, "export const DEFAULT_RULES_JSON: string = '[]';"),
  },
  texts: { output: blankTexts },
  flagger: {
    file: /pattern-flagger\.ts$/,
    rewrite: (text) =>
      text.replace(
        /export function backtrackingCost\(source: string\): BacktrackingCost \{[\s\S]*?\n\}\n/,
        'export function backtrackingCost(source: string): BacktrackingCost {\n  return source === "" ? NONE : NONE;\n}\n',
      ),
  },
  'fast path': {
    file: /canonical-fast-path\.ts$/,
    rewrite: (text) =>
      text
        .replace(/export function isCanonicalInPlace\([\s\S]*?\n\}\n/, 'export function isCanonicalInPlace(..._: unknown[]): boolean {\n  return false;\n}\n')
        .replace(/export function canonicalInPlace\([\s\S]*?\n\}\n/, 'export function canonicalInPlace(..._: unknown[]): string | null {\n  return null;\n}\n')
        .replace(/export function inPlaceRules\([\s\S]*?\n\}\n/, 'export function inPlaceRules(..._: unknown[]): InPlaceRules | null {\n  return null;\n}\n'),
  },
  PackageURL: {
    file: /src\/purl\/index\.ts$/,
    rewrite: (text) => text.replace(/export \{\s*PackageURL,[\s\S]*?\} from '\.\/package-url\/package-url\.js';/, ''),
  },
  loaders: {
    file: /src\/purl\/index\.ts$/,
    rewrite: (text) =>
      text
        .replace(/export \{ loadPurlEngine \} from .*\n/, '')
        .replace(
          /export \{ loadPatternGuard, type PatternGuard, type Re2Pattern \} from .*\n/,
          'export type { PatternGuard, Re2Pattern } from "./definitions/pattern-guard.js";\n',
        )
        .replace(/export \{ loadPurlDefinitions \} from .*\n/, '')
        .replace(/export \{ loadPurlUrls \} from .*\n/, '')
        .replace(/export \{ UrlDocumentError \} from .*\n/, ''),
  },
};

/** The eager bundle of teapurl/purl from the sources, with `part` (if any) left out. */
async function measure(part) {
  const plugin = {
    name: 'leave-out',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        let text = fs.readFileSync(args.path, 'utf8');
        if (part?.file?.test(args.path)) {
          const rewritten = part.rewrite(text);
          if (rewritten === text) throw new Error(`bundle-parts: nothing to leave out in ${args.path}`);
          text = rewritten;
        }
        return { contents: text, loader: 'ts' };
      });
    },
  };
  const bundle = await bundleForBrowser({ contents: "export * from './src/purl/index.ts';", resolveDir: ROOT, loader: 'ts', plugins: [plugin] });
  if (part?.output === undefined) return { min: bundle.bytes, gzip: bundle.gzipBytes };
  const files = bundle.eager.map((name) => Buffer.from(part.output(bundle.files[name]), 'utf8'));
  return { min: files.reduce((n, f) => n + f.length, 0), gzip: files.reduce((n, f) => n + gzipSize(f), 0) };
}

const whole = await measure(undefined);
const rows = [];
for (const [name, part] of Object.entries(PARTS)) {
  const without = await measure(part);
  rows.push({ part: name, gzip: whole.gzip - without.gzip, min: whole.min - without.min });
}
const rest = {
  part: 'the rest: syntax, type layer, build, rules in code, errors',
  gzip: whole.gzip - rows.reduce((n, r) => n + r.gzip, 0),
  min: whole.min - rows.reduce((n, r) => n + r.min, 0),
};

if (json) {
  console.log(JSON.stringify({ whole, parts: [...rows, rest] }));
} else {
  console.log(`teapurl/purl from the sources, what a page loads first: ${whole.min} bytes minified, ${whole.gzip} gzip`);
  console.log('each part: what leaving it out saves (parts overlap a little: texts inside another part count in both)\n');
  console.log(`${'part'.padEnd(60)} ${'gzip'.padStart(7)} ${'minified'.padStart(9)}`);
  for (const r of [...rows, rest]) console.log(`${r.part.padEnd(60)} ${String(r.gzip).padStart(7)} ${String(r.min).padStart(9)}`);
}
