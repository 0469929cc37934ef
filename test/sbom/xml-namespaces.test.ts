/**
 * Issue 38, item 2: the CycloneDX XML reader works out namespaces itself (saxes's namespace
 * mode cost a quarter of its parse), and reads text only inside the elements it keeps. It must
 * refuse exactly the documents saxes's namespace mode refuses, for the same reason, and read the
 * others the same way: saxes in that mode is the oracle here, on hand-picked tags and random ones.
 */
import fc from 'fast-check';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { parseCycloneDxXml } from '../../src/sbom/sources/cyclonedx-xml-source.js';
import { validateText } from '../../src/index.js';

const CDX_NS = 'http://cyclonedx.org/schema/bom/1.6';

/** saxes's first complaint in namespace mode, in the words the reader shows, or `null`. */
function oracle(text: string): string | null {
  const parser = new SaxesParser({ xmlns: true, position: true });
  let first: string | null = null;
  parser.on('error', (error) => {
    first ??= `malformed XML: ${error.message.replace(/^\d+:\d+: /, '').replace(/\.$/, '')}`;
  });
  try {
    parser.write(text).close();
  } catch {
    // saxes throws when no error handler takes the error; this one takes every one
  }
  return first;
}

/** The reader's syntax complaint, or `null` when it read the document. */
function reader(text: string): string | null {
  const outcome = parseCycloneDxXml(text);
  if (outcome.ok) return null;
  const syntax = outcome.findings.find((f) => f.rule === 'xml/syntax');
  return syntax ? syntax.message : `not refused for its syntax: ${outcome.findings.map((f) => f.rule).join(', ')}`;
}

const inBom = (inner: string, attributes = '') => `<?xml version="1.0"?>\n<bom xmlns="${CDX_NS}"${attributes}>\n<components>${inner}</components>\n</bom>\n`;

describe('namespaces, as saxes reads them in namespace mode', () => {
  it.each([
    ['an unbound element prefix', inBom('<p:component/>')],
    ['an unbound attribute prefix', inBom('<component p:a="1"/>')],
    ['two attributes with one expanded name', inBom('<component xmlns:p="urn:u" xmlns:q="urn:u" p:a="1" q:a="2"/>')],
    ['one attribute given twice', inBom('<component a="1" a="2"/>')],
    ['the xmlns prefix on an element', inBom('<xmlns:component/>')],
    ['xml bound elsewhere', inBom('<component xmlns:xml="urn:x"/>')],
    ['xmlns bound', inBom('<component xmlns:xmlns="urn:x"/>')],
    ['the default namespace set to the xmlns one', inBom('<component xmlns="http://www.w3.org/2000/xmlns/"/>')],
    ['the default namespace set to the xml one', inBom('<component xmlns="http://www.w3.org/XML/1998/namespace"/>')],
    ['the xml namespace under another prefix', inBom('<component xmlns:x="http://www.w3.org/XML/1998/namespace"/>')],
    ['the xmlns namespace under a prefix', inBom('<component xmlns:x="http://www.w3.org/2000/xmlns/"/>')],
    ['a prefix undeclared in XML 1.0', inBom('<component xmlns:p=""/>')],
    ['a prefix undeclared in XML 1.1', inBom('<component xmlns:p=""/>').replace('version="1.0"', 'version="1.1"')],
    ['an empty prefix', inBom('<:component/>')],
    ['an empty local name', inBom('<component:/>')],
    ['two colons', inBom('<a:b:c/>')],
    ['an attribute with an empty prefix', inBom('<component :a="1"/>')],
    ['an attribute with two colons', inBom('<component a:b:c="1" xmlns:a="urn:a"/>')],
    ['xml:lang, bound from the start', inBom('<component xml:lang="en"/>')],
    ['a prefix declared on the element it names', inBom('<p:component xmlns:p="urn:p"/>')],
    ['a prefix declared on an ancestor', inBom('<x xmlns:p="urn:p"><y><p:z p:a="1"/></y></x>')],
    ['a prefix used outside the element that declared it', inBom('<x xmlns:p="urn:p"/><p:z/>')],
    ['the default namespace undeclared', inBom('<x xmlns=""><y/></x>')],
    ['a declaration with blanks around its URI', inBom('<x xmlns:p=" urn:p "><p:y/></x>')],
    ['a colon in an instruction target', inBom('<?p:q x?>')],
    ['a colon in the target of an instruction before the root', `<?xml version="1.0"?>\n<?a:b?><bom xmlns="${CDX_NS}"/>`],
    ['an instruction without a colon', inBom('<?pq x?>')],
    ['a prefixed root, bound', `<c:bom xmlns:c="${CDX_NS}"><c:components/></c:bom>`],
    ['a prefixed root, unbound', '<c:bom><c:components/></c:bom>'],
    ['an unbound prefix inside a foreign element, read past', inBom('<x:ext xmlns:x="urn:x"><q:y/></x:ext>')],
    ['an unbound prefix inside a PURL', inBom('<component><purl><q:y/></purl></component>')],
    ['a prefix named __proto__, bound', inBom('<x xmlns:__proto__="urn:p"><__proto__:y __proto__:a="1"/></x>')],
    ['a prefix named toString, unbound', inBom('<toString:y/>')],
    ['an attribute prefix named constructor, unbound', inBom('<y constructor:a="1"/>')],
  ])('%s', (_what, text) => {
    expect(reader(text)).toBe(oracle(text));
  });

  // The reader gives saxes a text handler only inside the elements it reads for their text:
  // what saxes refuses in text, it must refuse outside them as well.
  it.each([
    ['"]]>" in a container', inBom('<component>]]></component>')],
    ['"]]>" in a name', inBom('<component><name>]]></name></component>')],
    ['an undeclared entity in a container', inBom('<component>&nope;</component>')],
    ['an undeclared entity in a PURL', inBom('<component><purl>&nope;</purl></component>')],
    ['a control character in a container', inBom('<component>\u0001</component>')],
    ['a control character in a PURL', inBom('<component><purl>pkg:npm/a\u0001</purl></component>')],
    ['a bad character reference between components', inBom('&#0;<component/>')],
    ['text after the root', `${inBom('')}x`],
    ['text before the root', `x${inBom('')}`],
  ])('text: %s', (_what, text) => {
    expect(oracle(text)).not.toBeNull();
    expect(reader(text)).toBe(oracle(text));
  });

  it('random tags, prefixes and declarations: refused by both or read by both, for the same reason', () => {
    const prefix = fc.constantFrom('', 'p', 'q', 'xml', 'xmlns', 'a:b', ':');
    const local = fc.constantFrom('component', 'x', 'purl', 'a', '');
    const uri = fc.constantFrom('urn:p', 'urn:q', '', ' urn:p ', 'http://www.w3.org/XML/1998/namespace', 'http://www.w3.org/2000/xmlns/', CDX_NS);
    const qname = fc.tuple(prefix, local).map(([p, l]) => (p === '' ? l : `${p}:${l}`));
    const attribute = fc.oneof(
      fc.tuple(prefix, uri).map(([p, u]) => (p === '' ? `xmlns="${u}"` : `xmlns:${p}="${u}"`)),
      qname.filter((n) => n !== '').map((n) => `${n}="v"`),
    );
    const element: fc.Memo<string> = fc.memo((depth) =>
      fc
        .tuple(
          qname.filter((n) => n !== ''),
          fc.uniqueArray(attribute, { maxLength: 3, selector: (a) => a.slice(0, a.indexOf('=')) }),
          depth > 1 ? fc.array(element(depth - 1), { maxLength: 2 }) : fc.constant([]),
        )
        .map(([name, attributes, children]) => {
          const open = [name, ...attributes].join(' ');
          return children.length === 0 ? `<${open}/>` : `<${open}>${children.join('')}</${name}>`;
        }),
    );
    fc.assert(
      fc.property(
        fc.array(element(3), { maxLength: 3 }),
        fc.constantFrom('', ' xmlns:p="urn:p"', ' xmlns:q="urn:q" xmlns:p="urn:p"'),
        (items, rootAttributes) => {
          const text = inBom(items.join(''), rootAttributes);
          expect(reader(text)).toBe(oracle(text));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('reads the PURLs of a BOM written with a prefix, and passes over components of another namespace', () => {
    const text = `<c:bom xmlns:c="${CDX_NS}" xmlns:o="urn:other"><c:components><c:component><c:purl>pkg:NPM/a@1</c:purl></c:component><o:component><o:purl>pkg:NPM/b@1</o:purl></o:component><component xmlns="${CDX_NS}"><purl>pkg:NPM/c@1</purl></component></c:components></c:bom>`;
    const result = validateText(text, { file: 'bom.xml' });
    expect(result.findings.filter((f) => f.rule === 'sbom/purl-not-canonical').map((f) => f.pointer)).toEqual(['/components/0/purl', '/components/1/purl']);
    expect(result.findings.some((f) => f.message.includes('pkg:NPM/b@1'))).toBe(false);
  });
});
