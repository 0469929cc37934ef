import { pointerTokens } from './pointer.js';

/**
 * A value to find in a text: its JSON Pointer, and whether its property name is meant.
 *
 * @example
 * ```ts
 * import type { PositionRequest } from 'teapurl';
 * const request: PositionRequest = { pointer: '/endpoints/0/url', atKey: true };
 * ```
 */
export interface PositionRequest {
  /** The value's JSON Pointer. */
  readonly pointer: string;
  /** Whether the member's name is meant, not its value. */
  readonly atKey?: boolean;
}

/** One node of the tree of requested pointers, filled with offsets as the text is read. */
interface Wanted {
  readonly parent: Wanted | null;
  /** Whether a request names this node (not only one below it). */
  asked: boolean;
  children: Map<string, Wanted> | null;
  /** Where the value starts, or -1 when the text has no such value. */
  value: number;
  /** Where the property name starts, or -1 (array items and the root have none). */
  key: number;
  /** The line and column (1-based, in UTF-16 code units) of `value` and of `key`, when found. */
  valueLine: number;
  valueColumn: number;
  keyLine: number;
  keyColumn: number;
}

interface Frame {
  readonly wanted: Wanted | null;
  readonly array: boolean;
  index: number;
}

const wanted = (parent: Wanted | null): Wanted => ({
  parent,
  asked: false,
  children: null,
  value: -1,
  key: -1,
  valueLine: 1,
  valueColumn: 1,
  keyLine: 1,
  keyColumn: 1,
});

/** A line and column, 1-based. */
export interface LineColumn {
  line: number;
  column: number;
}

/**
 * Offsets of many values of one JSON text, found in a single pass. The requested pointers are
 * merged into a tree first; reading the text then only looks a key up when its object holds a
 * requested value. The text must be one `JSON.parse` accepted (the validator parses first), so
 * the scanner only has to tell strings from structure.
 */
export class PositionIndex {
  readonly #root = wanted(null);
  /** Each request's node in the tree, and whether its property name is meant. */
  readonly #nodes: Wanted[];
  readonly #atKey: boolean[];

  /** Requested nodes not found yet, when the scan may stop at the last one found; -1 when it reads the whole text. */
  #pending: number;

  /**
   * With `uniqueKeys` (the text repeats no key in any object), the scan stops once every
   * requested value is found: no later member can stand for it. Otherwise the last of two
   * equal keys is the one `JSON.parse` keeps, and the whole text is read.
   */
  constructor(
    private readonly text: string,
    requests: readonly PositionRequest[],
    { uniqueKeys = false }: { readonly uniqueKeys?: boolean } = {},
  ) {
    this.#nodes = new Array<Wanted>(requests.length);
    this.#atKey = new Array<boolean>(requests.length);
    requests.forEach(({ pointer, atKey }, i) => {
      let node = this.#root;
      for (const token of pointerTokens(pointer)) {
        node.children ??= new Map();
        let child = node.children.get(token);
        if (!child) {
          child = wanted(node);
          node.children.set(token, child);
        }
        node = child;
      }
      this.#nodes[i] = node;
      this.#atKey[i] = atKey === true;
      node.asked = true;
    });
    this.#pending = uniqueKeys ? new Set(this.#nodes).size : -1;
  }

  /**
   * The offset of each request, in request order. A value the text lacks (a missing required
   * property) gets the offset of its nearest ancestor that is there.
   */
  offsets(): number[] {
    this.#scan();
    return this.#nodes.map((node, i) => {
      if (node.value >= 0) return this.#atKey[i] && node.key >= 0 ? node.key : node.value;
      let ancestor = node.parent;
      while (ancestor !== null && ancestor.value < 0) ancestor = ancestor.parent;
      return Math.max(ancestor?.value ?? 0, 0);
    });
  }

  /**
   * The line and column of each request, in request order, as {@link offsets} places them: lines
   * end at a line feed, a carriage return and line feed, or a lone carriage return. The lines are
   * counted in the same pass, so no table of the text's lines is built.
   */
  positions(): LineColumn[] {
    this.#scan();
    return this.#nodes.map((node, i) => {
      if (node.value >= 0) {
        return this.#atKey[i] && node.key >= 0 ? { line: node.keyLine, column: node.keyColumn } : { line: node.valueLine, column: node.valueColumn };
      }
      let ancestor = node.parent;
      while (ancestor !== null && ancestor.value < 0) ancestor = ancestor.parent;
      return ancestor === null ? { line: 1, column: 1 } : { line: ancestor.valueLine, column: ancestor.valueColumn };
    });
  }

  #scanned = false;
  /** The line the scan is on, and the offset where it starts. */
  #line = 1;
  #lineStart = 0;

  #scan(): void {
    if (this.#scanned) return;
    this.#scanned = true;
    const { text } = this;
    const length = text.length;
    const frames: Frame[] = [];
    let expectKey = false;
    let member: Wanted | null = null;
    let line = 1;
    let lineStart = 0;
    let i = 0;
    while (i < length) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9 || c === 58 /* : */) {
        if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
          line++;
          lineStart = i + 1;
        }
        i++;
        continue;
      }
      if (c === 44 /* , */) {
        const top = frames[frames.length - 1]!;
        if (top.array) top.index++;
        else expectKey = true;
        i++;
        continue;
      }
      if (c === 125 /* } */ || c === 93 /* ] */) {
        frames.pop();
        expectKey = false;
        i++;
        continue;
      }
      const top = frames[frames.length - 1];
      if (expectKey) {
        const end = stringEnd(text, i);
        member = null;
        const children = top?.wanted?.children;
        if (children) {
          const name = text.slice(i + 1, end - 1);
          const child = children.get(name.includes('\\') ? (JSON.parse(`"${name}"`) as string) : name);
          if (child) {
            child.key = i;
            child.keyLine = line;
            child.keyColumn = i - lineStart + 1;
            member = child;
          }
        }
        expectKey = false;
        i = end;
        continue;
      }
      const node = top === undefined ? this.#root : top.array ? (top.wanted?.children?.get(String(top.index)) ?? null) : member;
      if (node) {
        node.value = i;
        node.valueLine = line;
        node.valueColumn = i - lineStart + 1;
        // The last value asked for is found: nothing after it is needed.
        if (node.asked && --this.#pending === 0) return;
      }
      if ((c === 123 /* { */ || c === 91) /* [ */ && node?.children == null) {
        // Nothing is asked for inside: the value is passed over as a whole.
        this.#line = line;
        this.#lineStart = lineStart;
        i = this.#skipNested(i);
        line = this.#line;
        lineStart = this.#lineStart;
        continue;
      }
      if (c === 123 /* { */) {
        frames.push({ wanted: node, array: false, index: 0 });
        expectKey = true;
        i++;
      } else if (c === 91 /* [ */) {
        frames.push({ wanted: node, array: true, index: 0 });
        i++;
      } else if (c === 34 /* " */) {
        i = stringEnd(text, i);
      } else {
        // a number, true, false or null: up to the next delimiter
        i++;
        while (i < length) {
          const d = text.charCodeAt(i);
          if (d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9) break;
          i++;
        }
      }
    }
  }

  /** The offset just past the object or array that opens at `start`, counting its lines into `#line`. */
  #skipNested(start: number): number {
    const { text } = this;
    const length = text.length;
    let line = this.#line;
    let lineStart = this.#lineStart;
    let depth = 0;
    let i = start;
    while (i < length) {
      const c = text.charCodeAt(i);
      if (c <= 32 || c === 44 /* , */ || c === 58 /* : */) {
        if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
          line++;
          lineStart = i + 1;
        }
        i++;
        continue;
      }
      if (c === 34 /* " */) {
        i = stringEnd(text, i);
        continue;
      }
      if (c === 123 /* { */ || c === 91 /* [ */) depth++;
      else if ((c === 125 /* } */ || c === 93) /* ] */ && --depth === 0) {
        i++;
        break;
      }
      i++;
    }
    this.#line = line;
    this.#lineStart = lineStart;
    return i;
  }
}

/** The offset just past the string that starts (with its quote) at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote === -1) return text.length;
    if (text.charCodeAt(quote - 1) !== 92 /* \ */) return quote + 1;
    let backslashes = 0;
    for (let j = quote - 1; text.charCodeAt(j) === 92; j--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}
