// Issue 39 item 8: a CommonJS TypeScript file imports teapurl/types, as a user's .cts file
// would; test/types-require.test.ts compiles it for module node16 and nodenext (TS1541 when the
// entry has no `require` types). Not part of the repository's own typecheck (tsconfig excludes it).
import type { TeaDiscoveryDocument, PurlTypeDefinition } from 'teapurl/types';

export const discovery: TeaDiscoveryDocument = { schemaVersion: 1, endpoints: [{ url: 'https://tea.example.com', versions: ['1.0.0'] }] };
export const definition: Pick<PurlTypeDefinition, 'type'> = { type: 'npm' };
