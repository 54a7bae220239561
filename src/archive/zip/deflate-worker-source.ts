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
 * piece's tail, which travels in the same buffer, after the piece (no copy of its own to send).
 *
 * A worker's memory is left to its collector. What keeps it near flat is that each job leaves
 * one output buffer behind, not a chain of 16 KiB chunks and their concatenation (measured on
 * the large bench tree: peak RSS about 150 MB instead of 170-183 MB with zlib's default chunks),
 * and the worker's small old generation (WORKER_LIMITS in deflate-pool.ts), which makes its
 * collector run often enough.
 */
export const DEFLATE_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// Set by the pool when it closes: the jobs not yet begun are answered at once, undone.
const stopped = new Int32Array(workerData.stop);
const zlib = require('node:zlib');
const PROBE_RATIO = ${PROBE_RATIO};
// One output buffer per job, sized to hold what is worth keeping (the input's size, plus the
// few bytes deflate frames stored blocks with): zlib's default 16 KiB chunks would leave, for a
// 1 MiB piece, 64 chunks and their concatenation behind as garbage. Under 4 KiB the buffer
// comes from Node's shared pool.
const room = (n) => Math.max(64, n + (n >> 10) + 64);
parentPort.on('message', (batch) => {
  const buf = Buffer.from(batch.buffer);
  const overflow = [];
  let overflowBytes = 0;
  const results = batch.jobs.map((job) => {
    if (Atomics.load(stopped, 0) === 1) return { error: 'stopped' };
    try {
      const data = buf.subarray(job.off, job.off + job.len);
      let out;
      let crc = 0;
      if (job.piece) {
        const opts = { level: batch.level, finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: room(data.length) };
        if (job.dictLen) opts.dictionary = buf.subarray(job.dictAt, job.dictAt + job.dictLen);
        out = zlib.deflateRawSync(data, opts);
      } else {
        crc = zlib.crc32(data);
        if (!job.deflate) return { crc, stored: true };
        if (job.probe) {
          const head = data.subarray(0, job.probe);
          const probe = zlib.deflateRawSync(head, { level: 1, chunkSize: room(head.length) });
          if (probe.length >= head.length * PROBE_RATIO) return { crc, stored: true };
        }
        out = zlib.deflateRawSync(data, { level: batch.level, chunkSize: room(data.length) });
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
  parentPort.postMessage({ id: batch.id, buffer: batch.buffer, extra, results }, moved);
});
`;
