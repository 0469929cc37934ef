import { sha256 as sha256Bytes } from '@noble/hashes/sha2';
import { escapeHtml } from './escape.js';

/** One stylesheet for every page: light and dark schemes, readable at phone width. */
const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--head:#f6f8fa;--link:#0550ae;--code:#eff2f5;--bad:#b3261e;--good:#1a7f37}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--head:#151b23;--link:#4493f8;--code:#1f252d;--bad:#ff7b72;--good:#3fb950}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0 auto;max-width:75rem;padding:1rem;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:break-word}
a{color:var(--link)}
h1{font-size:1.6rem;line-height:1.25}
h2{font-size:1.3rem;margin-top:2rem;border-bottom:1px solid var(--line)}
h3{font-size:1.05rem}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;background:var(--code);border-radius:4px;overflow-wrap:anywhere}
code{padding:.1em .3em}
pre{padding:.6rem;white-space:pre-wrap}
p,li,dd,td,a{overflow-wrap:anywhere}
.table-wrap{overflow-x:auto;margin:0 0 1rem;max-width:100%}
table{border-collapse:collapse;width:100%}
th,td{border:1px solid var(--line);padding:.35rem .6rem;text-align:left;vertical-align:top}
thead th{background:var(--head)}
tbody th{font-weight:600}
td ul,dd ul{margin:0;padding-left:1.1rem}
[hidden]{display:none!important}
.muted{color:var(--muted)}
.refused{color:var(--bad)}
.valid{color:var(--good)}
.toc{display:flex;flex-wrap:wrap;gap:.2rem 1rem;margin:1rem 0}
td p{margin:0}td p+p,td p+ul,td ul+p{margin-top:.3rem}
#types{table-layout:fixed}
#types th:nth-child(1){width:18%}#types th:nth-child(2){width:47%}
#components th:nth-child(1){width:8rem}#components th:nth-child(2),#components th:nth-child(3){width:9rem}
#qualifiers th:nth-child(1){width:10rem}#qualifiers th:nth-child(2){width:9rem}#qualifiers th:nth-child(3){width:7rem}
.syntax{white-space:nowrap}
details{margin:1rem 0}summary{cursor:pointer;font-weight:600}
dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.3rem 1rem}
dt{font-weight:600}
dd{margin:0;min-width:0}
@media (max-width:30rem){dl{grid-template-columns:minmax(0,1fr)}dd{margin-bottom:.5rem}.syntax{white-space:normal}}
label{font-weight:600;margin-right:.5rem}
input{font:inherit;padding:.4rem .6rem;width:100%;max-width:26rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg)}
.purl-box{border:1px solid var(--line);border-radius:6px;padding:0 .8rem .2rem;margin:1rem 0}
.purl-box>h2{margin:.6rem 0 .4rem;border:0;font-size:1.1rem}
.purl-box p{margin:.4rem 0}
.purl-box-field{display:flex;flex-wrap:wrap;align-items:center;gap:.3rem}
.purl-box input{max-width:none;flex:1 1 16rem;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.purl-box-hint{font-size:.9rem}
.purl-box-verdict{font-weight:600}
.purl-box-links{display:flex;flex-wrap:wrap;gap:.2rem 1rem}
.purl-box .table-wrap{margin:.4rem 0}
@media (max-width:48rem){table.stack thead{display:none}table.stack,table.stack tbody,table.stack tr,table.stack td{display:block}table.stack tr{border:1px solid var(--line);border-radius:6px;margin:0 0 .8rem;padding:.3rem .6rem}table.stack td{border:0;padding:.1rem 0}table.stack td::before{content:attr(data-label) ": ";font-weight:600}table.stack td:empty{display:none}table.stack td>p:first-child{display:inline}table.stack col,table.stack th{width:auto!important}}
footer{margin-top:2rem;color:var(--muted);font-size:.9rem}
`.trim();

/** What a page consists of besides the shared shell. */
export interface HtmlPageParts {
  readonly title: string;
  /** Already-escaped HTML for `<main>`. */
  readonly main: string;
  /** Already-escaped HTML above `<main>` (navigation). */
  readonly header?: string;
  /** A plain script without any document text in it, or none. */
  readonly script?: string;
  /** Same-origin script files the page loads (relative URLs, after `script`), in order. */
  readonly scriptFiles?: readonly string[];
}

function sha256(text: string): string {
  return `'sha256-${base64(sha256Bytes(new TextEncoder().encode(text)))}'`;
}

const STYLE_HASH = sha256(STYLE);

/**
 * A complete HTML document. Its Content-Security-Policy allows only this page's own style and
 * inline script (by hash) and, when it loads script files, scripts from its own origin (`'self'`,
 * which Chromium also grants a page opened from disk its neighbouring files), and nothing from
 * elsewhere: no inline script without that hash, no `eval`, no request to another site, no
 * `connect-src` at all. Should a definition's text ever slip past escaping, the browser would
 * still not run it.
 */
export function htmlPage(parts: HtmlPageParts): string {
  const files = parts.scriptFiles ?? [];
  const sources = [...(files.length > 0 ? ["'self'"] : []), ...(parts.script === undefined ? [] : [sha256(parts.script)])];
  const scriptSource = sources.length === 0 ? "'none'" : sources.join(' ');
  const policy = `default-src 'none'; style-src ${STYLE_HASH}; script-src ${scriptSource}; base-uri 'none'; form-action 'none'`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<meta http-equiv="Content-Security-Policy" content="${policy}">`,
    '<meta name="generator" content="teapurl docs">',
    `<title>${escapeHtml(parts.title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    parts.header ?? '',
    '<main>',
    parts.main,
    '</main>',
    '<footer>Generated by <code>teapurl docs</code> from PURL type definitions.</footer>',
    parts.script === undefined ? '' : `<script>${parts.script}</script>`,
    ...files.map((file) => `<script src="${escapeHtml(file)}"></script>`),
    '</body>',
    '</html>',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}

/** Standard base64 of bytes, as a Content-Security-Policy hash source wants it (browser-safe: no Buffer). */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
