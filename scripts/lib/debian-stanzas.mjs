import { execFileSync } from 'node:child_process';
import { byText } from './canonical-purl.mjs';

/** Debian package stanzas from apt's lists (`apt-cache dumpavail`), one per package, version and architecture, sorted. */
export function debianStanzas() {
  const text = execFileSync('apt-cache', ['dumpavail'], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const stanzas = [];
  for (const block of text.split('\n\n')) {
    const fields = {};
    for (const line of block.split('\n')) {
      if (/^\s/.test(line)) continue;
      const colon = line.indexOf(':');
      if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).trim();
    }
    if (fields.Package && fields.Version) stanzas.push(fields);
  }
  const unique = new Map();
  for (const s of stanzas) unique.set(`${s.Package} ${s.Version} ${s.Architecture}`, s);
  return [...unique.keys()].sort(byText).map((k) => unique.get(k));
}
