/** Temp dirs for tests: one made and removed by hand, or one per test of a file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';

/** A fresh temp dir, removed by `cleanup()`. */
export function tempDir(prefix = 'archive-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A temp dir made before each test of the file and removed after it, as `tmp.dir`. */
export function useTempDir(prefix?: string): { readonly dir: string } {
  const tmp = { dir: '', cleanup: () => {} };
  beforeEach(() => {
    ({ dir: tmp.dir, cleanup: tmp.cleanup } = tempDir(prefix));
  });
  afterEach(() => tmp.cleanup());
  return tmp;
}
