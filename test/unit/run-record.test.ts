/** The RunRecord: what a run had done when it stopped. */
import { describe, expect, it } from 'vitest';
import { RunRecord } from '../../src/step-kit/run-record.js';

describe('RunRecord', () => {
  it('recaps the facts in order (none yet: said so), and keeps timings and detail rows per step', () => {
    const r = new RunRecord();
    expect(r.recap()).toBe('nothing had been changed yet');
    r.did('app "shop" created');
    r.did('zip uploaded');
    r.time('build', 1200);
    r.detail('deploy', 'live now', 'a');
    r.detail('deploy', 'rolled back to', 'b');
    r.detail('rollback', 'live now', 'c');
    expect(r.recap()).toBe('done so far: app "shop" created; zip uploaded');
    expect(r.timings).toEqual([{ label: 'build', ms: 1200 }]);
    expect([...r.details]).toEqual([
      [
        'deploy',
        [
          ['live now', 'a'],
          ['rolled back to', 'b'],
        ],
      ],
      ['rollback', [['live now', 'c']]],
    ]);
  });
});
