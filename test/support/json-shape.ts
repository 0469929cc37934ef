/**
 * The record shapes docs/command-line.md gives for each command's `--format json`, read and
 * checked. A shape is JSON with types for values:
 *
 *   { "file": string, "line": integer | null, "severity": "error" | "warning", "fix"?: { … }, "findings": [ … ] }
 *
 * `string`, `integer`, `number`, `boolean`, `null`, `any`, a quoted literal or `true`/`false`, `{ … }` (every key
 * listed, `?` after an optional one, no other key allowed; `{ * : shape }` for a map), `[ shape ]`
 * (every element), and `|` between alternatives.
 */
export type Shape =
  | { kind: 'type'; name: 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'any' }
  | { kind: 'literal'; value: string | boolean }
  | { kind: 'object'; members: { key: string; optional: boolean; shape: Shape }[]; rest: Shape | null }
  | { kind: 'array'; element: Shape }
  | { kind: 'union'; options: Shape[] };

const TYPES = ['string', 'integer', 'number', 'boolean', 'null', 'any'] as const;

/** Reads a shape; throws naming the offset of a mistake. */
export function parseShape(text: string): Shape {
  let at = 0;
  const space = () => {
    while (at < text.length && /\s/.test(text[at]!)) at++;
  };
  const fail = (what: string): never => {
    throw new Error(`shape: ${what} at offset ${at}: ${JSON.stringify(text.slice(at, at + 20))}`);
  };
  const expect = (c: string) => {
    space();
    if (text[at] !== c) fail(`expected ${c}`);
    at++;
  };
  const quoted = (): string => {
    space();
    const m = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(at));
    if (!m) return fail('expected a quoted string');
    at += m[0].length;
    return JSON.parse(m[0]) as string;
  };
  const one = (): Shape => {
    space();
    const c = text[at];
    if (c === '"') return { kind: 'literal', value: quoted() };
    if (c === '[') {
      at++;
      const element = value();
      expect(']');
      return { kind: 'array', element };
    }
    if (c === '{') {
      at++;
      const members: { key: string; optional: boolean; shape: Shape }[] = [];
      let rest: Shape | null = null;
      space();
      while (text[at] !== '}') {
        space();
        if (text[at] === '*') {
          at++;
          expect(':');
          rest = value();
        } else {
          const key = quoted();
          const optional = text[at] === '?';
          if (optional) at++;
          expect(':');
          members.push({ key, optional, shape: value() });
        }
        space();
        if (text[at] === ',') at++;
        else if (text[at] !== '}') fail('expected , or }');
        space();
      }
      at++;
      return { kind: 'object', members, rest };
    }
    for (const literal of [true, false]) {
      if (text.startsWith(String(literal), at) && !/\w/.test(text[at + String(literal).length] ?? '')) {
        at += String(literal).length;
        return { kind: 'literal', value: literal };
      }
    }
    const name = TYPES.find((t) => text.startsWith(t, at) && !/\w/.test(text[at + t.length] ?? ''));
    if (!name) return fail('expected a type');
    at += name.length;
    return { kind: 'type', name };
  };
  const value = (): Shape => {
    const options = [one()];
    space();
    while (text[at] === '|') {
      at++;
      options.push(one());
      space();
    }
    return options.length === 1 ? options[0]! : { kind: 'union', options };
  };
  const shape = value();
  space();
  if (at !== text.length) fail('unexpected text');
  return shape;
}

/** Where `value` departs from `shape`, one line per place (a JSON Pointer); empty when it fits. */
export function shapeProblems(shape: Shape, value: unknown, where = ''): string[] {
  switch (shape.kind) {
    case 'type': {
      const fits =
        shape.name === 'any' || (shape.name === 'null' ? value === null : shape.name === 'integer' ? Number.isInteger(value) : typeof value === shape.name);
      return fits ? [] : [`${where || '/'}: ${JSON.stringify(value)?.slice(0, 60)} is not ${shape.name}`];
    }
    case 'literal':
      return value === shape.value ? [] : [`${where || '/'}: ${JSON.stringify(value)?.slice(0, 60)} is not ${JSON.stringify(shape.value)}`];
    case 'array':
      if (!Array.isArray(value)) return [`${where || '/'}: not an array`];
      return value.flatMap((element, i) => shapeProblems(shape.element, element, `${where}/${i}`));
    case 'union': {
      const each = shape.options.map((option) => shapeProblems(option, value, where));
      return each.some((problems) => problems.length === 0) ? [] : each.flat();
    }
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return [`${where || '/'}: not an object`];
      const record = value as Record<string, unknown>;
      const problems: string[] = [];
      for (const member of shape.members) {
        if (!Object.hasOwn(record, member.key)) {
          if (!member.optional) problems.push(`${where}/${member.key}: missing`);
          continue;
        }
        problems.push(...shapeProblems(member.shape, record[member.key], `${where}/${member.key}`));
      }
      for (const key of Object.keys(record)) {
        if (shape.members.some((m) => m.key === key)) continue;
        if (shape.rest === null) problems.push(`${where}/${key}: not in the documented shape`);
        else problems.push(...shapeProblems(shape.rest, record[key], `${where}/${key}`));
      }
      return problems;
    }
  }
}
