import type { Page } from 'playwright-core';

/**
 * What makes a page wider than its window, or scroll sideways inside it: the document itself
 * (`scrollWidth` over `innerWidth`), any element that scrolls sideways (a table in a scrolling
 * wrapper reads as fitting by the document's width alone), and any element whose box ends past
 * the window's right edge. Text inputs are left out: a long value scrolls inside its field.
 * Empty when everything fits.
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) found.push(`the document is ${root.scrollWidth} px wide in a ${window.innerWidth} px window`);
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className ? `.${String(el.className).replace(/\s+/g, '.')}` : ''}`;
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (el instanceof HTMLInputElement) continue;
      const style = getComputedStyle(el);
      if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
        found.push(`${name(el)} scrolls sideways (${el.scrollWidth} > ${el.clientWidth} px)`);
      else if (el.getBoundingClientRect().right > window.innerWidth + 0.5) found.push(`${name(el)} ends at ${Math.round(el.getBoundingClientRect().right)} px`);
      if (found.length >= 5) break;
    }
    return found;
  });
}
