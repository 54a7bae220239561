/**
 * Who the action's token writes as (src/github/token-identity.ts): the sticky comment is only
 * ever one of that author's. A personal token names its user; GITHUB_TOKEN is refused `GET /user`
 * (403) and writes as github-actions[bot]; anything else leaves the author unknown, and then no
 * comment is the action's.
 */
import { describe, expect, it } from 'vitest';
import { ACTIONS_BOT, tokenAuthor, writtenBy } from '../../src/github/token-identity.js';

const answering = (result: () => Promise<{ data: { login?: unknown; type?: unknown } }>) =>
  ({ rest: { users: { getAuthenticated: result } } }) as unknown as Parameters<typeof tokenAuthor>[0];
const failing = (status?: number) =>
  answering(() => Promise.reject(Object.assign(new Error('refused'), status ? { status } : { code: 'ECONNRESET' })));

describe('tokenAuthor', () => {
  it('a personal token: the user GET /user names', async () => {
    const author = await tokenAuthor(answering(async () => ({ data: { login: 'release-user', type: 'User' } })));
    expect(author).toEqual({ login: 'release-user', type: 'User' });
  });

  it('an installation token (GET /user is 403): github-actions[bot]', async () => {
    expect(await tokenAuthor(failing(403))).toEqual({ login: 'github-actions[bot]', type: 'Bot' });
  });

  it.each([
    ['401', failing(401)],
    ['500', failing(500)],
    ['no answer', failing()],
    ['an answer without a login', answering(async () => ({ data: { type: 'User' } }))],
  ])('%s: unknown', async (_, octokit) => {
    expect(await tokenAuthor(octokit)).toBeNull();
  });
});

describe('writtenBy', () => {
  const me = { login: 'release-user', type: 'User' };
  it.each([
    ['the same login and type', { login: 'release-user', type: 'User' }, me, true],
    ['another user', { login: 'mallory', type: 'User' }, me, false],
    ['a user named like the bot', { login: 'github-actions[bot]', type: 'User' }, ACTIONS_BOT, false],
    ['the bot', { login: 'github-actions[bot]', type: 'Bot' }, ACTIONS_BOT, true],
    ['an unknown author of the token', { login: 'release-user', type: 'User' }, null, false],
    ['a comment without its author (a deleted account)', null, me, false],
    ['an author without a login', {}, me, false],
  ] as const)('%s: %s', (_, user, author, expected) => {
    expect(writtenBy(user, author)).toBe(expected);
  });
});
