import type { PurlTypeDefinition } from '../../types/index.js';

/**
 * The shape of a PURL of this type, with each component as a `<placeholder>` and the parts the
 * definition prohibits left out: `pkg:cargo/<name>@<version>?<qualifiers>#<subpath>`.
 */
export function syntaxTemplate(definition: PurlTypeDefinition): string {
  const allows = (component: { requirement: string } | undefined) => component?.requirement !== 'prohibited';
  let template = `pkg:${definition.type}/`;
  if (allows(definition.namespace_definition)) template += '<namespace>/';
  template += '<name>';
  if (allows(definition.version_definition)) template += '@<version>';
  template += '?<qualifiers>';
  if (allows(definition.subpath_definition)) template += '#<subpath>';
  return template;
}

/** The components a definition prohibits, in the order a PURL writes them: `['namespace']` for vcpkg, none for npm. */
export function prohibitedParts(definition: PurlTypeDefinition): string[] {
  const parts: [string, { requirement: string } | undefined][] = [
    ['namespace', definition.namespace_definition],
    ['version', definition.version_definition],
    ['subpath', definition.subpath_definition],
  ];
  return parts.filter(([, component]) => component?.requirement === 'prohibited').map(([name]) => name);
}

/**
 * The words before the syntax on a type page: plain `Syntax` when the type prohibits nothing,
 * else which parts are left out because the type prohibits them.
 */
export function syntaxLead(prohibited: readonly string[]): string {
  if (prohibited.length === 0) return 'Syntax';
  const list = prohibited.length === 1 ? prohibited[0]! : `${prohibited.slice(0, -1).join(', ')} and ${prohibited.at(-1)!}`;
  return `Syntax, without the ${list}, which this type prohibits`;
}
