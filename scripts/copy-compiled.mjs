// tsc does not copy plain .js sources: put the generated validators (one module per schema) next to the compiled code.
import { cpSync, readdirSync } from 'node:fs';
for (const file of readdirSync('src/schemas/compiled')) {
  if (file.endsWith('.js')) cpSync(`src/schemas/compiled/${file}`, `dist/schemas/compiled/${file}`);
}
