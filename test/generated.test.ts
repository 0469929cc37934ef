import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateArtifacts } from '../scripts/generate/artifacts.js';
import { ROOT } from './support/paths.js';

describe('generated files', () => {
  it('types/ and the compiled validators match schemas/ (run npm run generate when this fails)', async () => {
    const artifacts = await generateArtifacts(ROOT);
    expect(artifacts.map((a) => a.file)).toEqual(
      expect.arrayContaining([
        'types/tea-discovery.d.ts',
        'types/purl-type-definition.d.ts',
        'src/purl/kinds/compiled/purl-type-definition.js',
        'src/tea/kinds/compiled/tea-discovery.js',
      ]),
    );
    const stale: string[] = [];
    for (const { file, content } of artifacts) {
      const onDisk = await readFile(path.join(ROOT, file), 'utf8').catch(() => '');
      if (onDisk !== content) stale.push(file);
    }
    expect(stale).toEqual([]);
  }, 60_000);

  it('names every generated type readably, never InterfaceN', async () => {
    const text = await readFile(path.join(ROOT, 'types/purl-type-definition.d.ts'), 'utf8');
    expect(text).not.toMatch(/Interface\d|\w+1\b/);
    for (const name of [
      'PurlTypeDefinition',
      'NamespaceDefinition',
      'NameDefinition',
      'VersionDefinition',
      'SubpathDefinition',
      'QualifierDefinition',
      'ComponentDefinition',
      'RepositoryDefinition',
    ]) {
      expect(text).toContain(`export ${name === 'ComponentDefinition' ? 'type' : 'interface'} ${name}`);
    }
    const discovery = await readFile(path.join(ROOT, 'types/tea-discovery.d.ts'), 'utf8');
    expect(discovery).toContain('export interface TeaDiscoveryDocument');
    expect(discovery).toContain('export interface TeaEndpoint');
  });
});
