/**
 * Property test (issue 11): mutations of valid documents of every kind (discovery documents,
 * token bodies, PURL type definitions) never make validateText throw or fail inside teapurl, and
 * every finding has a line and column inside the text.
 *
 * The mutations lean on what broke the validator before: keys named like Object.prototype members
 * (`toString`, `valueOf`, `constructor`, `__proto__`) added to objects, copies of array items (which
 * `uniqueItems` compares), huge strings, deep nesting, stray byte order marks and cut texts. The
 * survey's naive fuzzer needed minutes to find `{"qualifiers_definition":[{},{"toString":0}]}`;
 * biased this way, this test finds it within a few hundred runs (checked against the unfixed
 * validators: after 4 to 381 runs in six tries, about a second), and runs 4,000. TEAPURL_FUZZ_RUNS sets another count.
 * Huge strings here stop at 300,000 characters to keep runs cheap; the 10 MB URI that overflowed
 * the stack has its own test (isolation.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateText, type DocumentKind, type Finding } from '../../src/index.js';
import { ROOT } from '../support/paths.js';

/** A JSON object kept as ordered entries, so that any key (even `__proto__`) is plain data and may repeat. */
class Obj {
  constructor(readonly entries: [string, Json][]) {}
}
type Json = null | boolean | number | string | Json[] | Obj;

function fromValue(value: unknown): Json {
  if (Array.isArray(value)) return value.map(fromValue);
  if (value !== null && typeof value === 'object') return new Obj(Object.entries(value).map(([k, v]) => [k, fromValue(v)]));
  return value as Json;
}

function serialize(value: Json, out: string[] = []): string[] {
  if (value instanceof Obj) {
    out.push('{');
    value.entries.forEach(([key, item], i) => {
      if (i > 0) out.push(',');
      out.push(JSON.stringify(key), ':');
      serialize(item, out);
    });
    out.push('}');
  } else if (Array.isArray(value)) {
    out.push('[');
    value.forEach((item, i) => {
      if (i > 0) out.push(',');
      serialize(item, out);
    });
    out.push(']');
  } else {
    out.push(JSON.stringify(value));
  }
  return out;
}

function clone(value: Json): Json {
  if (value instanceof Obj) return new Obj(value.entries.map(([k, v]) => [k, clone(v)]));
  if (Array.isArray(value)) return value.map(clone);
  return value;
}

/** Every object and every array in a value, for mutations to pick from. */
function containers(value: Json, objects: Obj[] = [], arrays: Json[][] = []): { objects: Obj[]; arrays: Json[][] } {
  if (value instanceof Obj) {
    objects.push(value);
    for (const [, item] of value.entries) containers(item, objects, arrays);
  } else if (Array.isArray(value)) {
    arrays.push(value);
    for (const item of value) containers(item, objects, arrays);
  }
  return { objects, arrays };
}

const HOSTILE_KEYS = ['toString', 'valueOf', 'constructor', '__proto__', 'hasOwnProperty', 'isPrototypeOf', 'toJSON', 'length', '0'];

interface Seed {
  readonly name: string;
  readonly kind: DocumentKind;
  readonly text: string;
}

function seeds(): Seed[] {
  const read = (dir: string, kind: DocumentKind) =>
    readdirSync(path.join(ROOT, dir))
      .filter((f) => f.endsWith('.json'))
      .map((f) => ({ name: `${dir}/${f}`, kind, text: readFileSync(path.join(ROOT, dir, f), 'utf8') }));
  return [
    ...read('corpus/discovery/valid', 'tea-discovery'),
    ...read('corpus/purl-types', 'purl-type-definition'),
    { name: 'token response', kind: 'tea-token-response', text: '{"access_token": "mF_9.B5f-4.1JqM", "token_type": "Bearer", "expires_in": 3600}' },
    {
      name: 'token error',
      kind: 'tea-token-error',
      text: '{"error": "invalid_client", "error_description": "unknown key id", "error_uri": "https://tea.example.com/errors/invalid_client"}',
    },
  ];
}

/** One change to a document tree, drawn with fast-check and applied to a fresh copy. */
type Mutation = (root: Json, pick: (n: number) => number) => Json;

const leaf = fc.oneof(
  fc.constantFrom<Json>(0, -1, 1.5, '', 'x', true, false, null, 'https://tea.example.com', '1.0.0', 'pkg:npm/x@1', '^[a-z]+$', '^(a+)+$'),
  fc.string({ maxLength: 8 }),
);

const hostileValue: fc.Arbitrary<() => Json> = fc.oneof(
  leaf.map((v) => () => v),
  fc.constantFrom(...HOSTILE_KEYS).map((key) => () => new Obj([[key, 0]])),
  fc.constant(() => new Obj([])),
  fc.constant(() => []),
  fc.record({ size: fc.integer({ min: 10_000, max: 300_000 }), char: fc.constantFrom('a', ' ', '%', '/', '\u00e9', '\\', '(') }).map(
    ({ size, char }) =>
      () =>
        `https://${char.repeat(size)}`,
  ),
  fc.record({ depth: fc.integer({ min: 1, max: 300 }), object: fc.boolean() }).map(({ depth, object }) => () => {
    let value: Json = 0;
    for (let i = 0; i < depth; i++) value = object ? new Obj([['a', value]]) : [value];
    return value;
  }),
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  // A hostile key added to (or overwriting one in) some object, usually with a small value.
  {
    weight: 5,
    arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_KEYS), hostileValue).map(
      ([key, value]): Mutation =>
        (root, pick) => {
          const { objects } = containers(root);
          if (objects.length === 0) return root;
          objects[pick(objects.length)]!.entries.push([key, value()]);
          return root;
        },
    ),
  },
  // An array item copied next to itself, or after the others: what uniqueItems compares.
  {
    weight: 2,
    arbitrary: fc.boolean().map(
      (atEnd): Mutation =>
        (root, pick) => {
          const arrays = containers(root).arrays.filter((a) => a.length > 0);
          if (arrays.length === 0) return root;
          const array = arrays[pick(arrays.length)]!;
          const item = clone(array[pick(array.length)]!);
          if (atEnd) array.push(item);
          else array.unshift(item);
          return root;
        },
    ),
  },
  // Some value replaced.
  {
    weight: 2,
    arbitrary: hostileValue.map(
      (value): Mutation =>
        (root, pick) => {
          const { objects } = containers(root);
          const holders = objects.filter((o) => o.entries.length > 0);
          if (holders.length === 0) return value();
          const holder = holders[pick(holders.length)]!;
          holder.entries[pick(holder.entries.length)]![1] = value();
          return root;
        },
    ),
  },
  // A key removed.
  {
    weight: 1,
    arbitrary: fc.constant<Mutation>((root, pick) => {
      const holders = containers(root).objects.filter((o) => o.entries.length > 0);
      if (holders.length > 0) {
        const holder = holders[pick(holders.length)]!;
        holder.entries.splice(pick(holder.entries.length), 1);
      }
      return root;
    }),
  },
);

/** A change to the text itself, after serialising. */
const textChange = fc.oneof(
  { weight: 6, arbitrary: fc.constant((text: string) => text) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      (t: string) => `\uFEFF${t}`,
      (t: string) => `\uFEFF\uFEFF${t}`,
      (t: string) => `${t}\r\n`,
      (t: string) => t.replace(/,/g, ',\r'),
    ),
  },
  { weight: 1, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }).map((at) => (t: string) => t.slice(0, Math.max(1, Math.floor(t.length * at)))) },
);

/** Lines as the validator counts them: `\n`, `\r\n` and a lone `\r` end a line. */
function lineLengths(text: string): number[] {
  return text.split(/\r\n|\r|\n/).map((line) => line.length);
}

function misplaced(text: string, findings: readonly Finding[]): Finding[] {
  const lengths = lineLengths(text);
  return findings.filter(
    (f) => f.line === null || f.column === null || f.line < 1 || f.line > lengths.length || f.column < 1 || f.column > lengths[f.line - 1]! + 1,
  );
}

const RUNS = Number(process.env.TEAPURL_FUZZ_RUNS ?? 4000);

describe('validateText on mutated documents (property)', () => {
  const all = seeds();

  it('the seeds are valid before mutation', () => {
    for (const seed of all) expect(validateText(seed.text, { kind: seed.kind, file: seed.name }).valid, seed.name).toBe(true);
  });

  it(`never throws or fails internally, and places every finding inside the text (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: all.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        fc.infiniteStream(fc.nat()),
        textChange,
        fc.boolean(),
        (seedIndex, mutations, randomness, change, namedKind) => {
          const seed = all[seedIndex]!;
          const picks = randomness[Symbol.iterator]();
          const pick = (n: number) => picks.next().value! % n;
          let tree = fromValue(JSON.parse(seed.text));
          for (const mutate of mutations) tree = mutate(tree, pick);
          const text = change(serialize(tree).join(''));
          let findings: Finding[];
          try {
            findings = validateText(text, { file: seed.name, ...(namedKind ? { kind: seed.kind } : {}) }).findings;
          } catch (error) {
            throw new Error(`validateText threw on a mutation of ${seed.name}: ${String(error)}\n${text.slice(0, 500)}`);
          }
          const internal = findings.filter((f) => f.rule === 'internal/error');
          if (internal.length > 0) throw new Error(`internal error on a mutation of ${seed.name}: ${internal[0]!.message}\n${text.slice(0, 500)}`);
          const outside = misplaced(text, findings);
          if (outside.length > 0) throw new Error(`finding outside the text: ${JSON.stringify(outside[0])}\n${text.slice(0, 500)}`);
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});
