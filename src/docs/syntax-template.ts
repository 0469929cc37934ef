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
