/**
 * discovery/duplicate-url compares URLs as a client would: scheme and host without regard to
 * case, a default port as no port. Most URLs need no normalising, and the check skips it for
 * them (issue 38: a document's cost); these are the ones that do.
 */
import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../../src/index.js';

function duplicates(urls: string[]): string[] {
  const document = { schemaVersion: 1, endpoints: urls.map((url, i) => ({ url, versions: [`1.${i}.0`] })) };
  return validateDocument(document, { kind: 'tea-discovery' })
    .findings.filter((f) => f.rule === 'discovery/duplicate-url')
    .map((f) => f.pointer);
}

describe('discovery/duplicate-url', () => {
  it.each([
    [['https://tea.example.com/api', 'https://Tea.Example.com/api']],
    [['https://tea.example.com/api', 'https://tea.example.com:443/api']],
    [['https://TEA.example.com:443/api', 'https://tea.example.com/api']],
    [['http://tea.example.com:80', 'http://tea.example.com']],
    [['https://tea.example.com/v1', 'https://tea.example.com/v1']],
  ])('%j name one URL', (urls) => {
    expect(duplicates(urls)).toEqual(['/endpoints/1/url']);
  });

  it.each([
    [['https://tea.example.com/api', 'https://tea.example.com/API']],
    [['https://tea.example.com:8000/api', 'https://tea.example.com/api']],
    [['https://tea.example.com:80/api', 'https://tea.example.com/api']],
    [['https://tea.example.com/api', 'https://tea.example.org/api']],
  ])('%j name two URLs', (urls) => {
    expect(duplicates(urls)).toEqual([]);
  });
});
