/**
 * `github-deployment: true` end to end, against the fake GitHub (GITHUB_API_URL points at it).
 * Every request is checked against GitHub's own REST description from @octokit/openapi, so a
 * field GitHub would refuse is caught here.
 */
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

  it('ends the GitHub Deployment in failure when the build fails', async () => {
    const workspace = makeWorkspace({ 'index.html': '<p>no package.json</p>\n' });
    const r = await runChecked({ node, workspace, emulator, env: env(), inputs: deployWithRecord() });

    expect(r.code).not.toBe(0);
    expect(r.outputs.status).toBe('failure');
    const statuses = fixture.github.deployments[0]!.statuses;
    expect(statuses.map((s) => s.state)).toEqual(['in_progress', 'failure']);
    expect(String(statuses.at(-1)!.description)).toContain('build failed');
  });

  it('ends the GitHub Deployment in failure when the build succeeds and the site is unhealthy', async () => {
    const workspace = makeWorkspace({ 'package.json': '{"name":"shop"}\n', HEALTH_FAIL: '\n' });
    const r = await runChecked({
      node,
      workspace,
      emulator,
      env: env(),
      inputs: deployWithRecord({
        'health-url': `${emulator.url}/__sites/{environment-id}/`,
        'health-timeout': '1s',
      }),
    });

    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ status: 'unhealthy', health: 'unhealthy' });
    const statuses = fixture.github.deployments[0]!.statuses;
    expect(statuses.map((s) => s.state)).toEqual(['in_progress', 'failure']);
    expect(String(statuses.at(-1)!.description)).toContain('the site is unhealthy');
  });

  it('leaves the GitHub Deployment in_progress when the build is not awaited (wait: false)', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      env: env(),
      inputs: deployWithRecord({ wait: 'false' }),
    });

    expect(r.code).toBe(0);
    expect(r.outputs.status).toBe('started');
    // Nothing is known of the build yet: no success is claimed.
    expect(fixture.github.deployments[0]!.statuses.map((s) => s.state)).toEqual(['in_progress', 'in_progress']);
  });

  it('warns and still deploys when GitHub refuses the token (403)', async () => {
    const { github } = fixture;
    github.refuseWith = 403;
    const r = await runChecked({ node, workspace: makeWorkspace(), emulator, env: env(), inputs: deployWithRecord() });

    expect(r.code).toBe(0);
    expect(r.outputs.status).toBe('success');
    expect(r.outputs.deployment).toMatch(/\/deployments\/[0-9a-f]{8}$/);
    const warning = r.stdout.split('\n').find((l) => l.startsWith('::warning::') && l.includes('github-deployment'));
    expect(warning).toContain('403');
    expect(warning).toContain('deployments: write');
    // One refused create; no statuses for a deployment that does not exist.
    expect(github.requests.map((q) => q.path)).toEqual([`/repos/${REPOSITORY}/deployments`]);
    expect(emulator.state.uploads).toHaveLength(1);
  });
});
