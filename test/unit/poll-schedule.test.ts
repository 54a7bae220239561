import { describe, expect, it } from 'vitest';
import { DEFAULT_POLL_SCHEDULE, nextPollAt, pollInterval, resolvePollSchedule } from '../../src/api/poll-schedule.js';

/** Poll offsets of an uninterrupted wait (requests take no time), up to `until`. */
function pollTimes(until: number): number[] {
  const times = [0];
  while (times.at(-1)! < until) {
    const t = times.at(-1)!;
    times.push(nextPollAt(t, t, Infinity));
  }
  return times;
}

describe('pollInterval', () => {
  it.each([
    [0, 1000],
    [19_999, 1000],
    [20_000, 1000],
    [55_000, 2000],
    [72_500, 2500],
    [89_999, 3000],
    [90_000, 3000],
    [3_600_000, 3000],
  ])('at %i ms → %i ms', (elapsed, interval) => expect(pollInterval(elapsed)).toBe(interval));

  it('never shrinks as the wait goes on', () => {
    let prev = 0;
    for (let t = 0; t < 200_000; t += 250) {
      const i = pollInterval(t);
      expect(i).toBeGreaterThanOrEqual(prev);
      prev = i;
    }
  });
});

describe('the schedule meets the notice targets', () => {
  const times = pollTimes(15 * 60_000);
  const noticeDelay = (doneAt: number) => times.find((t) => t >= doneAt)! - doneAt;

  it('notices any build finishing between 1 s and 60 s within 2.5 s', () => {
    let worst = 0;
    for (let done = 1000; done <= 60_000; done += 7) worst = Math.max(worst, noticeDelay(done));
    expect(worst).toBeLessThanOrEqual(2500);
  });

  it('polls at most 20 times a minute once backed off', () => {
    const late = times.filter((t) => t >= 10 * 60_000 && t < 11 * 60_000);
    expect(late.length).toBeLessThanOrEqual(20);
    expect(late.length).toBeGreaterThanOrEqual(19);
  });
});

describe('nextPollAt', () => {
  it.each([
    ['lands the last poll exactly on the deadline', 9_500, 9_500, 10_000, 10_000],
    ['lands a first poll past the deadline on it', 0, 0, 400, 400],
    ['keeps to the schedule when a poll was quick', 5_000, 5_100, 60_000, 6_000],
    ['leaves a gap after a slow poll instead of polling back to back', 5_000, 8_000, 60_000, 8_250],
  ])('%s', (_, scheduled, returned, timeout, next) => expect(nextPollAt(scheduled, returned, timeout)).toBe(next));
});

describe('resolvePollSchedule', () => {
  it('fills defaults and rejects an unusable schedule', () => {
    expect(resolvePollSchedule()).toEqual(DEFAULT_POLL_SCHEDULE);
    expect(resolvePollSchedule({ capMs: 5000 }).capMs).toBe(5000);
    expect(() => resolvePollSchedule({ initialMs: 0 })).toThrow(/initialMs/);
    expect(() => resolvePollSchedule({ initialMs: 4000, capMs: 3000 })).toThrow(/initialMs <= capMs/);
  });
});
