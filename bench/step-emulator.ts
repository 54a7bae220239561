/**
 * The emulator for the step benchmark, in a process of its own (its committed bundle, as
 * `npm run emulator` starts it). In the benchmark's own process, its upload handling shared an
 * event loop with the pacing proxy and took about 28 MiB/s: the paced link then measured the
 * emulator rather than the link.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Seed } from '../emulator/index.js';
import { processCpuMs } from './proc-cpu.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const BUNDLE = path.join(here, '..', 'emulator', 'dist', 'server', 'index.js');

export interface EmulatorProcess {
  url: string;
  /** Bytes of each upload the emulator has stored, oldest first. */
  uploads(): Promise<number[]>;
  /** CPU the emulator has used since it started, in ms (undefined without /proc). */
  cpuMs(): number | undefined;
  close(): Promise<void>;
}

export async function startEmulatorProcess(seed: Seed, seedFile: string): Promise<EmulatorProcess> {
  if (!existsSync(BUNDLE)) throw new Error('emulator/dist is missing: run npm run package first');
  await writeFile(seedFile, JSON.stringify(seed));
  const child: ChildProcess = spawn(
    process.execPath,
    [BUNDLE, '--port', '0', '--seed', seedFile, '--max-upload-mb', '1024', '--build-seconds', '1'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the emulator exited (code ${String(code)}) before it listened`);
  });
  const listening = (async () => {
    for await (const line of lines) {
      const m = /^emulator listening on (http:\/\/\S+)$/.exec(line);
      if (m) return m[1]!;
    }
    throw new Error('the emulator closed its output before it listened');
  })();
  const url = await Promise.race([listening, exited]);
  exited.catch(() => undefined);
  return {
    url,
    uploads: async () => {
      const answer = await fetch(`${url}/__emulator/state`);
      const state = (await answer.json()) as { uploads: { bytes: number }[] };
      return state.uploads.map((u) => u.bytes);
    },
    cpuMs: () => (child.pid === undefined ? undefined : processCpuMs(child.pid)),
    close: async () => {
      if (child.exitCode !== null) return;
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      await gone;
    },
  };
}
