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
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { humanPath, toPointer } from '../../shared/pointer.js';
import { cut } from '../../shared/messages.js';
import { MAX_DEPTH } from '../../validation/source/json-source.js';
import { lineStarts, positionAt, recordedSource, type PlacedFinding, type SourceOutcome, type StringSlot } from '../../validation/source/document-source.js';
import { TeapurlError } from '../../shared/errors.js';

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

/** How a container stands in its parent's JSON form. */
type Slot = { member: string } | { item: number };

interface Frame {
  readonly name: string;
  readonly pointer: string;
  /** Offset of its `<`. */
  readonly start: number;
  readonly parent: Frame | null;
  readonly slot: Slot | null;
  /** Read for its text (a claim or a name); otherwise a container, unless skipped. */
  readonly text: boolean;
  /** Foreign, repeated or inside a text element: read past. */
  readonly skip: boolean;
  /** Offset just past its start tag. */
  readonly contentStart: number;
  node: Record<string, unknown> | unknown[] | null;
  /** Whether its children are the items of a JSON array; decided by the first child. */
  list: boolean | null;
  items: number;
  seen: Set<string> | null;
  /** Names and attributes, kept until the node is made (if ever). */
  kept: Record<string, string> | null;
  chars: string;
  /** CDATA sections inside a text element. */
  cdata: number;
  /** Comments, instructions and elements inside a text element. */
  markup: number;
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

const CDATA_OPEN = '<![CDATA[';
const CDATA_CLOSE = ']]>';

/** Whether the root tag is a CycloneDX `<bom>`, and of which 1.x version. */
function bomVersion(tag: SaxesTagNS): { major: number; minor: number } | null {
  const match = tag.local === 'bom' ? NAMESPACE.exec(tag.uri) : null;
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

  const offsets = new Map<string, number>();
  const slots = new Map<string, StringSlot | string>();
  const findings: PlacedFinding[] = [];
  const frames: Frame[] = [];
  let root: Record<string, unknown> | null = null;
  let rootUri = '';
  const parser = new SaxesParser({ xmlns: true, position: true });

  const materialize = (frame: Frame): Record<string, unknown> | unknown[] => {
    if (frame.node) return frame.node;
    const node: Record<string, unknown> | unknown[] = frame.list ? [] : { ...frame.kept };
    const parent = materialize(frame.parent!) as Record<string, unknown> & unknown[];
    const slot = frame.slot!;
    // An element may be named __proto__: it becomes an own member, as JSON.parse would make it.
    if ('member' in slot) Object.defineProperty(parent, slot.member, { value: node, enumerable: true, writable: true, configurable: true });
    else fill(parent, slot.item, node);
    offsets.set(frame.pointer, frame.start + shift);
    frame.node = node;
    return node;
  };

  const open = (tag: SaxesTagNS): void => {
    const end = parser.position;
    const start = text.lastIndexOf('<', end - 1);
    const parent = frames[frames.length - 1];
    if (frames.length >= MAX_DEPTH)
      throw stopAt(start, 'xml/too-deep', `the document nests elements more than ${MAX_DEPTH} levels deep; teapurl reads at most ${MAX_DEPTH}`);
    const frame = (pointer: string, slot: Slot | null, how: { text?: boolean; skip?: boolean } = {}): Frame => ({
      name: tag.local,
      pointer,
      start,
      parent: parent ?? null,
      slot,
      text: how.text === true,
      skip: how.skip === true,
      contentStart: end,
      node: null,
      list: null,
      items: 0,
      seen: null,
      kept: null,
      chars: '',
      cdata: 0,
      markup: 0,
    });
    if (parent === undefined) {
      const version = bomVersion(tag);
      if (version === null || version.major !== 1) {
        const where = tag.uri === '' ? 'in no namespace' : `in the namespace ${JSON.stringify(cut(tag.uri))}`;
        throw stopAt(
          start,
          'xml/not-cyclonedx',
          `the root element is <${cut(tag.name, 80)}> ${where}; teapurl reads XML as a CycloneDX BOM only: a <bom> element in the namespace http://cyclonedx.org/schema/bom/1.x`,
        );
      }
      rootUri = tag.uri;
      root = { bomFormat: 'CycloneDX', specVersion: `${version.major}.${version.minor}` };
      offsets.set('', start + shift);
      const top = frame('', null);
      top.node = root;
      frames.push(top);
      return;
    }
    if (parent.skip || parent.text || tag.uri !== rootUri) {
      if (parent.text) parent.markup++;
      frames.push(frame(parent.pointer, null, { skip: true }));
      return;
    }
    const name = tag.local;
    parent.list ??= LIST_ITEMS.get(parent.name) === name;
    let slot: Slot;
    if (parent.list) {
      if (name !== LIST_ITEMS.get(parent.name)) {
        frames.push(frame(parent.pointer, null, { skip: true }));
        return;
      }
      slot = { item: parent.items++ };
    } else {
      parent.seen ??= new Set();
      if (parent.seen.has(name)) {
        if (isClaim(name, parent)) {
          starts ??= lineStarts(text);
          findings.push({
            pointer: parent.pointer + toPointer([name]),
            severity: 'error',
            rule: 'xml/repeated-element',
            message: `${humanPath(parent.pointer)} has more than one <${name}>; CycloneDX allows one, and teapurl checked the first only; no fix is applied to the document while it has two, since readers may take either`,
            position: positionAt(starts, start),
          });
        }
        frames.push(frame(parent.pointer, null, { skip: true }));
        return;
      }
      parent.seen.add(name);
      slot = { member: name };
    }
    const pointer = parent.pointer + toPointer(['member' in slot ? name : slot.item]);
    // An item of a list (a <version> of <versions>) is a container, whatever its name.
    const isText = !parent.list && (isClaim(name, parent) || NAMES.has(name));
    const next = frame(pointer, slot, { text: isText });
    const ref = Object.hasOwn(tag.attributes, 'bom-ref') ? tag.attributes['bom-ref'] : undefined;
    if (!isText && ref !== undefined && ref.uri === '') next.kept = { 'bom-ref': ref.value };
    frames.push(next);
  };

  const close = (tag: SaxesTagNS): void => {
    const frame = frames.pop()!;
    if (!frame.text || frame.skip) return;
    const parent = frame.parent!;
    const name = frame.name;
    if (!isClaim(name, parent)) {
      if (parent.node && !Array.isArray(parent.node)) parent.node[name] ??= frame.chars;
      else (parent.kept ??= {})[name] ??= frame.chars;
      return;
    }
    (materialize(parent) as Record<string, unknown>)[name] = frame.chars;
    offsets.set(frame.pointer, frame.contentStart + shift);
    slots.set(frame.pointer, claimSlot(text, frame, tag.isSelfClosing ? null : text.lastIndexOf('<', parser.position - 1), shift));
  };

  parser.on('doctype', () => {
    const at = text.lastIndexOf('<!DOCTYPE', parser.position);
    throw stopAt(
      at === -1 ? parser.position : at,
      'xml/doctype',
      'the document declares a DOCTYPE; teapurl reads no DTD and expands no entity one declares (an external entity, or one that expands to billions of characters): CycloneDX needs none, remove it',
    );
  });
  parser.on('error', (error) => {
    const message = error.message.replace(/^\d+:\d+: /, '').replace(/\.$/, '');
    throw stopAt(parser.position - 1, 'xml/syntax', `malformed XML: ${cut(message)}`);
  });
  parser.on('opentag', open);
  parser.on('closetag', close);
  parser.on('text', (chars) => {
    const top = frames[frames.length - 1];
    if (top?.text && !top.skip) top.chars += chars;
  });
  parser.on('cdata', (chars) => {
    const top = frames[frames.length - 1];
    if (top?.text && !top.skip) {
      top.chars += chars;
      top.cdata++;
    }
  });
  const markup = () => {
    const top = frames[frames.length - 1];
    if (top?.text) top.markup++;
  };
  parser.on('comment', markup);
  parser.on('processinginstruction', markup);

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof Stop) return { ok: false, findings: [error.finding] };
    throw error;
  }
  if (root === null) return { ok: false, findings: [stopAt(0, 'xml/syntax', 'malformed XML: the document has no root element').finding] };
  return { ok: true, source: recordedSource('xml', rawText, root, offsets, slots), findings };
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
function claimSlot(text: string, frame: Frame, closeStart: number | null, shift: number): StringSlot | string {
  if (closeStart === null) return 'it is an empty element';
  const start = frame.contentStart;
  if (frame.markup > 0) return 'its text is mixed with comments, instructions or elements; rewrite it by hand';
  if (frame.cdata === 0) return { start: start + shift, end: closeStart + shift, write: escapeText };
  const inner = text.slice(start, closeStart);
  if (frame.cdata === 1 && inner.startsWith(CDATA_OPEN) && inner.endsWith(CDATA_CLOSE)) {
    return {
      start: start + shift + CDATA_OPEN.length,
      end: closeStart + shift - CDATA_CLOSE.length,
      write: (value) => (value.includes(CDATA_CLOSE) ? { refused: `the new text holds "${CDATA_CLOSE}", which would end its CDATA section` } : value),
    };
  }
  return 'its text is split between character data and CDATA sections; rewrite it by hand';
}
