/**
 * The emulator as a user starts it: its bundle, emulator/dist/server/index.js, in a process of
 * its own (`npm run emulator` runs the same file). Its first line on stdout names the URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const EMULATOR_BUNDLE = fileURLToPath(new URL('../../../emulator/dist/server/index.js', import.meta.url));

export interface BundledEmulator {
  url: string;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resident set size of the process, from /proc (Linux), in bytes. */
  rss(): number;
  stop(): Promise<void>;
}

export async function startBundledEmulator(args: string[] = []): Promise<BundledEmulator> {
  const env = { ...process.env };
  // Started by npm, the emulator would watch its parents and stop with them: not wanted here.
  delete env.npm_lifecycle_event;
  const child = spawn(process.execPath, [EMULATOR_BUNDLE, '--port', '0', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^emulator listening on (\S+)$/m.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the emulator bundle exited (${code}) before listening: ${err}`)));
  });
  return {
    url,
    child,
    stdout: () => out,
    stderr: () => err,
    rss: () => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) * 1024,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
