/**
 * How a message quotes a value or cuts a long text: the few helpers the eager PURL engine needs
 * of `describe-value.ts` and `messages.ts`, which re-export them. Apart from those, so that a
 * bundle of `teapurl/purl` that loads the engine first does not load with them the findings' and
 * faults' sentences only the lazily loaded document checks use.
 */

/** The most characters of a quoted string a message shows. */
export const MAX_QUOTED = 80;

/** The most characters of an error's own text that a message quotes. */
export const MAX_QUOTED_ERROR = 200;

/**
 * A value quoted for a message, a long string cut to its first {@link MAX_QUOTED} characters:
 * a 10 MB key must not make a 20 MB line.
 */
export function quoted(value: unknown, max = MAX_QUOTED): string {
  if (typeof value === 'string') return JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value);
  const json = JSON.stringify(value);
  return json === undefined ? String(value) : json.length > max ? `${json.slice(0, max)}…` : json;
}

/**
 * The parts written out as one string. V8 makes a template literal or a `+` of several parts a
 * tree of the parts (a cons string), flattened only when read: a message a verdict keeps keeps
 * every part, and on a large SBOM with 10,000 findings the collector copied them all (2 % of the
 * validation's instructions). `join` writes one string.
 */
export function joined(...parts: readonly string[]): string {
  return parts.join('');
}

/** `text`, cut to its first `max` characters with `…` when longer: a huge error must not make a huge line. */
export function cut(text: string, max = MAX_QUOTED_ERROR): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** ` (and N more)` after the first of `total` problems; empty when there is only one. */
export function andMore(total: number): string {
  return total > 1 ? ` (and ${total - 1} more)` : '';
}
