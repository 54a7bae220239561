/**
 * The step benchmark's CPU figures come from /proc: a wrong field would print plausible numbers
 * that mean nothing. A child that spins for a known time must show up as about that much CPU.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { childrenCpuMs, processCpuMs } from '../../bench/proc-cpu.js';

const SPIN_MS = 300;
/**
 * Spins until it has used SPIN_MS of CPU (not of wall time: on a busy machine a spinner gets less
 * CPU than the time it spins), then waits, idle, until its input closes.
 */
const SPINNER = `const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
while (cpu() < ${SPIN_MS});
process.stdout.write('spun\\n');
process.stdin.resume();`;

const linux = process.platform === 'linux';

// Nothing skips: on Linux the figures must be right, elsewhere there must be none.
describe('bench CPU from /proc', () => {
  it('counts a spinning child: live by its pid, then among the exited children (elsewhere: no figure)', async () => {
    if (!linux) {
      expect(childrenCpuMs()).toBeUndefined();
      expect(processCpuMs(process.pid)).toBeUndefined();
      return;
    }
    const before = childrenCpuMs()!;
    const child = spawn(process.execPath, ['-e', SPINNER], { stdio: ['pipe', 'pipe', 'inherit'] });
    await once(child.stdout!, 'data');
    const live = processCpuMs(child.pid!)!;
    // Node's own start is counted too; /proc counts in ticks of 10 ms.
    expect(live).toBeGreaterThanOrEqual(SPIN_MS - 20);
    expect(live).toBeLessThan(SPIN_MS + 1500);
    // Not yet exited: not among the children's CPU.
    expect(childrenCpuMs()! - before).toBeLessThan(SPIN_MS - 20);
    child.stdin!.end();
    await once(child, 'exit');
    const counted = childrenCpuMs()! - before;
    expect(counted).toBeGreaterThanOrEqual(live);
    expect(counted).toBeLessThan(live + 200);
  });

  it('says nothing of a process that is gone', () => {
    expect(processCpuMs(2 ** 22 + 1)).toBeUndefined();
  });
});
