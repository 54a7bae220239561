/** Temporary workspaces for the runs, removed when the suite ends. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const made: string[] = [];

/** A fresh directory under the OS temp dir, removed by `removeTempDirs`. */
export function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `hd-rel-${label}-`));
  made.push(dir);
  return dir;
}

/**
 * Removes one large tree as soon as its test is done, in that test's time: left to the end,
 * 100,000 files took the last hook past its timeout on a loaded machine (and took the report
 * with it).
 */
export async function removeTempDir(dir: string): Promise<void> {
  const i = made.indexOf(dir);
  if (i >= 0) made.splice(i, 1);
  await rm(dir, { recursive: true, force: true });
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Writes `files` (relative path → content) under `root`, creating directories. */
export function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    const abs = join(root, rel);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
}

/** A small app the emulator's build accepts (package.json at the root), plus things the defaults exclude. */
export function writeApp(root: string, extra: Record<string, string | Buffer> = {}): void {
  writeTree(root, {
    'package.json': JSON.stringify({ name: 'shop', version: '1.0.0', scripts: { build: 'node build.mjs' } }),
    'build.mjs': "console.log('built');\n",
    'src/index.html': '<!doctype html><title>shop</title>\n'.repeat(20),
    'src/app.js': 'export const answer = 42;\n'.repeat(50),
    '.git/HEAD': 'ref: refs/heads/main\n',
    'node_modules/left-pad/index.js': 'module.exports = () => {};\n',
    ...extra,
  });
}

/** A workspace holding one small app at its root. */
export function appWorkspace(label: string, extra: Record<string, string | Buffer> = {}): string {
  const dir = tempDir(label);
  writeApp(dir, extra);
  return dir;
}
