/**
 * CycloneDX XML read as the JSON form of the same BOM, so that the checks, the pointers and the
 * messages are those of CycloneDX JSON: `<components><component>` is `components[i]`, `<purl>` is
 * `purl`, the `bom-ref` attribute is `bom-ref`. Only what the checks read is kept: the PURLs
 * (`<purl>`), what names their component, and the path to them; everything else is read and
 * let go, so memory grows with the PURLs, not the document.
 *
 * The parser is saxes, a conforming, non-validating XML parser: it expands the five predefined
 * entities and character references only. A document with a DOCTYPE is refused outright before
 * anything after it is read, so no entity a DTD declares (an external one, or one that expands to
 * billions of characters) is ever expanded; a reference to an undeclared entity is a syntax error.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { humanPath, toPointer } from '../../shared/pointer.js';
import { cut } from '../../shared/messages.js';
import { MAX_DEPTH } from '../../validation/source/json-source.js';
import { lineStarts, positionAt, type PlacedFinding, type SourceOutcome, type StringSlot } from '../../validation/source/document-source.js';
import { nodeRecordedSource, type RecordedMember, type RecordedNode } from '../../validation/source/node-source.js';
import { TeapurlError } from '../../shared/errors.js';
import { hasQualifiedAttribute, resolveTag, ROOT_SCOPE, type NamespaceScope } from './xml-namespaces.js';

const NAMESPACE = /^http:\/\/cyclonedx\.org\/schema\/bom\/(\d+)\.(\d+)$/;

/** Wrapper elements whose items the JSON form lists in an array, and the items' element name. */
const LIST_ITEMS: ReadonlyMap<string, string> = new Map([
  ['components', 'component'],
  ['ancestors', 'component'],
  ['descendants', 'component'],
  ['variants', 'component'],
  ['formulation', 'formula'],
  ['vulnerabilities', 'vulnerability'],
  ['tools', 'tool'],
  ['services', 'service'],
  ['affects', 'target'],
  ['versions', 'version'],
]);

/** Elements whose text is a PURL: checked, and rewritten by `--fix`. */
const CLAIMS = new Set(['purl']);
/** Elements whose text is checked and rewritten inside an item of a vulnerability's affects[].versions: a VERS and a version. */
const AFFECTED_VERSION_CLAIMS = new Set(['range', 'version']);
/** Elements whose text names the component a PURL belongs to, and the component an affects[] entry names. */
const NAMES = new Set(['name', 'group', 'version', 'ref']);

/** Whether an element's text is a claim: a PURL anywhere, a range or version in an item of `<versions>`. */
function isClaim(name: string, parent: Frame): boolean {
  return (
    CLAIMS.has(name) || (AFFECTED_VERSION_CLAIMS.has(name) && parent.name === 'version' && parent.parent?.name === 'versions' && parent.parent.list === true)
  );
}

/** How a container stands in its parent's JSON form: the member's name, or the item's index. */
type Slot = string | number;

/**
 * An element being read. One is made for each element of a document (a million in a BOM of
 * 100,000 components), so what only some need, its pointer and where its start tag begins, is
 * worked out when asked for.
 */
class Frame {
  node: Record<string, unknown> | unknown[] | null = null;
  /** Whether its children are the items of a JSON array; decided by the first child. */
  list: boolean | null = null;
  items = 0;
  /** The names of its children so far: a list while short (cheaper to make than a set), then a set. */
  seen: string[] | Set<string> | null = null;
  /** What is recorded of its node, once it is made. */
  record: RecordedNode<Claim> | null = null;
  /** Names and attributes, kept until the node is made (if ever). */
  kept: Record<string, string> | null = null;
  chars = '';
  /** CDATA sections inside a text element. */
  cdata = 0;
  #pointer: string | null;

  constructor(
    readonly name: string,
    readonly parent: Frame | null,
    readonly slot: Slot | null,
    /** Read for its text (a claim or a name); otherwise a container, unless skipped. */
    readonly text: boolean,
    /** Its text is a claim (see {@link isClaim}), told once, when it opens. */
    readonly claim: boolean,
    /** Foreign, repeated or inside a text element: read past. */
    readonly skip: boolean,
    /** Offset just past its start tag. */
    readonly contentStart: number,
    pointer: string | null = null,
  ) {
    this.#pointer = pointer;
  }

  /** Its JSON Pointer in the JSON form. */
  get pointer(): string {
    return (this.#pointer ??= this.parent!.pointer + toPointer([this.slot!]));
  }

  /** Offset of its `<` in `text`: no `<` stands inside a start tag (attribute values escape it). */
  start(text: string): number {
    return tagStart(text, this.contentStart);
  }
}

/** Where the start tag that ends just before `end` begins. */
function tagStart(text: string, end: number): number {
  return text.lastIndexOf('<', end - 1);
}

/**
 * Whether the start tag that ends just before `end`, of a name `length` long, is only its name
 * (`<name>` or `<name/>`): no `<` stands inside a tag, so a `<` right before the name starts it.
 * Most elements are, and then their attributes need no look (a loop over a prototype-less
 * record's keys costs more than the rest of the element's handling).
 */
function bareTag(text: string, end: number, length: number): boolean {
  return text.charCodeAt(end - length - 2) === 60 /* < */ || (text.charCodeAt(end - 2) === 47 /* / */ && text.charCodeAt(end - length - 3) === 60);
}

/** The most child names a frame lists before it keeps them in a set: a list's look-up grows with it. */
const SHORT_LIST = 16;

/** Whether `frame` already has a child named `name`; it has one from now on. */
function seenBefore(frame: Frame, name: string): boolean {
  const seen = frame.seen;
  if (seen === null) {
    frame.seen = [name];
    return false;
  }
  if (Array.isArray(seen)) {
    if (seen.includes(name)) return true;
    if (seen.length < SHORT_LIST) seen.push(name);
    else frame.seen = new Set([...seen, name]);
    return false;
  }
  if (seen.has(name)) return true;
  seen.add(name);
  return false;
}

/** What every element read past stands as: a frame nothing is ever written to. */
const SKIPPED = new Frame('', null, null, false, false, true, 0, '');

/** A PURL (or VERS) read: what its slot is worked out from, if a fix asks. */
interface Claim extends RecordedMember {
  /** The offset just past its start tag, and that of its end tag's `<` (`null`: an empty element). */
  readonly closeStart: number | null;
  /** CDATA sections in its content. */
  readonly cdata: number;
}

/** Why reading stopped. */
class Stop extends TeapurlError<'stop'> {
  constructor(readonly finding: PlacedFinding) {
    super(finding.message, { code: 'stop' });
  }
}

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Text as XML character data: the three characters that could end or start markup, escaped. */
function escapeText(value: string): string {
  return value.replace(/[&<>]/g, (c) => XML_ESCAPES[c]!);
}

/**
 * The most event handlers the parser is given. saxes stores each one as a new property of the
 * parser, by a computed name; V8 turns an object's properties into a dictionary once a few such
 * stores have added more than it has room for, and from a seventh handler on every character the
 * parser reads then costs five times as much (30 µs a component against 6 on 100,000 components).
 * test/sbom/cyclonedx-xml-parser.test.ts holds both ends of this. The DOCTYPE and instruction
 * handlers are given only to a text that holds one: seven only for a text with both, which is
 * refused at its DOCTYPE, in its prolog.
 */
export const MAX_HANDLERS = 6;

const CDATA_OPEN = '<![CDATA[';
const CDATA_CLOSE = ']]>';

/** Whether the root tag is a CycloneDX `<bom>`, and of which 1.x version. */
function bomVersion(local: string, uri: string): { major: number; minor: number } | null {
  const match = local === 'bom' ? NAMESPACE.exec(uri) : null;
  return match ? { major: Number(match[1]), minor: Number(match[2]) } : null;
}

/**
 * Reads CycloneDX XML. Not well-formed XML, a DOCTYPE, a root that is not a CycloneDX `<bom>`
 * or nesting past {@link MAX_DEPTH} is one finding, and nothing is read.
 */
export function parseCycloneDxXml(rawText: string): SourceOutcome {
  const shift = rawText.charCodeAt(0) === 0xfeff ? 1 : 0;
  const text = shift ? rawText.slice(1) : rawText;
  let starts: number[] | undefined;
  const stopAt = (offset: number, rule: string, message: string): Stop => {
    starts ??= lineStarts(text);
    return new Stop({ pointer: '', severity: 'error', rule, message, position: positionAt(starts, Math.max(0, offset)) });
  };

  // Where each node made stands, and its PURLs (and VERS): by the node, so that no pointer is
  // written while reading (see node-source.ts).
  const records = new Map<object, RecordedNode<Claim>>();
  const findings: PlacedFinding[] = [];
  const frames: Frame[] = [];
  let root: Record<string, unknown> | null = null;
  let rootUri = '';
  // Namespaces are worked out here rather than by saxes (xml-namespaces.ts), with its rules.
  const parser = new SaxesParser({ xmlns: false, position: true });
  const scopes: NamespaceScope[] = [ROOT_SCOPE];
  const namespaceFail = (message: string): never => {
    throw stopAt(parser.position - 1, 'xml/syntax', `malformed XML: ${cut(message)}`);
  };

  const materialize = (frame: Frame): Record<string, unknown> | unknown[] => {
    if (frame.node) return frame.node;
    // The names and attributes kept become the node itself: nothing else holds them.
    const node: Record<string, unknown> | unknown[] = frame.list ? [] : (frame.kept ?? {});
    const parent = materialize(frame.parent!) as Record<string, unknown> & unknown[];
    const slot = frame.slot!;
    if (typeof slot === 'number') fill(parent, slot, node);
    // An element may be named __proto__: it becomes an own member, as JSON.parse would make it.
    else if (slot === '__proto__') Object.defineProperty(parent, slot, { value: node, enumerable: true, writable: true, configurable: true });
    else parent[slot] = node;
    frame.record = { start: frame.start(text) + shift, members: null };
    records.set(node, frame.record);
    frame.node = node;
    return node;
  };

  const open = (tag: SaxesTagPlain): void => {
    const end = parser.position;
    // Every element's names are checked, those read past too, as a namespace-aware parser would.
    const scope = scopes[scopes.length - 1]!;
    const { attributes } = tag;
    let local = tag.name;
    let uri = scope.defaultUri;
    const bare = bareTag(text, end, local.length);
    if (local.includes(':') || (!bare && hasQualifiedAttribute(attributes))) {
      const resolved = resolveTag(tag.name, attributes, scope, (parser.xmlDecl.version ?? '1.0') === '1.0', namespaceFail);
      ({ local, uri } = resolved);
      scopes.push(resolved.scope);
    } else scopes.push(scope);
    const parent = frames[frames.length - 1];
    if (frames.length >= MAX_DEPTH)
      throw stopAt(tagStart(text, end), 'xml/too-deep', `the document nests elements more than ${MAX_DEPTH} levels deep; teapurl reads at most ${MAX_DEPTH}`);
    if (parent === undefined) {
      const version = bomVersion(local, uri);
      if (version === null || version.major !== 1) {
        const where = uri === '' ? 'in no namespace' : `in the namespace ${JSON.stringify(cut(uri))}`;
        throw stopAt(
          tagStart(text, end),
          'xml/not-cyclonedx',
          `the root element is <${cut(tag.name, 80)}> ${where}; teapurl reads XML as a CycloneDX BOM only: a <bom> element in the namespace http://cyclonedx.org/schema/bom/1.x`,
        );
      }
      rootUri = uri;
      root = { bomFormat: 'CycloneDX', specVersion: `${version.major}.${version.minor}` };
      const top = new Frame(local, null, null, false, false, false, end, '');
      top.node = root;
      top.record = { start: tagStart(text, end) + shift, members: null };
      records.set(root, top.record);
      frames.push(top);
      return;
    }
    if (parent.skip || parent.text || uri !== rootUri) {
      frames.push(SKIPPED);
      return;
    }
    const name = local;
    parent.list ??= LIST_ITEMS.get(parent.name) === name;
    let slot: Slot;
    if (parent.list) {
      if (name !== LIST_ITEMS.get(parent.name)) {
        frames.push(SKIPPED);
        return;
      }
      slot = parent.items++;
    } else {
      if (seenBefore(parent, name)) {
        if (isClaim(name, parent)) {
          starts ??= lineStarts(text);
          findings.push({
            pointer: parent.pointer + toPointer([name]),
            severity: 'error',
            rule: 'xml/repeated-element',
            message: `${humanPath(parent.pointer)} has more than one <${name}>; CycloneDX allows one, and teapurl checked the first only; no fix is applied to the document while it has two, since readers may take either`,
            position: positionAt(starts, tagStart(text, end)),
          });
        }
        frames.push(SKIPPED);
        return;
      }
      slot = name;
    }
    // An item of a list (a <version> of <versions>) is a container, whatever its name.
    const claim = !parent.list && isClaim(name, parent);
    const isText = claim || (!parent.list && NAMES.has(name));
    const next = new Frame(name, parent, slot, isText, claim, false, end);
    if (isText) parser.on('text', onText);
    // An attribute without a prefix is in no namespace, whatever the element's.
    if (!isText && !bare && Object.hasOwn(attributes, 'bom-ref')) next.kept = { 'bom-ref': attributes['bom-ref']! };
    frames.push(next);
  };

  const close = (tag: SaxesTagPlain): void => {
    scopes.pop();
    const frame = frames.pop()!;
    if (!frame.text || frame.skip) return;
    parser.off('text');
    const parent = frame.parent!;
    const name = frame.name;
    if (!frame.claim) {
      if (parent.node && !Array.isArray(parent.node)) parent.node[name] ??= frame.chars;
      else (parent.kept ??= {})[name] ??= frame.chars;
      return;
    }
    (materialize(parent) as Record<string, unknown>)[name] = frame.chars;
    const record = parent.record!;
    const closeStart = tag.isSelfClosing ? null : text.lastIndexOf('<', parser.position - 1);
    record.members = { name, offset: frame.contentStart + shift, closeStart, cdata: frame.cdata, next: record.members };
  };

  // Only a text that holds the words can declare a DOCTYPE: one handler fewer (see MAX_HANDLERS).
  if (text.includes('<!DOCTYPE'))
    parser.on('doctype', () => {
      const at = text.lastIndexOf('<!DOCTYPE', parser.position);
      throw stopAt(
        at === -1 ? parser.position : at,
        'xml/doctype',
        'the document declares a DOCTYPE; teapurl reads no DTD and expands no entity one declares (an external entity, or one that expands to billions of characters): CycloneDX needs none, remove it',
      );
    });
  // Only a text with an instruction beyond the XML declaration needs a handler for them: their
  // targets are names without a colon in a namespace-aware document.
  if (text.indexOf('<?', /^<\?xml[ \t\r\n]/.test(text) ? 1 : 0) !== -1)
    parser.on('processinginstruction', (instruction) => {
      if (instruction.target.includes(':')) namespaceFail('disallowed character in processing instruction name');
    });
  parser.on('error', (error) => {
    const message = error.message.replace(/^\d+:\d+: /, '').replace(/\.$/, '');
    throw stopAt(parser.position - 1, 'xml/syntax', `malformed XML: ${cut(message)}`);
  });
  parser.on('opentag', open);
  parser.on('closetag', close);
  // Text is read only inside an element read for its text (a claim or a name): while saxes has a
  // text handler, it copies every run of text, the blanks between all tags included, and joins
  // the lines of each. The handler is set once, so that the parser has it among its properties
  // from the start (see MAX_HANDLERS), and then given only while such an element is open.
  const onText = (chars: string): void => {
    const top = frames[frames.length - 1];
    if (top?.text && !top.skip) top.chars += chars;
  };
  parser.on('text', onText);
  parser.off('text');
  parser.on('cdata', (chars) => {
    const top = frames[frames.length - 1];
    if (top?.text && !top.skip) {
      top.chars += chars;
      top.cdata++;
    }
  });

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof Stop) return { ok: false, findings: [error.finding] };
    throw error;
  }
  if (root === null) return { ok: false, findings: [stopAt(0, 'xml/syntax', 'malformed XML: the document has no root element').finding] };
  return { ok: true, source: nodeRecordedSource('xml', rawText, root, records, (claim) => claimSlot(text, claim, shift)), findings };
}

/**
 * Whether an element's content (from `start` to `end`, the `<` of its end tag) holds a comment,
 * a processing instruction or an element, not only character data and CDATA sections. Read from
 * the text rather than counted by handlers: the parser has no comment handler and counts no instruction
 * (see {@link MAX_HANDLERS}), and most contents hold no `<` at all.
 */
function markupIn(text: string, start: number, end: number): boolean {
  for (let at = text.indexOf('<', start); at !== -1 && at < end; at = text.indexOf('<', at + 1)) {
    if (!text.startsWith(CDATA_OPEN, at)) return true;
    at = text.indexOf(CDATA_CLOSE, at + CDATA_OPEN.length);
    if (at === -1) return true;
  }
  return false;
}

/** Sets `array[index]`, with an empty object for each earlier item not kept (its PURL-less components). */
function fill(array: unknown[], index: number, node: unknown): void {
  while (array.length < index) array.push({});
  array[index] = node;
}

/**
 * Where a claim's text stands and how a new one is written there: as escaped character data in
 * place of the element's content, or inside its one CDATA section. Content mixed with comments or
 * several sections has no one place to write to.
 */
function claimSlot(text: string, claim: Claim, shift: number): StringSlot | string {
  const { closeStart } = claim;
  if (closeStart === null) return 'it is an empty element';
  const start = claim.offset - shift;
  if (markupIn(text, start, closeStart)) return 'its text is mixed with comments, instructions or elements; rewrite it by hand';
  if (claim.cdata === 0) return { start: start + shift, end: closeStart + shift, write: escapeText };
  const inner = text.slice(start, closeStart);
  if (claim.cdata === 1 && inner.startsWith(CDATA_OPEN) && inner.endsWith(CDATA_CLOSE)) {
    return {
      start: start + shift + CDATA_OPEN.length,
      end: closeStart + shift - CDATA_CLOSE.length,
      write: (value) => (value.includes(CDATA_CLOSE) ? { refused: `the new text holds "${CDATA_CLOSE}", which would end its CDATA section` } : value),
    };
  }
  return 'its text is split between character data and CDATA sections; rewrite it by hand';
}
