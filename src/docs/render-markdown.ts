import { typePagePath, type DocsFile } from './docs-file.js';
import { markdownIndexPage } from './markdown-index-page.js';
import { markdownTypePage } from './markdown-type-page.js';
import type { TypePageModel } from './type-page-model.js';

/** The Markdown pages of a site: `index.md` and one `types/<type>.md` per model. */
export function renderMarkdownSite(models: readonly TypePageModel[]): DocsFile[] {
  return [
    { path: 'index.md', content: markdownIndexPage(models) },
    ...models.map((model) => ({ path: typePagePath(model.type, '.md'), content: markdownTypePage(model) })),
  ];
}
