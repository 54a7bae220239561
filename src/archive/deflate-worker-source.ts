import { PROBE_RATIO } from './compressibility.js';

/**
 * The code each deflate worker runs, as a string so it travels inside the one-file bundle of
 * the action (a worker file beside it would not). Plain CommonJS; Node APIs only.
 *
 * A message is a batch of jobs over one buffer, moved (not copied) to the worker and back.
 * Each job is deflated with deflateRawSync, a fresh zlib state per job, which makes the
 * output a pure function of the input and level (a reset, reused stream's output can depend
 * on the entries before it). Output goes back in place of its input when it fits, so no new
 * memory crosses threads. Whole entries get their CRC here too, and stay stored when deflate
 * does not shrink them; pieces of a large file are sync-flushed, primed with the previous
 * piece's tail.
 */
export const DEFLATE_WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const zlib = require('node:zlib');
const PROBE_RATIO = ${PROBE_RATIO};
// The deflate outputs are garbage once copied back, and V8 lets tens of MB of dead buffers
// pile up before it collects them: a collection every few MB keeps memory flat. On Node 20 a
// scavenge frees them (well under a millisecond, where a full collection takes 5-10 ms); on
// Node 24 an output lives until a full collection finds its zlib handle dead, so a full one
// follows when the scavenge left them held. Either runs after the reply, off the path the
// writer waits on.
let collect = typeof globalThis.gc === 'function' ? globalThis.gc : undefined;
try {
  if (!collect) {
    require('v8').setFlagsFromString('--expose-gc');
    collect = require('vm').runInNewContext('gc');
  }
} catch {}
const GC_EVERY_BYTES = 4 * 1024 * 1024;
const HELD_AFTER_SCAVENGE = 2 * 1024 * 1024;
let sinceGc = 0;
parentPort.on('message', (batch) => {
  const buf = Buffer.from(batch.buffer);
  const overflow = [];
  let overflowBytes = 0;
  const results = batch.jobs.map((job) => {
    try {
      const data = buf.subarray(job.off, job.off + job.len);
      let out;
      let crc = 0;
      if (job.piece) {
        const opts = { level: batch.level, finishFlush: zlib.constants.Z_SYNC_FLUSH };
        if (job.dict) opts.dictionary = job.dict;
        out = zlib.deflateRawSync(data, opts);
      } else {
        crc = zlib.crc32(data);
        if (!job.deflate) return { crc, stored: true };
        if (job.probe) {
          const head = data.subarray(0, job.probe);
          if (zlib.deflateRawSync(head, { level: 1 }).length >= head.length * PROBE_RATIO) return { crc, stored: true };
        }
        out = zlib.deflateRawSync(data, { level: batch.level });
        if (out.length >= data.length) return { crc, stored: true };
      }
      if (out.length <= job.cap) {
        buf.set(out, job.off);
        return { crc, stored: false, len: out.length };
      }
      overflow.push(out);
      overflowBytes += out.length;
      return { crc, stored: false, len: out.length, overflowAt: overflowBytes - out.length };
    } catch (err) {
      return { error: String((err && err.message) || err) };
    }
  });
  let extra;
  if (overflow.length > 0) {
    extra = new ArrayBuffer(overflowBytes);
    const view = new Uint8Array(extra);
    let at = 0;
    for (const o of overflow) {
      view.set(o, at);
      at += o.length;
    }
  }
  const moved = extra ? [batch.buffer, extra] : [batch.buffer];
  sinceGc += batch.buffer.byteLength;
  parentPort.postMessage({ id: batch.id, buffer: batch.buffer, extra, results }, moved);
  if (collect && sinceGc > GC_EVERY_BYTES) {
    collect({ type: 'minor' });
    if (process.memoryUsage().arrayBuffers > HELD_AFTER_SCAVENGE) collect();
    sinceGc = 0;
  }
});
`;
