// The kinds' bodies (`src/<domain>/kinds/**/*-body.ts`): what a kind needs only once a document
// of that kind is validated (its compiled schema validator, its checks and the engines they use,
// the readers of its other formats). Each kind takes them from its body module alone, and a body
// exports only functions and (lists and records of) checks, so that a build can replace the module
// by a stand-in with the same exports: functions that load the body on their first call and call
// its own, and the checks' rules and summaries as data. In Node, that is what keeps an import of
// `teapurl` and a `teapurl validate` of a discovery document from parsing the rest
// (scripts/bundle-entries.mjs, scripts/bundle-cli.mjs); browsers and bundlers get the bodies.
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** A body module's source file, by its path. */
export const BODY_FILE = /[\\/]kinds[\\/](?:[a-z-]+[\\/])*([a-z-]+-body)\.(?:ts|js)$/;

/**
 * The entry each body is bundled into: most into one, `kinds`; the PURL engine's (which the
 * checks of the others reach through `purlContextOf`) into one of its own, so that no entry
 * imports itself; and the TEA objects', which `teapurl/tea/client` loads when it first reads an
 * object: a bundler cannot leave the other bodies out of a file that holds them all (their
 * modules call functions as they are evaluated), so a browser would load them with it.
 */
const OWN_ENTRY = new Map([
  ['purl-engine-body', 'purl-engine'],
  ['tea-objects-body', 'tea-objects'],
]);

/**
 * Every body module under src/: `{ name, file, entry }`, the name (`sbom-body`) unique across
 * domains, the entry the one it is bundled into.
 */
export function bodyModules(root = process.cwd()) {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (BODY_FILE.test(relative) && relative.endsWith('.ts')) {
        const name = BODY_FILE.exec(relative)[1];
        found.push({ name, file: relative, entry: OWN_ENTRY.get(name) ?? 'kinds' });
      }
    }
  };
  walk('src');
  const names = found.map((b) => b.name);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated) throw new Error(`two kind bodies are named ${repeated}: each must have a name of its own`);
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Whether a value is a check with nothing but its rule, summary and `check` method. */
function isPlainCheck(value) {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    Object.keys(value).join() === 'rule,summary,check' &&
    typeof value.rule === 'string' &&
    typeof value.summary === 'string' &&
    typeof value.check === 'function' &&
    value.check.name === 'check'
  );
}
const key = (name) => (IDENTIFIER.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`);

/**
 * The stand-in of one value a body exports, read from the loaded body at `owner` + `name`: a
 * function calls the body's own (`$$standIn` in the module); lists and plain objects are copied
 * member by member, frozen when the body's are; strings, numbers, booleans and null are copied. Anything else cannot stand in.
 */
function standIn(value, owner, name, where, strings) {
  const access = `${owner}${key(name)}`;
  if (typeof value === 'function') return `$$standIn(${JSON.stringify(value.name || String(name))}, () => ${owner}, ${JSON.stringify(name)})`;
  // A check as checks are written ({ rule, summary, check }), the most common value by far: short.
  if (isPlainCheck(value))
    return `$$check(() => ${access}, ${standIn(value.rule, access, 'rule', where, strings)}, ${standIn(value.summary, access, 'summary', where, strings)})`;
  if (typeof value === 'string' && value.length > 16) {
    if (!strings.has(value)) strings.set(value, `$$s${strings.size}`);
    return strings.get(value);
  }
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return JSON.stringify(value);
  if (value === undefined) return 'undefined';
  const frozen = (text) => (Object.isFrozen(value) ? `Object.freeze(${text})` : text);
  // A list of such checks: their rules and summaries, and where the list is.
  if (Array.isArray(value) && value.length > 0 && value.every(isPlainCheck)) {
    const pairs = value.map((c) => `[${standIn(c.rule, access, 'rule', where, strings)}, ${standIn(c.summary, access, 'summary', where, strings)}]`);
    return frozen(`$$checks(() => ${access}, [${pairs.join(', ')}])`);
  }
  if (Array.isArray(value)) return frozen(`[${value.map((item, i) => standIn(item, access, i, `${where}[${i}]`, strings)).join(', ')}]`);
  const prototype = Object.getPrototypeOf(value);
  if (typeof value === 'object' && (prototype === Object.prototype || prototype === null)) {
    const members = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${standIn(v, access, k, `${where}.${k}`, strings)}`);
    return frozen(`{ ${members.join(', ')} }`);
  }
  throw new Error(`kind body: ${where} is neither a function, a check nor a list or record of them; a body may export only those`);
}

/**
 * The source of the stand-in module for a loaded body: `load` is an expression that loads the body
 * (its module namespace) and evaluates to it; `preamble` lines come first.
 */
export function standInSource(body, load, preamble = []) {
  const strings = new Map();
  const exports = Object.keys(body)
    .sort()
    .map((name) => {
      if (!IDENTIFIER.test(name)) throw new Error(`kind body: the export ${JSON.stringify(name)} is not an identifier`);
      return `export const ${name} = ${standIn(body[name], '$$load()', name, name, strings)};`;
    });
  return `${[
    ...preamble,
    'let $$loaded;',
    `const $$load = () => ($$loaded ??= ${load});`,
    // Calls the function the loaded body holds at owner()[key], as a method of its owner; a schema
    // validator leaves why it failed in its `errors`, which the caller reads from the stand-in.
    'const $$standIn = (name, owner, key) => {',
    "  const fn = { [name](...args) { const of = owner(); const real = of[key]; const result = real.apply(of, args); if ('errors' in real) fn.errors = real.errors; return result; } }[name];",
    '  return fn;',
    '};',
    "const $$check = (real, rule, summary) => ({ rule, summary, check: $$standIn('check', real, 'check') });",
    'const $$checks = (list, pairs) => pairs.map(([rule, summary], i) => $$check(() => list()[i], rule, summary));',
    // The texts that recur (the same check's summary for each TEA object kind), written once.
    ...[...strings].map(([text, id]) => `const ${id} = ${JSON.stringify(text)};`),
    ...exports,
  ].join('\n')}\n`;
}
