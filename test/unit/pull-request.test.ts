/** Which pull request a run is for, from the event name and payload. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicRepositoryOf } from '../../src/github/run-facts.js';
import { pullRequestOf, readPullRequest } from '../../src/github/pull-request.js';
import { useTempDir } from './helpers/temp-dir.js';

const SHA = 'FEDCBA9876543210fedcba9876543210fedcba98';
const sha = SHA.toLowerCase();

describe('pullRequestOf', () => {
  it.each<[string | undefined, unknown, { number: number; headSha: string | null } | null]>([
    ['pull_request', { number: 7, pull_request: { number: 7, head: { sha: SHA } } }, { number: 7, headSha: sha }],
    [
      'pull_request_target',
      { number: 7, pull_request: { number: 7, head: { sha: SHA } } },
      { number: 7, headSha: sha },
    ],
    // pull_request.number over the top-level number, which stands in when pull_request carries none.
    ['pull_request', { number: 8, pull_request: { number: 7 } }, { number: 7, headSha: null }],
    ['pull_request_target', { number: 8, pull_request: { head: { sha: SHA } } }, { number: 8, headSha: sha }],
    ['push', { number: 7 }, null],
    ['issue_comment', { issue: { number: 7 } }, null],
    [undefined, { number: 7 }, null],
    ['pull_request', null, null],
    ['pull_request', 'number=7', null],
    ['pull_request', 7, null],
    ['pull_request', [], null],
    ['pull_request', { number: '7' }, null],
    ['pull_request', { number: -1 }, null],
    ['pull_request', { number: 0 }, null],
    ['pull_request', { number: 1.5 }, null],
    ['pull_request', { number: 2 ** 53 }, null],
  ])('%s with %j: %j', (event, payload, want) => {
    expect(pullRequestOf(event, payload)).toEqual(want);
  });

  it.each<[string, unknown]>([
    ['not one', 'main; rm -rf'],
    ['one short', SHA.slice(1)],
    ['one long', `${SHA}0`],
    ['not hex', `g${SHA.slice(1)}`],
    ['a number', 1234],
    ['with a newline after it', `${SHA}\n`],
  ])('drops a head sha %s', (_, headSha) => {
    expect(pullRequestOf('pull_request', { number: 3, pull_request: { head: { sha: headSha } } })).toEqual({
      number: 3,
      headSha: null,
    });
  });
});

describe('readPullRequest: the runner’s environment and event file', () => {
  const tmp = useTempDir('hd-pr-event-');
  function eventFile(content = JSON.stringify({ number: 12, pull_request: { number: 12, head: { sha: SHA } } })) {
    writeFileSync(join(tmp.dir, 'event.json'), content);
    return join(tmp.dir, 'event.json');
  }

  it.each(['pull_request', 'pull_request_target'])('reads the payload of %s', (name) => {
    expect(readPullRequest({ GITHUB_EVENT_NAME: name, GITHUB_EVENT_PATH: eventFile() })).toEqual({
      number: 12,
      headSha: sha,
    });
  });

  it.each<[string, () => NodeJS.ProcessEnv]>([
    ['no event name', () => ({ GITHUB_EVENT_PATH: eventFile() })],
    ['an empty event name', () => ({ GITHUB_EVENT_NAME: '', GITHUB_EVENT_PATH: eventFile() })],
    ['a push', () => ({ GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: eventFile() })],
    [
      'a name that only starts like one',
      () => ({ GITHUB_EVENT_NAME: 'pull_request_review', GITHUB_EVENT_PATH: eventFile() }),
    ],
    ['no event path', () => ({ GITHUB_EVENT_NAME: 'pull_request' })],
    ['an empty event path', () => ({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: '' })],
    ['a missing file', () => ({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: join(tmp.dir, 'no-such.json') })],
    [
      'a file that is not JSON',
      () => ({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: eventFile('{"number": 12') }),
    ],
    ['a payload without a number', () => ({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: eventFile('{}') })],
  ])('%s: null', (_, env) => {
    expect(readPullRequest(env())).toBeNull();
  });
});

describe('publicRepositoryOf: whether the event’s repository is public', () => {
  it.each<[string, unknown, boolean | null]>([
    ['private false', { repository: { private: false } }, true],
    ['visibility public', { repository: { private: true, visibility: 'public' } }, true],
    ['private true', { repository: { private: true } }, false],
    ['visibility internal', { repository: { visibility: 'internal' } }, false],
    ['private as text', { repository: { private: 'false' } }, null],
    ['no repository', { action: 'opened' }, null],
    ['no payload', null, null],
  ])('%s', (_title, payload, expected) => {
    expect(publicRepositoryOf(payload)).toBe(expected);
  });
});
