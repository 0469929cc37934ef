import { typePagePath, type DocsFile } from './docs-file.js';
import { htmlIndexPage } from './html-index-page.js';
import { htmlTypePage } from './html-type-page.js';
import type { TypePageModel } from './type-page-model.js';

/** The HTML pages of a site: `index.html` and one `types/<type>.html` per model. */
export function renderHtmlSite(models: readonly TypePageModel[]): DocsFile[] {
  return [
    { path: 'index.html', content: htmlIndexPage(models) },
    ...models.map((model) => ({ path: typePagePath(model.type, '.html'), content: htmlTypePage(model) })),
  ];
}
