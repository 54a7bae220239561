/**
 * The sweep end to end: dist/index.js as the runner runs it, against the emulator (app `shop`
 * with previews on two pages of its list, `staging` and 110 other environments) and the fake
 * GitHub (pull requests open, closed, merged, 500, 403 without permission, one behind a
 * secondary rate limit, and a number GitHub knows no pull request by). It deletes exactly the
 * previews of closed and merged pull requests and keeps the rest. Its guards (dry run,
 * sweep-max, a run that fails part-way) are test/integration/sweep.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { parseMarker } from '../../src/report/pr-comment.js';
import { APP, arrangeGithub, FAILING, LATE, names, previewsOf, sweepSeed } from '../helpers/sweep-world.js';
import { NODES } from './helpers/nodes.js';
import { CREDENTIALS, runChecked } from './helpers/run.js';
import { useEmulator } from './helpers/use-emulator.js';
import { REPOSITORY, useFakeGithub } from './helpers/use-fake-github.js';
import { makeWorkspace } from './helpers/workspace.js';

const late = [...LATE, FAILING];
const previews = previewsOf({ late });
const emulator = useEmulator({ seed: sweepSeed({ late }) });
const fixture = useFakeGithub();

const deleted = names(previews, 'deleted');
const kept = names(previews, 'kept');
const previewNames = () =>
  emulator.state.environments.map((e) => e.displayName).filter((n) => !n.startsWith('feature-'));
const deletes = () => emulator.requests().filter((r) => r.method === 'DELETE');

// A 500 answered on every attempt costs ~7 s of backoff on the real clock; a busy machine adds more.
const SLOW = { timeout: 180_000 };

describe.each(NODES)('sweep-previews on $label', SLOW, ({ node }) => {
  it('deletes exactly the previews of closed and merged pull requests; keeps open, unreadable and unknown ones', async () => {
    const { github } = fixture;
    arrangeGithub(github, previews);
    github.deployments.push({ id: 1, environment: 'pr-1', ref: 'x', statuses: [{ state: 'success' }] });
    const r = await runChecked({
      workspace: makeWorkspace(),
      node,
      emulator,
      env: { GITHUB_API_URL: github.url, GITHUB_EVENT_NAME: 'schedule' },
      inputs: {
        ...CREDENTIALS,
        'headless-api-url': emulator.headlessUrl,
        account: 'demo',
        app: APP,
        'sweep-previews': 'true',
        'github-deployment': 'true',
        'pr-comment': 'true',
      },
    });
    expect(r.code).toBe(0);
    expect(r.outputs.status).toBe('success');
    expect(r.outputs['environments-deleted']!.split(',')).toEqual(deleted);
    expect(previewNames().sort()).toEqual([...kept, 'staging'].sort());
    expect(emulator.state.environments.filter((e) => e.displayName.startsWith('feature-'))).toHaveLength(110);
    expect(deletes()).toHaveLength(deleted.length);
    // Only GETs of pull requests, the deployments and the comments: the sweep changes nothing else on GitHub.
    const pulls = github.requests.filter((q) => /\/pulls\/\d+$/.test(q.path));
    expect(pulls.every((q) => q.method === 'GET' && q.path.startsWith(`/repos/${REPOSITORY}/pulls/`))).toBe(true);
    expect(pulls.filter((q) => q.path.endsWith('/10'))).toHaveLength(2); // the rate limit, then the answer
    expect(r.stdout).toContain("pull request #10: GitHub's rate limit (403); asking again in 1 s");
    expect(github.deployments[0]!.statuses.at(-1)!.state).toBe('inactive');
    expect(github.comments.map((c) => [c.issue, parseMarker(c.body)?.environment]).sort()).toEqual([
      [1, 'pr-1'],
      [10, 'pr-10'],
      [123, 'pr-123'],
    ]);
    expect(github.comments[0]!.body).toContain('removed');
    // The summary: a row per matching environment, linked to its pull request.
    const url = (n: number) => `(https://github.com/${REPOSITORY}/pull/${n})`;
    expect(r.summary).toContain(`| pr-1 | [#1]${url(1)} | closed | deleted |`);
    expect(r.summary).toContain(`| pr-12 | [#12]${url(12)} | open | kept: the pull request is open |`);
    expect(r.summary).toMatch(/\| pr-8 \| .* \| unreadable \| kept: .*GitHub answered 500/);
    // GitHub answers 404 for 7 (as for an issue's number): kept, and the row says whose it is not.
    expect(r.summary).toContain(`| pr-7 | [#7]${url(7)} | not found | kept: not a pull request of octo-org/shop |`);
    expect(r.summary).not.toContain('| staging');
  });
});
