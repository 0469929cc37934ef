import { describe, expect, it } from 'vitest';
import { errorCode, fsReason, isPermissionCode } from '../../../src/shared/node/fs-reason.js';

describe('fsReason', () => {
  it('words the common refusals and keeps the code for searching', () => {
    expect(fsReason('EACCES')).toBe('permission denied (EACCES)');
    expect(fsReason('ELOOP')).toBe('a symbolic link loop (ELOOP)');
    expect(fsReason(Object.assign(new Error('EROFS: read-only file system, open x'), { code: 'EROFS' }))).toBe('read-only file system (EROFS)');
  });

  it('gives a code it has no words for as it is, and an error without a code by its message', () => {
    expect(fsReason('EWHATEVER')).toBe('EWHATEVER');
    expect(fsReason(new Error('something broke'))).toBe('something broke');
    expect(fsReason(42)).toBe('42');
  });

  it('never reads a code from the object prototype', () => {
    expect(fsReason('toString')).toBe('toString');
    expect(fsReason('__proto__')).toBe('__proto__');
    expect(fsReason('constructor')).toBe('constructor');
  });

  it('reads a code only from an error that has a string one', () => {
    expect(errorCode(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBe('ENOENT');
    expect(errorCode(Object.assign(new Error('x'), { code: 7 }))).toBeUndefined();
    expect(errorCode(null)).toBeUndefined();
    expect(isPermissionCode('EPERM')).toBe(true);
    expect(isPermissionCode('ENOENT')).toBe(false);
  });
});
