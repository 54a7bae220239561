/**
 * The sticky comment (src/github/sticky-comment.ts) on a busy pull request: GitHub lists comments 100 to a page, so the
 * action's own comment may sit last on the first page, first on the second, or further on. It
 * must be found wherever it is and edited, never written again: a comment repeated on each push
 * of a long review is what the user would pay for. And when the list cannot be read, whatever
 * the class of refusal, nothing is written blind: a warning that names GitHub's status and what
 * to do, and the run goes on. Against the fake GitHub, which pages its comments as GitHub does
 * (`per_page`, a `link` header to the next page), every request checked against GitHub's REST
 * description. Then whose comment is ours (the token's author, asked once and only when a
 * comment carries the marker), what is sent to create or edit it, and a refusal at each request.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeGithub } from '../../scripts/fake-github.js';
import { upsertStickyComment } from '../../src/github/sticky-comment.js';
import { commentMarker } from '../../src/report/pr-comment.js';
import { MemoryLogger } from '../../src/util/log.js';
import { TOKEN, freedPort, githubError, scriptedFetch, useFakeGithub, writes } from '../helpers/in-process-github.js';

const ISSUE = 31;
const marker = commentMarker('shop', 'pr-31');
const fx = useFakeGithub();
let github: FakeGithub;
beforeEach(() => void (github = fx.github));

const isOurs = (text: string) => text.split(/\r?\n/, 1)[0]!.trim() === marker;

/** The comment upserted with `body`: what it answered, and the lines it logged. */
async function upsert(body: string, over: Partial<Parameters<typeof upsertStickyComment>[0]> = {}) {
  const log = new MemoryLogger();
  const options = { token: TOKEN, repository: 'octo-org/shop', apiUrl: github.url, issueNumber: ISSUE, isOurs };
  const result = await upsertStickyComment({ ...options, body, log, ...over });
  return { result, lines: log.lines };
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
    const { result } = await upsert(`${marker}\nsecond deploy`);
    expect(result?.action).toBe('updated');
    const ours = github.comments.filter((c) => c.body.startsWith(marker));
    expect(ours.map((c) => c.body)).toEqual([`${marker}\nsecond deploy`]);
    expect(github.comments).toHaveLength(before + 1 + after);
    expect(github.requests.filter((q) => q.method === 'POST')).toEqual([]);
  });

  it('a pull request with exactly a page of comments, none of them ours: one comment written', async () => {
    for (let id = 1; id <= 100; id++) github.comments.push({ id, issue: ISSUE, body: `note ${id}`, login: 'octocat' });
    const { result } = await upsert(`${marker}\nfirst deploy`);
    expect(result?.action).toBe('created');
    expect(github.comments.filter((c) => c.body.startsWith(marker))).toHaveLength(1);
    // Every page read before deciding to write, and no page asked for twice.
    const pages = github.requests.filter((q) => q.method === 'GET' && q.path.endsWith(`/issues/${ISSUE}/comments`));
    expect(pages.map((q) => q.query.page ?? '1')).toEqual(['1']);
  });
});

const COMMENTS = `/repos/octo-org/shop/issues/${ISSUE}/comments`;
const ONE = (id: number) => `/repos/octo-org/shop/issues/comments/${id}`;
const plantComment = (id: number, body: string, login = 'github-actions[bot]', issue = ISSUE) =>
  github.comments.push({ id, issue, body, login });
const userLookups = () => github.requests.filter((q) => q.path === '/user');

describe('the sticky comment: written, found, edited', () => {
  it('the first time: one comment created with the body, and its link returned; nobody asked who the token is', async () => {
    plantComment(1, 'LGTM', 'octocat');
    plantComment(2, `${marker}\nfrom another pull request`, 'github-actions[bot]', ISSUE + 1);
    const { result, lines } = await upsert(`${marker}\nfirst deploy`);
    const created = github.comments.at(-1)!;
    expect(result).toEqual({
      action: 'created',
      url: `https://github.com/octo-org/shop/pull/${ISSUE}#issuecomment-${created.id}`,
    });
    expect(writes(github).map((q) => [q.method, q.path, q.body, q.authorization])).toEqual([
      ['POST', COMMENTS, { body: `${marker}\nfirst deploy` }, `token ${TOKEN}`],
    ]);
    const list = github.requests[0]!;
    expect([list.method, list.path, list.query]).toEqual(['GET', COMMENTS, { per_page: '100' }]);
    expect(userLookups()).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('found again: edited in place with the new body, and its link returned', async () => {
    plantComment(7, `${marker}\nfirst deploy`);
    const { result } = await upsert(`${marker}\nsecond deploy`);
    expect(result).toEqual({ action: 'updated', url: `https://github.com/octo-org/shop/pull/${ISSUE}#issuecomment-7` });
    expect(writes(github).map((q) => [q.method, q.path, q.body])).toEqual([
      ['PATCH', ONE(7), { body: `${marker}\nsecond deploy` }],
    ]);
  });

  it('of two of ours, the oldest is edited and the other left', async () => {
    plantComment(7, `${marker}\nfirst deploy`);
    plantComment(8, `${marker}\nstray copy`);
    await upsert(`${marker}\nsecond deploy`);
    expect(github.comments.map((c) => [c.id, c.body])).toEqual([
      [7, `${marker}\nsecond deploy`],
      [8, `${marker}\nstray copy`],
    ]);
  });

  it('a marker planted by someone else is left alone, said so once per comment, and the token asked about once', async () => {
    plantComment(3, `${marker}\nplanted`, 'mallory');
    plantComment(4, `${marker}\nplanted again`, 'mallory');
    const { result, lines } = await upsert(`${marker}\nfirst deploy`);
    expect(result?.action).toBe('created');
    expect(github.comments.filter((c) => c.login === 'mallory').map((c) => c.body)).toEqual([
      `${marker}\nplanted`,
      `${marker}\nplanted again`,
    ]);
    expect(userLookups()).toHaveLength(1);
    expect(lines).toEqual([
      'pr-comment: comment 3 carries the marker but was not written by this token (github-actions[bot]); left as it is',
      'pr-comment: comment 4 carries the marker but was not written by this token (github-actions[bot]); left as it is',
    ]);
  });

  it('a personal token: its user’s comment is ours, the bot’s is not', async () => {
    github.users.set(TOKEN, { login: 'release-user', type: 'User' });
    plantComment(5, `${marker}\nby the bot`);
    plantComment(6, `${marker}\nby the user`, 'release-user');
    const { result, lines } = await upsert(`${marker}\nsecond deploy`);
    expect(result?.action).toBe('updated');
    expect(writes(github).map((q) => q.path)).toEqual([ONE(6)]);
    expect(lines).toEqual([
      'pr-comment: comment 5 carries the marker but was not written by this token (release-user); left as it is',
    ]);
  });

  it('a token whose author cannot be told: no comment is ours, and the line names nobody', async () => {
    plantComment(5, `${marker}\nby the bot`);
    const f = scriptedFetch({ match: 'GET /user', status: 500, body: githubError('Server Error') });
    const { result, lines } = await upsert(`${marker}\nsecond deploy`, { fetch: f });
    expect(result?.action).toBe('created');
    expect(lines).toEqual([
      'pr-comment: comment 5 carries the marker but was not written by this token; left as it is',
    ]);
  });

  it('comments without a body are passed over, never handed to isOurs', async () => {
    const f = scriptedFetch({
      match: `GET ${COMMENTS}`,
      status: 200,
      body: [
        { id: 1, body: null, user: { login: 'github-actions[bot]', type: 'Bot' } },
        { id: 2, body: '', user: { login: 'github-actions[bot]', type: 'Bot' } },
        { id: 3, user: { login: 'github-actions[bot]', type: 'Bot' } },
      ],
    });
    const seen: unknown[] = [];
    const { result } = await upsert(`${marker}\nfirst deploy`, {
      fetch: f,
      isOurs: (text) => (seen.push(text), isOurs(text)),
    });
    expect(result?.action).toBe('created');
    expect(seen).toEqual([]);
  });

  it('answers without html_url: done, with no link', async () => {
    const created = scriptedFetch({ match: `POST ${COMMENTS}`, status: 201, body: { id: 9 } });
    expect((await upsert(`${marker}\nfirst`, { fetch: created })).result).toEqual({
      action: 'created',
      url: null,
    });
    plantComment(7, `${marker}\nfirst deploy`);
    const updated = scriptedFetch({ match: `PATCH ${ONE(7)}`, status: 200, body: { id: 7 } });
    expect((await upsert(`${marker}\nsecond`, { fetch: updated })).result).toEqual({
      action: 'updated',
      url: null,
    });
  });

  it.each(['', 'shop', 'octo-org/shop/extra'])(
    'GITHUB_REPOSITORY %j: a warning, null, no request',
    async (repository) => {
      const { result, lines } = await upsert(`${marker}\nfirst`, { repository });
      expect(result).toBeNull();
      expect(lines).toEqual(['warning: pr-comment: GITHUB_REPOSITORY is not set; no comment written']);
      expect(github.requests).toEqual([]);
    },
  );
});

describe('a refusal to list, write or edit the comment', () => {
  // Each status's words are explainRefusal's (test/unit/github-octokit.test.ts); here, that they
  // reach the warning from each request, with the scope to give.
  const REFUSALS: [number, string, string][] = [
    [403, 'Forbidden', 'github answered 403: give the workflow "permissions: pull-requests: write"'],
    [503, 'Service Unavailable', "a failure on GitHub's side; a later run can try again"],
  ];
  const REQUESTS = { list: `GET ${COMMENTS}`, creation: `POST ${COMMENTS}`, edit: `PATCH ${ONE(7)}` };

  it.each(
    REFUSALS.flatMap(([status, message, words]) =>
      (['list', 'creation', 'edit'] as const).map((to) => [status, to, message, words] as const),
    ),
  )(
    'a %i to the %s: GitHub’s answer in a warning, null, nothing written blind or changed',
    async (status, to, message, words) => {
      if (to === 'edit') plantComment(7, `${marker}\nfirst deploy`);
      const f = scriptedFetch({ match: REQUESTS[to], status, body: githubError(message) });
      const { result, lines } = await upsert(`${marker}\nsecond`, { fetch: f });
      expect(result).toBeNull();
      expect(lines).toHaveLength(1);
      const not = to === 'edit' ? 'not updated' : 'not written';
      expect(lines[0]).toMatch(new RegExp(`^warning: pr-comment: comment on pull request #${ISSUE} ${not}: `));
      expect(lines[0]).toContain(words);
      expect(lines[0]).not.toContain(TOKEN);
      expect(writes(github)).toEqual([]);
      expect(github.comments.map((c) => c.body)).toEqual(to === 'edit' ? [`${marker}\nfirst deploy`] : []);
    },
  );

  it('a refusal of the second page: nothing written blind', async () => {
    for (let id = 1; id <= 150; id++) plantComment(id, `note ${id}`, 'octocat');
    const f = scriptedFetch({
      match: (_method, url) => url.pathname === COMMENTS && url.searchParams.get('page') === '2',
      status: 502,
      body: githubError('Bad Gateway'),
    });
    const { result, lines } = await upsert(`${marker}\nfirst`, { fetch: f });
    expect(result).toBeNull();
    expect(lines).toEqual([
      expect.stringMatching(
        /^warning: pr-comment: comment on pull request #31 not written: github answered 502 \(Bad Gateway/,
      ),
    ]);
    expect(writes(github)).toEqual([]);
  });

  it('a GitHub API that cannot be reached: a warning naming the host, null', async () => {
    const port = await freedPort();
    const { result, lines } = await upsert(`${marker}\nfirst`, { apiUrl: `http://127.0.0.1:${port}` });
    expect(result).toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^warning: pr-comment: comment on pull request #${ISSUE} not written: the GitHub API could not be reached: .*127\\.0\\.0\\.1:${port}`,
      ),
    );
  });
});
