import type { KindDefinition } from './kind-definition.js';

/**
 * How a document's kind was decided, for messages.
 *
 * @example
 * ```ts
 * import { detectKind, type KindEvidence } from 'teapurl';
 * const evidence: KindEvidence | undefined = detectKind({}, 'site/.well-known/tea')?.evidence; // 'file name'
 * ```
 */
export type KindEvidence = 'option' | '$schema' | 'file name' | 'shape';

/**
 * The outcome of kind detection.
 *
 * @example
 * ```ts
 * import { detectKind, type DetectedKind } from 'teapurl';
 * const detected: DetectedKind | null = detectKind({ access_token: 'abc', token_type: 'Bearer' }, undefined);
 * // { kind: 'tea-token-response', evidence: 'shape' }
 * ```
 */
export interface DetectedKind<Name extends string = string> {
  /** The kind the document is taken to be. */
  kind: Name;
  /** What decided it. */
  evidence: KindEvidence;
}

/**
 * Decides which kind a document is: the explicit kind, a known `$schema` URL, the document's own
 * word, the file name, then the shape; `null` when nothing tells.
 *
 * @example
 * ```ts
 * import { createValidator, TEA_DISCOVERY_KIND, type DetectKind } from 'teapurl';
 * const detect: DetectKind<'tea-discovery'> = createValidator([TEA_DISCOVERY_KIND]).detectKind;
 * detect({}, '.well-known/tea'); // { kind: 'tea-discovery', evidence: 'file name' }
 * ```
 */
export type DetectKind<Name extends string = string> = (value: unknown, file: string | undefined, explicit?: Name) => DetectedKind<Name> | null;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The detector of a list of kinds. It decides in this order: the explicit kind, a known `$schema`
 * URL, the document's own word, the file name, then the shape; within each, the list's order.
 * `null` when nothing tells.
 */
export function kindDetector<Name extends string>(kinds: readonly KindDefinition<Name>[]): DetectKind<Name> {
  const bySchema = new Map<string, Name>();
  for (const kind of kinds) for (const url of [kind.schemaId, ...(kind.alsoKnownAs ?? [])]) if (!bySchema.has(url)) bySchema.set(url, kind.name);
  const ownWord = kinds.filter((k) => k.recognise?.ownWord !== undefined);
  const fileName = kinds.filter((k) => k.recognise?.fileName !== undefined);
  const shape = kinds.filter((k) => k.recognise?.shape !== undefined);
  return (value, file, explicit) => {
    if (explicit !== undefined) return { kind: explicit, evidence: 'option' };
    if (isObject(value) && typeof value.$schema === 'string') {
      const known = bySchema.get(value.$schema.replace(/#$/, ''));
      if (known !== undefined) return { kind: known, evidence: '$schema' };
    }
    if (isObject(value)) for (const k of ownWord) if (k.recognise!.ownWord!(value)) return { kind: k.name, evidence: 'shape' };
    if (file !== undefined && file !== '') for (const k of fileName) if (k.recognise!.fileName!(file, value)) return { kind: k.name, evidence: 'file name' };
    for (const k of shape) if (k.recognise!.shape!(value)) return { kind: k.name, evidence: 'shape' };
    return null;
  };
}
