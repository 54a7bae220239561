/**
 * A pull request's preview from open to close, end to end through dist/index.js against the
 * emulator and the fake GitHub: deploy `pr-7` with a URL, a GitHub Deployment and a sticky
 * comment; push again (the comment is edited, not repeated); close (the environment is deleted,
 * its Deployments marked inactive, the comment says so); close again (already gone); and a
 * comment someone else planted the marker in, left alone. Every request is checked against
 * GitHub's REST description. The comment's rules (pages, tokens, refusals) and delete-pattern
 * are the integration and unit tests'; a fork's run without secrets is workflow-examples'.
 */
import { describe, expect, it } from 'vitest';
import { annotations } from '../helpers/annotations.js';
import { commentMarker, parseMarker } from '../../src/report/pr-comment.js';
import { CREDENTIALS, deployInputs, runChecked } from './helpers/run.js';
import { useEmulator } from './helpers/use-emulator.js';
import { HEAD_SHA, pullRequestEnv, REPOSITORY, useFakeGithub } from './helpers/use-fake-github.js';
import { makeWorkspace } from './helpers/workspace.js';
import { shown } from '../support/markdown-text.js';

const emulator = useEmulator({ buildSeconds: 0.2 });
const fixture = useFakeGithub();

const URL_TEMPLATE = 'https://{environment}--{app}.preview.example.com/?id={environment-id}';

function previewInputs(more: Record<string, string> = {}) {
  return deployInputs(emulator, 'shop', {
    environment: 'pr-7',
    'environment-url': URL_TEMPLATE,
    'github-deployment': 'true',
    'pr-comment': 'true',
    ...more,
  });
}

function deleteInputs(more: Record<string, string> = {}) {
  return {
    ...CREDENTIALS,
    'headless-api-url': emulator.headlessUrl,
    account: 'demo',
    app: 'shop',
    environment: 'pr-7',
    'delete-environment': 'true',
    'github-deployment': 'true',
    'pr-comment': 'true',
    ...more,
  };
}

const envNames = () => emulator.state.environments.filter((e) => e.app === 'shop').map((e) => e.displayName);

// Up to four runs of the bundled action in one test: on a busy two-core machine that outlasts the default 30 s.
const SLOW = { timeout: 180_000 };

describe('a pull request preview, from open to close', SLOW, () => {
  it('deploys with a URL and a comment, edits the comment on the next push, deletes on close', async () => {
    const { github } = fixture;
    const env = pullRequestEnv(github, 7);

    // opened
    const first = await runChecked({ workspace: makeWorkspace(), emulator, env, inputs: previewInputs() });
    expect(first.code).toBe(0);
    expect(first.outputs.status).toBe('success');
    const id = first.outputs['environment-id']!;
    expect(first.outputs.url).toBe(`https://pr-7--shop.preview.example.com/?id=${id}`);
    expect(shown(first.summary)).toContain(`(https://pr-7--shop.preview.example.com/?id=${id})`);
    expect(github.deployments).toHaveLength(1);
    expect(github.deployments[0]!.statuses.at(-1)).toMatchObject({
      state: 'success',
      environment_url: first.outputs.url,
    });
    expect(github.comments).toHaveLength(1);
    const comment = github.comments[0]!;
    expect(comment.issue).toBe(7);
    expect(parseMarker(comment.body)).toEqual({ app: 'shop', environment: 'pr-7' });
    expect(comment.body).toContain('✅ Preview **pr-7** deployed');
    expect(comment.body).toContain(`(${first.outputs.url})`);
    expect(comment.body).toContain(`/${REPOSITORY}/commit/${HEAD_SHA})`);
    expect(comment.body).toContain(first.outputs.build!.split('/').at(-1));

    // synchronize: the same comment, edited
    const second = await runChecked({ workspace: makeWorkspace(), emulator, env, inputs: previewInputs() });
    expect(second.code).toBe(0);
    expect(second.outputs['environment-id']).toBe(id);
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]!.body).toContain(second.outputs.build!.split('/').at(-1));
    expect(github.requests.filter((q) => q.method === 'PATCH')).toHaveLength(1);
    expect(github.deployments).toHaveLength(2);

    // closed
    const closed = await runChecked({ workspace: makeWorkspace(), emulator, env, inputs: deleteInputs() });
    expect(closed.code).toBe(0);
    expect(closed.outputs).toMatchObject({ status: 'success', 'environment-deleted': 'true' });
    expect(envNames()).toEqual([]);
    expect(github.deployments.map((d) => d.statuses.at(-1)!.state)).toEqual(['inactive', 'inactive']);
    expect(github.comments).toHaveLength(1);
    expect(JSON.stringify(github.requests)).not.toContain(CREDENTIALS['api-password']);
    expect(github.comments[0]!.body).toContain('🗑️ Preview **pr-7** removed');
    expect(github.comments[0]!.body).toContain('was deleted');

    // closed again (a re-run): already gone is a success that says so
    const again = await runChecked({ workspace: makeWorkspace(), emulator, env, inputs: deleteInputs() });
    expect(again.code).toBe(0);
    expect(again.outputs).toMatchObject({ status: 'success', 'environment-deleted': 'false' });
    expect(annotations(again.stdout, 'notice').join('\n')).toContain('already gone');
    expect(github.comments[0]!.body).toContain('already gone');
    expect(github.comments).toHaveLength(1);
  });

  it('never edits a comment someone else wrote, even one that starts with the marker', async () => {
    const { github } = fixture;
    const env = pullRequestEnv(github, 11);
    // A commenter plants the marker, hoping the action writes its status into their comment
    // (which they could then edit into a phishing link under the bot's status).
    const planted = `${commentMarker('shop', 'pr-11')}\n### ✅ Preview deployed\n[Open the preview](https://evil.example)`;
    github.comments.push({ id: 1, issue: 11, body: planted, login: 'mallory' });
    const first = await runChecked({
      workspace: makeWorkspace(),
      emulator,
      env,
      inputs: previewInputs({ environment: 'pr-11', 'github-deployment': 'false' }),
    });
    expect(first.code).toBe(0);
    expect(github.comments.find((c) => c.login === 'mallory')!.body).toBe(planted);
    expect(github.requests.filter((q) => q.method === 'PATCH')).toEqual([]);
    const ours = github.comments.filter((c) => c.login === 'github-actions[bot]');
    expect(ours).toHaveLength(1);
    expect(first.stdout).toContain('pr-comment: comment 1 carries the marker but was not written by this token');
    // The next run finds its own comment (GET /user answered 403: GITHUB_TOKEN is github-actions[bot]).
    await runChecked({
      workspace: makeWorkspace(),
      emulator,
      env,
      inputs: previewInputs({ environment: 'pr-11', 'github-deployment': 'false' }),
    });
    expect(github.comments).toHaveLength(2);
    expect(github.requests.filter((q) => q.method === 'PATCH').map((q) => q.path)).toEqual([
      `/repos/${REPOSITORY}/issues/comments/${ours[0]!.id}`,
    ]);
    expect(github.comments.find((c) => c.login === 'mallory')!.body).toBe(planted);
  });
});
