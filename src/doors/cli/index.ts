#!/usr/bin/env node
/**
 * The entry of dist/cli/index.js, the `headless-deploy` program (package.json `bin`).
 * `headless-deploy emulator …` runs the emulator's own bundle (emulator/dist/server/index.js) as
 * a child process: src/ never imports emulator/, so neither this bundle nor the action's holds it,
 * and the emulator keeps its own flags, help and shutdown.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeControl } from '../../util/log-guard.js';
import { runCli } from './run-cli.js';

const NAME = 'headless-deploy';

/**
 * The package's root and version: the nearest folder up from this file whose package.json is
 * ours. This file runs as dist/cli/index.js (in the repository, or installed under
 * node_modules/headless-deploy/) and from source as src/doors/cli/index.ts; dist/cli/ holds a
 * package.json of ncc's ({"type": "module"}), which has no name and is passed over.
 */
function findPackage(from: string): { root: string; version: string } {
  for (let dir = from; ; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === NAME) return { root: dir, version: pkg.version ?? 'unknown' };
    } catch {
      // no package.json here, or not one that parses: look further up
    }
    if (dirname(dir) === dir) return { root: join(from, '..', '..'), version: 'unknown' };
  }
}

const PACKAGE = findPackage(dirname(fileURLToPath(import.meta.url)));
const fromRoot = (...parts: string[]) => join(PACKAGE.root, ...parts);

function runEmulator(args: readonly string[]): Promise<number> {
  const child = spawn(process.execPath, [fromRoot('emulator', 'dist', 'server', 'index.js'), ...args], {
    stdio: 'inherit',
  });
  // Ctrl-C reaches the child too (same process group); a TERM sent to us alone is passed on.
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => child.kill(sig));
  return new Promise((resolve) => {
    child.on('error', (err) => {
      process.stderr.write(`emulator: could not start: ${escapeControl(err.message)}\n`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal === 'SIGINT' ? 130 : 1)));
  });
}

const argv = process.argv.slice(2);
process.exitCode =
  argv[0] === 'emulator'
    ? await runEmulator(argv.slice(1))
    : await runCli({
        argv,
        env: process.env,
        cwd: process.cwd(),
        stdout: process.stdout,
        stderr: process.stderr,
        version: PACKAGE.version,
        on: (sig, listener) => process.on(sig, listener),
        exit: (code) => process.exit(code),
      });
