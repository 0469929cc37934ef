import { build } from 'esbuild';
const result = await build({ stdin: { contents: `export * from './src/tea/client/index.ts';`, resolveDir: process.cwd(), loader: 'ts' }, bundle: true, splitting: true, minify: true, platform: 'browser', format: 'esm', outdir: '/b', write: false, metafile: true, logLevel: 'silent' });
const outs = result.metafile.outputs; const entry = Object.keys(outs).find((k) => outs[k].entryPoint);
const eager = new Set([entry]); for (const n of eager) for (const i of outs[n].imports) if (i.kind === 'import-statement') eager.add(i.path);
const g = {}; for (const n of eager) for (const [k, v] of Object.entries(outs[n].inputs)) { const key = k.split('/').slice(0, 3).join('/'); g[key] = (g[key] ?? 0) + v.bytesInOutput; }
console.log(Object.entries(g).sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => k + ' ' + v).join('\n'));
console.log(result.metafile.inputs['src/vers/index.ts']?.imports?.length, Object.entries(result.metafile.inputs).filter(([k,v])=>v.imports.some(i=>i.path.startsWith('src/vers/')||i.path.startsWith('src/purl/'))).map(([k])=>k).filter(k=>!k.startsWith('src/vers')&&!k.startsWith('src/purl')));
