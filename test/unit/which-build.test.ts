/**
 * Which build is this upload's: the verdict on each build a poll shows (build-follower.ts), and
 * whether the environment is busy before an upload (when-busy.ts). The flows that act on them
 * are test/integration/wait-step.test.ts and deploy-which-build.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { BuildFollower, type BuildWatch } from '../../src/release/build-follower.js';
import { judgeBusy } from '../../src/steps/deploy/when-busy.js';
import type { Operation } from '../../src/api/types.js';

const ENV = 'accounts/demo/apps/shop/environments/e1';
const A = `${ENV}/builds/aaaa1111`;
const B = `${ENV}/builds/bbbb2222`;
const NONE = `${ENV}/builds/no_build`;

describe('BuildFollower', () => {
  // [watch, builds polls show in order, the verdict of each]
  it.each<[string, BuildWatch, (string | undefined)[], string[]]>([
    ['latest: any build is followed', { kind: 'latest' }, [NONE, A, B], ['none', 'ours', 'ours']],
    ['given: its own, then another', { kind: 'given', build: A }, [undefined, A, B], ['none', 'ours', 'other']],
    ['given as a bare id', { kind: 'given', build: 'aaaa1111' }, [A, B], ['ours', 'other']],
    [
      'claim: the first new build is its own',
      { kind: 'claim', before: null },
      [NONE, A, A, B],
      ['none', 'ours', 'ours', 'other'],
    ],
    [
      'claim: the build shown before the upload is not',
      { kind: 'claim', before: A },
      [A, A, B, A],
      ['earlier', 'earlier', 'ours', 'other'],
    ],
    [
      '`no_build` alone, and empty, name no build',
      { kind: 'claim', before: null },
      ['no_build', '', A],
      ['none', 'none', 'ours'],
    ],
  ])('%s', (_, watch, shown, verdicts) => {
    const f = new BuildFollower(watch);
    expect(shown.map((b) => f.see(b).kind)).toEqual(verdicts);
  });

  it('a superseding build is named with the one it replaced', () => {
    const f = new BuildFollower({ kind: 'claim', before: null });
    f.see(A);
    expect(f.see(B)).toEqual({ kind: 'other', build: B, ours: A });
    expect(f.build).toBe(A);
  });
});

describe('judgeBusy', () => {
  const op = (done: boolean, build = A): Operation => ({
    name: `${ENV}/operations/op1`,
    metadata: { build, deployment: '' },
    done,
  });
  it.each<[string, Operation | undefined, boolean | undefined, RegExp | null, string | null]>([
    ['no operation (404)', undefined, undefined, null, null],
    ['its latest build done', op(true), false, null, A],
    ['its latest build running', op(false), undefined, /latest operation .*op1 \(build .*aaaa1111\) is not done/, A],
    ['an operation not started', op(false, NONE), undefined, /its build not started yet/, null],
    ['done, the record reconciling', op(true), true, /reconciling/, A],
    ['no operation, the record reconciling', undefined, true, /reconciling/, null],
  ])('%s', (_, latest, reconciling, busy, build) => {
    const seen = judgeBusy(latest, reconciling === undefined ? {} : { reconciling });
    if (busy) expect(seen.busy).toMatch(busy);
    else expect(seen.busy).toBeNull();
    expect(seen.build).toBe(build);
  });
});
