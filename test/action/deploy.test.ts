/**
 * The deploy step end to end: dist/index.js run as the runner runs it, against the emulator,
 * checking what the emulator holds afterwards (apps, environments, the uploaded zip's
 * entries), the outputs, the job summary and the exit code.
 */
import { describe, expect, it } from 'vitest';
import { EXISTING, seedWithApp } from './helpers/emulator.js';
import { NODES } from './helpers/nodes.js';
import { deployInputs, runChecked } from './helpers/run.js';
import { APP_FILES, makeWorkspace } from './helpers/workspace.js';
import { useEmulator } from './helpers/use-emulator.js';
import { shown } from '../support/markdown-text.js';

const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 0.3 });

const OPERATION = /^accounts\/demo\/apps\/[^/]+\/environments\/[^/]+\/operations\/[0-9a-f]{12}$/;
const mutations = () => emulator.requests().filter((r) => r.method !== 'GET');

describe.each(NODES)('deploy on $label', ({ node }) => {
  it('creates app and environment on a first deploy and uploads the workspace without what is excluded', async () => {
    const workspace = makeWorkspace({
      ...APP_FILES,
      'debug.log': 'noise\n',
      'secret/key.txt': 'do not ship\n',
      'docs/readme.md': '# docs\n',
      '.deployignore': '# further excludes\ndocs/\n',
    });
    const r = await runChecked({
      node,
      workspace,
      emulator,
      inputs: deployInputs(emulator, 'shop', {
        'cms-environment': 'demostg',
        'env-vars': 'NEXT_PUBLIC_SITE_URL=https://staging.shop.example\n# a comment\nFEATURE_X=on',
        exclude: '*.log\nsecret/',
        'exclude-from': '.deployignore',
      }),
    });

    expect(r.code).toBe(0);
    const app = emulator.state.apps.find((a) => a.appId === 'shop');
    expect(app).toMatchObject({ account: 'demo', region: 'regions/US-C' });
    const envs = emulator.state.environments.filter((e) => e.app === 'shop');
    expect(envs).toHaveLength(1);
    expect(envs[0]).toMatchObject({
      displayName: 'staging',
      branch: 'uploadable',
      cmsEnvironment: 'demostg',
      shellVariables: [
        { key: 'NEXT_PUBLIC_SITE_URL', value: 'https://staging.shop.example' },
        { key: 'FEATURE_X', value: 'on' },
      ],
    });

    expect(emulator.state.uploads).toHaveLength(1);
    const upload = emulator.state.uploads[0]!;
    expect(upload.environment).toBe(envs[0]!.id);
    expect([...upload.entries].sort()).toEqual([
      '.deployignore',
      'build.mjs',
      'package.json',
      'packages/ui/index.js',
      'src/app.js',
      'src/index.html',
    ]);

    const op = emulator.state.operations.find((o) => o.id === upload.operationId)!;
    expect(r.outputs).toMatchObject({
      app: 'shop',
      'app-created': 'true',
      'environment-id': envs[0]!.id,
      'environment-created': 'true',
      'archive-bytes': String(upload.bytes),
      'archive-sha256': upload.sha256,
      'archive-files': String(upload.entries.length),
      operation: `accounts/demo/apps/shop/environments/${envs[0]!.id}/operations/${op.id}`,
      build: `accounts/demo/apps/shop/environments/${envs[0]!.id}/builds/${op.buildId}`,
      deployment: `accounts/demo/apps/shop/environments/${envs[0]!.id}/deployments/${op.deploymentId}`,
      status: 'success',
    });
    expect(r.tempLeft).toEqual([]);

    // The job summary: the steps table and the archive rows, matching the upload.
    expect(shown(r.summary)).toContain('| Step | Outcome | Duration | What |');
    expect(shown(r.summary)).toMatch(
      /\| deploy \| ✅ success \| [^|]+ \| deploy the workspace to app "shop" environment "staging"/,
    );
    // What was created, which variables were set (keys only), what each rule left out, the largest files.
    expect(shown(r.summary)).toContain('| created | app "shop" (region US-C) |');
    expect(shown(r.summary)).toContain(`| created | environment "staging" (id ${envs[0]!.id}) |`);
    expect(shown(r.summary)).toContain('| deploy: shell variables | added NEXT_PUBLIC_SITE_URL, FEATURE_X |');
    expect(shown(r.summary)).not.toContain('https://staging.shop.example');
    expect(shown(r.summary)).toContain('| Exclude rule | Left out |');
    expect(shown(r.summary)).toMatch(/\| node_modules\/ \| 2 folders \|/);
    expect(shown(r.summary)).toContain('| exclude:1 | 1 file |');
    expect(shown(r.summary)).toContain('| Largest files sent | Size |');
    expect(shown(r.summary)).toContain(`| archive | ${upload.bytes} B, 6 files |`);
    expect(shown(r.summary)).toContain(`| archive sha256 | ${upload.sha256} |`);
    expect(shown(r.summary)).toContain(`| operation | ${r.outputs.operation} |`);
    expect(shown(r.summary)).toContain(`| deployment | ${r.outputs.deployment} |`);
  });

  it('deploys to an existing app and environment by display name, PATCHing shellVariables when env-vars are given', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, EXISTING.app, {
        environment: EXISTING.displayName,
        'env-vars': 'KEEP=me\nADDED=yes',
      }),
    });

    expect(r.code).toBe(0);
    expect(r.outputs).toMatchObject({
      app: EXISTING.app,
      'app-created': 'false',
      'environment-id': EXISTING.environmentId,
      'environment-created': 'false',
      status: 'success',
    });
    expect(emulator.state.apps).toHaveLength(1);
    expect(emulator.state.environments).toHaveLength(1);
    expect(emulator.state.environments[0]!.shellVariables).toEqual([
      { key: 'KEEP', value: 'me' },
      { key: 'ADDED', value: 'yes' },
    ]);
    expect(mutations().map((m) => `${m.method} ${m.path}`)).toEqual([
      `PATCH /headless/v1/accounts/demo/apps/web/environments/${EXISTING.environmentId}`,
      `POST /headless/fu/v1/accounts/demo/apps/web/environments/${EXISTING.environmentId}:upload`,
    ]);
    expect(emulator.state.uploads.map((u) => u.environment)).toEqual([EXISTING.environmentId]);
  });

  it('sends a changed value under a key the environment already has', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, EXISTING.app, { environment: EXISTING.displayName, 'env-vars': 'KEEP=changed' }),
    });

    expect(r.code).toBe(0);
    expect(emulator.state.environments[0]!.shellVariables).toEqual([{ key: 'KEEP', value: 'changed' }]);
    expect(mutations().filter((m) => m.method === 'PATCH')).toHaveLength(1);
  });

  it('sends nothing when env-vars holds exactly what the environment has', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, EXISTING.app, { environment: EXISTING.displayName, 'env-vars': 'KEEP=me' }),
    });

    expect(r.code).toBe(0);
    expect(emulator.state.environments[0]!.shellVariables).toEqual(EXISTING.shellVariables);
    expect(mutations().filter((m) => m.method === 'PATCH')).toEqual([]);
  });

  it('leaves shellVariables untouched when env-vars is not given', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, EXISTING.app, { environment: EXISTING.displayName }),
    });

    expect(r.code).toBe(0);
    expect(r.outputs).toMatchObject({ 'app-created': 'false', 'environment-created': 'false', status: 'success' });
    expect(emulator.state.environments[0]!.shellVariables).toEqual(EXISTING.shellVariables);
    expect(mutations().filter((m) => m.method === 'PATCH')).toEqual([]);
    expect(mutations()).toHaveLength(1); // the upload
  });

  it('deploys to an environment given by id', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, EXISTING.app, { environment: EXISTING.environmentId }),
    });

    expect(r.code).toBe(0);
    expect(r.outputs).toMatchObject({
      'environment-id': EXISTING.environmentId,
      'environment-created': 'false',
      status: 'success',
    });
    expect(emulator.state.environments).toHaveLength(1);
    expect(emulator.state.uploads.map((u) => u.environment)).toEqual([EXISTING.environmentId]);
    expect(r.outputs.operation).toMatch(OPERATION);
  });

  it('fails clearly and creates nothing when the app is missing and create-missing is false', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'ghost', { 'create-missing': 'false' }),
    });

    expect(r.code).not.toBe(0);
    expect(r.stdout).toContain('::error::');
    expect(r.stdout).toMatch(/app "ghost" does not exist in account "demo".*create-missing/);
    expect(r.outputs.status).toBe('failure');
    expect(emulator.state.apps.map((a) => a.appId)).toEqual([EXISTING.app]);
    expect(mutations()).toEqual([]);
    expect(emulator.state.uploads).toEqual([]);
  });

  it('reports a failed build with the operation’s error, keeping the outputs set before it', async () => {
    const workspace = makeWorkspace({ 'index.html': '<h1>no package.json here</h1>\n', 'app/server.js': '' });
    const r = await runChecked({ node, workspace, emulator, inputs: deployInputs(emulator, 'broken') });

    expect(r.code).not.toBe(0);
    const upload = emulator.state.uploads[0]!;
    const op = emulator.state.operations.find((o) => o.id === upload.operationId)!;
    expect(op.failure).toMatch(/no package\.json at the root/);
    const error = r.stdout.split('\n').find((l) => l.startsWith('::error::'));
    expect(error).toContain('the build failed (operation ');
    expect(error).toContain(': no package.json at the root of the uploaded archive');
    expect(error).toContain(`operation ${r.outputs.operation}`);
    expect(r.outputs).toMatchObject({
      status: 'failure',
      app: 'broken',
      'app-created': 'true',
      'environment-created': 'true',
      'environment-id': upload.environment,
      'archive-bytes': String(upload.bytes),
      'archive-sha256': upload.sha256,
      'archive-files': '2',
      operation: `accounts/demo/apps/broken/environments/${upload.environment}/operations/${op.id}`,
    });
    expect(r.outputs.deployment).toBeUndefined();
    expect(shown(r.summary)).toMatch(/\| deploy \| ❌ failure \|/);
    expect(r.tempLeft).toEqual([]);
  });

  it('dry-run makes only GET requests, changes nothing and prints the plan and the manifest', async () => {
    const hooks = emulator.state.environments[0]!;
    const r = await runChecked({
      node,
      workspace: makeWorkspace({ ...APP_FILES, '.env.local': 'SECRET=1\n' }),
      emulator,
      inputs: deployInputs(emulator, 'preview', {
        deploy: 'true',
        'dry-run': 'true',
        exclude: '.env*',
        'api-url': emulator.hostingUrl,
        'copy-from': 'demostg',
        'copy-to': 'demoprod',
        webhook: 'purge-cache',
        'webhook-token': hooks.webhookToken!,
      }),
    });

    expect(r.code).toBe(0);
    expect(r.outputs.status).toBe('planned');
    const requests = emulator.requests();
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((q) => q.method !== 'GET')).toEqual([]);
    expect(emulator.state.apps.map((a) => a.appId)).toEqual([EXISTING.app]);
    expect(emulator.state.environments).toHaveLength(1);
    expect(emulator.state.uploads).toEqual([]);
    expect(emulator.state.installCopies).toEqual([]);
    expect(emulator.state.webhookCalls).toEqual([]);

    // The plan, one group per step, and the archive's manifest.
    expect(r.stdout).toContain('::group::deploy: deploy the workspace to app "preview" environment "staging"');
    expect(r.stdout).toContain('::group::install copy: install copy demostg → demoprod');
    expect(r.stdout).toContain('::group::webhook: webhook purge-cache on app "preview" environment "staging"');
    expect(r.stdout).toContain('would create app "preview"');
    expect(r.stdout).toMatch(/would upload 5 files \(zip \d+ B\)/);
    expect(r.stdout).toContain('archive: 5 entries');
    expect(r.stdout).toMatch(/excluded:\n.*\.git\/.*\n.*node_modules\//);
    expect(r.stdout).toContain('exclude:1: excluded 1 file');
    expect(r.stdout).toMatch(/would copy files and database of demostg .* over demoprod/);
    expect(r.stdout).toContain('would trigger purge-cache');
    expect(r.outputs['archive-files']).toBe('5');
    expect(shown(r.summary)).toMatch(/\| deploy \| 📝 planned \|/);
    expect(r.tempLeft).toEqual([]);
  });
});
