/**
 * The same calls made in Node (on the sources) and in Chromium (on the browser bundles), turned
 * into plain data so the two runs can be compared as JSON. Bundled on its own for the page: it
 * imports nothing at run time, the modules under test are passed in.
 */
import type * as PurlEntry from '../../src/purl/index.js';
import type * as TeapurlEntry from '../../src/index.js';

/** A value, or what was thrown instead. */
export type Outcome<T> = { ok: T } | { error: { name: string; code?: string; component?: string; message: string } };

function attempt<T>(run: () => T): Outcome<T> {
  try {
    return { ok: run() };
  } catch (error) {
    const e = error as { name?: string; code?: string; component?: string; message?: string };
    return { error: { name: String(e?.name), code: e?.code, component: e?.component, message: String(e?.message) } };
  }
}

/** Components as plain JSON: the qualifiers record has no prototype and its keys are sorted. */
function plain(c: PurlEntry.PurlComponents): unknown {
  const qualifiers = c.qualifiers === null ? null : Object.fromEntries(Object.entries(c.qualifiers).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { type: c.type, namespace: c.namespace, name: c.name, version: c.version, qualifiers, subpath: c.subpath };
}

/** One PURL string, and optionally the components it should build from. */
export interface PurlCase {
  readonly input: string;
  readonly components?: PurlEntry.PurlComponentsInput;
}

/** What teapurl/purl answers for each case: parse (strict and lenient), build, canonicalise, validate. */
export function exercisePurls(purl: typeof PurlEntry, cases: readonly PurlCase[]): unknown[] {
  return cases.map(({ input, components }) => ({
    input,
    parse: attempt(() => plain(purl.parsePurl(input))),
    lenient: attempt(() => plain(purl.parsePurl(input, { lenient: true }))),
    rebuilt: attempt(() => purl.buildPurl(purl.parsePurl(input, { lenient: true }))),
    built: components === undefined ? null : attempt(() => purl.buildPurl(components)),
    canonical: attempt(() => purl.canonicalizePurl(input)),
    validation: purl.validatePurl(input),
  }));
}

/** Engines from definitions given at run time: the compiled definition schema (fetched by loadPurlEngine) and patterns at work. */
export async function exerciseEngines(purl: typeof PurlEntry, definitions: readonly unknown[], inputs: readonly string[]): Promise<unknown> {
  let engine: Outcome<PurlEntry.PurlEngine>;
  try {
    engine = { ok: await purl.loadPurlEngine(definitions, { strictTypes: true }) };
  } catch (error) {
    engine = attempt(() => {
      throw error;
    });
  }
  if (!('ok' in engine)) return { engine: engine.error };
  return {
    types: engine.ok.types(),
    results: inputs.map((input) => ({
      input,
      validation: (engine as { ok: PurlEntry.PurlEngine }).ok.validate(input),
      canonical: attempt(() => (engine as { ok: PurlEntry.PurlEngine }).ok.canonicalize(input)),
    })),
  };
}

/** validateText of teapurl on each text, reduced to what a caller reads. */
export function exerciseValidation(teapurl: typeof TeapurlEntry, texts: readonly { file: string; text: string }[]): unknown[] {
  return texts.map(({ file, text }) => {
    const result = teapurl.validateText(text, { file });
    return {
      file,
      valid: result.valid,
      kind: result.kind,
      findings: result.findings.map((f) => ({ rule: f.rule, severity: f.severity, pointer: f.pointer, line: f.line, column: f.column, message: f.message })),
    };
  });
}
