import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PositionIndex, type PositionRequest } from '../../../src/shared/position-index.js';
import { toPointer } from '../../../src/shared/pointer.js';
import { compareRanks, ranksOf } from '../../../src/validation/source/value-order.js';
import { teapurlValidator, validateText } from '../../../src/validator/validate.js';

/** Every path of a value, and a child of each that is not there. */
function pathsOf(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  out.push([...at, 'missing~/child']);
  if (Array.isArray(value)) value.forEach((item, i) => pathsOf(item, [...at, i], out));
  else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) pathsOf(item, [...at, key], out);
  return out;
}

const KEY = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('__proto__', 'toString', 'a/b', '~0', 'é"\\', ' '));
/** Values whose object keys are drawn from `key`. */
const valueOf = (key: fc.Arbitrary<string>) =>
  fc.letrec<{ node: unknown }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.boolean(), fc.constant(null)),
      fc.array(tie('node'), { maxLength: 4 }),
      fc.uniqueArray(fc.tuple(key, tie('node')), { maxLength: 4, selector: ([k]) => k }).map((entries) => {
        const object: Record<string, unknown> = {};
        // defineProperty: `__proto__` as an own key, as JSON.parse makes it.
        for (const [k, v] of entries) Object.defineProperty(object, k, { value: v, enumerable: true, writable: true, configurable: true });
        return object;
      }),
    ),
  })).node;
/** Objects whose keys are never integer-like, so that the value can always tell the text's order. */
const value = valueOf(KEY.filter((k) => !/^(?:0|[1-9][0-9]*)$/.test(k)));
/** Objects whose keys may be integer-like (`"7"`, `"4294967294"`), or look like it (`"07"`, `"4294967295"`). */
const anyKeys = valueOf(fc.oneof(KEY, fc.constantFrom('7', '0', '10', '07', '-1', '4294967294', '4294967295')));

/** Requests picked among a value's paths. */
const requestsOf = (parsed: unknown, picks: readonly [number, boolean][]): PositionRequest[] => {
  const paths = pathsOf(parsed);
  return picks.map(([n, atKey]) => ({ pointer: toPointer(paths[n % paths.length]!), atKey }));
};
const PICKS = fc.array(fc.tuple(fc.nat(), fc.boolean()), { minLength: 1, maxLength: 12 });

/** Whether the ranks sort the requests as their offsets in the text do, equal ranks at equal offsets. */
function agrees(text: string, requests: readonly PositionRequest[], ranks: readonly (readonly number[])[]): boolean {
  const offsets = new PositionIndex(text, requests).offsets();
  for (let i = 0; i < requests.length; i++) {
    for (let j = 0; j < requests.length; j++) if (Math.sign(compareRanks(ranks[i]!, ranks[j]!)) !== Math.sign(offsets[i]! - offsets[j]!)) return false;
  }
  return true;
}

describe('the order of values in a JSON text, told from the value', () => {
  it('sorts any requests as their offsets in the text do, equal ranks at equal offsets', () => {
    fc.assert(
      fc.property(value, fc.constantFrom(0, 2, '\t'), PICKS, (doc, indent, picks) => {
        const text = JSON.stringify(doc, null, indent);
        const parsed = JSON.parse(text) as unknown;
        const requests = requestsOf(parsed, picks);
        const ranks = ranksOf(parsed, requests);
        expect(ranks).not.toBeNull();
        expect(agrees(text, requests, ranks!)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('with integer-like keys, tells no order or the right one', () => {
    let told = 0;
    let refused = 0;
    fc.assert(
      fc.property(anyKeys, PICKS, (doc, picks) => {
        // The text as written, not as JavaScript lists the keys: integer-like keys last.
        const text = JSON.stringify(doc, (_key, v: unknown) => {
          if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
          const keys = Object.keys(v);
          const integers = keys.filter((k) => /^(?:0|[1-9][0-9]*)$/.test(k) && Number(k) <= 2 ** 32 - 2);
          if (integers.length === 0) return v;
          return Object.fromEntries(
            keys
              .filter((k) => !integers.includes(k))
              .map((k) => [`\u0000${k}`, (v as Record<string, unknown>)[k]])
              .concat(integers.map((k) => [`\u0000${k}`, (v as Record<string, unknown>)[k]])),
          );
        }).replace(/"(?:\\u0000)/g, '"');
        const parsed = JSON.parse(text) as unknown;
        const requests = requestsOf(parsed, picks);
        const ranks = ranksOf(parsed, requests);
        if (ranks === null) refused++;
        else {
          told++;
          expect(agrees(text, requests, ranks)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
    expect(told).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  it('tells no order for an object with integer-like keys, which JavaScript lists first', () => {
    const parsed = JSON.parse('{"b": 1, "10": 2, "a": {"x": 1}}') as unknown;
    expect(ranksOf(parsed, [{ pointer: '/a/x' }])).toBeNull();
    // Keys that only look like numbers are ordinary keys.
    expect(ranksOf(JSON.parse('{"b": 1, "01": 2, "-1": 3, "4294967295": 4}'), [{ pointer: '/01' }, { pointer: '/b', atKey: true }])).toEqual([[3], [0]]);
    // An object of many keys is mapped, one of few searched; both agree with the text, and with a
    // prototype given an enumerable key.
    const wide = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${39 - i}`, { v: i }]));
    const text = JSON.stringify({ wide, narrow: { b: 1, a: 2 } }, null, 1);
    const requests = ['/wide/k0/v', '/wide/k39', '/wide/k20/v', '/narrow/a', '/narrow/b', '/wide/none'].map((pointer) => ({ pointer, atKey: true }));
    const proto = Object.prototype as Record<string, unknown>;
    for (const polluted of [false, true]) {
      if (polluted) proto.polluted = 1;
      try {
        const ranks = ranksOf(JSON.parse(text), requests);
        expect(ranks).not.toBeNull();
        expect(agrees(text, requests, ranks!)).toBe(true);
      } finally {
        delete proto.polluted;
      }
    }
    expect(ranksOf(JSON.parse(`{${Array.from({ length: 30 }, (_, i) => `"k${i}": 0`).join(', ')}, "3": {"x": 1}}`), [{ pointer: '/k29' }])).toBeNull();
    // Objects no request passes through are not asked.
    expect(ranksOf(JSON.parse('[{"1": 0}, {"k": 0}]'), [{ pointer: '/1/k' }])).toEqual([[3, 1]]);
  });

  it('stops reading the text at the last value asked for when no key repeats, with the same answers', () => {
    const text = JSON.stringify({ a: [1, { b: 'x' }], c: { d: [true] }, e: 'tail '.repeat(100) }, null, 2);
    const requests = [{ pointer: '/a/1/b', atKey: true }, { pointer: '/c/d/0' }, { pointer: '/a/1/none' }, { pointer: '' }];
    expect(new PositionIndex(text, requests, { uniqueKeys: true }).positions()).toEqual(new PositionIndex(text, requests).positions());
    // With a repeated key, the last one's value is the document's: the scan reads on.
    const repeated = '{"a": 1,\n "a": 2}';
    expect(new PositionIndex(repeated, [{ pointer: '/a' }]).positions()).toEqual([{ line: 2, column: 7 }]);
  });
});

describe('a verdict that lists fewer findings than it has', () => {
  /** A BOM whose findings outnumber the cap: the schema's (which come first) and the PURL checks'. */
  function bom(components: number): string {
    const list = Array.from({ length: components }, (_, i) =>
      i % 3 === 0
        ? { type: 'library', name: `n${i}`, purl: `pkg:NPM/n${i}@1` }
        : i % 3 === 1
          ? { type: 'library', name: `n${i}`, purl: 'pkg:npm/' }
          : { type: 'library', name: `n${i}`, purl: 7 },
    );
    return JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', version: 1, components: list }, null, 1);
  }
  /** A discovery document with members missing (placed at their object), unknown (placed at their name) and repeated URLs. */
  function discovery(endpoints: number): string {
    const list = Array.from({ length: endpoints }, (_, i) =>
      i % 2 ? { url: 5, extra: 1 } : { url: 'https://x.example/tea', versions: ['1.0.0'], priority: 'high', more: { a: 1 } },
    );
    // Blank lines pad it out: a short text with many findings is placed by one scan instead.
    return JSON.stringify({ schemaVersion: 1, endpoints: list, tail: 1 }, null, '\t').replace(/\n/g, `\n${' '.repeat(80)}\n`);
  }

  /** {@link bom} in CycloneDX XML, whose reader records where each node and PURL stands. */
  function xmlBom(components: number): string {
    const items = Array.from({ length: components }, (_, i) =>
      i % 2 === 0
        ? `<component type="library"><name>n${i}</name><purl>pkg:NPM/n${i}@1</purl></component>`
        : `<component type="library"><name>n${i}</name><purl>pkg:npm/</purl></component>`,
    );
    return `<?xml version="1.0"?>\n<bom xmlns="http://cyclonedx.org/schema/bom/1.6" version="1">\n<components>\n${items.join('\n')}\n</components>\n</bom>\n`;
  }

  it('lists the same findings as a verdict that placed them all, whatever the cap', () => {
    for (const [text, options] of [
      [bom(400), { file: 'bom.cdx.json' }],
      [discovery(120), { kind: 'tea-discovery' }],
      [xmlBom(400), { file: 'bom.cdx.xml' }],
    ] as const) {
      const everyPlaced = teapurlValidator.validateTextValue(text, options);
      expect(everyPlaced.all.length).toBeGreaterThan(300);
      // The source tells their order, so that only those listed are placed.
      expect(everyPlaced.source!.orderOf!(everyPlaced.all)).not.toBeNull();
      // The findings were sorted: they did not come in the text's order.
      const raw = teapurlValidator.checkDocument(everyPlaced.value, everyPlaced.result.kind!);
      expect(raw.map((f) => f.pointer)).not.toEqual(everyPlaced.all.map((f) => f.pointer));
      for (const maxFindings of [0, 1, 7, 100, 299, everyPlaced.all.length - 1, everyPlaced.all.length, -3]) {
        const listed = validateText(text, { ...options, maxFindings });
        expect(listed).toEqual(teapurlValidator.validateTextValue(text, { ...options, maxFindings }).result);
      }
    }
  });

  it('leaves a short text with many findings to the one scan that places them all', () => {
    const text = JSON.stringify({ schemaVersion: 1, endpoints: [], ...Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, 0])) });
    const everyPlaced = teapurlValidator.validateTextValue(text, { kind: 'tea-discovery' });
    expect(everyPlaced.all.length).toBeGreaterThan(2000);
    expect(everyPlaced.source!.orderOf!(everyPlaced.all)).toBeNull();
    expect(validateText(text, { kind: 'tea-discovery' })).toEqual(everyPlaced.result);
  });

  it('places them all when the value cannot tell their order', () => {
    // An integer-like key on the way to every finding: JavaScript lists it first, the text does not.
    const text = bom(50).replace('"bomFormat"', '"metadata": {"properties": []}, "7": 1, "bomFormat"');
    expect(ranksOf(JSON.parse(text), [{ pointer: '/components/1/purl' }])).toBeNull();
    const listed = validateText(text, { file: 'bom.cdx.json', maxFindings: 5 });
    expect(listed).toEqual(teapurlValidator.validateTextValue(text, { file: 'bom.cdx.json', maxFindings: 5 }).result);
    expect(listed.findings.every((f) => f.line !== null)).toBe(true);
  });
});
