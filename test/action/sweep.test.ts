/**
 * The sweep end to end: dist/index.js as the runner runs it, against the emulator (app `shop`
 * with previews on two pages of its list, `staging` and 110 other environments) and the fake
 * GitHub (pull requests open, closed, merged, missing, 500, 403 without permission, and one
 * behind a secondary rate limit). It deletes exactly the previews of closed, merged and missing
 * pull requests, keeps the rest, stops at sweep-max, and finishes after a run that failed
 * part-way.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
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
const annotations = (stdout: string, kind: string) => stdout.split('\n').filter((l) => l.startsWith(`::${kind}::`));

function sweepInputs(more: Record<string, string> = {}, headlessUrl = emulator.headlessUrl) {
  return {
    ...CREDENTIALS,
    'headless-api-url': headlessUrl,
    account: 'demo',
    app: APP,
    'sweep-previews': 'true',
    ...more,
  };
}

function run(more: Record<string, string> = {}, headlessUrl?: string, node?: string) {
  return runChecked({
    workspace: makeWorkspace(),
    node,
    emulator,
    env: { GITHUB_API_URL: fixture.github.url, GITHUB_EVENT_NAME: 'schedule' },
    inputs: sweepInputs(more, headlessUrl),
  });
}

// A 500 answered on every attempt costs ~7 s of backoff on the real clock; a busy machine adds more.
const SLOW = { timeout: 180_000 };

describe.each(NODES)('sweep-previews on $label', SLOW, ({ node }) => {
  it('deletes exactly the previews of closed, merged and missing pull requests; keeps open and unreadable ones', async () => {
    const { github } = fixture;
    arrangeGithub(github, previews);
    github.deployments.push({ id: 1, environment: 'pr-1', ref: 'x', statuses: [{ state: 'success' }] });
    const r = await run({ 'github-deployment': 'true', 'pr-comment': 'true' }, undefined, node);
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
    expect(r.summary).toContain(`| pr\\-1 | [\\#1]${url(1)} | closed | deleted |`);
    expect(r.summary).toContain(`| pr\\-12 | [\\#12]${url(12)} | open | kept\\: the pull request is open |`);
    expect(r.summary).toContain(`| pr\\-123 | [\\#123]${url(123)} | merged | deleted |`);
    expect(r.summary).toContain(`| pr\\-7 | [\\#7]${url(7)} | not found | deleted |`);
    expect(r.summary).toContain(`| pr\\-10 | [\\#10]${url(10)} | closed | deleted |`);
    expect(r.summary).toMatch(/\| pr\\-9 \| .* \| unreadable \| kept\\: .*no permission \\\(403\\\)/);
    expect(r.summary).toMatch(/\| pr\\-8 \| .* \| unreadable \| kept\\: .*GitHub answered 500/);
    expect(r.summary).toContain('| pr\\-12\\-docs |');
    expect(r.summary).toContain(
      '| pr\\-feature |  |  | kept\\: no pull request number \\(pr\\-\\{number\\}\\) in the name |',
    );
    expect(r.summary).not.toContain('| staging');
  });
});

describe('sweep-previews, its guards', SLOW, () => {
  it('in a dry run, lists what would go and sends only GETs', async () => {
    arrangeGithub(fixture.github, previews);
    fixture.github.pullAnswers.delete(FAILING.number!); // no 7 s of backoff for this one
    const r = await run({ 'dry-run': 'true', 'github-deployment': 'true', 'pr-comment': 'true' });
    expect(r.code).toBe(0);
    expect(r.outputs).toMatchObject({ status: 'planned', 'environments-deleted': '' });
    expect(emulator.requests().filter((q) => q.method !== 'GET')).toEqual([]);
    expect(fixture.github.requests.filter((q) => q.method !== 'GET')).toEqual([]);
    expect(r.summary).toContain('would be deleted \\(dry run\\)');
  });

  it('deletes nothing, fails and names them when more than sweep-max would go', async () => {
    arrangeGithub(fixture.github, previews);
    fixture.github.pullAnswers.delete(FAILING.number!);
    const over = deleted.length + 1; // pr-8's pull request is closed once GitHub answers for it
    const r = await run({ 'sweep-max': String(over - 1) });
    expect(r.code).not.toBe(0);
    expect(r.outputs.status).toBe('failure');
    const error = annotations(r.stdout, 'error').join('\n');
    expect(error).toContain(`the sweep would delete ${over} environments, more than sweep-max (${over - 1})`);
    for (const name of [...deleted, 'pr-8']) expect(error).toContain(name);
    expect(error).toContain('nothing was deleted');
    expect(deletes()).toEqual([]);
    expect(previewNames()).toHaveLength(previews.length + 1);

    const at = await run({ 'sweep-max': String(over) });
    expect(at.code).toBe(0);
    expect(deletes()).toHaveLength(over);
  });
});

describe('a sweep that fails part-way, then runs again', SLOW, () => {
  let proxy: Server | undefined;
  afterEach(async () => {
    if (!proxy) return;
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy!.close(resolve));
    proxy = undefined;
  });

  /**
   * The emulator behind a front that refuses every DELETE of `failing` (503, retry-after 0, so the
   * client's ten attempts pass at once) and answers the other DELETEs 204 with no body.
   */
  async function front(failing: string): Promise<string> {
    const target = new URL(emulator.url);
    proxy = createServer((req, res) => {
      if (req.method === 'DELETE' && req.url!.endsWith(`/environments/${failing}`)) {
        req.resume();
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' });
        res.end(JSON.stringify({ error: { code: 503, message: 'Service unavailable', status: 'UNAVAILABLE' } }));
        return;
      }
      const out = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          if (req.method === 'DELETE' && answer.statusCode === 200) {
            answer.resume();
            res.writeHead(204);
            res.end();
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(out);
    });
    await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/headless`;
  }

  it('reports what was deleted and what was not, and the next sweep finishes the job', async () => {
    arrangeGithub(fixture.github, previews);
    fixture.github.pullAnswers.delete(FAILING.number!);
    // With pr-8's pull request readable (closed), five previews go, in the order of the list.
    const all = previews.filter((p) => p.expect === 'deleted' || p === FAILING).map((p) => p.displayName);
    const stuck = previews.find((p) => p.displayName === all[1])!;
    const first = await run({}, await front(stuck.id));
    expect(first.code).not.toBe(0);
    expect(first.outputs.status).toBe('failure');
    expect(first.outputs['environments-deleted']).toBe(all[0]);
    const error = annotations(first.stdout, 'error').join('\n');
    expect(error).toContain(`deleted: ${all[0]}; not deleted: ${all.slice(1).join(', ')}`);
    expect(error).toContain('service unavailable (503) after 10 attempts');
    expect(error).toContain('run the sweep again to finish');
    expect(first.summary).toContain('delete failed');
    expect(previewNames()).toEqual(expect.arrayContaining(all.slice(1)));
    expect(previewNames()).not.toContain(all[0]);

    const second = await run();
    expect(second.code).toBe(0);
    expect(second.outputs['environments-deleted']!.split(',')).toEqual(all.slice(1));
    expect(previewNames().sort()).toEqual(['pr-12', 'pr-12-docs', 'pr-9', 'pr-feature', 'staging'].sort());
  });
});
