// Typed fixtures that must compile against the generated types (checked by test/type-level.test.ts).
import type { PurlTypeDefinition, NamespaceDefinition, TeaDiscoveryDocument, TokenResponse, TokenError } from '../../types/index.js';

export const namespace: NamespaceDefinition = { requirement: 'prohibited', case_sensitive: false, native_name: 'scope' };

export const definition: PurlTypeDefinition = {
  type: 'demo',
  type_name: 'Demo packages',
  description: 'A type used by the type-level test.',
  repository: { use_repository: true, default_repository_url: 'https://registry.example.org' },
  namespace_definition: namespace,
  name_definition: { requirement: 'required', permitted_characters: '^[a-z0-9-]+$', normalization_rules: ['lowercase'] },
  version_definition: { requirement: 'optional' },
  subpath_definition: { requirement: 'optional', note: 'paths inside the archive' },
  qualifiers_definition: [{ key: 'arch', requirement: 'required', description: 'CPU architecture', default_value: 'x86_64' }],
  examples: ['pkg:demo/thing@1.0.0'],
};

export const requirement: string = definition.name_definition.requirement;

export const discovery: TeaDiscoveryDocument = {
  schemaVersion: 1,
  endpoints: [{ url: 'https://tea.example.com/api', versions: ['1.0.0'], priority: 0.5 }],
};

export const token: TokenResponse = { access_token: 'x', token_type: 'Bearer', expires_in: 3600, scope: 'read' };
export const tokenError: TokenError = { error: 'unsupported_grant_type', error_description: 'only client_credentials' };
