/**
 * One fake GitHub per test file (scripts/fake-github.ts), every request checked against
 * GitHub's published REST description: a test fails when the action sent anything GitHub would
 * refuse or ignore. Reset before each test; closed after the file.
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { startFakeGithub, type FakeGithub } from '../../../scripts/fake-github.js';
import { loadGithubSchema, type GithubSchema } from '../../../scripts/github-schema.js';
import { makeWorkspace } from './workspace.js';

// scripts/runner.ts sets these, as GitHub's runner does.
export const REPOSITORY = 'octo-org/shop';
export const SHA = '0123456789abcdef0123456789abcdef01234567';
export const HEAD_SHA = 'fedcba9876543210fedcba9876543210fedcba98';

export interface GithubFixture {
  github: FakeGithub;
  schema: GithubSchema;
}

export function useFakeGithub(): GithubFixture {
  const fixture = {} as GithubFixture;
  beforeAll(async () => {
    fixture.schema = loadGithubSchema();
    fixture.github = await startFakeGithub({ check: fixture.schema.check });
  });
  afterAll(async () => {
    await fixture.github?.close();
  });
  beforeEach(() => fixture.github.reset());
  afterEach(() => {
    expect(fixture.github.violations, 'requests GitHub would refuse or ignore').toEqual([]);
  });
  return fixture;
}

/** The runner's environment of a pull request event (payload written to a file, as GitHub does). */
export function pullRequestEnv(
  github: FakeGithub,
  number: number,
  event: 'pull_request' | 'pull_request_target' = 'pull_request',
  action = 'synchronize',
): Record<string, string> {
  const payload = { action, number, pull_request: { number, head: { sha: HEAD_SHA }, state: 'open' } };
  const file = join(makeWorkspace({ 'event.json': JSON.stringify(payload) }), 'event.json');
  return { GITHUB_API_URL: github.url, GITHUB_EVENT_NAME: event, GITHUB_EVENT_PATH: file };
}
