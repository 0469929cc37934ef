// A PURL writer that owes nothing to teapurl's engine (nothing from src/ is imported), for the
// scripts that build corpora: their expectations must not come from the code the corpora test.
// It knows the components it is given, applies the per-type normalisations that
// corpus/purl-types/ states (`case_sensitive: false` lowercases; PyPI's prose rule turns `_` into
// `-`) and writes the canonical string by ECMA-427's "Character encoding" clause and how-to-build.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Plain text order (not the locale's), for stable output. */
export const byText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

// The canonical form, per ECMA-427 ("Character encoding", "Rules for each PURL component") and
// how-to-build. Unencoded: A-Z a-z 0-9, the punctuation `.-_~`, and the colon `:` wherever it
// appears. Every other character (including `@ / ? # & = + % !` and space) is written as the
// percent-escapes of its UTF-8 octets, hex in uppercase. Separators are written only as separators.

const UTF8 = new TextEncoder();
const UNENCODED = new Set('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-_~:');

export function encodeComponent(text) {
  let out = '';
  for (const byte of UTF8.encode(text)) {
    const ch = String.fromCharCode(byte);
    out += byte < 0x80 && UNENCODED.has(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** What corpus/purl-types says about each component's case, read from the definitions. */
function loadCaseRules() {
  const rules = {};
  const dir = path.join(ROOT, 'corpus/purl-types');
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('-definition.json'))
    .sort()) {
    const def = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    const lower = new Set();
    for (const component of ['namespace', 'name', 'version', 'subpath']) {
      if (def[`${component}_definition`]?.case_sensitive === false) lower.add(component);
    }
    rules[def.type] = lower;
  }
  return rules;
}
const CASE_INSENSITIVE = loadCaseRules();

/** Statements the definitions make in prose only (the engine's rule registry is not consulted). */
const PROSE_RULES = {
  pypi: { name: (name) => name.replaceAll('_', '-') },
};

/** Normalised components: lowercase where the type is case-insensitive, then the prose rules. */
export function normalise(c) {
  const lower = CASE_INSENSITIVE[c.type] ?? new Set();
  const out = { ...c, type: c.type.toLowerCase() };
  for (const component of ['namespace', 'name', 'version', 'subpath']) {
    if (out[component] == null) continue;
    if (lower.has(component)) out[component] = out[component].toLowerCase();
    const rule = PROSE_RULES[out.type]?.[component];
    if (rule) out[component] = rule(out[component]);
  }
  if (out.qualifiers) {
    const q = {};
    for (const [k, v] of Object.entries(out.qualifiers)) if (v !== '') q[k.toLowerCase()] = v;
    out.qualifiers = Object.keys(q).length ? q : null;
  }
  return out;
}

/** Namespace segments: empty ones are discarded. */
const namespaceSegments = (path) => path.split('/').filter((s) => s !== '');
/** Subpath segments: empty, `.` and `..` ones are discarded. */
const subpathSegments = (path) => path.split('/').filter((s) => s !== '' && s !== '.' && s !== '..');

/** how-to-build, left to right, from normalised components. */
export function buildCanonical(c) {
  let purl = `pkg:${c.type}/`;
  if (c.namespace) purl += `${namespaceSegments(c.namespace).map(encodeComponent).join('/')}/`;
  purl += encodeComponent(c.name);
  if (c.version) purl += `@${encodeComponent(c.version)}`;
  if (c.qualifiers) {
    const pairs = Object.entries(c.qualifiers).map(([k, v]) => `${k}=${encodeComponent(v)}`);
    purl += `?${pairs.sort(byText).join('&')}`;
  }
  if (c.subpath && subpathSegments(c.subpath).length) purl += `#${subpathSegments(c.subpath).map(encodeComponent).join('/')}`;
  return purl;
}
