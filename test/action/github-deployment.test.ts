/**
 * `github-deployment: true` end to end, against the fake GitHub (GITHUB_API_URL points at it).
 * Every request is checked against GitHub's own REST description from @octokit/openapi, so a
 * field GitHub would refuse is caught here. GitHub's refusals, and `wait: false` leaving the
 * Deployment in progress, are test/integration/github-deployment.test.ts's and flow's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAKE_GITHUB_TOKEN } from '../../scripts/runner.js';
import { NODES } from './helpers/nodes.js';
import { deployInputs, runChecked } from './helpers/run.js';
import { useEmulator } from './helpers/use-emulator.js';
import { REPOSITORY, SHA, useFakeGithub } from './helpers/use-fake-github.js';
import { makeWorkspace } from './helpers/workspace.js';

const emulator = useEmulator({ buildSeconds: 0.3 });
const fixture = useFakeGithub();

function deployWithRecord(more: Record<string, string> = {}) {
  return deployInputs(emulator, 'shop', { 'github-deployment': 'true', ...more });
}

const env = () => ({ GITHUB_API_URL: fixture.github.url });

it('the schemas loaded are GitHub’s: they refuse a body GitHub would refuse', () => {
  const { schema } = fixture;
  expect(schema.bodyValidator('POST', '/repos/{owner}/{repo}/deployments')({ environment: 'staging' })).toBe(false);
  const statuses = schema.bodyValidator('POST', '/repos/{owner}/{repo}/deployments/{deployment_id}/statuses');
  expect(statuses({ state: 'done' })).toBe(false);
  expect(statuses({ state: 'inactive' })).toBe(true);
  const request = { method: 'GET', path: '/repos/o/r/deployments', authorization: undefined, body: {} };
  expect(schema.check({ ...request, query: { environment: 'pr-1', per_page: '100' } })).toEqual([]);
  expect(schema.check({ ...request, query: { env: 'pr-1' } })).toEqual([
    'query parameter "env" is not one GitHub declares',
  ]);
  expect(schema.check({ ...request, method: 'POST', query: {}, body: { ref: 'x', colour: 'red' } })).toEqual([
    'body field "colour" is not one GitHub names',
  ]);
});

describe.each(NODES)('github deployment on $label', ({ node }) => {
  it('records the deploy as a GitHub Deployment: in_progress, then success', async () => {
    const { github } = fixture;
    const r = await runChecked({ node, workspace: makeWorkspace(), emulator, env: env(), inputs: deployWithRecord() });

    expect(r.code).toBe(0);
    expect(r.outputs.status).toBe('success');
    const [create] = github.requests;
    expect(create).toMatchObject({ method: 'POST', path: `/repos/${REPOSITORY}/deployments` });
    expect(create!.body).toMatchObject({ ref: SHA, environment: 'staging', required_contexts: [] });
    expect(create!.authorization).toMatch(new RegExp(`^(token|bearer) ${FAKE_GITHUB_TOKEN}$`, 'i'));
    expect(github.deployments).toHaveLength(1);
    expect(github.deployments[0]!.statuses.map((s) => s.state)).toEqual(['in_progress', 'success']);
    // Without environment-url there is no "View deployment" link to give.
    expect(github.deployments[0]!.statuses.some((s) => 'environment_url' in s)).toBe(false);
    expect(github.requests.at(-1)!.body).toMatchObject({
      environment: 'staging',
      log_url: `https://github.com/${REPOSITORY}/actions/runs/42`,
    });
    for (const s of github.requests.slice(1)) expect(String(s.body.description).length).toBeLessThanOrEqual(140);
    expect(emulator.state.uploads).toHaveLength(1);
  });

  it('when-busy: fail with a build in flight: a Deployment recorded as failure, nothing uploaded', async () => {
    const { github } = fixture;
    const first = runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployWithRecord({ wait: 'false' }),
    });
    for (let i = 0; i < 1500 && emulator.state.uploads.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const id = emulator.state.environments[0]!.id;
    const held = await fetch(`${emulator.url}/__emulator/environments/${id}/operation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ running: true }),
    });
    expect(held.status).toBe(200);
    expect((await first).outputs.status).toBe('started');
    const busy = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      env: env(),
      inputs: deployWithRecord({ 'when-busy': 'fail' }),
    });
    expect([busy.code, busy.outputs.status]).toEqual([1, 'busy']);
    expect(emulator.state.uploads).toHaveLength(1);
    expect(github.deployments.at(-1)!.statuses.map((s) => s.state)).toEqual(['in_progress', 'failure']);
  });

  it('skip-unchanged: the same tree again uploads nothing and says so; one byte changed deploys', async () => {
    const { github } = fixture;
    const ws = makeWorkspace();
    const run = (more: Record<string, string> = {}) =>
      runChecked({ node, workspace: ws, emulator, env: env(), inputs: deployWithRecord(more) });
    const first = await run();
    expect(first.outputs).toMatchObject({ status: 'success', unchanged: 'false' });
    expect(github.deployments[0]!.payload).toEqual({
      contentDigest: first.outputs['content-digest'],
      archiveSha256: first.outputs['archive-sha256'],
      environmentId: first.outputs['environment-id'],
    });

    const again = await run({ 'skip-unchanged': 'true' });
    expect(again.code).toBe(0);
    expect(again.outputs).toMatchObject({
      status: 'unchanged',
      unchanged: 'true',
      'content-digest': first.outputs['content-digest'],
    });
    expect(again.summary).toMatch(/unchanged[\s\S]*GitHub Deployment \d+.*runs\/42/);
    expect([emulator.state.uploads.length, github.deployments.length]).toEqual([1, 1]);

    writeFileSync(join(ws, 'src/app.js'), `${readFileSync(join(ws, 'src/app.js'), 'utf8')} `);
    const changed = await run({ 'skip-unchanged': 'true' });
    expect(changed.outputs).toMatchObject({ status: 'success', unchanged: 'false' });
    expect([emulator.state.uploads.length, github.deployments.length]).toEqual([2, 2]);
  });

  it.each<{ when: string; status: string; says: string; files: Record<string, string> }>([
    { when: 'the build fails', status: 'failure', says: 'build failed', files: { 'index.html': '<p>hi</p>\n' } },
    {
      when: 'the site is unhealthy',
      status: 'unhealthy',
      says: 'the site is unhealthy',
      files: { 'package.json': '{"name":"shop"}\n', HEALTH_FAIL: '\n' },
    },
  ])('ends the GitHub Deployment in failure when $when', async ({ status, says, files }) => {
    const health = { 'health-url': `${emulator.url}/__sites/{environment-id}/`, 'health-timeout': '1s' };
    const inputs = deployWithRecord(status === 'unhealthy' ? health : {});
    const r = await runChecked({ node, workspace: makeWorkspace(files), emulator, env: env(), inputs });

    expect(r.code).toBe(1);
    expect(r.outputs.status).toBe(status);
    const statuses = fixture.github.deployments[0]!.statuses;
    expect(statuses.map((s) => s.state)).toEqual(['in_progress', 'failure']);
    expect(String(statuses.at(-1)!.description)).toContain(says);
  });
});
