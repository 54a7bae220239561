/** A file still being written, as its readers see it: how far, finished, or failed, and once only. */
import { describe, expect, it } from 'vitest';
import { GrowingFile } from '../../src/api/growing-file.js';

/** Whether `p` has settled after the pending callbacks ran. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
}

describe('GrowingFile', () => {
  it('grows only forward: a smaller or equal report changes nothing', () => {
    const f = new GrowingFile('/z');
    f.grow(10);
    f.grow(5);
    expect(f.written).toBe(10);
    f.grow(10);
    expect(f.written).toBe(10);
  });

  it('a reader waits until more than its offset is on disk, not until exactly its offset', async () => {
    const f = new GrowingFile('/z');
    const waiting = f.beyond(10);
    f.grow(10);
    expect(await settled(waiting)).toBe(false);
    f.grow(11);
    expect(await settled(waiting)).toBe(true);
    expect(await settled(f.beyond(10))).toBe(true);
  });

  it('once finished, later reports change nothing and every reader goes on', async () => {
    const f = new GrowingFile('/z');
    f.finish(20);
    f.grow(30);
    f.finish(40);
    f.fail(new Error('late'));
    expect([f.written, f.size, f.error]).toEqual([20, 20, undefined]);
    await expect(f.done).resolves.toBe(20);
    expect(await settled(f.beyond(100))).toBe(true);
  });

  it('once failed, later reports change nothing and readers stop with the error', async () => {
    const f = new GrowingFile('/z');
    f.grow(5);
    const err = new Error('disk full');
    f.fail(err);
    f.grow(50);
    f.finish(60);
    f.fail(new Error('again'));
    expect([f.written, f.size, f.error]).toEqual([5, undefined, err]);
    await expect(f.done).rejects.toBe(err);
    expect(await settled(f.beyond(100))).toBe(true);
  });

  it('a reader waiting when the file fails is woken', async () => {
    const f = new GrowingFile('/z');
    const waiting = f.beyond(0);
    f.fail(new Error('x'));
    expect(await settled(waiting)).toBe(true);
  });
});
