/** Choosing the kept archive a rollback uploads again, from GitHub's artifact listing. */
import { describe, expect, it } from 'vitest';
import { pickKept, type ListedArtifact } from '../../src/github/pick-kept.js';

const NAME = 'headless-deploy-shop-0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015';
const art = (id: number, run: number, day: number, over: Partial<ListedArtifact> = {}): ListedArtifact => ({
  id,
  name: NAME,
  expired: false,
  created_at: `2026-01-${String(day).padStart(2, '0')}T00:00:00Z`,
  workflow_run: { id: run },
  ...over,
});

// Given out of order, as a listing may be: newest is 3 (run 300), then 2 (run 200), then 1 (run 100).
const LISTING = [art(2, 200, 2), art(1, 100, 1), art(3, 300, 3)];

describe('pickKept', () => {
  it.each([
    ['previous: the one before the newest', { kind: 'previous' } as const, 2],
    ['a run id: the one that run kept', { kind: 'run', runId: 100 } as const, 1],
    ['before this run: the newest of an earlier run', { kind: 'before-run', runId: 300 } as const, 2],
    ['before this run, when this run kept none', { kind: 'before-run', runId: 999 } as const, 3],
  ])('%s', (_title, want, id) => {
    expect(pickKept(LISTING, NAME, want)).toEqual({ artifact: expect.objectContaining({ id }) });
  });

  it('never picks an archive of another app or environment, nor an expired one', () => {
    const listing = [
      art(9, 900, 9, { name: 'headless-deploy-shop-other-env' }),
      art(8, 800, 8, { name: `${NAME}-x` }),
      art(7, 700, 7, { expired: true }),
      ...LISTING,
    ];
    expect(pickKept(listing, NAME, { kind: 'previous' })).toEqual({ artifact: expect.objectContaining({ id: 2 }) });
    expect(pickKept(listing, NAME, { kind: 'run', runId: 700 })).toEqual({
      none: `run 700 kept no unexpired archive named "${NAME}"`,
    });
  });

  it('says so when nothing is kept', () => {
    expect(pickKept([], NAME, { kind: 'previous' })).toEqual({
      none: `no unexpired archive named "${NAME}" is kept, so there is no previous one to roll back to`,
    });
    expect(pickKept([art(1, 100, 1)], NAME, { kind: 'previous' })).toMatchObject({
      none: expect.stringMatching(/^only one/),
    });
    expect(pickKept([art(1, 100, 1)], NAME, { kind: 'before-run', runId: 100 })).toEqual({
      none: `no earlier run kept an unexpired archive named "${NAME}"`,
    });
  });
});
