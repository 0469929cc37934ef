import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findBearerChallenge, inspectWwwAuthenticate, parseWwwAuthenticate } from '../../src/tea/protocol/www-authenticate.js';

describe('parseWwwAuthenticate (RFC 7235 section 4.1)', () => {
  it('reads the challenge shape of section 5.3 item 5', () => {
    const [challenge, ...rest] = parseWwwAuthenticate('Bearer realm="tea", error="invalid_token", error_description="The access token expired"');
    expect(rest).toEqual([]);
    expect(challenge).toEqual({
      scheme: 'Bearer',
      schemeLower: 'bearer',
      params: { realm: 'tea', error: 'invalid_token', error_description: 'The access token expired' },
    });
  });

  it('reads several challenges in one header value', () => {
    const challenges = parseWwwAuthenticate('Newauth realm="apps", type=1, title="Login to \\"apps\\"", Basic realm="simple", Bearer realm="tea"');
    expect(challenges.map((c) => c.scheme)).toEqual(['Newauth', 'Basic', 'Bearer']);
    expect(challenges[0]!.params).toEqual({ realm: 'apps', type: '1', title: 'Login to "apps"' });
    expect(challenges[1]!.params).toEqual({ realm: 'simple' });
  });

  it('reads challenges spread over several header values', () => {
    const challenges = parseWwwAuthenticate(['Basic realm="a"', 'Bearer realm="tea", scope="read write"']);
    expect(challenges.map((c) => [c.schemeLower, c.params])).toEqual([
      ['basic', { realm: 'a' }],
      ['bearer', { realm: 'tea', scope: 'read write' }],
    ]);
  });

  it('unescapes quoted-pairs and keeps commas and equals signs inside quoted strings', () => {
    const [c] = parseWwwAuthenticate('Bearer error_description="a, b = \\\\ c \\x", realm="tea"');
    expect(c!.params).toEqual({ error_description: 'a, b = \\ c x', realm: 'tea' });
  });

  it('treats scheme and parameter names case-insensitively but keeps values as sent', () => {
    const [c] = parseWwwAuthenticate('BEARER Realm="TEA", ERROR=invalid_token');
    expect(c!.schemeLower).toBe('bearer');
    expect(c!.params).toEqual({ realm: 'TEA', error: 'invalid_token' });
    expect(findBearerChallenge('bEaReR realm="x"')?.params.realm).toBe('x');
  });

  it('accepts whitespace around "=" (BWS) and empty list elements', () => {
    const challenges = parseWwwAuthenticate(' , Bearer realm = "tea" ,, error =invalid_token , ,Basic realm=x');
    expect(challenges.map((c) => [c.scheme, c.params])).toEqual([
      ['Bearer', { realm: 'tea', error: 'invalid_token' }],
      ['Basic', { realm: 'x' }],
    ]);
  });

  it('reads token68 challenges, with and without padding', () => {
    const challenges = parseWwwAuthenticate(
      'Negotiate YIIFyQYGKwYBBQUCoIIFvTCCBbmgMDAuBgkqhkiC9xIBAgIGCSqGSIb3EgECAgYKKwYBBAGCNwICHgYKKwYBBAGCNwICCg==, Bearer realm="tea"',
    );
    expect(challenges[0]).toMatchObject({ scheme: 'Negotiate', params: {} });
    expect(challenges[0]!.token68).toMatch(/^YIIF.*==$/);
    expect(challenges[1]).toMatchObject({ scheme: 'Bearer', params: { realm: 'tea' } });
    expect(parseWwwAuthenticate('Custom abc.def~ghi')[0]!.token68).toBe('abc.def~ghi');
  });

  it('reads schemes without parameters', () => {
    expect(parseWwwAuthenticate('Bearer').map((c) => c.scheme)).toEqual(['Bearer']);
    expect(parseWwwAuthenticate('Basic, Bearer').map((c) => c.scheme)).toEqual(['Basic', 'Bearer']);
  });

  it('keeps the first value of a repeated parameter and says so', () => {
    const { challenges, problems } = inspectWwwAuthenticate('Bearer realm="a", realm="b"');
    expect(challenges[0]!.params.realm).toBe('a');
    expect(problems).toEqual([expect.stringContaining('repeats parameter realm')]);
  });

  it.each([
    ['an unterminated quoted string', 'Bearer realm="tea', 'never closes'],
    ['garbage after a parameter', 'Bearer realm="tea" junk, Basic realm="x"', 'expected a comma'],
    ['a parameter without a value', 'Bearer realm="tea", error=, Basic realm="x"', 'has no value'],
    ['a stray separator', '=== , Basic realm="x"', 'where a challenge or parameter should start'],
  ])('survives %s and reports it', (_name, header, problem) => {
    const { problems } = inspectWwwAuthenticate(header);
    expect(problems.join('\n')).toContain(problem);
  });

  it('recovers the challenges after garbage', () => {
    const challenges = parseWwwAuthenticate('Bearer realm="tea" junk, Basic realm="x"');
    expect(challenges.map((c) => c.scheme)).toEqual(['Bearer', 'Basic']);
    expect(challenges[1]!.params).toEqual({ realm: 'x' });
  });

  it('returns nothing for an absent or empty header', () => {
    expect(parseWwwAuthenticate(null)).toEqual([]);
    expect(parseWwwAuthenticate(undefined)).toEqual([]);
    expect(parseWwwAuthenticate('')).toEqual([]);
    expect(parseWwwAuthenticate([])).toEqual([]);
    expect(findBearerChallenge('Basic realm="x"')).toBeNull();
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.array(fc.string()), fc.string({ unit: fc.constantFrom('a', '"', '\\', ',', '=', ' ', 'B', '\t', '/') })),
        (input) => {
          const { challenges, problems } = inspectWwwAuthenticate(input);
          expect(Array.isArray(challenges)).toBe(true);
          expect(Array.isArray(problems)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('round-trips generated Bearer challenges', () => {
    const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/);
    const value = fc.string({ unit: fc.constantFrom('a', 'b', ' ', ',', '=', '"', '\\', ';') });
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(name, value), { selector: ([n]) => n, minLength: 1, maxLength: 5 }), (params) => {
        const header = `Bearer ${params.map(([n, v]) => `${n}="${v.replace(/(["\\])/g, '\\$1')}"`).join(', ')}`;
        const parsed = inspectWwwAuthenticate(header);
        expect(parsed.problems).toEqual([]);
        expect(parsed.challenges).toHaveLength(1);
        expect(parsed.challenges[0]!.params).toEqual(Object.fromEntries(params));
      }),
    );
  });
});

describe('token68 versus auth-param', () => {
  it('reads "realm=" alone as a token68, as the grammar says', () => {
    expect(parseWwwAuthenticate('Bearer realm=')[0]).toMatchObject({ token68: 'realm=', params: {} });
  });
});
