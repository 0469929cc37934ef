/**
 * What parse hands back is read from the places the one pass over the string found
 * (locateParts), and build writes a parse its engine settled without reading or checking its
 * members again (the string itself when it was canonical, else the members as they are). Both
 * must give exactly what reading in full gives: on the whole real-world corpus and every input
 * of the conformance suite, strict and lenient, the components of a parse equal those read
 * again from the canonical form, and build of the parse equals build of a plain copy of it
 * (which is read, normalised and checked in full) and canonicalize. And the parse stays an
 * ordinary record of six members, however a caller reads, copies or changes it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultPurlEngine, loadPurlUrls, PackageURL, PurlError, type PurlComponents } from '../../src/purl/index.js';
import { ROOT } from '../support/paths.js';

const engine = defaultPurlEngine();

function corpusInputs(): string[] {
  const dir = path.join(ROOT, 'corpus/purls');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) =>
      readFileSync(path.join(dir, f), 'utf8')
        .split('\n')
        .filter((l) => l !== ''),
    )
    .flatMap((l) => (JSON.parse(l) as string[]).slice(0, 3));
}

const SUITE = path.join(ROOT, '../shared/purl-spec/tests');
function suiteInputs(): string[] {
  const files = [path.join(SUITE, 'spec/specification-test.json'), ...readdirSync(path.join(SUITE, 'types')).map((f) => path.join(SUITE, 'types', f))];
  return files.flatMap((f) =>
    (JSON.parse(readFileSync(f, 'utf8')) as { tests: { input: unknown; expected_output: unknown }[] }).tests.flatMap((t) =>
      [t.input, t.expected_output].filter((i): i is string => typeof i === 'string' && i.startsWith('pkg:')),
    ),
  );
}

/** What `f` gives, or the PurlError it throws (component, code and message), for comparing two ways of doing one thing. */
function outcome<T>(f: () => T): { value: T } | { error: string } {
  try {
    return { value: f() };
  } catch (error) {
    if (error instanceof PurlError) return { error: `${error.component} ${error.code}: ${error.message}` };
    throw error;
  }
}

/** Components as data, qualifiers in key order (a parse keeps the order written). */
function sorted(c: PurlComponents): PurlComponents {
  return { ...c, qualifiers: c.qualifiers === null ? null : Object.fromEntries(Object.entries(c.qualifiers).sort(([a], [b]) => (a < b ? -1 : 1))) };
}

/** The inputs for which the parse and the full read disagree, with what each gave. */
function disagreements(inputs: readonly string[]): string[] {
  const wrong: string[] = [];
  for (const s of new Set(inputs)) {
    for (const options of [undefined, { lenient: true }]) {
      const parsed = outcome(() => engine.parse(s, options));
      if (!('value' in parsed)) continue;
      const components = parsed.value;
      const settled = JSON.stringify(outcome(() => engine.build(components)));
      const read = outcome(() => engine.build({ ...components }));
      const canonical = JSON.stringify(outcome(() => engine.canonicalize(s)));
      // The components of the canonical form, read again: the same as those of the input.
      const again = 'value' in read ? outcome(() => sorted(engine.parse(read.value, options))) : read;
      const same =
        settled === JSON.stringify(read) &&
        (options === undefined || settled === canonical) &&
        JSON.stringify(again) === JSON.stringify({ value: sorted(components) });
      if (!same)
        wrong.push(
          `${s} ${JSON.stringify(options)}: settled ${settled}, read in full ${JSON.stringify(read)}, canonicalize ${canonical}, read again ${JSON.stringify(again)}`,
        );
    }
  }
  return wrong;
}

describe('a parse built without reading it again', () => {
  it('writes what reading it in full writes, on the real-world corpus', () => {
    const inputs = corpusInputs();
    expect(inputs.length).toBeGreaterThan(50_000);
    expect(disagreements(inputs).slice(0, 10)).toEqual([]);
  });

  it.skipIf(!readdirSync(path.join(ROOT, '..')).includes('shared'))('writes what reading it in full writes, on every input of the conformance suite', () => {
    const inputs = suiteInputs();
    expect(inputs.length).toBeGreaterThan(500);
    expect(disagreements(inputs).slice(0, 10)).toEqual([]);
  });

  it('reads members changed since parsing, in place or replaced, and refuses invalid ones as a plain object would be', () => {
    const purl = 'pkg:pypi/django-package@1.0?file_name=django_package-1.0.tar.gz';
    const changes: ((c: PurlComponents) => void)[] = [
      (c) => (c.name = 'Django_Package'),
      (c) => (c.version = 'RC 1'),
      (c) => ((c.qualifiers as Record<string, unknown>).file_name = 42),
      (c) => ((c.qualifiers as Record<string, unknown>).Arch = 'x86'),
      (c) => ((c.qualifiers as Record<string, unknown>).arch = ''),
      (c) => (c.namespace = 'acme'),
      (c) => (c.name = '\uD800'),
    ];
    for (const change of changes) {
      const changed = engine.parse(purl);
      change(changed);
      const copy = { ...changed, qualifiers: changed.qualifiers === null ? null : { ...changed.qualifiers } };
      expect(outcome(() => engine.build(changed))).toEqual(outcome(() => engine.build(copy)));
    }
  });
});

describe('the components parse returns', () => {
  const purl = 'pkg:maven/org.apache.commons/io@1.3.4?classifier=sources&type=pom#META-INF';
  const plain = {
    type: 'maven',
    namespace: 'org.apache.commons',
    name: 'io',
    version: '1.3.4',
    qualifiers: { classifier: 'sources', type: 'pom' },
    subpath: 'META-INF',
  };

  it('are six own, writable, enumerable data members, however they are read or copied', () => {
    const c = engine.parse(purl);
    expect(Object.keys(c)).toEqual(['type', 'namespace', 'name', 'version', 'qualifiers', 'subpath']);
    for (const key of Object.keys(c)) {
      expect(Object.getOwnPropertyDescriptor(c, key)).toEqual({
        value: (c as unknown as Record<string, unknown>)[key],
        writable: true,
        enumerable: true,
        configurable: true,
      });
    }
    expect(c).toEqual(plain);
    expect({ ...c }).toEqual(plain);
    expect(JSON.parse(JSON.stringify(c))).toEqual(plain);
    expect(structuredClone(c)).toEqual(plain);
    expect(Object.entries(c)).toEqual(Object.entries(plain));
    expect(Object.getPrototypeOf(c.qualifiers)).toBeNull();
  });

  it('read the same through PackageURL and the URL mapper as a plain copy does', async () => {
    const c = engine.parse(purl);
    const fromString = PackageURL.fromString(purl);
    expect({ ...fromString }).toEqual({ ...plain, qualifiers: { ...plain.qualifiers } });
    expect(fromString.toString()).toBe(purl);
    const urls = await loadPurlUrls();
    expect(urls.purlToUrls(c)).toEqual(urls.purlToUrls({ ...plain }));
  });
});
