import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PurlTypeDefinition, PurlTypeUrls } from '../../../types/index.js';
import type { DocsFile } from '../docs-file.js';
import { DEFINITIONS_GLOBAL, URLS_GLOBAL } from '../purl-box/definitions-global.js';
import { teapurlPackage } from './teapurl-package.js';

import { PURL_BOX_SCRIPT, PURL_DEFINITIONS_SCRIPT, PURL_URLS_SCRIPT } from '../purl-box-paths.js';
import { DocsSiteError } from './site-folder.js';

/** Where the build puts the box's script, relative to teapurl's package root. */
const BUILT_SCRIPT = 'dist/assets/purl-box.js';

let cached: string | undefined;

/**
 * The box's script as the build wrote it. Found from teapurl's package root, upwards from this
 * module, whether it runs from the ES bundle (dist/node, dist/chunks), the CLI bundle
 * (dist/teapurl.cjs) or the sources (src/docs, under tsx, after a build or the tests' setup).
 */
function builtScript(): string {
  if (cached !== undefined) return cached;
  const found = teapurlPackage();
  if (found === null)
    throw new DocsSiteError(
      'missing-asset',
      fileURLToPath(new URL('.', import.meta.url)),
      `teapurl docs: cannot find teapurl's package folder above ${fileURLToPath(new URL('.', import.meta.url))} to read ${BUILT_SCRIPT}`,
    );
  try {
    cached = readFileSync(new URL(BUILT_SCRIPT, found.root), 'utf8');
    return cached;
  } catch {
    throw new DocsSiteError(
      'missing-asset',
      fileURLToPath(new URL(BUILT_SCRIPT, found.root)),
      `teapurl docs: the live PURL box's script ${fileURLToPath(new URL(BUILT_SCRIPT, found.root))} is missing; in a checkout, run npm run build`,
    );
  }
}

/**
 * Data as a classic script setting one global. The JSON travels as a string literal read by
 * `JSON.parse`, not as an object literal: an object literal would give a `"__proto__"` key its
 * special meaning. Everything beyond ASCII is escaped, so the file reads the same whatever
 * encoding a browser assumes for a script opened from disk.
 */
function dataScript(global: string, what: string, data: unknown): string {
  const literal = JSON.stringify(JSON.stringify(data)).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `// Written by teapurl docs: ${what}, read by purl-box.js.\nglobalThis.${global} = JSON.parse(${literal});\n`;
}

/** The three scripts every HTML site carries for its live PURL box. */
export function purlBoxAssets(definitions: readonly PurlTypeDefinition[], urlDocuments: readonly PurlTypeUrls[]): DocsFile[] {
  return [
    { path: PURL_BOX_SCRIPT, content: builtScript() },
    { path: PURL_DEFINITIONS_SCRIPT, content: dataScript(DEFINITIONS_GLOBAL, 'the PURL type definitions this site documents', definitions) },
    { path: PURL_URLS_SCRIPT, content: dataScript(URLS_GLOBAL, 'the URL documents (purl-type-urls) of the types this site documents', urlDocuments) },
  ];
}
