import { describe, expect, it } from 'vitest';
import { defaultPurlEngine } from '../../../src/purl/index.js';
import { canonicalFix, sameComponents } from '../../../src/purl/kinds/canonical-fix.js';
import { jsonEqual } from '../../../src/shared/json-equal.js';

const PURLS = [
  'pkg:npm/a@1',
  'pkg:NPM/a@1',
  'pkg:npm/%40scope/a@1',
  'pkg:npm/@scope/a@1',
  'pkg:deb/debian/curl@8?arch=amd64&distro=bookworm',
  'pkg:deb/debian/curl@8?distro=bookworm&arch=amd64',
  'pkg:deb/debian/curl@8?arch=amd64',
  'pkg:deb/debian/curl@8?arch=AMD64',
  'pkg:deb/debian/curl@8?arch=amd64&distro=bookworm#sub/path',
  'pkg:maven/org.example/x@1?type=jar',
  'pkg:maven/org.example/x@1',
  'pkg:generic/x',
  'pkg:generic/x@',
  'pkg:generic/x#a/b',
  'pkg:generic/x#a//b',
];

describe('sameComponents', () => {
  it('says what a deep comparison of the parsed components says, for every pair', () => {
    const engine = defaultPurlEngine();
    const parsed = PURLS.map((p) => engine.parse(p));
    let equal = 0;
    for (const a of parsed) {
      for (const b of parsed) {
        expect(sameComponents(a, b)).toBe(jsonEqual(a, b));
        if (sameComponents(a, b)) equal++;
      }
    }
    // Not only each with itself: spellings of one PURL read alike.
    expect(equal).toBeGreaterThan(PURLS.length);
  });

  it('gives the canonical form as the fix only when it reads back as the same components', () => {
    const engine = defaultPurlEngine();
    const reading = (purl: string, canonical: string) => ({ purl, canonical, components: engine.parse(purl), canonicalComponents: engine.parse(canonical) });
    expect(canonicalFix(reading('pkg:NPM/a@1', 'pkg:npm/a@1'), '/purl')).toEqual({ fix: { pointer: '/purl', replacement: 'pkg:npm/a@1' } });
    expect(canonicalFix(reading('pkg:npm/a@1', 'pkg:npm/b@1'), '/purl')).toEqual({ reason: 'the canonical form does not read back as the same components' });
  });
});
