/**
 * Preloaded into dist/index.js by `npm run bench -- start` (node --import). When the action
 * creates its first HTTP request (undici's diagnostics channel), it writes one line to stderr:
 * node's own boot time, the marks the action sets (performance.mark in src/index.ts), the time
 * of the request and the CPU used so far, in ms since the process started.
 */
import { subscribe } from 'node:diagnostics_channel';
import { writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

let seen = false;
subscribe('undici:request:create', () => {
  if (seen) return;
  seen = true;
  const cpu = process.cpuUsage();
  const marks = {};
  for (const m of performance.getEntriesByType('mark')) marks[m.name] = m.startTime;
  const line = {
    boot: performance.nodeTiming.bootstrapComplete,
    marks,
    request: performance.now(),
    cpu: (cpu.user + cpu.system) / 1000,
  };
  writeSync(2, `start-probe ${JSON.stringify(line)}\n`);
});
