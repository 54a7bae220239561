/**
 * The package as a user gets it: `npm pack` of the repository (its committed bundles, only what
 * `files` names), installed offline into an empty folder. Offline on purpose: everything is
 * bundled, so an install that needed the registry for anything would fail here, not on a user's
 * machine where the registry is out of reach.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './run-cli.js';

const run = promisify(execFile);

/** package.json's version: what every recipe and doc pins (`headless-deploy@{VERSION}`). */
export const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

export const npm = (args: string[], cwd: string) =>
  run('npm', args, { cwd, shell: process.platform === 'win32', timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });

export interface Installed {
  /** The tarball's paths, as `npm pack` lists them. */
  files: string[];
  /** The tarball, in `folder`. */
  tarball: string;
  /** What `node_modules` of `folder` holds (besides `.bin`). */
  modules: string[];
  /** `folder/node_modules/.bin/headless-deploy` */
  bin: string;
}

/** Packs the repository into `folder` (an empty one) and installs the tarball there, offline. */
export async function packAndInstall(folder: string): Promise<Installed> {
  const { stdout } = await npm(['pack', '--json', '--pack-destination', folder], ROOT);
  const [packed] = JSON.parse(stdout) as [{ filename: string; files: { path: string }[] }];
  writeFileSync(join(folder, 'package.json'), '{"name":"scratch","private":true,"type":"module"}\n');
  await npm(['install', '--offline', '--no-audit', '--no-fund', `./${packed.filename}`], folder);
  return {
    files: packed.files.map((f) => f.path),
    tarball: join(folder, packed.filename),
    modules: readdirSync(join(folder, 'node_modules')).filter((n) => n !== '.bin' && !n.startsWith('.')),
    bin: join(folder, 'node_modules', '.bin', 'headless-deploy'),
  };
}
