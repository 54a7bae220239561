/**
 * CPU time from Linux's /proc, for the step benchmark's CPU budget: how much CPU each side of
 * the comparison takes on this machine's cores, next to the time it takes.
 *
 * - `childrenCpuMs()`: the CPU of this process's children that have exited and been waited for
 *   (`cutime` + `cstime` of /proc/self/stat). Node waits for every child it spawns, so the
 *   difference across one run of `zip` and `curl`, or of the action, is exactly what that run
 *   used, on every thread (the action's deflate workers included).
 * - `processCpuMs(pid)`: the CPU a live process has used so far (`utime` + `stime`), for the
 *   emulator, which lives across runs.
 *
 * Both are undefined where there is no /proc (macOS, Windows); the bench then says so.
 */
import { readFileSync } from 'node:fs';

/** Linux reports these in ticks of USER_HZ, which is 100 on every architecture Node runs on. */
const MS_PER_TICK = 10;

/** The fields after the command name, which may itself hold spaces and parentheses. */
function statFields(file: string): string[] | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

// Indexes into statFields (field numbers of proc(5) less 3).
const UTIME = 11;
const STIME = 12;
const CUTIME = 13;
const CSTIME = 14;

const ticks = (fields: string[] | undefined, a: number, b: number) =>
  fields ? (Number(fields[a]) + Number(fields[b])) * MS_PER_TICK : undefined;

export const childrenCpuMs = (): number | undefined => ticks(statFields('/proc/self/stat'), CUTIME, CSTIME);

export const processCpuMs = (pid: number): number | undefined => ticks(statFields(`/proc/${pid}/stat`), UTIME, STIME);
