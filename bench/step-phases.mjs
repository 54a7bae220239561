/**
 * Preloaded into dist/index.js by `npm run bench -- step --phases` (node --import). At exit it
 * writes one line to stderr: when, in ms since the process started, the deploy reached each
 * phase, and the CPU the process used. The phases come from undici's diagnostics channels (the
 * first request, the upload request: created once the plan is complete, its body sent, its
 * answer) and from the deflate workers' `online` events; nothing in the action is changed.
 */
import { subscribe } from 'node:diagnostics_channel';
import { writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const at = {};
const now = () => performance.now();
const isUpload = (request) => /:upload(\?|$)/.test(request.path);

subscribe('undici:request:create', ({ request }) => {
  at.firstRequest ??= now();
  if (isUpload(request)) at.uploadCreated ??= now();
});
subscribe('undici:request:bodySent', ({ request }) => {
  if (isUpload(request)) at.uploadSent = now();
});
subscribe('undici:request:headers', ({ request }) => {
  if (isUpload(request)) at.uploadAnswered = now();
});
process.on('worker', (worker) => {
  at.workersCreated ??= now();
  worker.once('online', () => (at.workersOnline = now()));
});
process.on('exit', () => {
  const cpu = process.cpuUsage();
  // Node 23.9 and later: the main thread's own share (the rest is deflate workers and V8's helpers).
  const main = process.threadCpuUsage?.();
  const line = {
    ...at,
    exit: now(),
    cpu: (cpu.user + cpu.system) / 1000,
    ...(main ? { mainThreadCpu: (main.user + main.system) / 1000 } : {}),
  };
  writeSync(2, `step-phases ${JSON.stringify(line)}\n`);
});
