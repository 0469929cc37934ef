import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.js';
import { fakeIo } from '../support/fake-io.js';
import { ROOT } from '../support/paths.js';

/** Every command and action, each with its --help. */
const HELPS = [
  [],
  ['validate'],
  ['purl'],
  ['vers'],
  ['serve'],
  ['discover'],
  ['auth-check'],
  ['download'],
  ['verify'],
  ['tea'],
  ['docs'],
  ...['parse', 'canonical', 'validate', 'urls', 'from-url', 'test-suite'].map((action) => ['purl', action]),
  ['vers', 'test-suite'],
];

// What a terminal must never receive raw from a help text: C0 controls other than the line
// break, DEL, C1, the line and paragraph separators and the bidirectional controls.
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

describe('--help', () => {
  it.each(HELPS)('teapurl %s --help prints no control or bidirectional character', async (...command) => {
    const fake = fakeIo(ROOT);
    expect(await run([...command, '--help'], fake.io)).toBe(0);
    const help = fake.stdout();
    expect(help).toMatch(/^Usage: teapurl/);
    const at = help.search(UNSAFE);
    expect(at, `U+${help.codePointAt(at)?.toString(16)} at ${JSON.stringify(help.slice(Math.max(0, at - 30), at + 5))}`).toBe(-1);
  });

  it.each(HELPS)('teapurl %s --help sets each heading off: a blank line before it, none after', async (...command) => {
    const fake = fakeIo(ROOT);
    expect(await run([...command, '--help'], fake.io)).toBe(0);
    const lines = fake.stdout().split('\n');
    const headings = lines.flatMap((line, i) => (/^[A-Z][a-z]+:$/.test(line) ? [i] : []));
    expect(headings.length).toBeGreaterThan(0);
    for (const i of headings) {
      expect(lines[i - 1], `the line before ${JSON.stringify(lines[i])}`).toBe('');
      expect(lines[i + 1], `the line after ${JSON.stringify(lines[i])}`).not.toBe('');
    }
  });
});
