/**
 * Every finding of a URL document in one run (issue 14, item 3, for the documents of issue 15):
 * the purl-urls checks run on the parts the schema accepts, what they could not check is said in
 * one line, and an example of neither form is one finding.
 */
import { describe, expect, it } from 'vitest';
import { validateText, type Finding } from '../../../src/index.js';
import { checkContext, runChecks } from '../../../src/validation/checks/index.js';
import { builtInChecks } from '../../../src/validator/validate.js';

const CARGO = {
  type: 'cargo',
  default_registry: 'https://static.crates.io',
  repository: [{ template: 'https://crates.io/crates/{name}' }],
  download: [{ template: '{+registry}/crates/{name}/{name}-{version}.crate' }],
};
const RAND = { purl: 'pkg:cargo/rand@0.8.5', repository: 'https://crates.io/crates/rand', download: 'https://static.crates.io/crates/rand/rand-0.8.5.crate' };

function findings(document: unknown): Finding[] {
  return validateText(JSON.stringify(document, null, 2), { kind: 'purl-type-urls' }).findings;
}

/** `rule pointer` of each finding, in source order. */
function rules(found: readonly Finding[]): string[] {
  return found.map((f) => `${f.rule} ${f.pointer}`);
}

const notices = (found: readonly Finding[]) => found.filter((f) => f.rule === 'purl-urls/unchecked').map((f) => f.message);

describe('the purl-urls checks on a document the schema rejects', () => {
  it('templates: the ones the schema accepts are checked, with no examples at all', () => {
    const found = findings({
      type: 'npm',
      repository: ['https://x.example/{+name}', 'https://x.example/{#name}', '{name', '{name:3}', 'https://x.example/{name,version}'].map((template) => ({
        template,
      })),
    });
    expect(rules(found)).toEqual([
      'schema/required ',
      'purl-urls/reserved-expansion /repository/0/template',
      'purl-urls/unreadable-template /repository/0/template',
      'purl-urls/reserved-expansion /repository/1/template',
      'purl-urls/unreadable-template /repository/1/template',
      'schema/pattern /repository/2/template',
      'schema/pattern /repository/3/template',
      'purl-urls/unreadable-template /repository/4/template',
    ]);
    // Nothing depends on the rejected templates: no example to check.
    expect(notices(found)).toEqual([]);
  });

  it('an invalid defaults key hides neither a template, an optional list nor a derived variable', () => {
    const found = findings({
      ...CARGO,
      defaults: { 'Bad-Key': 'x', 'q.arch': 'x86_64' },
      variables: { low: { from: 'nope', lowercase: true } },
      reverse: [{ template: 'https://crates.io/{nmae}' }, { template: 'https://crates.io/x/{name}', optional: ['versoin'] }],
      examples: [{ ...RAND, download: 'https://static.crates.io/crates/rand/rand-0.8.6.crate' }],
    });
    expect(rules(found)).toEqual([
      // One finding for the bad name, at the object that has it (the schema's propertyNames).
      'schema/pattern /defaults',
      'purl-urls/unknown-variable /variables/low/from',
      'purl-urls/unknown-variable /reverse/0/template',
      'purl-urls/unknown-variable /reverse/1/optional/0',
      'purl-urls/unchecked /examples',
      // The download list is complete: the example's download URL is checked.
      'purl-urls/example-purl /examples/0/download',
    ]);
    expect(notices(found)).toEqual(["the examples' reading back not checked: reverse[0] and reverse[1] are invalid"]);
  });

  it('one example that is not a PURL hides nothing on the others, and is one finding', () => {
    const found = findings({
      ...CARGO,
      examples: [
        { purl: 'not a purl', repository: null, download: null },
        { ...RAND, download: 'https://elsewhere.example/rand.crate' },
        { purl: 'pkg:npm/rand', repository: null, download: null },
        { url: 'https://crates.io/crates/rand', purl: 'pkg:cargo/rand@1' },
      ],
    });
    expect(rules(found)).toEqual([
      'schema/pattern /examples/0/purl',
      'purl-urls/example-purl /examples/1/download',
      'purl-urls/example-purl /examples/2/purl',
      'purl-urls/example-url /examples/3/purl',
    ]);
    expect(found[0]!.message).toBe('examples[0].purl "not a purl" is not a PURL (starting with pkg:)');
  });

  it('a rejected template leaves out only what it could change, and says so', () => {
    const found = findings({
      ...CARGO,
      download: [{ template: 'ftp://x.example/{name}' }, ...CARGO.download],
      examples: [
        { ...RAND, repository: 'https://crates.io/crates/randx', download: 'https://never.example/' },
        { url: 'https://crates.io/crates/rand', purl: 'pkg:cargo/rand@1' },
      ],
    });
    // The repository URL is still checked; the download URL and reading back are not.
    expect(rules(found)).toEqual(['schema/pattern /download/0/template', 'purl-urls/unchecked /examples', 'purl-urls/example-purl /examples/0/repository']);
    expect(notices(found)).toEqual(["the examples' download URLs and reading back not checked: download[0] is invalid"]);
  });

  it('a rejected default registry or default: the URLs of the templates using it are not checked', () => {
    const registry = findings({
      ...CARGO,
      default_registry: 'https://static.crates.io/',
      examples: [{ ...RAND, repository: 'https://crates.io/crates/randx' }],
    });
    expect(rules(registry)).toEqual(['schema/pattern /default_registry', 'purl-urls/unchecked /examples', 'purl-urls/example-purl /examples/0/repository']);
    expect(notices(registry)).toEqual(["the examples' download URLs and reading back not checked: default_registry is invalid"]);
    const byDefault = findings({
      ...CARGO,
      defaults: { 'q.arch': 64 },
      repository: [{ template: 'https://crates.io/crates/{name}/{q.arch}' }],
      examples: [{ ...RAND, download: 'https://never.example/' }],
    });
    expect(rules(byDefault)).toEqual(['schema/type /defaults/q.arch', 'purl-urls/unchecked /examples', 'purl-urls/example-purl /examples/0/download']);
    expect(notices(byDefault)).toEqual(['the examples\' repository URLs and reading back not checked: defaults["q.arch"] is invalid']);
  });

  it('a rejected derived variable: the templates using it are not checked (they would name a variable that does exist)', () => {
    const found = findings({
      ...CARGO,
      variables: { Lower: { from: 'name', lowercase: true }, low: { from: 'name', lowercase: 5 } },
      repository: [{ template: 'https://crates.io/{Lower}' }, { template: 'https://crates.io/{low}/{nme}' }],
      examples: [RAND],
    });
    expect(rules(found)).toEqual(['schema/pattern /variables', 'schema/const /variables/low/lowercase', 'purl-urls/unchecked /examples']);
    expect(notices(found)).toEqual([
      "repository[0], repository[1] and the examples' repository URLs and reading back not checked: variables.Lower and variables.low are invalid",
    ]);
  });

  it('a rejected or missing type: the templates are checked, the examples are not, and that is said', () => {
    const template = [{ template: 'https://crates.io/crates/{nme}' }];
    const invalid = findings({ ...CARGO, type: 'Cargo', repository: template, examples: [RAND] });
    expect(rules(invalid)).toEqual(['schema/pattern /type', 'purl-urls/unknown-variable /repository/0/template', 'purl-urls/unchecked /examples']);
    expect(notices(invalid)).toEqual(['the examples not checked: type is invalid']);
    const { type: _, ...untyped } = CARGO;
    expect(notices(findings({ ...untyped, examples: [RAND] }))).toEqual(['the examples not checked: type is missing']);
    // An unregistered type is no schema error: it is reported, and the examples are checked.
    expect(rules(findings({ ...CARGO, type: 'nosuchtype', examples: [RAND] }))).toEqual([
      'purl-urls/unknown-type /type',
      'purl-urls/example-purl /examples/0/purl',
    ]);
  });

  it("a template that does not compile no longer hides the examples' other URLs (the schema accepts it)", () => {
    const found = findings({
      ...CARGO,
      repository: [{ template: 'https://crates.io/crates/{name' }],
      examples: [{ ...RAND, download: 'https://never.example/' }],
    });
    expect(rules(found)).toEqual([
      'purl-urls/template-syntax /repository/0/template',
      'purl-urls/unchecked /examples',
      'purl-urls/example-purl /examples/0/download',
    ]);
  });

  it("run on its own, without the schema's verdict, a check still leaves out what it cannot read", () => {
    const document = { ...CARGO, repository: [{ template: 7 }], examples: [{ purl: 'pkg:cargo/rand' }, { ...RAND, download: 'https://never.example/' }] };
    const found = runChecks(builtInChecks, 'purl-type-urls', document, checkContext({ schemaValid: false }));
    expect(found.map((f) => `${f.rule} ${f.pointer}`)).toEqual(['purl-urls/example-purl /examples/1/download', 'purl-urls/unchecked /examples']);
  });

  it('hostile members are data: __proto__, constructor and toString as variable and default names', () => {
    const text = `{"type": "cargo", "variables": {"constructor": {"from": "name", "lowercase": true}, "__proto__": {"from": "name"}},
      "defaults": {"__proto__": "x", "toString": "y"},
      "repository": [{"template": "https://crates.io/{constructor}/{name}"}],
      "examples": [{"purl": "pkg:cargo/Rand", "repository": "https://crates.io/rand/rand", "download": null}]}`;
    const found = validateText(text, { kind: 'purl-type-urls' }).findings;
    // The derived variable named constructor is used, lowercase: the example is checked against it.
    expect(rules(found)).toEqual([
      'schema/pattern /variables',
      'schema/minProperties /variables/__proto__',
      'schema/pattern /defaults',
      'schema/pattern /defaults',
      'purl-urls/example-purl /examples/0/repository',
    ]);
    expect(found.at(-1)!.message).toBe('examples[0].repository: "pkg:cargo/Rand" gives "https://crates.io/rand/Rand", not "https://crates.io/rand/rand"');
    expect(({} as Record<string, unknown>).from).toBeUndefined();
  });
});

describe('an example of neither form is one finding', () => {
  const only = (example: unknown) => findings({ ...CARGO, examples: [example] }).filter((f) => f.pointer.startsWith('/examples/0'));

  it('naming what it lacks for each form when it has the form of neither', () => {
    const found = only({ purl: 'pkg:cargo/rand' });
    expect(found.map((f) => [f.rule, f.pointer, f.message])).toEqual([
      [
        'schema/oneOf',
        '/examples/0',
        'examples[0] is neither a PURL example {"purl", "repository", "download"} (lacks "repository" and "download") nor a URL example {"url", "purl"} (lacks "url")',
      ],
    ]);
    expect(only(7).map((f) => f.message)).toEqual([
      'examples[0] is neither a PURL example {"purl", "repository", "download"} nor a URL example {"url", "purl"}: must be an object, not an integer',
    ]);
    expect(only({ url: 'ftp://x.example/', purl: null, download: null }).map((f) => f.message)).toEqual([
      'examples[0] is neither a PURL example {"purl", "repository", "download"} (lacks "repository", has the unknown property "url", purl must be a string, not null) nor a URL example {"url", "purl"} (has the unknown property "download", url "ftp://x.example/" is not an http(s) URL)',
    ]);
  });

  it('naming the bad member when it has the form of one', () => {
    expect(only({ url: 'https://crates.io/crates/rand', purl: 5 }).map((f) => [f.rule, f.pointer])).toEqual([['schema/type', '/examples/0/purl']]);
    expect(only({ url: 'mailto:x', purl: null }).map((f) => f.message)).toEqual(['examples[0].url "mailto:x" is not an http(s) URL']);
  });
});
