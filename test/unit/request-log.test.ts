/** The emulator's request log: a ring of the latest requests whose cut paths hold no more memory than they show. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { MAX_LOGGED_PATH, RequestLog } from '../../emulator/http/request-log.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('RequestLog', () => {
  // The ring and the cut, as requests() and the control route show them: emulator-limits.test.ts.
  it('does not keep the long paths it cut alive (a slice of a string shares its memory in V8)', () => {
    gc();
    const before = process.memoryUsage().heapUsed;
    const log = new RequestLog(1000);
    // 3,000 distinct 15 KB paths: 15 MB held if each cut kept its whole path.
    for (let i = 0; i < 3000; i++) log.add('GET', `/v1/installs/${i}-${'p'.repeat(15_000)}`);
    gc();
    const held = process.memoryUsage().heapUsed - before;
    expect(log.entries()).toHaveLength(1000);
    expect(held).toBeLessThan(4 * 1024 * 1024);
  });

  it('keeps a cut path exactly, lone surrogates included', () => {
    const log = new RequestLog(1);
    const path = `/v1/\ud800${'é'.repeat(600)}`;
    log.add('GET', path);
    expect(log.entries()[0]!.path).toBe(path.slice(0, MAX_LOGGED_PATH));
  });
});
