// tsc emits no .js for the generated validators (they are JavaScript already): copy each domain's
// kinds/compiled/*.js beside the emitted modules.
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';

for (const domain of readdirSync('src')) {
  const dir = `src/${domain}/kinds/compiled`;
  if (!existsSync(dir)) continue;
  mkdirSync(`dist/${domain}/kinds/compiled`, { recursive: true });
  for (const file of readdirSync(dir)) {
    if (file.endsWith('.js')) cpSync(`${dir}/${file}`, `dist/${domain}/kinds/compiled/${file}`);
  }
}
