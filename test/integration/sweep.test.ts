/**
 * The sweep in-process: runFlow against the emulator and the fake GitHub (through the real
 * octokit wiring), one virtual clock, so the rate-limit waits and retries take no time. What it
 * deletes and keeps, in a dry run, at sweep-max, when a DELETE fails part-way (and the next run),
 * when a preview disappears meanwhile, with the GitHub options, and when the app is missing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGithub, type FakeGithub } from '../../scripts/fake-github.js';
import type { Client } from '../../src/api/client.js';
import { ServiceUnavailable } from '../../src/api/errors.js';
import { createGithubServices, type GithubServices } from '../../src/github/services.js';
import { commentMarker, parseMarker } from '../../src/report/pr-comment.js';
import { renderSummary } from '../../src/report/summary.js';
import { MemoryLogger } from '../../src/util/log.js';
import { cancelledInFlight, heldInFlight } from '../helpers/steered-client.js';
import { APP, arrangeGithub, FAILING, names, previewsOf, sweepSeed } from '../helpers/sweep-world.js';
import { useFlow } from './helpers/flow.js';

const previews = previewsOf({ late: [...previewsOf().slice(4), FAILING] });
const f = useFlow(
  { seed: sweepSeed({ late: previews.slice(4) }) },
  { inputs: () => ({ 'github-token': 'ghs_test', app: APP, 'sweep-previews': 'true' }) },
);
let github: FakeGithub;
beforeAll(async () => void (github = await startFakeGithub()));
afterAll(() => github.close());
beforeEach(() => {
  github.reset();
  arrangeGithub(github, previews);
});

const RUN_LOG = 'https://github.example/octo-org/shop/actions/runs/42';
type Over = { client?: Client; github?: 'none' | Partial<GithubServices>; signal?: AbortSignal };

async function sweep(extra: Record<string, string> = {}, over: Over = {}) {
  const log = new MemoryLogger();
  const environment = {
    ...{ token: 'ghs_test', repository: 'octo-org/shop', ref: 'main', apiUrl: github.url },
    ...{ serverUrl: 'https://github.example', logUrl: RUN_LOG, pullRequest: null },
  };
  const gh = over.github === 'none' ? undefined : { ...createGithubServices(environment, log), ...over.github };
  const r = await f.run(extra, { client: over.client, signal: over.signal, log, github: gh });
  return { ...r, summary: renderSummary(r.report), text: r.lines.join('\n') };
}

const envNames = () => f.emulator.state.environments.map((e) => e.displayName);
const previewNames = () => envNames().filter((n) => !n.startsWith('feature-'));
const deletes = () => f.writes().filter((w) => w.startsWith('DELETE'));
const LISTING = `/headless/v1/accounts/demo/apps/${APP}/environments`;
const asked = () => github.requests.filter((q) => q.method === 'GET').map((q) => q.path.split('/').at(-1));
const told = (name: string) => github.comments.find((c) => parseMarker(c.body)?.environment === name)!.body;

/** A client whose DELETE of the given display names does `instead` (throws, or acts first). */
function clientWith(instead: Record<string, (id: string) => Promise<void> | void>): Client {
  return new Proxy(f.steered.client, {
    get(target, key, receiver) {
      if (key !== 'deleteEnvironment') return Reflect.get(target, key, receiver);
      return async (ref: { environment: string }, o: unknown) => {
        const env = f.emulator.state.environments.find((e) => e.id === ref.environment);
        const hook = env && instead[env.displayName];
        if (hook) await hook(ref.environment);
        return target.deleteEnvironment(ref as never, o as never);
      };
    },
  });
}

const deleted = names(previews, 'deleted');
const kept = names(previews, 'kept');
const refuses = (name: string) =>
  clientWith({
    [name]: () => {
      throw new Error('simulated: the service refused');
    },
  });

describe('sweep', () => {
  it('deletes exactly the previews of closed and merged pull requests', async () => {
    const { report, out, summary, lines, text } = await sweep();
    expect(report.status).toBe('success');
    expect(out['environments-deleted']!.split(',').sort()).toEqual([...deleted].sort());
    expect(previewNames().sort()).toEqual([...kept, 'staging'].sort());
    expect(envNames().filter((n) => n.startsWith('feature-'))).toHaveLength(110);
    expect(deletes()).toHaveLength(deleted.length);
    // 100 a page: the 120 environments are two pages (the service's default of 50 would be three).
    expect(f.routes().filter((r) => r === `GET ${LISTING}`)).toHaveLength(2);
    // Each pull request asked about once, more for the retried ones; pr-2025-launch carries none.
    expect(new Set(asked())).toEqual(new Set(['1', '12', '7', '9', '123', '10', '8']));
    expect([12, 10, 8].map((n) => asked().filter((a) => a === String(n)).length)).toEqual([1, 2, 4]);
    expect(text).toContain("pull request #10: GitHub's rate limit (403); asking again in 1 s");
    expect(lines).toContain('pr-1 (pull request #1): to delete');
    expect(lines).toContain('pr-12 (pull request #12): kept: the pull request is open');
    const pr1 = previews.find((p) => p.displayName === 'pr-1')!;
    expect(lines).toContain(`environment "pr-1" (id ${pr1.id}) of app "${APP}" deleted`);
    // The summary's table: every matching environment, linked, with its state and what was done.
    const row = (n: number, state: string, done: string) =>
      `| pr-${n} | [#${n}](https://github.example/octo-org/shop/pull/${n}) | ${state} | ${done}`;
    expect(summary).toContain(row(1, 'closed', 'deleted |'));
    expect(summary).toContain(row(123, 'merged', 'deleted |'));
    expect(summary).toContain(row(7, 'not found', 'kept: not a pull request of octo-org/shop |'));
    expect(summary).toContain(row(12, 'open', 'kept: the'));
    expect(summary).toMatch(/\| pr-9 \| .* \| unreadable \| kept: .*no permission \(403\)/);
    expect(summary).toMatch(/\| pr-8 \| .* \| unreadable \| kept: .*500, still after 4 attempts/);
    expect(summary).toContain('| pr-feature |  |  | kept: no pull request number');
    expect(summary).toContain('| pr-2025-launch |  |  | kept: the name goes on after');
    expect(summary).not.toMatch(/staging|feature-0/);
    // The step's rows: 110 fillers, staging and 9 previews listed; no GitHub Deployment row without the option.
    expect(report.steps[0]!.details).toEqual([
      ['environments', `${previews.length} of ${110 + 1 + previews.length} match "pr-*"`],
      ['to delete', deleted.join(', ')],
      ['deleted', deleted.join(', ')],
    ]);
  });

  it('in a dry run, reads and lists, and changes nothing; with nothing to delete, says so', async () => {
    const { report, out, summary, text } = await sweep({ 'dry-run': 'true' });
    expect(report.status).toBe('planned');
    expect(f.writes()).toEqual([]);
    expect(github.requests.filter((q) => q.method !== 'GET')).toEqual([]);
    expect(previewNames()).toHaveLength(previews.length + 1);
    expect(out['environments-deleted']).toBe('');
    expect(summary).toContain('| closed | would be deleted (dry run) |');
    expect(text).toContain(`dry run: would delete ${deleted.join(', ')}`);
    const none = await sweep({ 'dry-run': 'true', 'delete-pattern': 'pr-12' });
    expect(none.text).toContain('dry run: would delete nothing');
    expect(none.text).toContain('pr-12 (pull request #12): kept: ');
    expect(none.report.steps[0]!.details).toEqual([
      ['environments', `1 of ${110 + 1 + previews.length} match "pr-12"`],
      ['to delete', 'none'],
    ]);
  });

  it('deletes at sweep-max, and deletes nothing one above it', async () => {
    const over = await sweep({ 'sweep-max': String(deleted.length - 1) });
    expect(over.report.status).toBe('failure');
    expect(over.report.error).toContain(
      `would delete ${deleted.length} environments, more than sweep-max (${deleted.length - 1})`,
    );
    expect(over.report.error).toMatch(/nothing was deleted.*narrow delete-pattern .*raise sweep-max/);
    expect(deletes()).toEqual([]);
    expect(over.out['environments-deleted']).toBe('');
    expect(over.summary).toContain('not deleted: more than sweep-max');
    const at = await sweep({ 'sweep-max': String(deleted.length) });
    expect(at.report.status).toBe('success');
    expect(deletes()).toHaveLength(deleted.length);
  });

  it.each([0, 1, 2])(
    'stops at a failed DELETE (after %i), says what went and what did not; the next run finishes',
    async (n) => {
      const first = await sweep({}, { client: refuses(deleted[n]!) });
      expect(first.report.status).toBe('failure');
      expect(first.report.error).toMatch(/^sweep failed: .*simulated: the service refused/);
      const went = deleted.slice(0, n);
      expect(first.report.error).toContain(
        `deleted: ${went.join(', ') || 'none'}; not deleted: ${deleted.slice(n).join(', ')}; run the sweep again to finish`,
      );
      if (n > 0) expect(first.report.error).toContain(`done so far: environment "${deleted[0]}" deleted`);
      expect(first.out['environments-deleted']).toBe(went.join(','));
      expect(first.summary).toContain('delete failed');
      if (n < deleted.length - 1) expect(first.summary).toContain('not deleted: the sweep stopped before it');
      expect(previewNames()).toEqual(expect.arrayContaining(deleted.slice(n)));
      const second = await sweep();
      expect(second.report.status).toBe('success');
      expect(second.out['environments-deleted']!.split(',')).toEqual(deleted.slice(n));
      expect(previewNames().sort()).toEqual([...kept, 'staging'].sort());
    },
  );

  it('counts a preview deleted by someone else meanwhile as deleted, not as an error', async () => {
    const racing = clientWith({
      [deleted[0]!]: (id) => {
        f.emulator.state.environments = f.emulator.state.environments.filter((e) => e.id !== id);
      },
    });
    const { report, out, summary } = await sweep({ 'pr-comment': 'true' }, { client: racing });
    expect(report.status).toBe('success');
    expect(out['environments-deleted']!.split(',')).toEqual(deleted);
    expect(summary).toContain('deleted (already gone)');
    expect(told(deleted[0]!)).toContain('The preview environment was already gone; nothing was left to delete.');
    expect(told(deleted[2]!)).toContain('The preview environment was deleted; its link no longer works.');
  });

  it('marks GitHub Deployments inactive and tells each closed pull request, with the GitHub options', async () => {
    github.deployments.push(
      { id: 1, environment: deleted[0]!, ref: 'x', statuses: [{ state: 'success' }] },
      { id: 2, environment: 'pr-12', ref: 'y', statuses: [{ state: 'success' }] },
    );
    const { report } = await sweep({ 'github-deployment': 'true', 'pr-comment': 'true' });
    expect(report.status).toBe('success');
    expect(github.deployments.map((d) => d.statuses.at(-1)!.state)).toEqual(['inactive', 'success']);
    expect(report.steps[0]!.details?.at(-1)).toEqual(['GitHub Deployments marked inactive', '1']);
    // Comments go to pull requests that exist (closed or merged), not to a missing one.
    expect(github.comments.map((c) => [c.issue, parseMarker(c.body)?.environment]).sort()).toEqual([
      [1, 'pr-1'],
      [10, 'pr-10'],
      [123, 'pr-123'],
    ]);
    const body = told('pr-1');
    expect(body.split('\n')[0]).toBe(commentMarker(APP, 'pr-1'));
    expect(body).toContain('🗑️ Preview **pr-1** removed');
    expect(body).toContain('Removed by a sweep of previews: the pull request is closed.');
    expect(body).toContain('The preview environment was deleted; its link no longer works.');
    expect(body).toContain(RUN_LOG);
  });

  it('updates the comment it wrote before on a swept pull request, leaving other comments alone', async () => {
    // The other preview's comment first, so that only the marker tells them apart.
    github.comments.push(
      { id: 502, issue: 1, body: `${commentMarker(APP, 'pr-12')}\nanother preview`, login: 'github-actions[bot]' },
      { id: 501, issue: 1, body: `  ${commentMarker(APP, 'pr-1')}  \nold words`, login: 'github-actions[bot]' },
    );
    const { report, text } = await sweep({ 'pr-comment': 'true' }, { github: { logUrl: undefined } });
    expect(report.status).toBe('success');
    const onOne = github.comments.filter((c) => c.issue === 1);
    expect(onOne.map((c) => c.id).sort()).toEqual([501, 502]);
    expect(onOne.find((c) => c.id === 501)!.body).toContain('Removed by a sweep of previews');
    expect(onOne.find((c) => c.id === 502)!.body).toContain('another preview');
    expect(onOne.find((c) => c.id === 501)!.body).not.toContain('actions/runs');
    expect(text).toContain('pr-comment: updated the comment on pull request #1');
  });

  it('a comment it cannot write fails the sweep naming the pull request, after the delete it reports', async () => {
    const upsertComment: GithubServices['upsertComment'] = () =>
      Promise.reject(new Error('simulated: GitHub refused the comment (403)'));
    const { report, out } = await sweep({ 'pr-comment': 'true' }, { github: { upsertComment } });
    expect(report.error).toMatch(/^sweep failed: .*writing the comment on pull request #1\b/);
    expect(report.error).toContain('simulated: GitHub refused the comment (403)');
    // The first preview is gone, and said so; the others were not come to.
    expect(envNames()).not.toContain('pr-1');
    expect(out['environments-deleted']).toBe('pr-1');
  });

  it('keeps everything when GitHub answers 404 for every pull request, and warns of a token that cannot see', async () => {
    github.pulls.length = 0;
    github.pullAnswers.clear();
    const { report, summary } = await sweep();
    expect(report.status).toBe('success');
    expect(deletes()).toEqual([]);
    expect(report.warnings).toEqual([expect.stringMatching(/404 for every pull request asked \(7\).*github-token/)]);
    expect(summary).toContain('| not found | kept: not a pull request of octo-org/shop |');
  });

  it('asks GitHub nothing when no matching preview carries a pull request number', async () => {
    const { report, text, summary, out } = await sweep({ 'delete-pattern': 'pr-feature' });
    expect(report.status).toBe('success');
    expect(github.requests).toEqual([]);
    expect(deletes()).toEqual([]);
    expect(out['environments-deleted']).toBe('');
    expect(text).toContain('pr-feature: kept: ');
    expect(report.steps[0]!.details?.slice(1)).toEqual([
      ['to delete', 'none'],
      ['deleted', 'none'],
    ]);
    expect(summary).toContain('pr-feature');
  });

  describe('fails, asking GitHub nothing and deleting nothing', () => {
    it('when the app does not exist, naming it', async () => {
      const { report } = await sweep({ app: 'shopp' });
      expect(report.error).toContain('app "shopp" was not found in account "demo", so there is nothing to sweep');
      expect(github.requests).toEqual([]);
    });

    it('before any request when it has no GitHub API to ask', async () => {
      const { report } = await sweep({}, { github: 'none' });
      expect(report.error).toContain('the sweep needs the GitHub API, and github-token is empty; set it');
      expect(f.emulator.requests()).toEqual([]);
    });

    it('when the service refuses the listing: that refusal, not a missing app', async () => {
      const down = new Proxy(f.steered.client, {
        get(target, key, receiver) {
          if (key !== 'iterateEnvironments') return Reflect.get(target, key, receiver);
          // eslint-disable-next-line require-yield
          return async function* () {
            throw new ServiceUnavailable({ method: 'GET', path: LISTING, status: 503 });
          };
        },
      });
      const { report, summary } = await sweep({}, { client: down });
      expect(report.error).toContain('service unavailable');
      expect(report.error).not.toContain('was not found');
      expect(github.requests).toEqual([]);
      expect(deletes()).toEqual([]);
      expect(summary).not.toContain('| pr-');
    });
  });

  describe('cancelled', () => {
    it('during the listing: the request is given up, the error names the listing, GitHub is not asked', async () => {
      const cancel = new AbortController();
      const unheard: string[] = [];
      f.steered.steer(`GET ${LISTING}`, cancelledInFlight(cancel, unheard));
      const { report, summary, firstLine } = await sweep({}, { signal: cancel.signal });
      expect(f.steered.steered).toEqual([`GET ${LISTING}`]);
      expect(unheard).toEqual([]);
      expect(report.status).toBe('cancelled');
      expect(firstLine).toBe(`sweep cancelled: cancelled while listing the environments of app "${APP}"`);
      expect(github.requests).toEqual([]);
      expect(deletes()).toEqual([]);
      expect(summary).not.toContain('| pr-');
    });

    it('while reading the pull requests: nothing deleted, every preview kept "the sweep stopped first"', async () => {
      const cancel = new AbortController();
      const unheard: number[] = [];
      const pullRequestState: GithubServices['pullRequestState'] = (n, signal) => {
        cancel.abort(new Error('the run was cancelled'));
        return heldInFlight(
          signal,
          () => signal?.reason as unknown,
          () => {
            unheard.push(n);
            throw new Error(`pull request #${n} was asked without the run's signal`);
          },
        );
      };
      const { report, summary, firstLine } = await sweep({}, { github: { pullRequestState }, signal: cancel.signal });
      expect(unheard).toEqual([]);
      expect(report.status).toBe('cancelled');
      expect(firstLine).toBe('sweep cancelled: cancelled while reading the state of 7 pull request(s) from GitHub');
      expect(deletes()).toEqual([]);
      expect(summary).toMatch(/\| pr-1 \| .* \| {2}\| kept: the sweep stopped first \|/);
      expect(summary).toContain('| pr-feature |  |  | kept: no pull request number');
    });
  });
});
