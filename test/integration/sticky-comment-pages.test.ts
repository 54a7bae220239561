/**
 * The sticky comment on a busy pull request: GitHub lists comments 100 to a page, so the
 * action's own comment may sit last on the first page, first on the second, or further on. It
 * must be found wherever it is and edited, never written again: a comment repeated on each push
 * of a long review is what the user would pay for. And when the list cannot be read, whatever
 * the class of refusal, nothing is written blind: a warning that names GitHub's status and what
 * to do, and the run goes on. Against the fake GitHub, which pages its comments as GitHub does
 * (`per_page`, a `link` header to the next page).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGithub, type FakeGithub } from '../../scripts/fake-github.js';
import { upsertStickyComment } from '../../src/github/sticky-comment.js';
import { commentMarker } from '../../src/report/pr-comment.js';
import { MemoryLogger } from '../../src/util/log.js';

const ISSUE = 31;
const marker = commentMarker('shop', 'pr-31');
let github: FakeGithub;

beforeAll(async () => {
  github = await startFakeGithub();
});
afterAll(async () => {
  await github.close();
});
beforeEach(() => github.reset());

function upsert(body: string, log = new MemoryLogger()) {
  return upsertStickyComment({
    token: 'ghs_test',
    repository: 'octo-org/shop',
    apiUrl: github.url,
    issueNumber: ISSUE,
    isOurs: (text) => text.split(/\r?\n/, 1)[0]!.trim() === marker,
    body,
    log,
  });
}

/** `before` comments by reviewers, then the action's own, then `after` more. */
function seed(before: number, after = 0): void {
  let id = 1;
  const review = () => ({ id: id++, issue: ISSUE, body: `review note ${id}`, login: 'octocat' });
  for (let i = 0; i < before; i++) github.comments.push(review());
  github.comments.push({ id: id++, issue: ISSUE, body: `${marker}\nfirst deploy`, login: 'github-actions[bot]' });
  for (let i = 0; i < after; i++) github.comments.push(review());
}

describe('the sticky comment among many', () => {
  it.each([
    ['last on the first page', 99, 0],
    ['last on the first page, with a second page after it', 99, 5],
    ['first on the second page', 100, 0],
    ['second on the second page', 101, 0],
    ['on the third page', 250, 3],
  ])('%s (%i comments before it): edited, not written again', async (_, before, after) => {
    seed(before, after);
    const result = await upsert(`${marker}\nsecond deploy`);
    expect(result?.action).toBe('updated');
    const ours = github.comments.filter((c) => c.body.startsWith(marker));
    expect(ours.map((c) => c.body)).toEqual([`${marker}\nsecond deploy`]);
    expect(github.comments).toHaveLength(before + 1 + after);
    expect(github.requests.filter((q) => q.method === 'POST')).toEqual([]);
  });

  it('a pull request with exactly a page of comments, none of them ours: one comment written', async () => {
    for (let id = 1; id <= 100; id++) github.comments.push({ id, issue: ISSUE, body: `note ${id}`, login: 'octocat' });
    const result = await upsert(`${marker}\nfirst deploy`);
    expect(result?.action).toBe('created');
    expect(github.comments.filter((c) => c.body.startsWith(marker))).toHaveLength(1);
    // Every page read before deciding to write, and no page asked for twice.
    const pages = github.requests.filter((q) => q.method === 'GET' && q.path.endsWith(`/issues/${ISSUE}/comments`));
    expect(pages.map((q) => q.query.page ?? '1')).toEqual(['1']);
  });
});

describe('a comment list GitHub refuses', () => {
  it.each([
    [401, 'the token was refused; check github-token'],
    [403, 'give the workflow "permissions: pull-requests: write"'],
    [404, 'give the workflow "permissions: pull-requests: write"'],
    [429, "GitHub's rate limit; a later run can try again"],
    [500, "a failure on GitHub's side; a later run can try again"],
    [503, "a failure on GitHub's side; a later run can try again"],
  ])('%i: a warning naming it and what to do, and no comment written blind', async (status, advice) => {
    seed(3);
    github.refuseComments = status;
    const log = new MemoryLogger();
    await expect(upsert(`${marker}\nsecond deploy`, log)).resolves.toBeNull();
    const warnings = log.lines.filter((l) => l.startsWith('warning: '));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(`^warning: pr-comment: comment on pull request #${ISSUE} not written: github answered ${status}\\b`),
    );
    expect(warnings[0]).toContain(advice);
    expect(github.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });
});
