// Each marked line must be a type error against the generated types (checked by test/type-level.test.ts).
import type { PurlTypeDefinition, NamespaceDefinition, NameDefinition, TeaDiscoveryDocument, TokenError } from '../../types/index.js';

// expect-error: a component definition without its requirement
export const noRequirement: NamespaceDefinition = { case_sensitive: false };

// expect-error: the name is always required, never optional
export const optionalName: NameDefinition = { requirement: 'optional' };

// expect-error: a requirement outside the three constants
export const badRequirement: NamespaceDefinition = { requirement: 'sometimes' };

// expect-error: unknown component property
export const extraProperty: NameDefinition = { requirement: 'required', casing: 'lower' };

// expect-error: schemaVersion is the constant 1
export const wrongVersion: TeaDiscoveryDocument = { schemaVersion: 2, endpoints: [{ url: 'https://x', versions: ['1.0.0'] }] };

// expect-error: at least one endpoint
export const noEndpoints: TeaDiscoveryDocument = { schemaVersion: 1, endpoints: [] };

// expect-error: unknown OAuth error code
export const unknownError: TokenError = { error: 'invalid_key' };

// expect-error: examples cannot be empty
export const noExamples: Pick<PurlTypeDefinition, 'examples'> = { examples: [] };
