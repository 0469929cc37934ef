// Empties dist/ before a build. tsc never deletes what it no longer emits: a module that was moved
// or renamed, or the source maps of an earlier configuration, would stay in dist/ and be published.
import { rmSync } from 'node:fs';
rmSync('dist', { recursive: true, force: true });
