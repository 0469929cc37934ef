import { readFileSync } from 'node:fs';
const { validateText } = await import('../dist/index.js');
const t = readFileSync('/tmp/tokerr.json','utf8');
for (const file of ['token error', 'x.json', undefined]) {
const r = validateText(t, file ? { file } : {});
console.log(file, r.kind, JSON.stringify(r.findings.map(f=>[f.rule,f.message.slice(0,300)])));
}
