import { lstatSync, readdirSync, realpathSync } from 'node:fs';

/** One name of a directory listing, as bytes, with the type the listing gave (links not followed). */
export interface DirEntry {
  name: Buffer;
  isDirectory(): boolean;
  isFile(): boolean;
  isSymbolicLink(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
}

/** What the walk reads of an lstat (fs.Stats has it all). */
export interface EntryStat {
  isDirectory(): boolean;
  isFile(): boolean;
  isSymbolicLink(): boolean;
  size: number;
  mode: number;
  dev: number;
  ino: number;
}

/**
 * The file-system calls the walk makes, passed in so a test can count, fail or race them, or
 * stand in for a Windows disk. Synchronous: a tree that was just checked out is in the page
 * cache, where these calls take microseconds, less than a trip through the threadpool
 * (measured: the walk ran 2-3x faster).
 */
export interface WalkFs {
  /** Names as bytes: a name that is not UTF-8 must be seen as it is, not as U+FFFD. */
  readdir(dir: string): DirEntry[];
  lstat(path: string): EntryStat;
  realpath(path: string): string;
}

export const nodeWalkFs: WalkFs = {
  readdir: (dir) => readdirSync(dir, { withFileTypes: true, encoding: 'buffer' }),
  lstat: (path) => lstatSync(path),
  realpath: (path) => realpathSync.native(path),
};

/** Path semantics (node's own, or `path.win32` in tests) and the one containment test. */
export { isInside, type PathApi } from '../../util/path-api.js';
