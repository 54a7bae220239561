/**
 * The upload's progress as a terminal draws it, from the client's callbacks: an attempt starts,
 * then bytes sent so far of a total. A count heard twice draws nothing new; a retry starts over.
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '../../src/api/client.js';
import { finishedFile, uploadArchive } from '../../src/release/upload.js';
import { MemoryLogger, type ProgressEvent } from '../../src/util/log.js';
import { VirtualClock } from '../../src/util/clock.js';
import { testContext } from '../helpers/step-context.js';

const MB = 1024 * 1024;

/** One callback of the client: an attempt starts, or `sent` bytes of `total` are sent, `ms` after the last. */
type Heard = 'attempt' | { sent: number; total?: number; ms?: number };

class DrawingLogger extends MemoryLogger {
  readonly drawn: ProgressEvent[] = [];
  progress(event: ProgressEvent): void {
    this.drawn.push(event);
  }
}

/**
 * Uploads a finished 100 MB zip through a client that plays `script`; answers what was drawn,
 * its time counted from the attempt's first count.
 */
async function drawnFor(script: Heard[]) {
  const clock = new VirtualClock(0);
  const log = new DrawingLogger();
  const client = {
    uploadEnvironment: (_ref, _file, o = {}) => {
      for (const h of script) {
        if (h === 'attempt') o.onAttempt?.('file');
        else {
          clock.advance(h.ms ?? 1000);
          o.onProgress?.(h.sent, h.total);
        }
      }
      return Promise.resolve(undefined);
    },
  } as Pick<Client, 'uploadEnvironment'> as Client;
  const { ctx } = testContext({ client, clock, log });
  const target = { account: 'demo', app: 'shop', uploadMode: 'file', wait: false } as const;
  await uploadArchive(ctx, target, 'env-1', finishedFile('/nowhere/app.zip', 100 * MB), 100 * MB);
  return log.drawn.map((e) =>
    'bytesDone' in e ? { done: e.bytesDone / MB, of: e.bytesTotal / MB, ms: e.elapsedMs } : e,
  );
}

describe('upload progress', () => {
  it.each<[string, Heard[], { done: number; of: number; ms: number }[]]>([
    [
      'a count heard twice draws nothing new: the tenth already drawn is not drawn again',
      ['attempt', { sent: 50 * MB, total: 100 * MB }, { sent: 50 * MB }, { sent: 100 * MB }],
      [
        { done: 50, of: 100, ms: 0 },
        { done: 100, of: 100, ms: 2000 },
      ],
    ],
    [
      'a retry starts the count and the clock over, even when its first count passes the last one',
      [
        'attempt',
        { sent: 20 * MB, total: 100 * MB },
        'attempt',
        { sent: 30 * MB, total: 100 * MB },
        { sent: 100 * MB, total: 100 * MB },
      ],
      [
        { done: 20, of: 100, ms: 0 },
        { done: 30, of: 100, ms: 0 },
        { done: 100, of: 100, ms: 1000 },
      ],
    ],
    [
      'a zip sent while it is written is drawn by time, then by tenths once its size is known',
      [
        'attempt',
        { sent: 10 * MB, ms: 1000 },
        { sent: 20 * MB, ms: 5000 },
        { sent: 90 * MB, total: 100 * MB, ms: 1000 },
        { sent: 100 * MB, total: 100 * MB, ms: 1000 },
      ],
      [
        { done: 20, of: Infinity, ms: 5000 },
        { done: 90, of: 100, ms: 6000 },
        { done: 100, of: 100, ms: 7000 },
      ],
    ],
  ])('%s', async (_, script, drawn) => {
    expect(await drawnFor(script)).toEqual(drawn);
  });
});
