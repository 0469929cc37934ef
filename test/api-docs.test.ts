import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkApiDocs } from '../scripts/check-api-docs.js';
import { ROOT } from './support/paths.js';

// Each check converts a TypeScript program with typedoc: seconds, not milliseconds.
const TYPEDOC_TIMEOUT = 120_000;

describe('API documentation (scripts/check-api-docs.ts, run by npm run docs:api)', () => {
  it(
    'gives every export of teapurl and teapurl/tea a ```ts @example, and typedoc reports nothing',
    async () => {
      const report = await checkApiDocs({ config: path.join(ROOT, 'typedoc.json') });
      expect(report.warnings).toEqual([]);
      expect(report.missingExamples.map(({ file, name, problem }) => `${file}: ${name}: ${problem}`)).toEqual([]);
    },
    TYPEDOC_TIMEOUT,
  );

  it(
    'names each export without an example, and only those',
    async () => {
      const fixture = path.join(ROOT, 'test/fixtures/api-docs');
      const report = await checkApiDocs({ entryPoints: [path.join(fixture, 'entry.ts')], tsconfig: path.join(fixture, 'tsconfig.json') });
      const byName = Object.fromEntries(report.missingExamples.map((m) => [m.name, m]));
      expect(Object.keys(byName).sort()).toEqual(['ANSWER', 'Undocumented', 'half']);
      expect(byName.half).toMatchObject({ kind: 'Function', file: 'test/fixtures/api-docs/entry.ts', problem: 'no @example' });
      expect(byName.ANSWER).toMatchObject({ kind: 'Variable', problem: '@example without a ```ts code block' });
      expect(byName.Undocumented).toMatchObject({ kind: 'Interface', problem: 'no comment' });
    },
    TYPEDOC_TIMEOUT,
  );
});
