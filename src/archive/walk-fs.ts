import type { Dirent, Stats } from 'node:fs';
import { lstat, readdir, readFile, realpath } from 'node:fs/promises';

/** The file-system calls the walk makes, passed in so a test can count or fail them. */
export interface WalkFs {
  readdir(dir: string): Promise<Dirent[]>;
  lstat(path: string): Promise<Stats>;
  realpath(path: string): Promise<string>;
  readFile(path: string): Promise<string>;
}

export const nodeWalkFs: WalkFs = {
  readdir: (dir) => readdir(dir, { withFileTypes: true }),
  lstat: (path) => lstat(path),
  realpath: (path) => realpath(path),
  readFile: (path) => readFile(path, 'utf8'),
};
