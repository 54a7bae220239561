/**
 * Runs the action's path alone in its own process, so its peak RSS can be read:
 * `archive-child.ts <root> <tempDir> <baseUrl> [workers]` prints one JSON line with the timing
 * and peak; `workers` forces the number of deflate workers (else the action's own choice).
 */
import { readFileSync } from 'node:fs';
import { runActionPath } from './archive-action.js';

/**
 * Peak resident memory in MiB. Linux's VmHWM belongs to this process's own address space;
 * getrusage's maxRSS can also count the parent's pages from before exec.
 */
export function peakRssMb(): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS / 1024;
}

const [root, tempDir, baseUrl, workers] = process.argv.slice(2);
if (!root || !tempDir || !baseUrl) throw new Error('usage: archive-child.ts <root> <tempDir> <baseUrl> [workers]');
if (root === '--baseline') {
  console.log(JSON.stringify({ maxRssMb: peakRssMb() }));
} else {
  const timing = await runActionPath(root, tempDir, baseUrl, workers === undefined ? undefined : Number(workers));
  console.log(JSON.stringify({ ...timing, maxRssMb: peakRssMb() }));
}
