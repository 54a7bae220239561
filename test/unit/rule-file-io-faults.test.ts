/**
 * The exclude-from file once it is open: faults the disk gives only rarely (an open refused
 * after the checks, a read error, a file that grows between its size check and its read) are
 * planted in node:fs, and each must fail the plan with words that name the file and the cause,
 * and leave no file descriptor open.
 */
import { fstatSync as realFstatSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { planArchive, RULE_FILE_MAX_BYTES } from '../../src/archive/index.js';
import { fault, planError, useTempDir } from './helpers/archive-tree.js';

/** What the next calls of the file's reads do; reset before each test. */
const planted = vi.hoisted(() => ({
  openError: undefined as Error | undefined,
  readError: undefined as Error | undefined,
  /** The size fstat reports instead of the real one (as if the file grew after it). */
  fstatSize: undefined as number | undefined,
  opened: [] as number[],
}));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const openSync: typeof fs.openSync = (...args) => {
    if (planted.openError) throw planted.openError;
    const fd = fs.openSync(...args);
    planted.opened.push(fd);
    return fd;
  };
  const fstatSync = ((fd: number) => {
    const st = fs.fstatSync(fd);
    return planted.fstatSize === undefined
      ? st
      : Object.assign(Object.create(st) as typeof st, { size: planted.fstatSize });
  }) as typeof fs.fstatSync;
  const readSync = ((...args: Parameters<typeof fs.readSync>) => {
    if (planted.readError) throw planted.readError;
    return fs.readSync(...args);
  }) as typeof fs.readSync;
  return { ...fs, default: { ...fs, openSync, fstatSync, readSync }, openSync, fstatSync, readSync };
});

const tmp = useTempDir();
beforeEach(() => {
  Object.assign(planted, { openError: undefined, readError: undefined, fstatSize: undefined, opened: [] });
});

const refusal = () => planError({ root: tmp.dir, excludeFromFile: '.deployignore' });

/** Every descriptor the plan opened is closed again. */
function expectAllClosed(): void {
  for (const fd of planted.opened) expect(() => realFstatSync(fd)).toThrow(expect.objectContaining({ code: 'EBADF' }));
}

describe('the exclude-from file, once it passed its checks', () => {
  beforeEach(() => writeFileSync(path.join(tmp.dir, '.deployignore'), '*.log\n'));

  it('is read and closed', async () => {
    const result = await planArchive({ root: tmp.dir, excludeFromFile: '.deployignore' });
    expect(result.rules.filter((r) => r.source === 'exclude-from').map((r) => r.label)).toEqual(['.deployignore:1']);
    expect(planted.opened).toHaveLength(1);
    expectAllClosed();
  });

  it.each([
    ['opened', 'openError', 'EACCES', '(EACCES); give a path relative to the path input'],
    ['read', 'readError', 'EIO', '(EIO)'],
    ['read, for a reason without a code', 'readError', undefined, '(error)'],
  ] as const)('fails the plan when it cannot be %s, naming the cause, and closes it', async (_, which, code, words) => {
    planted[which] = fault(code);
    const err = await refusal();
    expect(err.message).toBe(`exclude-from file ".deployignore" cannot be read ${words}`);
    expect(err.cause).toBe(planted[which]);
    expectAllClosed();
  });

  it('is refused when it holds more than 1 MiB though it was smaller when its size was looked at', async () => {
    writeFileSync(path.join(tmp.dir, '.deployignore'), Buffer.alloc(RULE_FILE_MAX_BYTES + 1, 0x61));
    planted.fstatSize = 10;
    const err = await refusal();
    expect(err.message).toBe(
      'exclude-from file ".deployignore" is larger than 1 MiB; give exclude-from a text file of exclude patterns, one a line',
    );
    expectAllClosed();
  });
});
