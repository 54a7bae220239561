/**
 * Preloaded into dist/index.js by `npm run bench -- start` (node --import). When the action
 * creates its first HTTP request (undici's diagnostics channel), it writes one line to stderr:
 * node's own boot time, the marks the action sets (performance.mark: `headless-deploy:entry` in
 * src/doors/action/index.ts once the bundle is loaded, `:inputs` in main.ts), the time of the
 * request, in ms since the process started, and the CPU used by each mark and by the request
 * (performance.mark is wrapped to read it).
 */
import { subscribe } from 'node:diagnostics_channel';
import { writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const cpuAt = {};
const mark = performance.mark.bind(performance);
performance.mark = (name, options) => {
  cpuAt[name] = cpuMs();
  return mark(name, options);
};

let seen = false;
subscribe('undici:request:create', () => {
  if (seen) return;
  seen = true;
  const cpu = cpuMs();
  const marks = {};
  for (const m of performance.getEntriesByType('mark')) marks[m.name] = m.startTime;
  const line = {
    boot: performance.nodeTiming.bootstrapComplete,
    marks,
    request: performance.now(),
    cpu,
    cpuAt,
  };
  writeSync(2, `start-probe ${JSON.stringify(line)}\n`);
});
