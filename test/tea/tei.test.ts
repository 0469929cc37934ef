/**
 * Item 8 of issue 10: TEIs in the current tei://<domain>/<type>/<identifier> form beside
 * urn:tei:<type>:<domain>:<identifier>; a malformed one is refused naming the wrong part, and a
 * purl TEI's PURL is checked by the PURL engine.
 */
import { describe, expect, it } from 'vitest';
import { discoveryOrigin, DiscoveryError } from '../../src/tea/client/discover.js';
import { parseTei, TeiError, type TeiPart } from '../../src/tea/client/tei.js';
import { validatePurl } from '../../src/purl/index.js';

const UUID = 'd4d9f54a-abcf-11ee-ac79-1a52914d44b1';
const CDX = 'pkg:pypi/cyclonedx-python-lib@8.4.0?extension=whl&qualifier=py3-none-any';
/** CDX in unpadded Base64URL, as the merged discovery text's example writes it. */
const CDX_B64 = 'cGtnOnB5cGkvY3ljbG9uZWR4LXB5dGhvbi1saWJAOC40LjA_ZXh0ZW5zaW9uPXdobCZxdWFsaWZpZXI9cHkzLW5vbmUtYW55';

describe('parseTei: both spellings', () => {
  it.each([
    [`tei://products.example.com/uuid/${UUID}`, { form: 'tei-url', type: 'uuid', domain: 'products.example.com', identifier: UUID }],
    [`urn:tei:uuid:products.example.com:${UUID}`, { form: 'urn', type: 'uuid', domain: 'products.example.com', identifier: UUID }],
    [`tei://cyclonedx.org/purl/${CDX}`, { form: 'tei-url', type: 'purl', domain: 'cyclonedx.org', identifier: CDX, purl: CDX }],
    [`urn:tei:purl:cyclonedx.org:${CDX}`, { form: 'urn', type: 'purl', domain: 'cyclonedx.org', identifier: CDX, purl: CDX }],
    // The merged text's form (upstream #261): the PURL in unpadded Base64URL, kept as written.
    [`tei://cyclonedx.org/purl/${CDX_B64}`, { form: 'tei-url', type: 'purl', domain: 'cyclonedx.org', identifier: CDX_B64, purl: CDX }],
    [
      'TEI://Tea.Example.COM./hash/SHA256:fd44efd601f651c8865acf0dfeacb0df19a2b50ec69ead0262096fd2f67197b9',
      { type: 'hash', domain: 'tea.example.com', identifier: 'SHA256:fd44efd601f651c8865acf0dfeacb0df19a2b50ec69ead0262096fd2f67197b9' },
    ],
    ['URN:TEI:hash:Tea.Example.com:SHA256:abc', { type: 'hash', domain: 'tea.example.com', identifier: 'SHA256:abc' }],
    ['  tei://localhost/eanupc/1234567890128  ', { type: 'eanupc', domain: 'localhost', identifier: '1234567890128' }],
    // A type TEI may add later is read, not refused: discovery needs only the domain.
    ['tei://tea.example.com/future-type/anything/with/slashes', { type: 'future-type', identifier: 'anything/with/slashes' }],
  ])('%s', (text, parts) => {
    expect(parseTei(text)).toMatchObject(parts);
  });

  it('the two spellings of one TEI give the same parts', () => {
    const { form: _a, ...url } = parseTei(`tei://cyclonedx.org/purl/${CDX}`);
    const { form: _b, ...urn } = parseTei(`urn:tei:purl:cyclonedx.org:${CDX}`);
    expect(url).toEqual(urn);
  });
});

describe('parseTei: malformed TEIs name the part that is wrong', () => {
  it.each<[string, TeiPart, RegExp]>([
    ['tei:/tea.example.com/uuid/x', 'scheme', /is not a TEI: expected tei:\/\/<domain>\/<type>\/<identifier> or urn:tei:/],
    ['urn:teix:uuid:a:b', 'scheme', /is not a TEI/],
    ['tei://', 'domain', /has no domain/],
    ['tei:///uuid/x', 'domain', /has no domain/],
    ['tei://tea.example.com:8443/uuid/x', 'domain', /where a domain should be; a TEI domain has no port/],
    ['tei://tea_example.com/uuid/x', 'domain', /"tea_example.com" where a domain name should be/],
    ['tei://-bad.example.com/uuid/x', 'domain', /where a domain name should be/],
    [`tei://${'a'.repeat(64)}.com/uuid/x`, 'domain', /where a domain name should be/],
    ['urn:tei:uuid::abc', 'domain', /has no domain/],
    ['urn:tei:uuid:not a host:abc', 'domain', /"not a host" where a domain name should be/],
    ['urn:tei:uuid', 'domain', /has no domain: expected urn:tei:<type>:<domain>:<identifier>/],
    ['tei://tea.example.com', 'type', /has no type: expected tei:\/\/<domain>\/<type>\/<identifier>/],
    ['tei://tea.example.com//x', 'type', /has no type/],
    ['tei://tea.example.com/UUID/x', 'type', /has the type "UUID"; a type is a lowercase word/],
    ['urn:tei:pu rl:tea.example.com:x', 'type', /has the type "pu rl"/],
    ['urn:tei::tea.example.com:x', 'type', /has no type/],
    ['tei://tea.example.com/uuid', 'identifier', /has no identifier after its uuid type/],
    ['tei://tea.example.com/uuid/', 'identifier', /has no identifier/],
    ['urn:tei:hash:tea.example.com:', 'identifier', /has no identifier after its hash type/],
    ['tei://tea.example.com/uuid/not-a-uuid', 'identifier', /the identifier "not-a-uuid", which is not a UUID/],
    ['urn:tei:uuid:tea.example.com:1', 'identifier', /which is not a UUID/],
  ])('%s: %s', (text, part, message) => {
    let error: unknown;
    try {
      parseTei(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TeiError);
    expect((error as TeiError).part).toBe(part);
    expect((error as TeiError).message).toMatch(message);
  });
});

describe('parseTei: a purl TEI carries a PURL checked by the PURL engine', () => {
  it.each([
    ['pkg:vcpkg/boost/asio', 'namespace'],
    ['pkg:julia/Dates@1.9.0', 'qualifiers'],
    ['pkg:pypi/', 'name'],
    ['npm/left-pad@1.3.0', 'scheme'],
    ['pkg:maven/org.example/lib@1.0?Type=jar', 'qualifiers'],
  ])('%s: the engine’s error, in the TEI’s message', (purl, component) => {
    const engine = validatePurl(purl);
    expect(engine.valid).toBe(false);
    expect(engine.errors[0]!.component).toBe(component);
    for (const tei of [`tei://tea.example.com/purl/${purl}`, `urn:tei:purl:tea.example.com:${purl}`]) {
      let error: TeiError | undefined;
      try {
        parseTei(tei);
      } catch (e) {
        error = e as TeiError;
      }
      expect(error?.part).toBe('identifier');
      expect(error?.message).toContain(`carries an invalid PURL: ${engine.errors[0]!.message}`);
    }
  });

  it('in the tei:// form a Base64URL identifier is decoded (upstream #261): the engine judges the PURL, the message shows it', () => {
    expect(Buffer.from(CDX_B64, 'base64url').toString('utf8')).toBe(CDX);
    expect(parseTei('tei://products.example.com/purl/cGtnOmRlYi9kZWJpYW4vY3VybEA3LjUwLjMtMT9hcmNoPWkzODYmZGlzdHJvPWplc3NpZQ').purl).toBe(
      'pkg:deb/debian/curl@7.50.3-1?arch=i386&distro=jessie',
    );
    const bad = Buffer.from('pkg:vcpkg/boost/asio').toString('base64url');
    let error: TeiError | undefined;
    try {
      parseTei(`tei://tea.example.com/purl/${bad}`);
    } catch (e) {
      error = e as TeiError;
    }
    expect(error?.part).toBe('identifier');
    expect(error?.message).toContain(
      `carries an invalid PURL (Base64URL of "pkg:vcpkg/boost/asio"): ${validatePurl('pkg:vcpkg/boost/asio').errors[0]!.message}`,
    );
    // The urn:tei: form carries the PURL as it is: Base64URL there is not a PURL.
    expect(() => parseTei(`urn:tei:purl:cyclonedx.org:${CDX_B64}`)).toThrow(/carries an invalid PURL: .*pkg:/);
  });

  it('a valid PURL passes, canonical or not', () => {
    expect(parseTei('tei://tea.example.com/purl/pkg:PYPI/Django_Package@1.0').identifier).toBe('pkg:PYPI/Django_Package@1.0');
  });
});

describe('discover takes the domain from either spelling', () => {
  it.each([
    [`tei://products.example.com/uuid/${UUID}`, 'https://products.example.com'],
    [`tei://cyclonedx.org/purl/${CDX}`, 'https://cyclonedx.org'],
    [`urn:tei:purl:cyclonedx.org:${CDX}`, 'https://cyclonedx.org'],
  ])('%s → %s', (tei, origin) => {
    expect(discoveryOrigin(tei)).toBe(origin);
  });

  it('a malformed TEI is a bad-target DiscoveryError with the TEI message', () => {
    let error: unknown;
    try {
      discoveryOrigin('tei://tea.example.com/purl/pkg:vcpkg/boost/asio');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DiscoveryError);
    expect((error as DiscoveryError).code).toBe('bad-target');
    expect((error as DiscoveryError).message).toMatch(/carries an invalid PURL: vcpkg PURLs have no namespace/);
    expect((error as DiscoveryError).cause).toBeInstanceOf(TeiError);
  });

  it('a URL with user information is refused without echoing the password', () => {
    expect(() => discoveryOrigin('https://user:hunter2@tea.example.com')).toThrow(DiscoveryError);
    try {
      discoveryOrigin('https://user:hunter2@tea.example.com');
    } catch (e) {
      expect((e as Error).message).not.toContain('hunter2');
    }
  });
});

describe('issue 35 item 12: a TEI domain is a DNS name, never an IP address in any spelling', () => {
  // Each of these is a host that new URL() and fetch read as an IPv4 address (127.0.0.1 for most).
  it.each(['2130706433', '0x7f.1', '0x7F000001', '0177.0.0.1', '127.1', '127.0.0.1', '10.0.0.1', 'tea.example.0x1', 'a.123', '0x'])(
    'refuses %s in both spellings, and discover does not fetch it',
    (domain) => {
      for (const tei of [`tei://${domain}/uuid/${UUID}`, `urn:tei:uuid:${domain}:${UUID}`]) {
        let error: unknown;
        try {
          parseTei(tei);
        } catch (e) {
          error = e;
        }
        expect(error, tei).toBeInstanceOf(TeiError);
        expect((error as TeiError).part).toBe('domain');
        expect((error as Error).message).toMatch(/IPv4 address, and a TEI domain is a DNS name/);
        expect(() => discoveryOrigin(tei)).toThrow(DiscoveryError);
      }
    },
  );

  it('refuses an IPv6 literal', () => {
    expect(() => parseTei(`tei://[::1]/uuid/${UUID}`)).toThrow(/IP address literal "\[::1\]" where a domain should be; a TEI domain is a DNS name/);
  });

  it('keeps DNS names whose labels start with digits or hex', () => {
    for (const domain of ['123.example.com', '0x7f.example.com', 'tea.example.c0m', '1password.com'])
      expect(parseTei(`tei://${domain}/uuid/${UUID}`).domain).toBe(domain);
  });
});
