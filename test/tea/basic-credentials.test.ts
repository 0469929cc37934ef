import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeBasicCredentials, encodeBasicCredentials, formUrlDecode, formUrlEncode } from '../../src/tea/protocol/basic-credentials.js';

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

describe('5.2.3 form-urlencoding of API key parts', () => {
  it('encodes like an HTML form: space as +, only letters, digits and *-._ left alone', () => {
    expect(formUrlEncode('a b')).toBe('a+b');
    expect(formUrlEncode('id:1')).toBe('id%3A1');
    expect(formUrlEncode('100%+')).toBe('100%25%2B');
    expect(formUrlEncode('é')).toBe('%C3%A9');
    expect(formUrlEncode("*-._~!'()")).toBe('*-._%7E%21%27%28%29');
    expect(formUrlEncode('😀')).toBe('%F0%9F%98%80');
  });

  it('agrees with URLSearchParams for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        expect(formUrlEncode(value)).toBe(new URLSearchParams({ v: value }).toString().slice(2));
        expect(formUrlDecode(formUrlEncode(value))).toBe(value);
      }),
    );
  });

  it('decodes + as space and %20 alike, and refuses broken percent-encoding', () => {
    expect(formUrlDecode('a+b%20c')).toBe('a b c');
    expect(formUrlDecode('%C3%A9')).toBe('é');
    expect(formUrlDecode('100%')).toBeNull();
    expect(formUrlDecode('%zz')).toBeNull();
    expect(formUrlDecode('%C3')).toBeNull(); // half a UTF-8 sequence
  });
});

describe('5.2.2/5.2.3 Basic credentials header', () => {
  it('is Basic base64(urlencode(id) ":" urlencode(secret))', () => {
    expect(encodeBasicCredentials('id:1', 'p@ss word')).toBe(`Basic ${b64('id%3A1:p%40ss+word')}`);
    expect(encodeBasicCredentials('plain', 'secret')).toBe(`Basic ${b64('plain:secret')}`);
  });

  it('round-trips ids and secrets with :, %, +, spaces and non-ASCII', () => {
    const pairs: Array<[string, string]> = [
      ['key:with:colons', 'secret:too'],
      ['100%', '50%off+more'],
      ['a+b', 'c d'],
      ['Ünïcødé-ключ', 'пароль-密码-🔑'],
      ['', ''],
      ['id', ':leading colon'],
    ];
    for (const [keyId, secret] of pairs) {
      expect(decodeBasicCredentials(encodeBasicCredentials(keyId, secret))).toEqual({ keyId, secret });
    }
  });

  it('round-trips arbitrary Unicode strings (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (keyId, secret) => {
        const header = encodeBasicCredentials(keyId, secret);
        // The encoded parts carry no raw colon, so the one colon left is the separator.
        const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
        expect(decoded.split(':')).toHaveLength(2);
        expect(decodeBasicCredentials(header)).toEqual({ keyId, secret });
      }),
    );
  });

  it('accepts the scheme name in any case and encodeURIComponent-style %20 spaces', () => {
    const token = b64('my%20id:s%3Acret');
    for (const scheme of ['Basic', 'basic', 'BASIC', 'bAsIc']) {
      expect(decodeBasicCredentials(`${scheme} ${token}`)).toEqual({ keyId: 'my id', secret: 's:cret' });
    }
  });

  it('splits at the first colon', () => {
    expect(decodeBasicCredentials(`Basic ${b64('id:a:b')}`)).toEqual({ keyId: 'id', secret: 'a:b' });
  });

  it('returns null for anything malformed', () => {
    const bad = [
      '',
      'Basic',
      'Basic ',
      'Bearer abc',
      'Basicabc',
      `Basic ${b64('no-colon-here')}`,
      'Basic !!!notbase64!!!',
      'Basic Zm9v Zm9v',
      'Basic Zm9vY', // one character too many: length 4n+1 cannot be Base64
      'Basic Zm9=vYg==',
      `Basic ${b64('id%zz:secret')}`,
      `Basic ${b64('id:secret%')}`,
      `Basic ${b64(Buffer.from([0x69, 0x64, 0x3a, 0xff, 0xfe]))}`, // invalid UTF-8
    ];
    for (const header of bad) expect(decodeBasicCredentials(header), header).toBeNull();
  });
});
