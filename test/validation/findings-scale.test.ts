/**
 * Issue 11, item 3: positions of all findings come from one pass over the text (checked against
 * jsonc-parser's tree search, the approach it replaced), and a document lists at most a bounded
 * number of findings, then one that counts the rest. Speed is measured by
 * scripts/bench-findings.mjs, not here.
 */
import fc from 'fast-check';
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_FINDINGS, validateDocument, validateText } from '../../src/index.js';
import { PositionIndex } from '../../src/shared/position-index.js';
import { pointerTokens, toPointer } from '../../src/shared/pointer.js';

const ENDPOINT = '{"url": "https://tea.example.com", "versions": ["1.0.0"]}';

function unknownKeys(n: number): string {
  const lines = [`{"schemaVersion": 1, "endpoints": [${ENDPOINT}]`];
  for (let i = 0; i < n; i++) lines.push(`, "k${i}": ${i}`);
  return `${lines.join('\n')}\n}`;
}

describe('findings per document are capped', () => {
  it(`lists the first ${DEFAULT_MAX_FINDINGS} in source order, then one finding that counts the rest`, () => {
    const result = validateText(unknownKeys(5000), { kind: 'tea-discovery', file: 'many.json' });
    expect(result.valid).toBe(false);
    expect(result.findings).toHaveLength(DEFAULT_MAX_FINDINGS + 1);
    result.findings.slice(0, DEFAULT_MAX_FINDINGS).forEach((finding, i) => {
      expect(finding).toMatchObject({ rule: 'schema/additionalProperties', pointer: `/k${i}`, line: i + 2, column: 3 });
    });
    const last = result.findings.at(-1)!;
    expect(last).toMatchObject({ file: 'many.json', rule: 'findings/truncated', severity: 'error', pointer: '/k1000', line: 1002, column: 3 });
    expect(last.message).toContain('4000 more findings');
    expect(last.message).toContain('4000 errors');
  });

  it('maxFindings raises or lowers the cap; Infinity lists every finding', () => {
    expect(validateText(unknownKeys(5000), { kind: 'tea-discovery', maxFindings: Infinity }).findings).toHaveLength(5000);
    const few = validateText(unknownKeys(50), { kind: 'tea-discovery', maxFindings: 10 }).findings;
    expect(few.map((f) => f.rule)).toEqual([...Array<string>(10).fill('schema/additionalProperties'), 'findings/truncated']);
  });

  it('the summary is a warning when only warnings are left out, and the verdict counts every finding', () => {
    const endpoints = Array.from({ length: 30 }, (_, i) => `{"url": "http://tea${i}.example.com", "versions": ["1.0.0"]}`).join(', ');
    const result = validateText(`{"schemaVersion": 1, "endpoints": [${endpoints}]}`, { maxFindings: 5 });
    expect(result.valid).toBe(true);
    expect(result.findings.at(-1)).toMatchObject({ rule: 'findings/truncated', severity: 'warning' });
    expect(result.findings.at(-1)!.message).toContain('25 warnings');
  });

  it('validateDocument caps the same way', () => {
    const value = JSON.parse(unknownKeys(1500)) as unknown;
    const result = validateDocument(value, { kind: 'tea-discovery' });
    expect(result.findings).toHaveLength(DEFAULT_MAX_FINDINGS + 1);
    expect(result.findings.at(-1)!.rule).toBe('findings/truncated');
  });
});

/** Where jsonc-parser's tree puts a pointer, falling back to the nearest existing ancestor. */
function referenceOffset(tree: Node, pointer: string, atKey: boolean): number {
  const path: (string | number)[] = [];
  let node: Node | undefined = tree;
  for (const token of pointerTokens(pointer)) {
    const next: Node | undefined =
      node?.type === 'array'
        ? /^(0|[1-9]\d*)$/.test(token)
          ? node.children?.[Number(token)]
          : undefined
        : node?.type === 'object'
          ? findNodeAtLocation(node, [token])
          : undefined;
    if (!next) break;
    path.push(token);
    node = next;
  }
  const complete = path.length === pointerTokens(pointer).length;
  if (complete && atKey && node?.parent?.type === 'property') return node.parent.offset;
  return node?.offset ?? 0;
}

const KEY = fc.oneof(
  fc.constantFrom('a', 'b', '__proto__', 'constructor', 'toString', 'a/b', 'x~y', 'q"uote', 'back\\slash', 'é', '0', ''),
  fc.string({ maxLength: 4 }),
);
const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.string({ maxLength: 6 })),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.uniqueArray(fc.tuple(KEY, tie('value')), { maxLength: 4, selector: ([key]) => key }).map((entries) => {
      const object: Record<string, unknown> = {};
      for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      return object;
    }),
  ),
})).value;

/** Every pointer in a value, and a few that are not there. */
function pointersOf(value: unknown, prefix: (string | number)[] = [], out: string[] = []): string[] {
  out.push(toPointer(prefix));
  out.push(toPointer([...prefix, 'missing']), toPointer([...prefix, 7, 'x']));
  if (Array.isArray(value)) value.forEach((item, i) => pointersOf(item, [...prefix, i], out));
  else if (value && typeof value === 'object') for (const key of Object.keys(value)) pointersOf((value as Record<string, unknown>)[key], [...prefix, key], out);
  return out;
}

describe('the one-pass position index', () => {
  it('puts every pointer where jsonc-parser does, keys and values, in any layout', () => {
    fc.assert(
      fc.property(json, fc.constantFrom(0, 2, '\t'), fc.boolean(), (value, indent, atKey) => {
        const text = JSON.stringify(value, null, indent);
        const tree = parseTree(text)!;
        const pointers = pointersOf(value);
        const offsets = new PositionIndex(
          text,
          pointers.map((pointer) => ({ pointer, atKey })),
        ).offsets();
        pointers.forEach((pointer, i) => expect([pointer, offsets[i]]).toEqual([pointer, referenceOffset(tree, pointer, atKey)]));
      }),
      { numRuns: 500 },
    );
  });
});
