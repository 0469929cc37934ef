import type { DerivedVariable } from '../../../types/index.js';

/** A template variable's value: one string, a list (a path split into segments), or absent. */
export type Value = string | readonly string[] | undefined;

/**
 * What reading a URL back makes of a derived variable's text: the source's value (exactly, or as
 * the URL writes it when the transformation drops a part), or LOST when the transformation
 * cannot be undone (lower case, an initial): the template must then hold the source too, and
 * expanding it again checks the two agree.
 */
export const LOST = 'lost';

/** How a transformation reads back. */
export type Inversion = 'exact' | 'as-read' | 'lost';

interface Transform {
  /** The derived value of a string source; `undefined` when the template cannot use it. */
  string(value: string, argument: never): Value;
  /** Whether a list source is transformed item by item (otherwise a list gives no value). */
  readonly itemwise: boolean;
  readonly inversion: Inversion;
  /** The source's value from the derived one read from a URL; `null` when no source gives it. */
  invert(value: string | readonly string[], argument: never): string | readonly string[] | null;
}

const firstOf = (text: string) => String.fromCodePoint(text.codePointAt(0)!);

/** The part of a value on one side of a marker's first or last occurrence; the whole value without one. */
function around(occurrence: 'first' | 'last', side: 'before' | 'after') {
  return (value: string, marker: string): string => {
    const at = occurrence === 'first' ? value.indexOf(marker) : value.lastIndexOf(marker);
    if (at === -1) return value;
    return side === 'after' ? value.slice(at + marker.length) : value.slice(0, at);
  };
}

/** Reading back a value written in part: the source is taken to be what the URL writes. */
const asWritten = (value: string | readonly string[]) => (typeof value === 'string' ? value : null);

/**
 * The transformations a derived variable may have, by the schema's name of each. Data and
 * functions side by side, so that a new one is one entry, and the compiler, the expander and
 * the reader cannot disagree about it.
 */
const TRANSFORMS: Readonly<Record<string, Transform>> = {
  split: {
    // An empty part ("a..b", ".", ".." split on ".") would be an empty path segment, "//", in a
    // URL: no URL is faithful to such a value, so the variable has none and its templates do not apply.
    string: (value, separator: string) => {
      const parts = value.split(separator);
      return parts.includes('') ? undefined : parts;
    },
    itemwise: false,
    inversion: 'exact',
    invert: (value, separator: string) => (typeof value === 'string' ? [value] : value).join(separator),
  },
  strip_prefix: {
    string: (value, prefix: string) => (value.startsWith(prefix) && value.length > prefix.length ? value.slice(prefix.length) : undefined),
    itemwise: false,
    inversion: 'exact',
    invert: (value, prefix: string) => (typeof value === 'string' ? prefix + value : null),
  },
  prefix: {
    string: (value, prefix: string) => prefix + value,
    itemwise: false,
    inversion: 'exact',
    invert: (value, prefix: string) => (typeof value === 'string' && value.startsWith(prefix) ? value.slice(prefix.length) : null),
  },
  lowercase: {
    string: (value) => value.toLowerCase(),
    itemwise: true,
    inversion: 'lost',
    invert: () => null,
  },
  escape_capitals: {
    string: (value, escape: string) => value.replace(/[A-Z]/g, (c) => escape + c.toLowerCase()),
    itemwise: true,
    inversion: 'exact',
    invert: (value, escape: string) => {
      const one = (text: string): string | null => {
        // A capital cannot have come from the transformation, nor an escape before anything but a lower-case letter.
        let out = '';
        for (let i = 0; i < text.length; i++) {
          const c = text[i]!;
          if (c >= 'A' && c <= 'Z') return null;
          if (c !== escape) out += c;
          else if (/[a-z]/.test(text[i + 1] ?? '')) out += text[++i]!.toUpperCase();
          else return null;
        }
        return out;
      };
      if (typeof value === 'string') return one(value);
      const items = value.map(one);
      return items.includes(null) ? null : (items as string[]);
    },
  },
  initial: {
    string: (value, prefixes: readonly string[]) => {
      const longer = prefixes.find((prefix) => value.startsWith(prefix) && value.length > prefix.length);
      return longer === undefined ? firstOf(value) : longer + firstOf(value.slice(longer.length));
    },
    itemwise: false,
    inversion: 'lost',
    invert: () => null,
  },
  after: { string: around('first', 'after'), itemwise: false, inversion: 'as-read', invert: asWritten },
  until: { string: around('first', 'before'), itemwise: false, inversion: 'as-read', invert: asWritten },
  after_last: { string: around('last', 'after'), itemwise: false, inversion: 'lost', invert: () => null },
};

/** The schema's names of the transformations, in the order the messages list them. */
export const TRANSFORM_NAMES: readonly string[] = Object.keys(TRANSFORMS);

/** The one transformation a derived variable has (the schema allows exactly one), and its argument. */
function transformOf(variable: DerivedVariable): { transform: Transform; argument: never } | null {
  for (const name of TRANSFORM_NAMES) {
    const argument = Object.getOwnPropertyDescriptor(variable, name)?.value as unknown;
    if (argument !== undefined) return { transform: TRANSFORMS[name]!, argument: argument as never };
  }
  return null;
}

/** A derived variable's value from its source's: undefined when the source is, or when the transformation does not apply. */
export function deriveValue(source: Value, variable: DerivedVariable): Value {
  const found = transformOf(variable);
  if (source === undefined || found === null) return undefined;
  const { transform, argument } = found;
  if (typeof source === 'string') return source === '' ? undefined : transform.string(source, argument);
  if (!transform.itemwise) return undefined;
  const items = source.map((item) => transform.string(item, argument));
  return items.every((item): item is string => typeof item === 'string') ? items : undefined;
}

/** How a derived variable reads back. */
export function inversionOf(variable: DerivedVariable): Inversion {
  return transformOf(variable)?.transform.inversion ?? 'lost';
}

/**
 * The source's value from a derived variable's value read from a URL: the value, LOST when it
 * cannot be told (the template holds the source too), or `null` when no source value gives what was read.
 */
export function invertValue(read: string | readonly string[], variable: DerivedVariable): string | readonly string[] | typeof LOST | null {
  const found = transformOf(variable);
  if (found === null || found.transform.inversion === 'lost') return LOST;
  return found.transform.invert(read, found.argument);
}
