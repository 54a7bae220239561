/** The record: what a run had done when it stopped, and what it starts with. */
import { describe, expect, it } from 'vitest';
import { RunRecord } from '../../src/step-kit/run-record.js';

describe('RunRecord', () => {
  it('starts empty: nothing created, warned, timed, rendered or done', () => {
    const j = new RunRecord();
    expect([j.facts, j.timings, j.created, j.warnings, j.sections, [...j.details]]).toEqual([[], [], [], [], [], []]);
    expect([j.started, j.operation, j.build, j.deployment, j.doing, j.archive]).toEqual([
      false,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(j.recap()).toBe('nothing had been changed yet');
  });

  it('recaps the facts in order, and keeps timings and detail rows per step', () => {
    const j = new RunRecord();
    j.did('app "shop" created');
    j.did('zip uploaded');
    j.time('build', 1200);
    j.detail('deploy', 'live now', 'a');
    j.detail('deploy', 'rolled back to', 'b');
    j.detail('rollback', 'live now', 'c');
    expect(j.recap()).toBe('done so far: app "shop" created; zip uploaded');
    expect(j.timings).toEqual([{ label: 'build', ms: 1200 }]);
    expect(j.details.get('deploy')).toEqual([
      ['live now', 'a'],
      ['rolled back to', 'b'],
    ]);
    expect(j.details.get('rollback')).toEqual([['live now', 'c']]);
  });
});
