import type { Page } from 'playwright-core';

/**
 * Collects what must not happen on a page under test: a script error, a dialog (an `alert` from
 * injected markup, dismissed) and a console message of the given types (Chromium reports a
 * Content-Security-Policy refusal as a console error). The returned list fills as they happen.
 */
export function collectProblems(page: Page, consoleTypes: readonly string[] = ['error']): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (consoleTypes.includes(message.type())) problems.push(`console ${message.type()}: ${message.text()}`);
  });
  return problems;
}
