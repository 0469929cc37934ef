import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { ROOT } from '../../test/support/paths.js';

/** `teapurl/purl` bundled for the browser with code splitting, served from 127.0.0.1. */
export interface ServedPurlBundle {
  /** `http://127.0.0.1:<port>`; the page is `/page.html`, which sets `window.teapurl` and the title `ready`. */
  readonly origin: string;
  /** Every path the page asked the server for, in order (cleared by the caller when it wants). */
  readonly requested: string[];
  /** The output file whose inputs include `input` (a path fragment such as `node_modules/re2js/`). */
  chunkHolding(input: string): string;
  close(): Promise<void>;
}

function page(title: string): string {
  return `<!doctype html>
<meta charset="utf-8">
<title>${title}</title>
<link rel="icon" href="data:,">
<script type="module">
  import * as teapurl from './index.js';
  window.teapurl = teapurl;
  document.title = 'ready';
</script>`;
}

/**
 * Bundles `src/purl/index.ts` as a browser would get it (ESM, minified, split into the entry and
 * the chunks only dynamic imports reach) into `test-artifacts/<folder>`, and serves the page and
 * the bundle's `.js` files, recording what is fetched: the tests of lazily loaded parts
 * (`loadPatternGuard()`, `loadPurlUrls()`) check that their chunk is fetched only when asked for.
 */
export async function serveSplitPurlBundle(folder: string, title: string): Promise<ServedPurlBundle> {
  const out = path.join(ROOT, 'test-artifacts', folder);
  await rm(out, { recursive: true, force: true });
  const { metafile } = await build({
    entryPoints: { index: path.join(ROOT, 'src/purl/index.ts') },
    outdir: out,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    splitting: true,
    minify: true,
    metafile: true,
    logLevel: 'silent',
  });
  const requested: string[] = [];
  const html = page(title);
  const server = createServer((request, response) => {
    const name = new URL(request.url ?? '/', 'http://127.0.0.1').pathname.slice(1) || 'page.html';
    requested.push(name);
    if (name === 'page.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      return;
    }
    if (!/^[\w.-]+\.js$/.test(name)) {
      response.writeHead(404).end();
      return;
    }
    readFile(path.join(out, name)).then(
      (body) => response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requested,
    chunkHolding: (input) => chunkHolding(metafile, input),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function chunkHolding(metafile: Metafile, input: string): string {
  const found = Object.entries(metafile.outputs).find(([, output]) => Object.keys(output.inputs).some((file) => file.includes(input)));
  if (!found) throw new Error(`no output chunk holds ${input}`);
  return path.basename(found[0]);
}
