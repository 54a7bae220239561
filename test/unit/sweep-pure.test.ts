/**
 * The sweep's pure parts: which display names carry a pull request number (and which number);
 * the decision table; the threshold at sweep-max and sweep-max + 1; its table in the job summary
 * (links to the pull requests, every outside value escaped).
 */
import { describe, expect, it } from 'vitest';
import { decide, everyMissingWarning, overThreshold, type PullState } from '../../src/steps/sweep/decide.js';
import { pullNumberOf, type PullNumber } from '../../src/steps/sweep/pull-number.js';
import { renderSweepTable } from '../../src/steps/sweep/sweep-table.js';

describe('pullNumberOf: the pull request a display name carries', () => {
  const NONE = { none: 'no pull request number (pr-{number}) in the name' };
  const not = (digits: string) => ({ none: `"${digits}" is not a pull request number` });
  const goesOn = (word: string) => ({ none: `the name goes on after "${word}": a preview's name ends in pr-{number}` });
  it.each<[string, PullNumber]>([
    ['pr-1', { number: 1 }],
    ['pr-12', { number: 12 }],
    ['pr-123', { number: 123 }],
    ['shop-pr-12', { number: 12 }],
    ['shop.pr-12', { number: 12 }],
    ['PR-12', { number: 12 }],
    ['pr-9007199254740991', { number: 9007199254740991 }],
    // The number is the whole of pr-{number}: a name that goes on is a date, a version, a word.
    ['pr-2025-launch', goesOn('pr-2025')],
    ['pr-12-docs', goesOn('pr-12')],
    ['shop.pr-12.web', goesOn('pr-12')],
    ['PR-3.0', goesOn('PR-3')],
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
    // A 404 or 410: an issue's number, another repository's pull request, a token that cannot see.
    [
      { kind: 'missing', repository: 'octo-org/shop' },
      { delete: false, why: 'not a pull request of octo-org/shop' },
    ],
    [
      unreadable('no permission (403)'),
      { delete: false, why: "the pull request's state could not be read: no permission (403)" },
    ],
    [null, { delete: false, why: 'no pull request number' }],
  ])('%j → %j', (state, verdict) => {
    expect(decide(state)).toEqual(verdict);
  });

  it('warns, deleting nothing more, when every pull request asked answered 404', () => {
    const missing: PullState = { kind: 'missing', repository: 'octo-org/shop' };
    const warning = everyMissingWarning(
      new Map([
        [2, missing],
        [3, missing],
      ]),
    );
    expect(warning).toMatch(/404 for every pull request asked \(2\).*octo-org\/shop.*check github-token/);
    // One pull request GitHub knows (or one it would not say), and the 404s are only that.
    for (const other of [{ kind: 'closed' }, { kind: 'unreadable', reason: 'x' }] as PullState[]) {
      expect(
        everyMissingWarning(
          new Map([
            [2, missing],
            [4, other],
          ]),
        ),
      ).toBeNull();
    }
    expect(everyMissingWarning(new Map())).toBeNull();
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
      '### Previews of app shop matching pr-\\*',
      '',
      '| Environment | Pull request | State | Done |',
      '| --- | --- | --- | --- |',
      '| pr-12 | [#12](https://github.com/o/shop/pull/12) | closed | deleted |',
      '| pr-13 | [#13](https://github.com/o/shop/pull/13) | open | kept: the pull request is open |',
      '| pr-x |  |  | kept |',
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
