/**
 * Applies the fixes findings carry to a document's text, in memory. Each fix replaces one string
 * value, written in the document's own syntax (a JSON string, XML character data, a tag-value
 * word), so every other character of the text (indentation, key order, line endings, entities, a
 * byte order mark, the final newline) stays as it was.
 */
import type { Finding, FindingFix } from '../shared/finding.js';
import { ARRAY_INDEX_TOKEN, pointerTokens } from '../shared/pointer.js';
import type { TextEdit } from './source/document-source.js';
import type { BaseValidateOptions, Validator } from './create-validator.js';

/**
 * One fix that {@link fixText} applied.
 *
 * @example
 * ```ts
 * import type { AppliedFix } from 'teapurl';
 * const applied: AppliedFix = {
 *   pointer: '/examples/3', line: 48, column: 5, rule: 'purl-type/example-canonical',
 *   before: 'pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?type=zip&classifier=dist',
 *   after: 'pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?classifier=dist&type=zip',
 * };
 * ```
 */
export interface AppliedFix {
  /** JSON Pointer of the string replaced. */
  pointer: string;
  /** The 1-based line where the string stood before the fix (the fix never moves it); `null` without a source text. */
  line: number | null;
  /** The 1-based column where the string stood before the fix; `null` without a source text. */
  column: number | null;
  /** The rule of the finding the fix resolves. */
  rule: string;
  /** The string as it was. */
  before: string;
  /** The string as it is now. */
  after: string;
}

/**
 * What `fixText` made of a text.
 *
 * @example
 * ```ts
 * import { fixText, type FixTextResult } from 'teapurl';
 * const outcome: FixTextResult = fixText('{"a": 1', { kind: 'discovery' });
 * outcome.refused; // 'it is not well-formed JSON (malformed JSON: expected "}" at line 1, column 8)'
 * ```
 */
export interface FixTextResult<Name extends string = string> {
  /** The fixed text; the very input when nothing was fixed. */
  text: string;
  /** Whether `text` differs from the input. */
  changed: boolean;
  /** The fixes applied, in source order. */
  applied: AppliedFix[];
  /**
   * The replacements made, in source order: the characters `start` to `end` (UTF-16 offsets in
   * the input text) became `text`. A diff of the fix can be written from them directly.
   */
  edits: Array<{
    /** Where the replaced characters start (UTF-16 offset in the input). */
    start: number;
    /** Just past the replaced characters. */
    end: number;
    /** What stands there now. */
    text: string;
  }>;
  /**
   * The findings of the fixed text, as validation reports them, each message ending with why it
   * was left: it needs a person, or its fix would have added a finding. When the text was refused,
   * the findings of the input, unchanged.
   */
  left: Finding[];
  /** Whether the fixed text is valid (no error left). */
  valid: boolean;
  /** The kind the text was validated as. */
  kind: Name | null;
  /** Why the text was not touched at all (a syntax error, a repeated key), or `null`. */
  refused: string | null;
}

/** Findings that make a text unsafe to edit: what would be edited may not be what readers read. */
const BLOCKING: Record<string, string> = {
  'json/syntax': 'it is not well-formed JSON',
  'json/duplicate-key': 'it repeats a key, and a fix could land on the copy JSON readers ignore',
  'json/too-deep': 'it nests too deeply to be read',
  'xml/syntax': 'it is not well-formed XML',
  'xml/doctype': 'it declares a DOCTYPE, which teapurl does not read',
  'xml/not-cyclonedx': 'it is not a CycloneDX BOM',
  'xml/too-deep': 'it nests too deeply to be read',
  'xml/repeated-element': 'it repeats an element that may appear once, and a fix could land on the copy other readers ignore',
  'tag-value/syntax': 'it has lines that are not "Tag: value", and a fix could land where readers read another thing',
  'file/empty': 'it is empty',
  'internal/error': 'teapurl failed while validating it',
};

/** More fixes than this that together add a finding are not tried one by one (each try validates the text). */
const MAX_SINGLE_TRIES = 50;

/** Why a text with these findings must not be edited, or `null` when it may be. */
export function refusal(findings: readonly Finding[]): string | null {
  const blocking = findings.find((f) => BLOCKING[f.rule] !== undefined);
  return blocking ? `${BLOCKING[blocking.rule]} (${blocking.message}${where(blocking)})` : null;
}

/**
 * The findings left when none of a document's fixes was applied. With `unapplied`, each that
 * carries a fix says so; without it they stay as they are (a refused document's note says why,
 * once). A finding without a fix is never changed: that it needs a person is said once, in the
 * report's summary.
 */
export function leftToAPerson(findings: readonly Finding[], unapplied?: string): Finding[] {
  if (unapplied === undefined) return [...findings];
  return findings.map((f) => (f.fix === undefined || f.rule === 'findings/truncated' ? f : { ...f, message: `${f.message}; ${unapplied}` }));
}

/** How many of `findings` need a person: those without a fix (the cap's own note aside). */
export function needingAPerson(findings: readonly Finding[]): number {
  let count = 0;
  for (const f of findings) if (f.fix === undefined && f.rule !== 'findings/truncated') count++;
  return count;
}

function where(f: Finding): string {
  return f.line === null ? '' : ` at line ${f.line}, column ${f.column}`;
}

/** The string at `pointer` in the document, or `null` when the pointer leads to no string. */
function stringAt(document: unknown, pointer: string): string | null {
  let node = document;
  for (const token of pointerTokens(pointer)) {
    if (Array.isArray(node)) {
      if (!ARRAY_INDEX_TOKEN.test(token) || Number(token) >= node.length) return null;
      node = node[Number(token)];
    } else if (node !== null && typeof node === 'object' && Object.hasOwn(node, token)) {
      node = (node as Record<string, unknown>)[token];
    } else {
      return null;
    }
  }
  return typeof node === 'string' ? node : null;
}

interface Candidate {
  finding: Finding;
  fix: FindingFix;
  before: string;
}

/** A candidate with the edit that applies it. */
interface Edit extends Candidate {
  edit: TextEdit;
}

/** One candidate per pointer; a pointer that two findings would rewrite differently gets none. */
function candidates(findings: readonly Finding[], document: unknown): Candidate[] {
  const byPointer = new Map<string, Candidate | null>();
  for (const finding of findings) {
    const fix = finding.fix;
    if (!fix) continue;
    const seen = byPointer.get(fix.pointer);
    if (seen !== undefined) {
      if (seen !== null && seen.fix.replacement !== fix.replacement) byPointer.set(fix.pointer, null);
      continue;
    }
    const before = stringAt(document, fix.pointer);
    byPointer.set(fix.pointer, before !== null && before !== fix.replacement ? { finding, fix, before } : null);
  }
  return [...byPointer.values()].filter((c): c is Candidate => c !== null);
}

/**
 * The text with each chosen edit applied, in one pass: the edits were all worked out on the same
 * text, so no edit moves another, and the cost grows with the text and the number of fixes, never
 * with their product.
 */
function applyAll(text: string, chosen: readonly Edit[]): string {
  if (chosen.length === 0) return text;
  const edits = chosen.map((c) => c.edit).sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  let at = 0;
  for (const edit of edits) {
    // Each pointer names one string value, and no string holds another: two edits never overlap.
    if (edit.start < at) throw new Error('fixText: two fixes overlap');
    parts.push(text.slice(at, edit.start), edit.text);
    at = edit.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

const key = (f: Finding) => `${f.rule}\u0000${f.pointer}`;

/** The first finding of `after` that `before` does not have as often (by rule and place), or `null`. */
function addedFinding(before: readonly Finding[], after: readonly Finding[]): Finding | null {
  const counts = new Map<string, number>();
  for (const f of before) counts.set(key(f), (counts.get(key(f)) ?? 0) + 1);
  for (const f of after) {
    const left = counts.get(key(f)) ?? 0;
    if (left === 0) return f;
    counts.set(key(f), left - 1);
  }
  return null;
}

/**
 * `fixText` with a validator of one's own: the fixes the validator's findings carry, applied as `fixText` applies them.
 *
 * @example
 * ```ts
 * import { createValidator, fixTextWith, SBOM_KINDS } from 'teapurl';
 * const sboms = createValidator(SBOM_KINDS);
 * const { text } = fixTextWith(sboms, '{"bomFormat": "CycloneDX", "specVersion": "1.6", "components": [{"type": "library", "name": "x", "purl": "pkg:NPM/x@1"}]}');
 * text.includes('pkg:npm/x@1'); // true
 * ```
 */
export function fixTextWith<Name extends string, Options extends BaseValidateOptions<Name>>(
  validator: Pick<Validator<Name, Options>, 'validateTextValue'>,
  text: string,
  options: Options = {} as Options,
): FixTextResult<Name> {
  const validateTextValue = (t: string, o: Options) => validator.validateTextValue(t, o);
  // One validation of the text sees every finding, past the cap too (a fix or a refusal may hide
  // there), and gives the capped list the caller asked for.
  const first = validateTextValue(text, options);
  const unchanged = (refused: string | null): FixTextResult<Name> => {
    const left = leftToAPerson(first.result.findings);
    return { text, changed: false, applied: [], edits: [], left, valid: !left.some((f) => f.severity === 'error'), kind: first.result.kind, refused };
  };
  const refused = refusal(first.all);
  if (refused) return unchanged(refused);
  if (!first.all.some((f) => f.fix)) return unchanged(null);

  // A text that fixes were found in parsed: no refusal leaves it without a source.
  const source = first.source!;
  const found = candidates(first.all, source.value);
  // Nothing to apply: the text is unchanged, and so is its verdict.
  if (found.length === 0) return unchanged(null);
  const edits = source.edits(found.map((c) => c.fix));
  const all: Edit[] = [];
  // Fixes whose string cannot be rewritten in place (an XML text mixed with comments), and why.
  const unwritable = new Map<string, string>();
  found.forEach((c, i) => {
    const edit = edits[i]!;
    if (typeof edit === 'string') unwritable.set(c.fix.pointer, edit);
    else all.push({ ...c, edit });
  });
  let chosen = all;
  let fixed = applyAll(text, chosen);
  let after = all.length === 0 ? first : validateTextValue(fixed, options);
  const withheld = new Map<string, Finding>();
  if (after.result.kind !== first.result.kind || addedFinding(first.all, after.all)) {
    // Together they add a finding: keep each fix that adds none on top of those kept before it.
    chosen = [];
    for (const c of all.length <= MAX_SINGLE_TRIES ? all : []) {
      const trial = applyAll(text, [...chosen, c]);
      const result = validateTextValue(trial, options);
      const added = result.result.kind === first.result.kind ? addedFinding(first.all, result.all) : (result.all[0] ?? null);
      if (added) {
        withheld.set(c.fix.pointer, added);
      } else {
        chosen.push(c);
        fixed = trial;
        after = result;
      }
    }
    if (chosen.length === 0) {
      fixed = text;
      after = first;
    }
  }
  const tooMany = chosen.length === 0 && all.length > MAX_SINGLE_TRIES;
  const applied = chosen.map(
    (c): AppliedFix => ({
      pointer: c.fix.pointer,
      line: c.finding.line,
      column: c.finding.column,
      rule: c.finding.rule,
      before: c.before,
      after: c.fix.replacement,
    }),
  );
  const left = after.result.findings.map((f): Finding => {
    if (f.rule === 'findings/truncated') return f;
    const added = f.fix ? withheld.get(f.fix.pointer) : undefined;
    const cannot = f.fix ? unwritable.get(f.fix.pointer) : undefined;
    const why = added
      ? `not fixed: the rewrite would add a finding (${added.rule} at ${added.pointer || 'the document'})`
      : cannot !== undefined
        ? `not fixed: the string cannot be rewritten in place (${cannot})`
        : f.fix && tooMany
          ? `not fixed: the ${all.length} fixes together would add a finding, and teapurl tries at most ${MAX_SINGLE_TRIES} one by one`
          : null;
    return why === null ? f : { ...f, message: `${f.message}; ${why}` };
  });
  return {
    text: chosen.length > 0 ? fixed : text,
    changed: chosen.length > 0,
    applied,
    edits: chosen.map(({ edit }) => ({ start: edit.start, end: edit.end, text: edit.text })).sort((a, b) => a.start - b.start),
    left,
    valid: !left.some((f) => f.severity === 'error'),
    kind: after.result.kind,
    refused: null,
  };
}
