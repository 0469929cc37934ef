/**
 * XML Namespaces 1.0 (third edition) for the CycloneDX XML reader, worked out from a start tag's
 * raw names. saxes can do this itself (its `xmlns` option), but then it pays for every element:
 * an object for the element's bindings, a split of each name and a look-up through the open
 * elements, a quarter of its time on a large BOM. Here an element whose names hold no colon and
 * that declares nothing costs one look at each attribute's name; the rest runs only for the few
 * that declare a namespace or use a prefix.
 *
 * The rules and their words are those of saxes's namespace mode, so that a document is refused
 * for the same reason either way: an unbound prefix, a malformed qualified name, a misbound `xml`
 * or `xmlns` prefix, a prefix undeclared in XML 1.0, two attributes with the same expanded name.
 */

/** The namespace the `xml` prefix is bound to, and no other. */
export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
/** The namespace of namespace declarations, which nothing may be bound to. */
export const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

/** The bindings in force at an element: its own declarations over its parent's. */
export interface NamespaceScope {
  readonly parent: NamespaceScope | null;
  /** Prefix to URI, the default namespace under `''`; a prototype-less record. */
  readonly bindings: Readonly<Record<string, string>>;
  /** The default namespace in force (`''`: none). */
  readonly defaultUri: string;
}

function bindings(entries: Record<string, string>): Record<string, string> {
  return Object.assign(Object.create(null) as Record<string, string>, entries);
}

/** The bindings every document starts with: `xml` and `xmlns`, no default namespace. */
export const ROOT_SCOPE: NamespaceScope = { parent: null, bindings: bindings({ xml: XML_NAMESPACE, xmlns: XMLNS_NAMESPACE }), defaultUri: '' };

/** Reports a namespace error in saxes's words (without its final period); never returns. */
export type NamespaceFail = (message: string) => never;

/** A start tag's element, its namespace and the bindings its content is read with. */
export interface ResolvedTag {
  readonly local: string;
  readonly uri: string;
  readonly scope: NamespaceScope;
}

/** Whether any attribute of a start tag declares a namespace or has a prefix: only then is {@link resolveTag} needed for them. */
export function hasQualifiedAttribute(attributes: Readonly<Record<string, string>>): boolean {
  for (const name in attributes) if (name === 'xmlns' || name.includes(':')) return true;
  return false;
}

function resolve(scope: NamespaceScope, prefix: string): string | undefined {
  for (let s: NamespaceScope | null = scope; s !== null; s = s.parent) {
    const uri = s.bindings[prefix];
    if (uri !== undefined) return uri;
  }
  return undefined;
}

/** A qualified name's prefix (`''` for none) and local part; a name with an empty part or two colons fails. */
function split(name: string, fail: NamespaceFail): { prefix: string; local: string } {
  const colon = name.indexOf(':');
  if (colon === -1) return { prefix: '', local: name };
  const prefix = name.slice(0, colon);
  const local = name.slice(colon + 1);
  if (prefix === '' || local === '' || local.includes(':')) fail(`malformed name: ${name}`);
  return { prefix, local };
}

/** What Namespaces in XML 1.0, section 3, forbids a declaration to bind. */
function checkBinding(prefix: string, uri: string, fail: NamespaceFail): void {
  if (prefix === 'xml' && uri !== XML_NAMESPACE) fail(`xml prefix must be bound to ${XML_NAMESPACE}`);
  if (prefix === 'xmlns' && uri !== XMLNS_NAMESPACE) fail(`xmlns prefix must be bound to ${XMLNS_NAMESPACE}`);
  if (uri === XMLNS_NAMESPACE)
    fail(prefix === '' ? `the default namespace may not be set to ${uri}` : `may not assign a prefix (even "xmlns") to the URI ${XMLNS_NAMESPACE}`);
  if (uri === XML_NAMESPACE && prefix !== 'xml')
    fail(prefix === '' ? `the default namespace may not be set to ${uri}` : 'may not assign the xml namespace to another prefix');
}

/**
 * The element of a start tag, in the bindings of `scope` and those the tag declares, with every
 * name of the tag checked as saxes's namespace mode checks it. `xml10`: whether the document is
 * XML 1.0, which cannot undeclare a prefix.
 */
export function resolveTag(
  name: string,
  attributes: Readonly<Record<string, string>>,
  scope: NamespaceScope,
  xml10: boolean,
  fail: NamespaceFail,
): ResolvedTag {
  let declared: Record<string, string> | null = null;
  const qualified: { name: string; prefix: string; local: string }[] = [];
  for (const attribute in attributes) {
    const { prefix, local } = split(attribute, fail);
    if (prefix === 'xmlns') {
      const uri = attributes[attribute]!.trim();
      if (xml10 && uri === '') fail('invalid attempt to undefine prefix in XML 1.0');
      (declared ??= bindings({}))[local] = uri;
      checkBinding(local, uri, fail);
    } else if (attribute === 'xmlns') {
      const uri = attributes[attribute]!.trim();
      (declared ??= bindings({}))[''] = uri;
      checkBinding('', uri, fail);
    } else if (prefix !== '') qualified.push({ name: attribute, prefix, local });
  }
  const inner: NamespaceScope = declared === null ? scope : { parent: scope, bindings: declared, defaultUri: declared[''] ?? scope.defaultUri };
  const element = split(name, fail);
  const uri = element.prefix === '' ? inner.defaultUri : (resolve(inner, element.prefix) ?? '');
  if (element.prefix === 'xmlns') fail('tags may not have "xmlns" as prefix');
  if (element.prefix !== '' && uri === '') fail(`unbound namespace prefix: ${JSON.stringify(element.prefix)}`);
  // Unprefixed attributes are in no namespace (no default applies to them), so only prefixed
  // ones can share an expanded name: with each other, since saxes already refused a raw name
  // given twice, and no unprefixed name is written `{…}`.
  const expanded = new Set<string>();
  for (const attribute of qualified) {
    const bound = resolve(inner, attribute.prefix);
    if (bound === undefined) fail(`unbound namespace prefix: ${JSON.stringify(attribute.prefix)}`);
    const key = `{${bound}}${attribute.local}`;
    if (expanded.has(key)) fail(`duplicate attribute: ${key}`);
    expanded.add(key);
  }
  return { local: element.local, uri, scope: inner };
}
