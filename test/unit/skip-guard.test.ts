/** The reporter that keeps tests from skipping in silence: its allow-list and what it lets pass. */
import { existsSync, writeFileSync } from 'node:fs';
import path, { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readAllowlist, testFile, unexplained, type Skipped } from '../support/skip-guard.js';
import { useTempDir } from './helpers/temp-dir.js';

const tmp = useTempDir('skip-guard-');
const skip = (test: string): Skipped => ({ test, mode: 'skip', note: undefined });

describe('skip guard', () => {
  it('reads the repository allow-list: every entry names a test and a reason', () => {
    for (const entry of readAllowlist()) {
      expect(entry.test).toMatch(/^test\/.+\.test\.ts > ./);
      expect(entry.reason.trim()).not.toBe('');
      // A renamed or moved file would leave an entry that excuses nothing.
      const file = entry.test.split(' > ')[0]!;
      expect(existsSync(fileURLToPath(new URL(`../../${file}`, import.meta.url))), file).toBe(true);
    }
  });

  it('refuses an entry without a reason', () => {
    const file = join(tmp.dir, 'allow.json');
    writeFileSync(file, JSON.stringify({ allowed: [{ test: 'test/unit/a.test.ts > x', reason: ' ' }] }));
    expect(() => readAllowlist(file)).toThrow(/every entry needs "test" and a non-empty "reason"/);
  });

  it('lets through only the skips the allow-list names, by their exact name', () => {
    const allowed = [{ test: 'test/unit/a.test.ts > suite > x', reason: 'needs a GPU' }];
    expect(
      unexplained(
        [
          skip('test/unit/a.test.ts > suite > x'),
          skip('test/unit/a.test.ts > suite > x2'),
          skip('test/unit/b.test.ts > y'),
        ],
        allowed,
      ).map((s) => s.test),
    ).toEqual(['test/unit/a.test.ts > suite > x2', 'test/unit/b.test.ts > y']);
  });

  it('names a test file with "/" on every OS, as the allow-list does', () => {
    expect(testFile('D:\\a\\repo\\repo\\', 'D:/a/repo/repo/test/action/signals.test.ts', path.win32)).toBe(
      'test/action/signals.test.ts',
    );
    expect(testFile('D:\\a\\repo\\repo', 'd:\\a\\repo\\repo\\test\\unit\\x.test.ts', path.win32)).toBe(
      'test/unit/x.test.ts',
    );
    expect(testFile('/home/runner/work/repo/', '/home/runner/work/repo/test/unit/x.test.ts', path.posix)).toBe(
      'test/unit/x.test.ts',
    );
  });
});
