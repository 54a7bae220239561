/**
 * The sweep's pure parts: which display names carry a pull request number (and which number);
 * the decision table; the threshold at sweep-max and sweep-max + 1; its table in the job summary
 * (links to the pull requests, every outside value escaped).
 */
import { describe, expect, it } from 'vitest';
import { decide, overThreshold, trustMissing, type PullState } from '../../src/steps/sweep/decide.js';
import { pullNumberOf, type PullNumber } from '../../src/steps/sweep/pull-number.js';
import { renderSweepTable } from '../../src/steps/sweep/sweep-table.js';

describe('pullNumberOf: the pull request a display name carries', () => {
  const NONE = { none: 'no pull request number (pr-{number}) in the name' };
  const not = (digits: string) => ({ none: `"${digits}" is not a pull request number` });
  it.each<[string, PullNumber]>([
    ['pr-1', { number: 1 }],
    ['pr-12', { number: 12 }],
    ['pr-123', { number: 123 }],
    ['pr-12-docs', { number: 12 }],
    ['shop-pr-12', { number: 12 }],
    ['shop.pr-12.web', { number: 12 }],
    ['PR-12', { number: 12 }],
    ['pr-9007199254740991', { number: 9007199254740991 }],
    ['pr-', NONE],
    ['pr-x', NONE],
    // Digits that run into letters, pr- inside a word, no dash, another form, digits not ASCII.
    ['pr-12a', NONE],
    ['pr-1x2', NONE],
    ['xpr-12', NONE],
    ['pr12', NONE],
    ['pr_12', NONE],
    ['pr-１２', NONE],
    ['staging', NONE],
    ['pr-012', not('012')],
    ['pr-0', not('0')],
    ['pr-99999999999999999999', not('99999999999999999999')],
    ['pr-1-pr-2', { none: 'more than one pull request number in the name (1, 2)' }],
  ])('%s: %j', (name, want) => {
    expect(pullNumberOf(name)).toEqual(want);
  });
});

describe('decide: the decision table', () => {
  const unreadable = (reason: string): PullState => ({ kind: 'unreadable', reason });
  it.each<[PullState | null, ReturnType<typeof decide>]>([
    [{ kind: 'open' }, { delete: false, why: 'the pull request is open' }],
    [{ kind: 'closed' }, { delete: true }],
    [{ kind: 'merged' }, { delete: true }],
    [{ kind: 'missing' }, { delete: true }],
    [
      unreadable('no permission (403)'),
      { delete: false, why: "the pull request's state could not be read: no permission (403)" },
    ],
    [null, { delete: false, why: 'no pull request number' }],
  ])('%j → %j', (state, verdict) => {
    expect(decide(state)).toEqual(verdict);
  });

  it('trusts a 404 only when GitHub showed another pull request of the repository', () => {
    const blind = trustMissing(
      new Map<number, PullState>([
        [2, { kind: 'missing' }],
        [3, { kind: 'missing' }],
        [4, { kind: 'unreadable', reason: 'x' }],
      ]),
    );
    const reason = /^GitHub answered 404 for every pull request asked, .*\(check github-token and GITHUB_REPOSITORY\)$/;
    expect([...blind.values()]).toEqual([
      { kind: 'unreadable', reason: expect.stringMatching(reason) },
      { kind: 'unreadable', reason: expect.stringMatching(reason) },
      // A state already unreadable keeps its own reason.
      { kind: 'unreadable', reason: 'x' },
    ]);
    expect([...blind.values()].every((s) => !decide(s).delete)).toBe(true);
  });

  it.each<PullState['kind']>(['open', 'closed', 'merged'])('a %s pull request is enough to trust a 404', (kind) => {
    const states = new Map<number, PullState>([
      [1, { kind } as PullState],
      [2, { kind: 'missing' }],
    ]);
    expect(trustMissing(states).get(2)).toEqual({ kind: 'missing' });
  });
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

describe('the sweep table of the job summary', () => {
  const table = (rows: Parameters<typeof renderSweepTable>[0]['rows']) =>
    renderSweepTable({
      app: 'shop',
      pattern: 'pr-*',
      pullRequestUrl: (n) => `https://github.com/o/shop/pull/${n}`,
      rows,
    });

  it('links each pull request and says what was done', () => {
    const text = table([
      { displayName: 'pr-12', id: 'a1', number: 12, state: { kind: 'closed' }, done: 'deleted' },
      { displayName: 'pr-13', id: 'a2', number: 13, state: { kind: 'open' }, done: 'kept: the pull request is open' },
      { displayName: 'pr-x', id: 'a3', number: null, state: null, done: 'kept' },
    ]);
    expect(text.split('\n')).toEqual([
      '### Previews of app shop matching pr\\-\\*',
      '',
      '| Environment | Pull request | State | Done |',
      '| --- | --- | --- | --- |',
      '| pr\\-12 | [\\#12](https://github.com/o/shop/pull/12) | closed | deleted |',
      '| pr\\-13 | [\\#13](https://github.com/o/shop/pull/13) | open | kept\\: the pull request is open |',
      '| pr\\-x |  |  | kept |',
    ]);
  });

  it('escapes display names and GitHub messages: no HTML, link or extra column', () => {
    const row = table([
      {
        displayName: 'pr-1 <img src=x> [a](https://evil.example) | x',
        id: 'a1',
        number: 1,
        state: { kind: 'unreadable', reason: '<b>|' },
        done: 'kept: <script>\n| injected |',
      },
    ])
      .split('\n')
      .at(-1)!;
    expect(row).not.toMatch(/<img|<script|<b>|\]\(https:\/\/evil/);
    expect(row.split(/(?<!\\)\|/)).toHaveLength(6);
  });

  it('says when nothing matches', () => {
    expect(table([])).toContain('No environment of the app matches');
  });
});
