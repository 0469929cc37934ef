/**
 * Conan 2 version ranges (conans/model/version_range.py): an optional `[ ]`, conditions
 * separated by spaces that must all hold, alternatives separated by `||`, and options after a
 * comma (`include_prerelease`, `loose`), which are resolution policies a VERS does not carry.
 * `*` and an empty range mean `>=0.0.0`, Conan's own reading. `~1.2.3` is `>=1.2.3 <1.3-` and
 * `^1.2.3` is `>=1.2.3 <2-`: Conan's upper bounds, where a trailing `-` is the lowest
 * pre-release of that version, kept as versions. On a lower bound a trailing `-` only asks to
 * include pre-releases, and is dropped (`>1-` is `>1`), as the VERS suite has it.
 */
import { nativeError, type Clause, type ClauseOperator, type ClauseSet } from './clauses.js';

const OPERATORS = ['>=', '<=', '>', '<', '=', '~', '^'];

/** Conan's Version.upper_bound: `items[0..index)` then `items[index] + 1`, and `-`. */
function upperBound(version: string, index: number, offset: number): string {
  const main = version.split(/[-+]/, 1)[0]!.split('.');
  if (index >= main.length || !/^\d+$/.test(main[index]!)) throw nativeError(`cannot bump part ${index + 1} of '${version}': not a number`, offset);
  const kept = main.slice(0, index);
  kept.push(String(BigInt(main[index]!) + 1n));
  return `${kept.join('.')}-`;
}

function condition(token: string, offset: number): ClauseSet {
  if (token === '*' || token === '*-') return [{ op: '>=', version: '0.0.0', offset }];
  const op = OPERATORS.find((o) => token.startsWith(o)) ?? '=';
  const explicit = token.startsWith(op) && !(op === '=' && !token.startsWith('='));
  let version = explicit ? token.slice(op.length) : token;
  const at = offset + (explicit ? op.length : 0);
  if (version === '' || version === '-') throw nativeError(`'${op}' has no version`, at);
  if (op === '~' || op === '^') {
    const lower = version.endsWith('-') ? version.slice(0, -1) : version;
    const main = lower.split(/[-+]/, 1)[0]!.split('.');
    let index: number;
    if (op === '~') index = main.length > 1 ? 1 : 0;
    else {
      index = main.findIndex((item) => !/^0*$/.test(item));
      if (index === -1) index = main.length;
    }
    return [
      { op: '>=', version: lower, offset: at },
      { op: '<', version: upperBound(lower, index, at), offset: at },
    ];
  }
  if ((op === '>' || op === '>=' || op === '=') && version.endsWith('-')) version = version.slice(0, -1);
  return [{ op: op as ClauseOperator, version, offset: at }];
}

export function readConan(text: string): ClauseSet[] {
  let body = text.trim();
  let shift = text.indexOf(body);
  if (body.startsWith('[') && body.endsWith(']')) {
    body = body.slice(1, -1);
    shift += 1;
  }
  const comma = body.indexOf(',');
  if (comma !== -1) body = body.slice(0, comma);
  const sets: ClauseSet[] = [];
  let offset = shift;
  for (const alternative of body.split('||')) {
    const set: Clause[] = [];
    const tokens = alternative.split(' ');
    let at = offset;
    for (const token of tokens) {
      if (token !== '') set.push(...condition(token, at));
      at += token.length + 1;
    }
    sets.push(set.length === 0 ? [{ op: '>=', version: '0.0.0', offset }] : set);
    offset += alternative.length + 2;
  }
  return sets;
}
