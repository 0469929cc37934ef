/**
 * How a TEA object's kind is told: from its file name (`<name>.<kind>.json`, such as
 * `log4j.tea-product.json`) or from its shape. A product and a component have the same shape, and
 * so have pages of either: those are told only by file name, `$schema` or `--kind`.
 */
import type { DetectedKind } from '../../../validation/detect-kind.js';
import { TEA_OBJECT_KIND_NAMES, type TeaObjectKind } from './tea-object-types.js';

const FILE_KIND = new RegExp(`(?:^|[\\\\/.])(${TEA_OBJECT_KIND_NAMES.join('|')})\\.json$`);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function has(value: Record<string, unknown>, key: string): boolean {
  return Object.hasOwn(value, key);
}

/** The kind a file name names (`*.tea-collection.json`), or `null`. */
export function teaObjectKindByFileName(file: string): DetectedKind | null {
  const kind = FILE_KIND.exec(file)?.[1] as TeaObjectKind | undefined;
  return kind === undefined ? null : { kind, evidence: 'file name' };
}

const isRelease = (value: Record<string, unknown>) =>
  has(value, 'distributions') || (has(value, 'version') && has(value, 'createdDate') && !has(value, 'components'));
const isCollection = (value: Record<string, unknown>) =>
  has(value, 'belongsTo') || has(value, 'updateReason') || (Array.isArray(value.artifacts) && Number.isInteger(value.version));

/** The kind of one object by its members, or `null`. */
function objectKind(value: Record<string, unknown>): TeaObjectKind | null {
  if (has(value, 'productReleaseUuid') && has(value, 'servers')) return 'tea-discovery-info';
  if (typeof value.error === 'string' && /^[A-Z][A-Z_]*$/.test(value.error)) return 'tea-error';
  if (Array.isArray(value.events)) return 'tea-cle';
  if (has(value, 'release') && has(value, 'latestCollection')) return 'tea-component-release-with-collection';
  if (Array.isArray(value.results) && (has(value, 'hasNext') || has(value, 'nextPageToken') || has(value, 'pageStartIndex') || has(value, 'totalResults'))) {
    const first = value.results.find(isObject);
    if (first === undefined) return null;
    if (Array.isArray(first.components)) return 'tea-product-release-page';
    if (isCollection(first)) return 'tea-collection-page';
    if (isRelease(first)) return 'tea-component-release-page';
    return null;
  }
  if (Array.isArray(value.formats) && has(value, 'type')) return 'tea-artifact';
  if (isCollection(value)) return 'tea-collection';
  if (Array.isArray(value.components) && has(value, 'version')) return 'tea-product-release';
  if (isRelease(value)) return 'tea-component-release';
  return null;
}

/** The kind of a TEA object, or a list of them, by its shape; `null` when the shape does not tell. */
export function teaObjectKindByShape(value: unknown): DetectedKind | null {
  if (Array.isArray(value)) {
    const first = value.find(isObject);
    if (first === undefined) return null;
    const item = objectKind(first);
    const kind =
      item === 'tea-discovery-info'
        ? 'tea-discovery-info'
        : item === 'tea-collection'
          ? 'tea-collection-list'
          : item === 'tea-component-release'
            ? 'tea-component-release-list'
            : null;
    return kind === null ? null : { kind, evidence: 'shape' };
  }
  if (!isObject(value)) return null;
  const kind = objectKind(value);
  return kind === null ? null : { kind, evidence: 'shape' };
}
