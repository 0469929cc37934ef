/**
 * Maven's version order: ComparableVersion of maven-artifact 3.8, the version the published
 * VERS suite pins (Maven 3.9 reads a trailing `.X` as `-X` and adds "combination" items, which
 * reorders cases such as `2-1` < `2.0.a` that the suite requires). A version is split at `.`,
 * `-` and digit/letter transitions into numbers, qualifiers and nested lists (each `-` and each
 * transition opens a sub-list); known qualifiers order as alpha < beta < milestone < rc = cr <
 * snapshot < "" = ga = final < sp, unknown ones after them by name, case ignored; `a1`, `b1`,
 * `m1` mean alpha-1, beta-1, milestone-1; trailing "null" items (0, "", ga, final, empty lists)
 * are dropped, so `1` = `1.0` = `1-0` = `1ga`. Lists compare item by item: a number beats a
 * qualifier or a list, a list beats a qualifier.
 */
import { BadVersion } from '../vers-error.js';
import { compareInt, compareText, isDigit, toInt, type Int } from './numbers.js';
import { scheme } from './scheme.js';

const INT = 0;
const STRING = 1;
const LIST = 2;

interface IntItem {
  readonly kind: typeof INT;
  readonly value: Int;
}
interface StringItem {
  readonly kind: typeof STRING;
  /** The qualifier as a text that sorts as Maven orders qualifiers: "0".."6", then "7-name". */
  readonly order: string;
}
interface ListItem {
  readonly kind: typeof LIST;
  readonly items: Item[];
}
type Item = IntItem | StringItem | ListItem;
export type MavenKey = ListItem;

const QUALIFIERS = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp'];
const ALIASES: Readonly<Record<string, string>> = { ga: '', final: '', cr: 'rc' };
const RELEASE = String(QUALIFIERS.indexOf(''));
const ZERO: IntItem = { kind: INT, value: 0 };

function stringItem(text: string, followedByDigit: boolean): StringItem {
  let value = text;
  if (followedByDigit && value.length === 1) value = value === 'a' ? 'alpha' : value === 'b' ? 'beta' : value === 'm' ? 'milestone' : value;
  if (Object.hasOwn(ALIASES, value)) value = ALIASES[value]!;
  const i = QUALIFIERS.indexOf(value);
  return { kind: STRING, order: i === -1 ? `${QUALIFIERS.length}-${value}` : String(i) };
}

function parseItem(digit: boolean, text: string): Item {
  return digit ? { kind: INT, value: toInt(text) } : stringItem(text, false);
}

function isNull(item: Item): boolean {
  // biome-ignore lint/suspicious/noDoubleEquals: a number or a bigint: == compares 0 and 0n alike
  if (item.kind === INT) return item.value == 0;
  return item.kind === STRING ? item.order === RELEASE : item.items.length === 0;
}

/** Drops trailing null items, looking past sub-lists (1.0-alpha is 1-alpha). */
function normalize(list: ListItem): void {
  const items = list.items;
  for (let i = items.length - 1; i >= 0; i--) {
    const last = items[i]!;
    if (isNull(last)) items.splice(i, 1);
    else if (last.kind !== LIST) break;
  }
}

export function parseMaven(version: string): MavenKey {
  if (version.length === 0) throw new BadVersion('a Maven version is not empty');
  const text = version.toLowerCase();
  const root: ListItem = { kind: LIST, items: [] };
  let list = root;
  const stack: ListItem[] = [root];
  const open = () => {
    const sub: ListItem = { kind: LIST, items: [] };
    list.items.push(sub);
    list = sub;
    stack.push(sub);
  };
  let digit = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '.' || c === '-') {
      list.items.push(i === start ? ZERO : parseItem(digit, text.slice(start, i)));
      start = i + 1;
      if (c === '-') open();
    } else if (isDigit(text.charCodeAt(i))) {
      if (!digit && i > start) {
        list.items.push(stringItem(text.slice(start, i), true));
        start = i;
        open();
      }
      digit = true;
    } else {
      if (digit && i > start) {
        list.items.push(parseItem(true, text.slice(start, i)));
        start = i;
        open();
      }
      digit = false;
    }
  }
  if (text.length > start) list.items.push(parseItem(digit, text.slice(start)));
  while (stack.length > 0) normalize(stack.pop()!);
  return root;
}

function compareList(a: ListItem, b: Item | null): number {
  if (b === null) {
    // Every item against nothing, not only the first (MNG-6964).
    for (const item of a.items) {
      const result = compareItem(item, null);
      if (result !== 0) return result;
    }
    return 0;
  }
  if (b.kind !== LIST) return b.kind === INT ? -1 : 1;
  const n = Math.max(a.items.length, b.items.length);
  for (let i = 0; i < n; i++) {
    const l = a.items[i] ?? null;
    const r = b.items[i] ?? null;
    const result = l === null ? (r === null ? 0 : -compareItem(r, null)) : compareItem(l, r);
    if (result !== 0) return result;
  }
  return 0;
}

function compareItem(a: Item, b: Item | null): number {
  switch (a.kind) {
    case INT:
      if (b === null) return isNull(a) ? 0 : 1;
      return b.kind === INT ? compareInt(a.value, b.value) : 1;
    case STRING:
      if (b === null) return compareText(a.order, RELEASE);
      return b.kind === STRING ? compareText(a.order, b.order) : -1;
    default:
      return compareList(a, b);
  }
}

export const MAVEN = scheme('a Maven version', parseMaven, (a: MavenKey, b: MavenKey) => compareList(a, b));
