/**
 * The parts of the guides the code itself says (docs/command-line.md: every command's `--help`;
 * docs/validate.md: the rules beyond the schemas) are what the built package says now: a help
 * text or a rule that changes, or a command that appears, without the page following fails
 * here. `npm run docs:generated` rewrites them. Needs `npm run build` first (`npm test` does it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { commandHelps, generatedPages, markers, withSection } from '../../scripts/docs-generated.mjs';

// Each help is a spawned CLI: asked for once, for all the tests.
let helps: ReturnType<typeof commandHelps>;
let pages: Awaited<ReturnType<typeof generatedPages>>;
beforeAll(async () => {
  helps = commandHelps();
  pages = await generatedPages(helps);
}, 120_000);

describe('the generated sections of the guides', () => {
  it.each(['docs/command-line.md', 'docs/validate.md'])('%s is current (npm run docs:generated mends it)', async (file) => {
    const page = pages.find((p) => p.file === file)!;
    expect(page.current).toBe(page.expected);
  });

  it('docs/command-line.md has the help of every command `teapurl --help` lists, and of each action with a help of its own', async () => {
    const names = helps.map(({ args }) => ['teapurl', ...args].join(' '));
    expect(names).toEqual(expect.arrayContaining(['teapurl', 'teapurl validate', 'teapurl purl', 'teapurl purl urls', 'teapurl serve', 'teapurl docs']));
    const page = pages.find((p) => p.file === 'docs/command-line.md')!;
    for (const name of names) expect(page.current).toContain(`### ${name}\n\n\`\`\`text\n$ ${name} --help\n`);
  });

  it('a changed text inside a section is found and replaced, the prose around it kept', () => {
    const [begin, end] = markers('part');
    const page = `intro\n${begin}\n\nold text\n\n${end}\noutro\n`;
    expect(withSection(page, 'part', 'new text')).toBe(`intro\n${begin}\n\nnew text\n\n${end}\noutro\n`);
    expect(() => withSection('no markers here', 'part', 'x')).toThrow(/lost the markers/);
  });
});
