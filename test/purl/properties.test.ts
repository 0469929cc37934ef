/**
 * Property tests of the PURL engine (fast-check): building then parsing gives the canonical form
 * of the components; canonicalisation is idempotent; arbitrary strings are either parsed or
 * refused with a PurlError, never anything else; keys such as `__proto__` and `constructor` never
 * reach Object.prototype; a definition's catastrophic `permitted_characters` pattern cannot hang
 * parsing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultPurlEngine, DefinitionSetError, PurlError, type PurlComponents, defaultPurlRules } from '../../src/purl/index.js';
import { defaultPurlDefinition } from '../../src/purl/default-definitions.js';
import type { PurlTypeDefinition } from '../../src/index.js';
import { purlEngineFromDirectory } from '../../src/node/index.js';
import { ROOT } from '../support/paths.js';
import { engineFromDefinitions } from '../../src/purl/engine/engine-from-definitions.js';

const engine = defaultPurlEngine();
const KNOWN = engine.types();
/** Types with a prose rule in the registry: their normal form is checked as a fixed point only. */
const RULE_TYPES = new Set(defaultPurlRules.map((r) => r.type));

// ---------------------------------------------------------------------------------------------
// Prototype pollution watch: every test in this file ends by checking Object.prototype is intact.

const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();
const PROTO_TO_STRING = Object.prototype.toString;

function expectPrototypeIntact(): void {
  const probe = {} as Record<string, unknown>;
  expect(probe.polluted).toBeUndefined();
  expect(probe.x).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTO_NAMES);
  expect(Object.prototype.toString).toBe(PROTO_TO_STRING);
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
  expect(probe.constructor).toBe(Object);
}

afterEach(() => {
  expectPrototypeIntact();
});

// ---------------------------------------------------------------------------------------------
// Arbitraries

/** Characters a PURL has to encode, or must leave alone, mixed with full Unicode (lone surrogates: see their own test). */
const SPECIAL = [
  '/',
  '%',
  '@',
  '?',
  '#',
  ':',
  ' ',
  '&',
  '=',
  '+',
  '.',
  '-',
  '_',
  '~',
  '!',
  '*',
  "'",
  '(',
  ')',
  ',',
  ';',
  '%2F',
  '%41',
  '%zz',
  'é',
  '€',
  '😀',
  'İ',
  'ß',
  'Ω',
  '\t',
  '\u0000',
];
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('');
const unit = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 4, arbitrary: fc.constantFrom(...LETTERS) },
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL) },
);
const text = fc.string({ unit, maxLength: 10 });
/** Text with at least one character other than `/` (so that it does not normalise to nothing). */
const solidText = text.filter((s) => /[^/]/.test(s));

const qualifierKey = fc.oneof(
  fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9._-]{0,7}$/),
  fc.constantFrom('constructor', 'prototype', 'hasOwnProperty', 'tostring', 'valueof', 'checksum', 'repository_url', 'type'),
);
const qualifierPairs = fc.uniqueArray(fc.tuple(qualifierKey, fc.oneof(text, fc.constant(''))), {
  maxLength: 4,
  selector: ([key]) => key.toLowerCase(),
});
/** Qualifiers as the caller may give them: absent, a plain or null-prototype object, or a Map. */
function qualifiersInput(pairs: [string, string][], form: number): unknown {
  if (pairs.length === 0 && form === 0) return null;
  if (form === 1) return new Map(pairs);
  const record: Record<string, string> = form === 2 ? (Object.create(null) as Record<string, string>) : {};
  for (const [key, value] of pairs) Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  return record;
}

const unknownType = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9.-]{0,8}$/).filter((t) => !KNOWN.includes(t.toLowerCase()));

interface Generated {
  input: Record<string, unknown>;
  pairs: [string, string][];
}

/** Components for `type`, shaped by its definition (if any) so that most of them can be built. */
function componentsFor(type: string): fc.Arbitrary<Generated> {
  const definition = defaultPurlDefinition(type.toLowerCase());
  const requirement = (d: { requirement?: string } | undefined): string => d?.requirement ?? 'optional';
  const nsRequirement = requirement(definition?.namespace_definition);
  const segments = fc.array(solidText, { minLength: 1, maxLength: 3 }).map((s) => s.join('/'));
  const namespace =
    nsRequirement === 'prohibited'
      ? fc.constantFrom(null, undefined, '')
      : nsRequirement === 'required'
        ? segments
        : fc.oneof(fc.constantFrom(null, undefined, ''), segments);
  const required = (definition?.qualifiers_definition ?? []).filter((q) => q.requirement === 'required').map((q) => q.key);
  return fc
    .record({
      namespace,
      name: fc.tuple(fc.constantFrom('', '/', '//'), solidText, fc.constantFrom('', '/')).map(([a, b, c]) => a + b + c),
      version: fc.oneof(fc.constantFrom(null, undefined, ''), text),
      pairs: qualifierPairs,
      requiredValues: fc.array(solidText, { minLength: required.length, maxLength: required.length }),
      form: fc.integer({ min: 0, max: 3 }),
      subpath: fc.oneof(
        fc.constantFrom(null, undefined, '', '.', './..//'),
        fc.array(fc.oneof(text, fc.constantFrom('.', '..')), { maxLength: 4 }).map((s) => s.join('/')),
      ),
    })
    .map(({ namespace, name, version, pairs, requiredValues, form, subpath }) => {
      const all: [string, string][] = pairs.filter(([key]) => !required.includes(key.toLowerCase()));
      required.forEach((key, i) => all.push([key, requiredValues[i] ?? 'x']));
      return { input: { type, namespace, name, version, qualifiers: qualifiersInput(all, form), subpath }, pairs: all };
    });
}

/** Known types whose canonical form this test can compute independently (no pattern, no prose rule but pypi's). */
const MODELLED_KNOWN = KNOWN.filter((t) => {
  const d = defaultPurlDefinition(t);
  const patterned = [d?.namespace_definition, d?.name_definition, d?.version_definition, d?.subpath_definition].some(
    (c) => c !== undefined && 'permitted_characters' in c,
  );
  return !patterned && (!RULE_TYPES.has(t) || t === 'pypi');
});
const OTHER_KNOWN = KNOWN.filter((t) => !MODELLED_KNOWN.includes(t));

// ---------------------------------------------------------------------------------------------
// An independent model of normalisation (ECMA-427's generic rules plus a definition's case folding)

function segmentsOf(value: unknown, dropDots: boolean): string | null {
  if (typeof value !== 'string') return null;
  const kept = value.split('/').filter((s) => s !== '' && !(dropDots && (s === '.' || s === '..')));
  return kept.length === 0 ? null : kept.join('/');
}

function expectedComponents(g: Generated, definition: PurlTypeDefinition | undefined): PurlComponents {
  const { input } = g;
  const fold = (value: string | null, d: { case_sensitive?: boolean } | undefined): string | null =>
    value === null ? null : d?.case_sensitive === false ? value.toLowerCase() : value;
  const type = (input.type as string).toLowerCase();
  let name = (input.name as string).replace(/^\/+|\/+$/g, '');
  name = fold(name, definition?.name_definition) as string;
  if (type === 'pypi') name = name.replaceAll('_', '-');
  const version = typeof input.version === 'string' && input.version !== '' ? input.version : null;
  let qualifiers: Record<string, string> | null = null;
  for (const [key, value] of g.pairs) {
    if (value === '') continue;
    qualifiers ??= Object.create(null) as Record<string, string>;
    qualifiers[key.toLowerCase()] = value;
  }
  return {
    type,
    namespace: fold(segmentsOf(input.namespace, false), definition?.namespace_definition),
    name,
    version: fold(version, definition?.version_definition),
    qualifiers,
    subpath: fold(segmentsOf(input.subpath, true), definition?.subpath_definition),
  };
}

function plain(c: PurlComponents): Record<string, unknown> {
  return { ...c, qualifiers: c.qualifiers === null ? null : { ...c.qualifiers } };
}

/** Runs `f`; a PurlError is returned, any other exception fails the property. */
function attempt<T>(f: () => T): { ok: true; value: T } | { ok: false; error: PurlError } {
  try {
    return { ok: true, value: f() };
  } catch (error) {
    if (error instanceof PurlError) return { ok: false, error };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------

describe('parse(build(c)) is the canonical form of c', () => {
  it('for unknown types and for known types without prose rules or patterns: equals an independent model', () => {
    let built = 0;
    let runs = 0;
    const arbitrary = fc
      .oneof(
        unknownType,
        fc.constantFrom(...MODELLED_KNOWN),
        fc.constantFrom(...MODELLED_KNOWN).map((t) => t.toUpperCase()),
      )
      .chain(componentsFor);
    fc.assert(
      fc.property(arbitrary, (g) => {
        runs++;
        const definition = defaultPurlDefinition((g.input.type as string).toLowerCase());
        const result = attempt(() => engine.build(g.input));
        if (!result.ok) {
          // The only refusal left is a lone name of "." or "..": otherwise these components are valid.
          throw new Error(`build refused ${JSON.stringify(g.input)}: ${result.error.code} ${result.error.message}`);
        }
        built++;
        const s = result.value;
        const parsed = engine.parse(s);
        expect(plain(parsed)).toEqual(plain(expectedComponents(g, definition)));
        if (parsed.qualifiers !== null) expect(Object.getPrototypeOf(parsed.qualifiers)).toBeNull();
        expect(engine.build(parsed)).toBe(s);
        expect(engine.canonicalize(s)).toBe(s);
        expect(engine.validate(s)).toEqual({ valid: true, errors: [], warnings: [], canonical: s, isCanonical: true });
      }),
      { numRuns: 1500 },
    );
    expect(built).toBe(runs);
  });

  it('for every other known type (prose rules, patterns): build is a fixed point of parse and build', () => {
    let built = 0;
    let runs = 0;
    fc.assert(
      fc.property(fc.constantFrom(...OTHER_KNOWN).chain(componentsFor), (g) => {
        runs++;
        const result = attempt(() => engine.build(g.input));
        if (!result.ok) return;
        built++;
        const s = result.value;
        const parsed = engine.parse(s);
        expect(engine.build(parsed)).toBe(s);
        expect(plain(engine.parse(engine.build(parsed)))).toEqual(plain(parsed));
        expect(engine.canonicalize(s)).toBe(s);
        expect(engine.validate(s).isCanonical).toBe(true);
      }),
      { numRuns: 600 },
    );
    // Not every random name fits a pattern, but most components of these types can be built.
    expect(built).toBeGreaterThan(runs / 3);
  });

  it('git: a repository path with empty segments is built in canonical form', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('github.com', 'GitLab.com', 'git.example.org'),
        fc.array(fc.oneof(solidText, fc.constant('')), { minLength: 1, maxLength: 4 }).filter((s) => s.some((x) => /[^/]/.test(x))),
        (host, path) => {
          const s = engine.build({ type: 'git', namespace: host, name: path.join('/'), version: null, qualifiers: null, subpath: null });
          expect(engine.canonicalize(s)).toBe(s);
          expect(engine.build(engine.parse(s))).toBe(s);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('characters that have no place in a PURL (issue 16 review)', () => {
  it('build refuses a lone surrogate in any component, naming it: it has no UTF-8 form, and U+FFFD would be another value', () => {
    const components = ['namespace', 'name', 'version', 'subpath', 'qualifiers'] as const;
    fc.assert(
      fc.property(fc.constantFrom(...components), text, text, fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF'), (component, before, after, lone) => {
        const value = `a${before}${lone}${after}`;
        const input = { type: 'generic', name: 'x', [component]: component === 'qualifiers' ? { k: value } : value };
        const result = attempt(() => engine.build(input));
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.toIssue()).toMatchObject({ component, code: 'invalid-characters' });
      }),
      { numRuns: 300 },
    );
  });

  it('parse, canonicalize and validate refuse a raw control character or lone surrogate put anywhere after the type', () => {
    const bad = fc.oneof(
      fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
      fc.constantFrom('\x7f', '\uD800', '\uDFFF'),
    );
    const canonical = fc
      .constantFrom(...MODELLED_KNOWN, 'acme')
      .chain(componentsFor)
      .map((g) => attempt(() => engine.build(g.input)))
      .filter((r) => r.ok);
    fc.assert(
      fc.property(canonical, bad, fc.nat(), (built, char, where) => {
        if (!built.ok) return;
        const s = built.value;
        const from = s.indexOf('/') + 1;
        const at = from + (where % (s.length - from + 1));
        const spoiled = s.slice(0, at) + char + s.slice(at);
        for (const run of [() => engine.parse(spoiled), () => engine.parse(spoiled, { lenient: true }), (): unknown => engine.canonicalize(spoiled)]) {
          const result = attempt(run);
          expect(result.ok, JSON.stringify(spoiled)).toBe(false);
          // Inside an escape or a qualifier key, the rules of those speak first.
          if (!result.ok) expect(['invalid-characters', 'invalid-encoding', 'invalid-qualifier-key'], JSON.stringify(spoiled)).toContain(result.error.code);
        }
        expect(engine.validate(spoiled).valid).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

// ---------------------------------------------------------------------------------------------

/** Fragments PURL-like strings are made of, including the awkward ones. */
const FRAGMENTS = [
  'pkg',
  'pkg:',
  'PKG:',
  ':',
  '/',
  '//',
  '@',
  '?',
  '#',
  '&',
  '=',
  '%',
  '%2F',
  '%2f',
  '%40',
  '%3A',
  '%C3',
  '%A9',
  '%C3%A9',
  '%C3%28',
  '%00',
  '%zz',
  'npm',
  'maven',
  'pypi',
  'git',
  'julia',
  'cpan',
  'golang',
  'chrome-extension',
  'pub',
  'mlflow',
  'generic',
  'MadeUp',
  'a.b-c',
  'Foo',
  'foo_bar',
  'URI::PackageURL',
  '::',
  '.',
  '..',
  ' ',
  'é',
  'A',
  'x',
  '1.0',
  'github.com',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'checksum',
  'type',
  'uuid',
  'repository_url',
  'Key',
  '1key',
  '\uD800',
  '😀',
  '\u0000',
];
const purlish = fc.oneof(
  fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 14 }).map((parts) => parts.join('')),
  fc
    .tuple(fc.constantFrom('pkg:', 'pkg:/', 'PKG:', 'pkg://'), fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 12 }))
    .map(([head, parts]) => head + parts.join('')),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit, maxLength: 40 }).map((s) => `pkg:${s}`),
);

describe('arbitrary strings', () => {
  it('parse, canonicalize and validate return or refuse with a PurlError, and agree with each other', () => {
    const strictEngine = engineFromDefinitions(
      KNOWN.map((t) => defaultPurlDefinition(t) as PurlTypeDefinition),
      { strictTypes: true },
    );
    fc.assert(
      fc.property(purlish, (s) => {
        for (const e of [engine, strictEngine]) {
          const validation = e.validate(s);
          const strict = attempt(() => e.parse(s));
          const lenient = attempt(() => e.parse(s, { lenient: true }));
          const canonical = attempt(() => e.canonicalize(s));
          expect(validation.valid).toBe(strict.ok);
          expect(validation.valid).toBe(validation.errors.length === 0);
          for (const issue of validation.errors)
            expect(issue).toEqual({ component: expect.any(String), code: expect.any(String), message: expect.any(String) });
          if (strict.ok) {
            const built = e.build(strict.value);
            expect(validation.canonical).toBe(built);
            expect(validation.isCanonical).toBe(built === s);
            expect(lenient.ok && plain(lenient.value)).toEqual(plain(strict.value));
          } else {
            expect(validation.canonical).toBeNull();
            expect(validation.errors.length).toBeGreaterThan(0);
            // The first error validate reports is the one parse throws.
            expect(validation.errors[0]?.code).toBe(strict.error.code);
            expect(validation.errors[0]?.component).toBe(strict.error.component);
          }
          expect(canonical.ok).toBe(lenient.ok);
          if (canonical.ok) {
            const c = canonical.value;
            // The fast paths (a canonical input returned as it is; a parsed object built from
            // its source) agree with building a plain copy of the components in full.
            const components = (lenient as { value: PurlComponents }).value;
            expect(e.build(plain(components))).toBe(c);
            expect(e.build(components)).toBe(c);
            expect(e.canonicalize(c)).toBe(c);
            expect(e.validate(c)).toEqual({ valid: true, errors: [], warnings: [], canonical: c, isCanonical: true });
            expect(plain(e.parse(c))).toEqual(plain((lenient as { value: PurlComponents }).value));
          }
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('non-string input is refused with a PurlError, not a TypeError', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), fc.constant(null), fc.constant(undefined)).filter((v) => typeof v !== 'string'),
        (value) => {
          const r = attempt(() => engine.parse(value as string));
          expect(r.ok).toBe(false);
          expect(engine.validate(value as string).valid).toBe(false);
          expect(attempt(() => engine.canonicalize(value as string)).ok).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('build refuses anything that is not a components object with a PurlError', () => {
    fc.assert(
      fc.property(fc.anything({ withMap: true, withNullPrototype: true }), (value) => {
        attempt(() => engine.build(value as object));
      }),
      { numRuns: 500 },
    );
  });
});

// ---------------------------------------------------------------------------------------------

const DANGEROUS_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'hasownproperty',
  'toString',
  'tostring',
  'valueOf',
  'isPrototypeOf',
  '__defineGetter__',
  'polluted',
  'x',
];

describe('prototype pollution', () => {
  it('__proto__ is refused as a qualifier key, cleanly, when parsing and building', () => {
    for (const s of ['pkg:generic/x?__proto__=polluted', 'pkg:generic/x?__proto__[polluted]=1', 'pkg:npm/x?a=1&__proto__=y']) {
      const r = attempt(() => engine.parse(s));
      expect(r.ok).toBe(false);
      if (!r.ok) expect([r.error.component, r.error.code]).toEqual(['qualifiers', 'invalid-qualifier-key']);
      expect(engine.validate(s).errors.map((e) => e.code)).toEqual(['invalid-qualifier-key']);
    }
    const fromJson = JSON.parse('{"type":"generic","name":"x","qualifiers":{"__proto__":{"polluted":"yes"}}}') as object;
    const r = attempt(() => engine.build(fromJson));
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.component, r.error.code]).toEqual(['qualifiers', 'invalid-qualifier-key']);
    const viaMap = attempt(() => engine.build({ type: 'generic', name: 'x', qualifiers: new Map([['__proto__', 'x']]) }));
    expect(viaMap.ok).toBe(false);
  });

  it('constructor, prototype and friends are stored as plain data in a null-prototype record', () => {
    const c = engine.parse('pkg:generic/x?constructor=polluted&prototype=p&hasownproperty=h&tostring=t&valueof=v');
    const q = c.qualifiers as Record<string, string>;
    expect(Object.getPrototypeOf(q)).toBeNull();
    expect(Object.keys(q).sort()).toEqual(['constructor', 'hasownproperty', 'prototype', 'tostring', 'valueof']);
    expect(q.constructor).toBe('polluted');
    expect(engine.build(c)).toBe('pkg:generic/x?constructor=polluted&hasownproperty=h&prototype=p&tostring=t&valueof=v');
    expect(engine.build({ type: 'generic', name: 'x', qualifiers: JSON.parse('{"constructor":"c","toString":"s"}') as object })).toBe(
      'pkg:generic/x?constructor=c&tostring=s',
    );
  });

  it('never reaches Object.prototype whatever the qualifier keys', () => {
    const pairs = fc.array(fc.tuple(fc.constantFrom(...DANGEROUS_KEYS), fc.constantFrom('polluted', 'x', '', '{"polluted":1}')), { maxLength: 5 });
    fc.assert(
      fc.property(pairs, fc.constantFrom('generic', 'maven', 'npm', 'madeup'), (list, type) => {
        const query = list.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
        const s = `pkg:${type}/ns/x@1?${query}`;
        const parsed = attempt(() => engine.parse(s, { lenient: true }));
        if (parsed.ok && parsed.value.qualifiers !== null) {
          expect(Object.getPrototypeOf(parsed.value.qualifiers)).toBeNull();
          const effective = engine.effectiveQualifiers(parsed.value);
          expect(Object.getPrototypeOf(effective)).toBeNull();
        }
        engine.validate(s);
        attempt(() => engine.canonicalize(s));
        const json = `{${list.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
        attempt(() => engine.build({ type, namespace: 'ns', name: 'x', qualifiers: JSON.parse(json) as object }));
        attempt(() => engine.build({ type, namespace: 'ns', name: 'x', qualifiers: new Map(list) }));
        expectPrototypeIntact();
      }),
      { numRuns: 500 },
    );
  });

  const widget = {
    type: 'widget',
    type_name: 'Widget',
    description: 'A made-up type.',
    repository: { use_repository: false },
    namespace_definition: { requirement: 'optional' },
    name_definition: { requirement: 'required' },
    examples: ['pkg:widget/x'],
  };

  it('definitions whose JSON carries __proto__ are refused; constructor-like qualifier keys stay data', async () => {
    const texts = [
      `{"__proto__":{"polluted":"yes"},${JSON.stringify(widget).slice(1)}`,
      JSON.stringify({ ...widget, name_definition: { requirement: 'required' } }).replace(
        '"name_definition":{',
        '"name_definition":{"__proto__":{"polluted":1},',
      ),
      JSON.stringify({ ...widget, qualifiers_definition: [{ key: 'x', description: 'd' }] }).replace('"key":"x"', '"__proto__":{"polluted":1},"key":"x"'),
    ];
    for (const [i, t] of texts.entries()) {
      expect(() => engineFromDefinitions([JSON.parse(t)]), t).toThrow(DefinitionSetError);
      const dir = await mkdtemp(path.join(tmpdir(), 'teapurl-proto-'));
      try {
        await writeFile(path.join(dir, `p${i}-definition.json`), t);
        await expect(purlEngineFromDirectory(dir)).rejects.toThrow(DefinitionSetError);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      expectPrototypeIntact();
    }

    const keys = ['constructor', 'prototype', 'tostring', 'hasownproperty', 'valueof'];
    const withKeys = {
      ...widget,
      qualifiers_definition: keys.map((key) => ({
        key,
        description: `the ${key} qualifier`,
        default_value: `default-${key}`,
        requirement: key === 'constructor' ? 'required' : 'optional',
      })),
    };
    const e = engineFromDefinitions([JSON.parse(JSON.stringify(withKeys))]);
    expect(attempt(() => e.parse('pkg:widget/x')).ok).toBe(false);
    expect(e.validate('pkg:widget/x').errors.map((i) => i.code)).toEqual(['missing-qualifier']);
    const parsed = e.parse('pkg:widget/x?constructor=c');
    const effective = e.effectiveQualifiers(parsed);
    expect(Object.getPrototypeOf(effective)).toBeNull();
    expect({ ...effective }).toEqual({
      constructor: 'c',
      prototype: 'default-prototype',
      tostring: 'default-tostring',
      hasownproperty: 'default-hasownproperty',
      valueof: 'default-valueof',
    });
    // A qualifier the PURL does not carry is not found on the record's (absent) prototype either.
    expect(effective.polluted).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------

/**
 * Catastrophic patterns run in a child process, so that an engine that does hang fails this test
 * (killed after a while) instead of hanging the test run. Each input runs twice: on engines
 * without a pattern guard, where a flagged pattern runs only on values short enough to be cheap,
 * and on engines given `await loadPatternGuard()`, which answer every value.
 */
describe('catastrophic permitted_characters patterns', () => {
  const PATTERNS = [
    '^(a+)+$',
    '^(a|aa)+$',
    '^([a-z]+)*$',
    '^(a|a)*$',
    '^(a*)*b$',
    '^(?:a+|b)+$',
    '^(\\w+\\s?)+$',
    '^a*a*a*$',
    '^[a-z]+[a-z]+[a-z]+$',
    '^(.*a){12}$',
    '^(a?){30}a{30}$',
  ];
  /** Short inputs ('a' x 30) a pattern refuses; it matches every other. */
  const SHORT_REFUSED = new Set(['^(a*)*b$']);
  interface Row {
    pattern: string;
    component: string;
    input: 'long' | 'longest' | 'short';
    guard: boolean;
    safeLength: number;
    outcome: string;
    validate: string;
  }
  let rows: Row[] = [];

  beforeAll(() => {
    const script = `
      const { loadPurlEngine, PurlError, loadPatternGuard } = await import(${JSON.stringify(path.join(ROOT, 'src/purl/index.ts'))});
      const { compilePermittedCharacters } = await import(${JSON.stringify(path.join(ROOT, 'src/purl/definitions/pattern-flagger.ts'))});
      const inputs = { long: 'a'.repeat(5000) + '!', longest: 'a'.repeat(65000) + '!', short: 'a'.repeat(30) };
      const rows = [];
      const engines = async (guard) => (await Promise.all(${JSON.stringify(PATTERNS)}.map((pattern, i) => Promise.all(['name', 'version', 'namespace'].map(async (component) => {
        const definition = {
          type: 'redos' + i, type_name: 'ReDoS', description: 'A definition with a catastrophic pattern.',
          repository: { use_repository: false },
          namespace_definition: { requirement: 'required' },
          name_definition: { requirement: 'required' },
          examples: ['pkg:redos' + i + '/ns/x'],
        };
        definition[component + '_definition'] = { requirement: component === 'version' ? 'optional' : 'required', permitted_characters: pattern };
        return { pattern, i, component, engine: await loadPurlEngine([definition], { patternGuard: guard }), safeLength: compilePermittedCharacters(pattern).safeLength };
      }))))).flat();
      const runAll = async (guard) => {
        for (const { pattern, i, component, engine, safeLength } of await engines(guard ?? null)) {
          for (const [input, value] of Object.entries(inputs)) {
            if (input === 'longest' && component !== 'name') continue;
            const purl = component === 'name' ? 'pkg:redos' + i + '/ns/' + value
              : component === 'version' ? 'pkg:redos' + i + '/ns/x@' + value
              : 'pkg:redos' + i + '/' + value + '/x';
            let outcome;
            try { engine.parse(purl); outcome = 'parsed'; }
            catch (error) { outcome = error instanceof PurlError ? error.code : 'crash: ' + error; }
            let validate = outcome;
            if (component === 'name') {
              const v = engine.validate(purl);
              validate = v.valid ? 'parsed' : v.errors.map((e) => e.code).join();
            }
            rows.push({ pattern, component, input, guard: guard !== null, safeLength, outcome, validate });
          }
        }
      };
      await runAll(null);
      await runAll(await loadPatternGuard());
      process.stdout.write(JSON.stringify(rows));
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    if (child.error || child.status !== 0) {
      throw new Error(`the child process did not finish (${child.error?.message ?? `exit ${child.status}`}): a pattern hangs parsing\n${child.stderr}`);
    }
    rows = JSON.parse(child.stdout) as Row[];
  }, 90_000);

  it('without the guard: a value longer than the pattern can safely run on is pattern-skipped; a shorter one gets its answer', () => {
    const before = rows.filter((r) => !r.guard);
    expect(before).toHaveLength(PATTERNS.length * 7);
    for (const r of before) {
      const length = r.input === 'short' ? 30 : 5000;
      const answer = r.input === 'short' && !SHORT_REFUSED.has(r.pattern) ? 'parsed' : 'invalid-characters';
      const expected = length > r.safeLength ? 'pattern-skipped' : answer;
      expect(r.outcome, JSON.stringify(r)).toBe(expected);
      expect(r.validate, JSON.stringify(r)).toBe(expected);
    }
    // Both sides are exercised: some values ran directly, some waited for the guard.
    expect(before.some((r) => r.outcome === 'pattern-skipped')).toBe(true);
    expect(before.some((r) => r.outcome === 'parsed')).toBe(true);
  });

  it('with the guard, on engines given it: every long input is refused and every short matching one parsed', () => {
    const after = rows.filter((r) => r.guard);
    expect(after).toHaveLength(PATTERNS.length * 7);
    for (const r of after) {
      const expected = r.input === 'short' && !SHORT_REFUSED.has(r.pattern) ? 'parsed' : 'invalid-characters';
      expect(r.outcome, JSON.stringify(r)).toBe(expected);
      expect(r.validate, JSON.stringify(r)).toBe(expected);
    }
  });
});
