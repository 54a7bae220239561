/** Which pull request a run is for, from the event name and payload. */
import { describe, expect, it } from 'vitest';
import { pullRequestOf } from '../../src/github/pull-request.js';

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
