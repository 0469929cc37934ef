// The least any Node.js validator of these files must do: list the folder, read every file and
// JSON.parse it, with no validation at all. bench-validate times it beside the two tools, so that
// the throughput ratio can be read against what the machine allows.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const dir = process.argv[2];
let endpoints = 0;
for (const name of fs.readdirSync(dir)) {
  if (name.endsWith('.json')) endpoints += JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')).endpoints.length;
}
if (endpoints === 0) process.exit(1);
