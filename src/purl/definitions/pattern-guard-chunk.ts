/**
 * What {@link loadPatternGuard} loads, and nothing else imports: re2js and the translation of a
 * definition's ECMA-262 pattern into RE2 syntax. Reached only through a dynamic import, so that a
 * bundler puts both in a chunk of their own, which the PURL engine does not pay for up front.
 */
import { RE2JS } from 're2js';
import { re2PatternGuard } from './re2-pattern-guard.js';

export { RE2JS };

/** The guard over the re2js this chunk carries. */
export const patternGuard = re2PatternGuard(RE2JS);
