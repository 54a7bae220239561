/**
 * Starting the emulator bundle as a detached process that outlives the action's main step, and
 * stopping it from the post step.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { listeningUrl } from './inputs.js';

export interface Started {
  pid: number;
  url: string;
}

function readLog(logFile: string): string {
  try {
    return readFileSync(logFile, 'utf8');
  } catch {
    return '';
  }
}

/** The last lines of the log, for an error a person reads. */
export function logTail(logFile: string, lines = 20): string {
  return readLog(logFile).trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * Runs `node <serverBundle> ...args` in its own process group with stdout and stderr appended to
 * `logFile`, and resolves once it prints its listening line. The child is unref'd: this process
 * can exit and leave it serving the rest of the job.
 */
export async function startDetached(
  serverBundle: string,
  args: readonly string[],
  logFile: string,
  timeoutMs = 30_000,
): Promise<Started> {
  const fd = openSync(logFile, 'a');
  // npm_* variables would make the server watch this (short-lived) process and stop with it.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_')));
  const child = spawn(process.execPath, [serverBundle, ...args], {
    detached: true,
    stdio: ['ignore', fd, fd],
    env,
    windowsHide: true,
  });
  closeSync(fd);
  let exited: string | null = null;
  child.on('exit', (code, signal) => {
    exited = signal ? `signal ${signal}` : `exit code ${code}`;
  });
  child.on('error', (e) => {
    exited = e.message;
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const url = listeningUrl(readLog(logFile));
    if (url && child.pid !== undefined) {
      child.unref();
      return { pid: child.pid, url };
    }
    if (exited !== null) {
      throw new Error(`the emulator stopped before it listened (${exited}); its log ends:\n${logTail(logFile)}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the emulator did not listen within ${timeoutMs / 1000} s; its log ends:\n${logTail(logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** SIGTERM, then SIGKILL if it has not exited within `graceMs`. Resolves true when it is gone. */
export async function stopProcess(pid: number, graceMs = 5_000): Promise<boolean> {
  if (!isAlive(pid)) return true;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return !isAlive(pid);
  }
  const until = Date.now() + graceMs;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone between the check and the kill
  }
  await new Promise((r) => setTimeout(r, 200));
  return !isAlive(pid);
}
