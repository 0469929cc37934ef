// tsc does not copy plain .js sources: put the generated validators next to the compiled code.
import { cpSync } from 'node:fs';
cpSync('src/schemas/compiled/validators.js', 'dist/schemas/compiled/validators.js');
