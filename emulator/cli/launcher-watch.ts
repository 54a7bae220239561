/**
 * Stops the emulator when the npm (or npx) process that launched it goes away.
 *
 * `npm run emulator` starts `npm → sh → node`. Killing npm does not reliably reach node: npm
 * forwards SIGTERM to the shell only, and SIGHUP or SIGKILL not at all, so the server would
 * keep its port after the command that started it is gone. When npm started us (it sets
 * `npm_lifecycle_event`), we watch our parent and its parent, and stop as soon as either exits.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The parent pid of `pid`, or null when it cannot be read (Windows, or the process is gone). */
export function parentOf(pid: number): number | null {
  if (process.platform === 'win32') return null;
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (Number.isInteger(ppid) && ppid > 0) return ppid;
  } catch {
    // no /proc (macOS): ask ps below
  }
  try {
    const ppid = Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim());
    return Number.isInteger(ppid) && ppid > 0 ? ppid : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else (a reused pid would be that too; rare enough).
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The processes whose exit should stop us: our parent and, when it is a shell npm ran, npm itself. */
export function launchers(env: NodeJS.ProcessEnv = process.env): number[] {
  if (!env.npm_lifecycle_event) return [];
  const pids = [process.ppid];
  const grand = parentOf(process.ppid);
  // pid 1 (or a subreaper) as grandparent means npm is gone already or was never there.
  if (grand !== null && grand > 1) pids.push(grand);
  return pids;
}

/** Polls every `intervalMs` (timer unref'd, so it never keeps the process alive on its own). */
export function stopWithLauncher(stop: () => void, intervalMs = 300): void {
  const watched = launchers();
  if (watched.length === 0) return;
  const timer = setInterval(() => {
    if (watched.some((pid) => !alive(pid) || process.ppid !== watched[0])) {
      clearInterval(timer);
      stop();
    }
  }, intervalMs);
  timer.unref();
}
