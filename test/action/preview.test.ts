/**
 * A pull request's preview from open to close, end to end through dist/index.js against the
 * emulator and the fake GitHub: deploy `pr-7` with a URL, a GitHub Deployment and a sticky
 * comment; push again (the comment is edited, not repeated); close (the environment is deleted,
 * its Deployments marked inactive, the comment says so); close again (already gone). Then the
 * guards: a delete never touches an environment outside delete-pattern, GitHub refusing the
 * comment costs a warning, and a fork's run without secrets is skipped.
 */
import { describe, expect, it } from 'vitest';
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

const annotations = (stdout: string, kind: string) => stdout.split('\n').filter((l) => l.startsWith(`::${kind}::`));
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
    expect(comment.body).toContain('✅ Preview **pr\\-7** deployed');
    expect(comment.body).toContain(`(${first.outputs.url})`);
    expect(comment.body).toContain(`/${REPOSITORY}/commit/${HEAD_SHA})`);
    expect(comment.body).toContain('| Archive |');
    expect(comment.body).toContain('| Duration |');
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
    expect(github.comments[0]!.body).toContain('🗑️ Preview **pr\\-7** removed');
    expect(github.comments[0]!.body).toContain('was deleted');
    expect(shown(closed.summary)).toContain('delete');

    // closed again (a re-run): already gone is a success that says so
    const again = await runChecked({ workspace: makeWorkspace(), emulator, env, inputs: deleteInputs() });
    expect(again.code).toBe(0);
    expect(again.outputs).toMatchObject({ status: 'success', 'environment-deleted': 'false' });
    expect(annotations(again.stdout, 'notice').join('\n')).toContain('already gone');
    expect(github.comments[0]!.body).toContain('already gone');
    expect(github.comments).toHaveLength(1);
  });

  it('keeps one comment per app and environment on the same pull request', async () => {
    const { github } = fixture;
    const env = pullRequestEnv(github, 8, 'pull_request_target');
    await runChecked({ workspace: makeWorkspace(), emulator, env, inputs: previewInputs({ environment: 'pr-8' }) });
    await runChecked({
      workspace: makeWorkspace(),
      emulator,
      env,
      inputs: previewInputs({ environment: 'pr-8-docs' }),
    });
    // Someone quoting the marker in their own comment: not the first line, so not ours.
    github.comments.push({ id: 1, issue: 8, body: `see:\n${github.comments[0]!.body}`, login: 'octocat' });
    await runChecked({ workspace: makeWorkspace(), emulator, env, inputs: previewInputs({ environment: 'pr-8' }) });
    const ours = github.comments.filter((c) => c.login !== 'octocat');
    expect(ours.map((c) => parseMarker(c.body)?.environment)).toEqual(['pr-8', 'pr-8-docs']);
    expect(github.comments.find((c) => c.login === 'octocat')!.body.startsWith('see:')).toBe(true);
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

  it('with a personal token, edits only the comments of that token’s user', async () => {
    const { github } = fixture;
    github.users.set('ghp_personalToken0123', { login: 'release-user', type: 'User' });
    const marker = commentMarker('shop', 'pr-12');
    github.comments.push({ id: 1, issue: 12, body: `${marker}\nby the bot`, login: 'github-actions[bot]' });
    github.comments.push({ id: 2, issue: 12, body: `${marker}\nby mallory`, login: 'mallory' });
    github.comments.push({ id: 3, issue: 12, body: `${marker}\nby the token's user`, login: 'release-user' });
    const r = await runChecked({
      workspace: makeWorkspace(),
      emulator,
      env: pullRequestEnv(github, 12),
      inputs: previewInputs({
        environment: 'pr-12',
        'github-deployment': 'false',
        'github-token': 'ghp_personalToken0123',
      }),
      secrets: ['ghp_personalToken0123'],
    });
    expect(r.code).toBe(0);
    expect(github.comments.map((c) => c.body.split('\n')[1])).toEqual([
      'by the bot',
      'by mallory',
      expect.stringContaining('Preview **pr\\-12** deployed'),
    ]);
  });

  it('writes no comment outside pull request events', async () => {
    const { github } = fixture;
    const r = await runChecked({
      workspace: makeWorkspace(),
      emulator,
      env: { GITHUB_API_URL: github.url, GITHUB_EVENT_NAME: 'push' },
      inputs: previewInputs({ 'github-deployment': 'false' }),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('pr-comment: not a pull_request or pull_request_target event');
    expect(github.requests).toEqual([]);
  });

  it('warns, and still succeeds, when the token may not comment (403)', async () => {
    const { github } = fixture;
    github.refuseComments = 403;
    const r = await runChecked({
      workspace: makeWorkspace(),
      emulator,
      env: pullRequestEnv(github, 9),
      inputs: previewInputs({ environment: 'pr-9' }),
    });
    expect(r.code).toBe(0);
    expect(r.outputs.status).toBe('success');
    const warning = annotations(r.stdout, 'warning').join('\n');
    expect(warning).toContain('pr-comment');
    expect(warning).toContain('pull-requests: write');
    expect(github.comments).toEqual([]);
  });
});

describe('delete-pattern: a typo never deletes production', SLOW, () => {
  it('refuses a display name outside the pattern before any request', async () => {
    const r = await runChecked({
      workspace: makeWorkspace(),
      emulator,
      inputs: deleteInputs({ environment: 'production', 'github-deployment': 'false', 'pr-comment': 'false' }),
    });
    expect(r.code).not.toBe(0);
    expect(r.stdout).toContain('input "environment" "production" does not match delete-pattern "pr-*"');
    expect(emulator.requests()).toEqual([]);
  });

  it('refuses an id whose display name is outside the pattern, before the DELETE', async () => {
    const deployed = await runChecked({ workspace: makeWorkspace(), emulator, inputs: deployInputs(emulator, 'shop') });
    const id = deployed.outputs['environment-id']!;
    const r = await runChecked({
      workspace: makeWorkspace(),
      emulator,
      inputs: deleteInputs({ environment: id, 'github-deployment': 'false', 'pr-comment': 'false' }),
    });
    expect(r.code).not.toBe(0);
    expect(r.outputs.status).toBe('failure');
    expect(r.stdout).toContain(`refusing to delete environment "staging" (id ${id})`);
    expect(r.stdout).toContain('nothing was deleted');
    expect(envNames()).toEqual(['staging']);
    expect(emulator.requests().filter((q) => q.method === 'DELETE')).toEqual([]);
  });

  it('deletes by id when the display name matches a widened pattern', async () => {
    const deployed = await runChecked({
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'shop', { environment: 'preview-feature-x' }),
    });
    const r = await runChecked({
      workspace: makeWorkspace(),
      emulator,
      inputs: deleteInputs({
        environment: deployed.outputs['environment-id']!,
        'delete-pattern': 'preview-*',
        'github-deployment': 'false',
        'pr-comment': 'false',
      }),
    });
    expect(r.code).toBe(0);
    expect(r.outputs['environment-deleted']).toBe('true');
    expect(envNames()).toEqual([]);
  });

  it('refuses delete together with another step', async () => {
    const r = await runChecked({
      workspace: makeWorkspace(),
      emulator,
      inputs: { ...deleteInputs(), deploy: 'true', 'github-deployment': 'false', 'pr-comment': 'false' },
    });
    expect(r.code).not.toBe(0);
    expect(r.stdout).toContain('the delete step runs alone, but the inputs also ask for deploy');
    expect(emulator.requests()).toEqual([]);
  });
});

describe('skip-without-credentials: a fork’s pull request', SLOW, () => {
  it('skips, says why, sets status skipped and exits 0 when the secrets are empty', async () => {
    const { github } = fixture;
    const inputs = previewInputs({ 'api-user-id': '', 'api-password': '', 'skip-without-credentials': 'true' });
    const r = await runChecked({ workspace: makeWorkspace(), emulator, env: pullRequestEnv(github, 10), inputs });
    expect(r.code).toBe(0);
    expect(r.outputs.status).toBe('skipped');
    const notice = annotations(r.stdout, 'notice').join('\n');
    expect(notice).toContain('"api-user-id", "api-password" are empty');
    expect(shown(r.summary)).toContain('skipped');
    expect(shown(r.summary)).toContain('"api-user-id", "api-password" are empty');
    expect(emulator.requests()).toEqual([]);
    expect(github.requests).toEqual([]);
  });

  it('still fails when only one of the credentials is empty (a mistake, not a fork)', async () => {
    const inputs = previewInputs({ 'api-password': '', 'skip-without-credentials': 'true', 'pr-comment': 'false' });
    const r = await runChecked({ workspace: makeWorkspace(), emulator, inputs });
    expect(r.code).not.toBe(0);
    expect(r.stdout).toContain('input "api-password" is required by deploy');
    expect(emulator.requests()).toEqual([]);
  });

  it('fails without credentials when skip-without-credentials is false', async () => {
    const inputs = previewInputs({ 'api-user-id': '', 'api-password': '', 'pr-comment': 'false' });
    const r = await runChecked({ workspace: makeWorkspace(), emulator, inputs });
    expect(r.code).not.toBe(0);
    expect(r.outputs.status).toBe('failure');
  });
});
