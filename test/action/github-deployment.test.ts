/**
 * `github-deployment: true` end to end, against a local fake of GitHub's two deployment
 * endpoints (GITHUB_API_URL points at it). Every request body is validated against GitHub's
 * own request schema from @octokit/openapi, so a field GitHub would refuse is caught here.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { FAKE_GITHUB_TOKEN } from '../../scripts/runner.js';
import { startFakeGithub, type FakeGithub, type GithubRequest } from './helpers/fake-github.js';
import { NODES } from './helpers/nodes.js';
import { deployInputs, runChecked } from './helpers/run.js';
import { makeWorkspace, removeWorkspaces } from './helpers/workspace.js';

const DEPLOYMENTS = '/repos/{owner}/{repo}/deployments';
const STATUSES = '/repos/{owner}/{repo}/deployments/{deployment_id}/statuses';
// scripts/runner.ts sets these, as GitHub's runner does.
const REPOSITORY = 'octo-org/shop';
const SHA = '0123456789abcdef0123456789abcdef01234567';

interface JsonSchema {
  properties?: Record<string, unknown>;
}
interface Checker {
  validate: ValidateFunction;
  /** Fields the schema names: anything else is a typo GitHub would ignore or refuse. */
  known: string[];
}

let emulator: RunningEmulator;
let github: FakeGithub;
let checkers: Record<string, Checker>;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, buildSeconds: 0.3 });
  github = await startFakeGithub();
  // The dereferenced description is large (tens of MB): read it once for the file.
  const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.deref.json');
  const api = JSON.parse(readFileSync(file, 'utf8')) as {
    paths: Record<string, { post: { requestBody: { content: Record<string, { schema: JsonSchema }> } } }>;
  };
  const ajv = new Ajv({ strict: false, allErrors: true });
  checkers = {};
  for (const path of [DEPLOYMENTS, STATUSES]) {
    const schema = api.paths[path]!.post.requestBody.content['application/json']!.schema;
    checkers[path] = { validate: ajv.compile(schema), known: Object.keys(schema.properties ?? {}) };
  }
});
afterAll(async () => {
  await Promise.all([emulator.close(), github.close()]);
  removeWorkspaces();
});
beforeEach(() => {
  emulator.reset();
  github.requests.length = 0;
  github.refuseWith = null;
});

function expectValid(path: string, request: GithubRequest): void {
  const { validate, known } = checkers[path]!;
  const valid = validate(request.body);
  expect(validate.errors ?? [], `${request.path} body against GitHub's schema`).toEqual([]);
  expect(valid).toBe(true);
  expect(Object.keys(request.body).filter((k) => !known.includes(k))).toEqual([]);
}

function deployWithRecord(more: Record<string, string> = {}) {
  return deployInputs(emulator, 'shop', { 'github-deployment': 'true', ...more });
}

const env = () => ({ GITHUB_API_URL: github.url });

/** The deployment's statuses, in order, each body checked against the schema. */
function statusesOf(requests: readonly GithubRequest[]): string[] {
  return requests.slice(1).map((s) => {
    expect(s.method).toBe('POST');
    expect(s.path).toBe(`/repos/${REPOSITORY}/deployments/1/statuses`);
    expectValid(STATUSES, s);
    expect(String(s.body.description).length).toBeLessThanOrEqual(140);
    return String(s.body.state);
  });
}

it('the schemas loaded are GitHub’s: they refuse a body GitHub would refuse', () => {
  expect(checkers[DEPLOYMENTS]!.validate({ environment: 'staging' })).toBe(false); // no ref
  expect(checkers[STATUSES]!.validate({ state: 'done' })).toBe(false); // not a state
  expect(checkers[STATUSES]!.known).toContain('log_url');
});

describe.each(NODES)('github deployment on $label', ({ node }) => {
  it('records the deploy as a GitHub Deployment: in_progress, then success', async () => {
    const r = await runChecked({ node, workspace: makeWorkspace(), emulator, env: env(), inputs: deployWithRecord() });

    expect(r.code).toBe(0);
    expect(r.outputs.status).toBe('success');
    const [create] = github.requests;
    expect(create).toMatchObject({ method: 'POST', path: `/repos/${REPOSITORY}/deployments` });
    expectValid(DEPLOYMENTS, create!);
    expect(create!.body).toMatchObject({ ref: SHA, environment: 'staging', required_contexts: [] });
    expect(create!.authorization).toMatch(new RegExp(`^(token|bearer) ${FAKE_GITHUB_TOKEN}$`, 'i'));
    expect(statusesOf(github.requests)).toEqual(['in_progress', 'success']);
    expect(github.requests.at(-1)!.body).toMatchObject({
      environment: 'staging',
      log_url: `https://github.com/${REPOSITORY}/actions/runs/42`,
    });
    expect(emulator.state.uploads).toHaveLength(1);
  });

  it('ends the GitHub Deployment in failure when the build fails', async () => {
    const workspace = makeWorkspace({ 'index.html': '<p>no package.json</p>\n' });
    const r = await runChecked({ node, workspace, emulator, env: env(), inputs: deployWithRecord() });

    expect(r.code).not.toBe(0);
    expect(r.outputs.status).toBe('failure');
    expectValid(DEPLOYMENTS, github.requests[0]!);
    expect(statusesOf(github.requests)).toEqual(['in_progress', 'failure']);
    expect(String(github.requests.at(-1)!.body.description)).toContain('build failed');
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
    expect(statusesOf(github.requests)).toEqual(['in_progress', 'in_progress']);
  });

  it('warns and still deploys when GitHub refuses the token (403)', async () => {
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
