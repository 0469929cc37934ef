/**
 * A schema-valid PURL type definition of the made-up type "widget" (no namespace, optional
 * version, qualifiers `arch` and `os`), with the examples a test gives it.
 */
export function widgetDefinition(examples: string[]): Record<string, unknown> {
  return {
    $schema: 'https://teapurl.dev/schemas/purl-type-definition.schema.json',
    $id: 'https://example.test/purl-types/widget-definition.json',
    type: 'widget',
    type_name: 'Widget',
    description: 'Widgets from the test workshop.',
    repository: { use_repository: true, default_repository_url: 'https://widgets.example.test/' },
    namespace_definition: { requirement: 'prohibited' },
    name_definition: { requirement: 'required', case_sensitive: false, permitted_characters: '^[a-z0-9-]+$' },
    version_definition: { requirement: 'optional' },
    qualifiers_definition: [
      { key: 'arch', requirement: 'optional', description: 'Processor architecture.' },
      { key: 'os', description: 'Operating system.' },
    ],
    examples,
  };
}

/**
 * The smallest schema-valid definition of "widget" whose name must match `source`: for the tests
 * of patterns that can backtrack catastrophically (the pattern guard), in Node and, passed in as
 * data, in Chromium.
 */
export function patternWidgetDefinition(source: string, examples: string[] = ['pkg:widget/aaa']): Record<string, unknown> {
  return {
    type: 'widget',
    type_name: 'Widget',
    description: 'A made-up type with a pattern that can backtrack catastrophically.',
    repository: { use_repository: false },
    namespace_definition: { requirement: 'prohibited' },
    name_definition: { requirement: 'required', permitted_characters: source },
    examples,
  };
}
