/**
 * A source whose reader recorded positions on the value's own nodes (src/validation/source/node-source.ts):
 * a pointer is followed through the value when a finding or a fix asks, to the node or member it
 * names, or to its nearest recorded ancestor.
 */
import { describe, expect, it } from 'vitest';
import { nodeRecordedSource, type RecordedMember, type RecordedNode } from '../../../src/validation/source/node-source.js';

interface Member extends RecordedMember {
  readonly end: number;
}

// <bom>
//   <component name="a" purl="pkg:npm/a@1"/>
//   <component name="b" purl="pkg:npm/b@2"/>
// </bom>
const TEXT = '<bom>\n  <component name="a" purl="pkg:npm/a@1"/>\n  <component name="b" purl="pkg:npm/b@2"/>\n</bom>\n';
const at = (needle: string, from = 0) => TEXT.indexOf(needle, from);

function source() {
  const first = { name: 'a', purl: 'pkg:npm/a@1' };
  const second = { name: 'b', purl: 'pkg:npm/b@2' };
  const components = [first, second];
  const value = { components, __proto__: 'not a prototype' } as unknown as Record<string, unknown>;
  Object.defineProperty(value, '__proto__', { value: 'not a prototype', enumerable: true });
  const records = new Map<object, RecordedNode<Member>>();
  const member = (name: string, text: string, from: number, next: Member | null): Member => {
    const offset = at(`"${text}"`, from) + 1;
    return { name, offset, end: offset + text.length, next };
  };
  const firstAt = at('<component');
  const secondAt = at('<component', firstAt + 1);
  records.set(value, { start: 0, members: null });
  records.set(components, { start: firstAt, members: null });
  records.set(first, { start: firstAt, members: member('purl', 'pkg:npm/a@1', firstAt, member('name', 'a', firstAt, null)) });
  // The second component's name is not recorded: a pointer to it lands on the component.
  records.set(second, { start: secondAt, members: member('purl', 'pkg:npm/b@2', secondAt, null) });
  const slotOf = (m: Member) =>
    m.name === 'name'
      ? 'a name is not rewritten here'
      : { start: m.offset, end: m.end, write: (replacement: string) => (replacement.includes('"') ? { refused: 'a quote' } : replacement) };
  return nodeRecordedSource('xml', TEXT, value, records, slotOf);
}

describe('nodeRecordedSource', () => {
  it('places a pointer at the node or member it names, or at its nearest recorded ancestor', () => {
    const positions = source().locateAll(
      [
        '',
        '/components',
        '/components/0',
        '/components/0/purl',
        '/components/0/name',
        '/components/1/purl',
        '/components/1/name',
        '/components/1/missing/deeper',
        '/components/7',
        '/__proto__',
        '/toString',
      ].map((pointer) => ({ pointer })),
    );
    const line2 = (needle: string) => ({ line: 2, column: at(needle) - at('\n') });
    const line3 = (needle: string) => ({ line: 3, column: at(needle, at('<component') + 1) - at('\n', at('\n') + 1) });
    expect(positions).toEqual([
      { line: 1, column: 1 },
      line2('<component'),
      line2('<component'),
      line2('pkg:npm/a@1'),
      { line: 2, column: at('"a"') + 1 - at('\n') },
      line3('pkg:npm/b@2'),
      line3('<component'),
      line3('<component'),
      line2('<component'),
      { line: 1, column: 1 },
      { line: 1, column: 1 },
    ]);
  });

  it('rewrites a recorded string member through its slot, and says why it cannot otherwise', () => {
    const edits = source().edits([
      { pointer: '/components/0/purl', replacement: 'pkg:npm/a@1.0' },
      { pointer: '/components/1/purl', replacement: 'pkg:npm/"b"' },
      { pointer: '/components/0/name', replacement: 'x' },
      { pointer: '/components/1/name', replacement: 'x' },
      { pointer: '/components/0', replacement: 'x' },
      { pointer: '/components/9/purl', replacement: 'x' },
      { pointer: '', replacement: 'x' },
    ]);
    const start = at('pkg:npm/a@1');
    expect(edits).toEqual([
      { start, end: start + 'pkg:npm/a@1'.length, text: 'pkg:npm/a@1.0' },
      'a quote',
      'a name is not rewritten here',
      'no string stands there',
      'no string stands there',
      'no string stands there',
      'no string stands there',
    ]);
  });
});
