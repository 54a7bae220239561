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
import { runCli } from './run-cli.js';

// Two folders up from dist/cli/ (and from src/cli/) is the package's root.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fromRoot = (...parts: string[]) => join(ROOT, ...parts);

function version(): string {
  try {
    return (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function runEmulator(args: readonly string[]): Promise<number> {
  const child = spawn(process.execPath, [fromRoot('emulator', 'dist', 'server', 'index.js'), ...args], {
    stdio: 'inherit',
  });
  // Ctrl-C reaches the child too (same process group); a TERM sent to us alone is passed on.
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => child.kill(sig));
  return new Promise((resolve) => {
    child.on('error', (err) => {
      process.stderr.write(`emulator: could not start: ${err.message}\n`);
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
        version: version(),
        on: (sig, listener) => process.on(sig, listener),
        exit: (code) => process.exit(code),
      });
