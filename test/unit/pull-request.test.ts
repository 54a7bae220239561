/** Which pull request a run is for, from the event name and payload. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pullRequestOf, readPullRequest } from '../../src/github/pull-request.js';

const SHA = 'FEDCBA9876543210fedcba9876543210fedcba98';

describe('pullRequestOf', () => {
  it('reads the number and head commit of pull_request and pull_request_target', () => {
    const payload = { number: 7, pull_request: { number: 7, head: { sha: SHA } } };
    expect(pullRequestOf('pull_request', payload)).toEqual({ number: 7, headSha: SHA.toLowerCase() });
    expect(pullRequestOf('pull_request_target', payload)).toEqual({ number: 7, headSha: SHA.toLowerCase() });
  });

  it.each([
    ['push', { number: 7 }],
    ['issue_comment', { issue: { number: 7 } }],
    [undefined, { number: 7 }],
    ['pull_request', null],
    ['pull_request', { number: '7' }],
    ['pull_request', { number: -1 }],
    ['pull_request', { number: 1.5 }],
  ])('%s with %j is no pull request', (event, payload) => {
    expect(pullRequestOf(event, payload)).toBeNull();
  });

  it('drops a head sha that is not one', () => {
    expect(pullRequestOf('pull_request', { number: 3, pull_request: { head: { sha: 'main; rm -rf' } } })).toEqual({
      number: 3,
      headSha: null,
    });
  });
});

describe('pullRequestOf: the payload’s edges', () => {
  it('takes pull_request.number over the top-level number', () => {
    expect(pullRequestOf('pull_request', { number: 8, pull_request: { number: 7 } })).toEqual({
      number: 7,
      headSha: null,
    });
  });

  it('falls back to the top-level number when pull_request carries none', () => {
    expect(pullRequestOf('pull_request_target', { number: 8, pull_request: { head: { sha: SHA } } })).toEqual({
      number: 8,
      headSha: SHA.toLowerCase(),
    });
  });

  it.each([
    ['zero', { number: 0 }],
    ['past the safe integers', { number: 2 ** 53 }],
    ['a string payload', 'number=7'],
    ['a number payload', 7],
    ['an array payload', []],
  ])('%s is no pull request', (_, payload) => {
    expect(pullRequestOf('pull_request', payload)).toBeNull();
  });

  it.each([
    ['one short', SHA.slice(1)],
    ['one long', `${SHA}0`],
    ['not hex', `g${SHA.slice(1)}`],
    ['a number', 1234],
    ['a sha with a newline after it', `${SHA}\n`],
  ])('a head sha %s is dropped', (_, sha) => {
    expect(pullRequestOf('pull_request', { number: 3, pull_request: { head: { sha } } })).toEqual({
      number: 3,
      headSha: null,
    });
  });
});

describe('readPullRequest: the runner’s environment and event file', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  function eventFile(content: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'hd-pr-event-'));
    dirs.push(dir);
    const file = join(dir, 'event.json');
    writeFileSync(file, content);
    return file;
  }
  const payload = JSON.stringify({ number: 12, pull_request: { number: 12, head: { sha: SHA } } });

  it.each(['pull_request', 'pull_request_target'])('reads the payload of %s', (name) => {
    expect(readPullRequest({ GITHUB_EVENT_NAME: name, GITHUB_EVENT_PATH: eventFile(payload) })).toEqual({
      number: 12,
      headSha: SHA.toLowerCase(),
    });
  });

  it.each([
    ['no event name', () => ({ GITHUB_EVENT_PATH: eventFile(payload) })],
    ['an empty event name', () => ({ GITHUB_EVENT_NAME: '', GITHUB_EVENT_PATH: eventFile(payload) })],
    ['a push', () => ({ GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: eventFile(payload) })],
    [
      'a name that only starts like one',
      () => ({ GITHUB_EVENT_NAME: 'pull_request_review', GITHUB_EVENT_PATH: eventFile(payload) }),
    ],
    ['no event path', () => ({ GITHUB_EVENT_NAME: 'pull_request' })],
    ['an empty event path', () => ({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: '' })],
    [
      'a missing file',
      () => ({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: join(tmpdir(), 'hd-no-such-event.json') }),
    ],
    [
      'a file that is not JSON',
      () => ({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: eventFile('{"number": 12') }),
    ],
    ['a payload without a number', () => ({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: eventFile('{}') })],
  ])('%s: null', (_, env) => {
    expect(readPullRequest(env())).toBeNull();
  });
});
