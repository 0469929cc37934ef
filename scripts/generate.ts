/**
 * Writes everything derived from `schemas/annotated/` (teapurl's schemas, with its annotations):
 *   - `schemas/<schema>.json`, the published copies, without the annotations;
 *   - `types/<schema>.d.ts` with json-schema-to-typescript;
 *   - `src/schemas/compiled/<schema>.js` (+ `.d.ts`): ajv standalone validators, one module per
 *     schema, needing nothing from ajv at run time, so the CLI
 *     never compiles a schema at start-up.
 *
 * `npm run generate` runs it; `npm run generate -- --check` only reports staleness (exit 1).
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { generateArtifacts } from './generate/artifacts.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

const artifacts = await generateArtifacts(root);
let stale = 0;
for (const { file, content } of artifacts) {
  const target = path.join(root, file);
  const current = await readFile(target, 'utf8').catch(() => null);
  if (current === content) continue;
  if (check) {
    stale++;
    console.error(`stale: ${file} (run npm run generate)`);
  } else {
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
    console.log(`wrote ${file}`);
  }
}
if (check && stale > 0) process.exit(1);
if (!check) console.log(`${artifacts.length} generated files up to date`);
