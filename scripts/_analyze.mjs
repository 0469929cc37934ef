import { build } from 'esbuild';
const entry = process.argv[2] ?? 'src/purl/index.ts';
const r = await build({ entryPoints: [entry], bundle: true, minify: true, platform: 'browser', format: 'esm', splitting: true, outdir: '/tmp/an-out', metafile: true, write: true, logLevel: 'error' });
for (const [out, info] of Object.entries(r.metafile.outputs)) {
  if (!out.endsWith('.js')) continue;
  console.log(out, info.bytes);
  if (out.includes('index')) {
    const rows = Object.entries(info.inputs).sort((a,b)=>b[1].bytesInOutput-a[1].bytesInOutput).slice(0,40);
    for (const [f, i] of rows) console.log('   ', i.bytesInOutput, f);
  }
}
