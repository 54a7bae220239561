/**
 * The sweep's pure parts: which display names carry a pull request number (and which number),
 * under delete-pattern; the decision table; the threshold at sweep-max and sweep-max + 1.
 */
import { describe, expect, it } from 'vitest';
import { parseDeletePattern } from '../../src/step-kit/delete-pattern.js';
import { decide, overThreshold, trustMissing, type PullState } from '../../src/steps/sweep/decide.js';
import { pullNumberOf } from '../../src/steps/sweep/pull-number.js';

const numberOf = (name: string) => {
  const r = pullNumberOf(name);
  return 'number' in r ? r.number : null;
};

describe('pullNumberOf: the pull request a display name carries', () => {
  it.each([
    ['pr-1', 1],
    ['pr-12', 12],
    ['pr-123', 123],
    ['pr-12-docs', 12],
    ['shop-pr-12', 12],
    ['shop.pr-12.web', 12],
    ['PR-12', 12],
    ['pr-9007199254740991', 9007199254740991],
  ])('%s carries %i', (name, n) => {
    expect(numberOf(name)).toBe(n);
  });

  it.each([
    ['pr-', 'no number'],
    ['pr-x', 'no digits'],
    ['pr-12a', 'digits run into letters'],
    ['pr-1x2', 'digits run into letters'],
    ['xpr-12', 'pr- inside a word'],
    ['pr12', 'no dash'],
    ['pr_12', 'not the pr-{n} form'],
    ['pr-012', 'a leading zero'],
    ['pr-0', 'zero'],
    ['pr-１２', 'digits that are not ASCII'],
    ['pr-99999999999999999999', 'larger than any pull request'],
    ['pr-1-pr-2', 'two numbers: ambiguous'],
    ['staging', 'no number at all'],
  ])('%s carries none (%s)', (name) => {
    expect(numberOf(name)).toBeNull();
    expect((pullNumberOf(name) as { none: string }).none).not.toBe('');
  });

  it('says which numbers, or which digits, it could not take', () => {
    expect(pullNumberOf('pr-1-pr-2')).toEqual({ none: 'more than one pull request number in the name (1, 2)' });
    expect(pullNumberOf('pr-012')).toEqual({ none: '"012" is not a pull request number' });
    expect(pullNumberOf('staging')).toEqual({ none: 'no pull request number (pr-{number}) in the name' });
  });

  it('never takes pr-12 for pr-1 or pr-123, nor the other way round', () => {
    const names = ['pr-1', 'pr-12', 'pr-123', 'pr-1234'];
    expect(names.map(numberOf)).toEqual([1, 12, 123, 1234]);
    expect(new Set(names.map(numberOf)).size).toBe(names.length);
  });

  it('under delete-pattern: only names the pattern matches are candidates at all', () => {
    const names = ['pr-1', 'pr-12', 'pr-123', 'staging', 'preview-pr-7', 'pr-8-docs', 'pr-feature'];
    const candidates = (pattern: string) => {
      const p = parseDeletePattern(pattern);
      return names.filter((n) => p.matches(n)).flatMap((n) => (numberOf(n) === null ? [] : [[n, numberOf(n)]]));
    };
    expect(candidates('pr-*')).toEqual([
      ['pr-1', 1],
      ['pr-12', 12],
      ['pr-123', 123],
      ['pr-8-docs', 8],
    ]);
    expect(candidates('pr-12')).toEqual([['pr-12', 12]]);
    expect(candidates('pr-1?')).toEqual([['pr-12', 12]]);
    expect(candidates('preview-*')).toEqual([['preview-pr-7', 7]]);
    expect(candidates('{pr-1,pr-123}')).toEqual([
      ['pr-1', 1],
      ['pr-123', 123],
    ]);
    expect(candidates('staging')).toEqual([]);
  });
});

describe('decide: the decision table', () => {
  it.each<[PullState | null, boolean]>([
    [{ kind: 'open' }, false],
    [{ kind: 'closed' }, true],
    [{ kind: 'merged' }, true],
    [{ kind: 'missing' }, true],
    [{ kind: 'unreadable', reason: 'no permission (403)' }, false],
    [{ kind: 'unreadable', reason: 'GitHub answered 500, still after 4 attempts' }, false],
    [null, false],
  ])('%j → delete %s', (state, deleted) => {
    expect(decide(state).delete).toBe(deleted);
  });

  it('says why a preview is kept', () => {
    expect(decide({ kind: 'open' })).toEqual({ delete: false, why: 'the pull request is open' });
    expect(decide({ kind: 'unreadable', reason: 'no permission (403)' })).toEqual({
      delete: false,
      why: "the pull request's state could not be read: no permission (403)",
    });
    expect(decide(null)).toEqual({ delete: false, why: 'no pull request number' });
  });

  it('trusts a 404 only when GitHub showed another pull request of the repository', () => {
    const seen = new Map<number, PullState>([
      [1, { kind: 'closed' }],
      [2, { kind: 'missing' }],
    ]);
    expect(trustMissing(seen).get(2)).toEqual({ kind: 'missing' });
    const blind = new Map<number, PullState>([
      [2, { kind: 'missing' }],
      [3, { kind: 'missing' }],
      [4, { kind: 'unreadable', reason: 'x' }],
    ]);
    const judged = trustMissing(blind);
    expect(judged.get(2)!.kind).toBe('unreadable');
    expect(judged.get(3)!.kind).toBe('unreadable');
    expect(judged.get(2)).toEqual({
      kind: 'unreadable',
      reason:
        'GitHub answered 404 for every pull request asked, as it does when the token cannot see the repository (check github-token and GITHUB_REPOSITORY)',
    });
    // A state already unreadable keeps its own reason.
    expect(judged.get(4)).toEqual({ kind: 'unreadable', reason: 'x' });
    expect([...judged.values()].every((s) => !decide(s).delete)).toBe(true);
  });

  it.each<PullState['kind']>(['open', 'closed', 'merged'])(
    'a %s pull request alone is enough to trust a 404',
    (kind) => {
      const states = new Map<number, PullState>([
        [1, { kind } as PullState],
        [2, { kind: 'missing' }],
      ]);
      expect(trustMissing(states).get(2)).toEqual({ kind: 'missing' });
    },
  );
});

describe('overThreshold: sweep-max', () => {
  it.each([
    [0, 20, false],
    [20, 20, false],
    [21, 20, true],
    [0, 0, false],
    [1, 0, true],
  ])('%i to delete with sweep-max %i: stop %s', (n, max, stop) => {
    expect(overThreshold(n, max)).toBe(stop);
  });
});
