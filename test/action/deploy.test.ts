/**
 * The deploy step end to end: dist/index.js run as the runner runs it, against the emulator,
 * checking what the emulator holds afterwards (apps, environments, the uploaded zip's
 * entries), the outputs, the job summary and the exit code. The rules behind each outcome
 * (look-ups, env-vars merging, near misses) are the integration tests'.
 */
import { describe, expect, it } from 'vitest';
import { annotations, errorsOf } from '../helpers/annotations.js';
import { EXISTING, seedWithApp } from './helpers/emulator.js';
import { NODES } from './helpers/nodes.js';
import { deployInputs, logText, mutations, runChecked } from './helpers/run.js';
import { APP_FILES, makeWorkspace } from './helpers/workspace.js';
import { useEmulator } from './helpers/use-emulator.js';
import { shown } from '../support/markdown-text.js';

const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 0.3 });

const OPERATION = /^accounts\/demo\/apps\/[^/]+\/environments\/[^/]+\/operations\/[0-9a-f]{12}$/;
const UPLOAD = `POST /headless/fu/v1/accounts/demo/apps/web/environments/${EXISTING.environmentId}:upload`;

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
    expect(emulator.state.apps.find((a) => a.appId === 'shop')).toMatchObject({
      account: 'demo',
      region: 'regions/US-C',
    });
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
    const base = `accounts/demo/apps/shop/environments/${envs[0]!.id}`;
    expect(r.outputs).toMatchObject({
      app: 'shop',
      'app-created': 'true',
      'environment-id': envs[0]!.id,
      'environment-created': 'true',
      'archive-bytes': String(upload.bytes),
      'archive-sha256': upload.sha256,
      'archive-files': String(upload.entries.length),
      operation: `${base}/operations/${op.id}`,
      build: `${base}/builds/${op.buildId}`,
      deployment: `${base}/deployments/${op.deploymentId}`,
      status: 'success',
    });
    expect(r.tempLeft).toEqual([]);

    // The job summary: the step's outcome, what was created, the variables by key (never by value), the archive.
    const summary = shown(r.summary);
    expect(summary).toMatch(
      /\| deploy \| ✅ success \| [^|]+ \| deploy the workspace to app "shop" environment "staging"/,
    );
    expect(summary).toContain(`| created | environment "staging" (id ${envs[0]!.id}) |`);
    expect(summary).toContain('| deploy: shell variables | added NEXT_PUBLIC_SITE_URL, FEATURE_X |');
    expect(summary).not.toContain('https://staging.shop.example');
    expect(summary).toContain(`| archive sha256 | ${upload.sha256} |`);
  });

  it('sets env-vars on an existing environment found by display name: one PATCH, keys named, values never shown', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, EXISTING.app, {
        environment: EXISTING.displayName,
        'env-vars': 'KEEP="v-changed-41c"\nADDED=v-added-9d2',
      }),
    });

    expect(r.code).toBe(0);
    expect(r.outputs).toMatchObject({
      'app-created': 'false',
      'environment-id': EXISTING.environmentId,
      'environment-created': 'false',
      status: 'success',
    });
    expect(emulator.state.environments[0]!.shellVariables).toEqual([
      { key: 'KEEP', value: 'v-changed-41c' },
      { key: 'ADDED', value: 'v-added-9d2' },
    ]);
    expect(mutations(emulator).map((m) => `${m.method} ${m.path}`)).toEqual([
      `PATCH /headless/v1/accounts/demo/apps/web/environments/${EXISTING.environmentId}`,
      UPLOAD,
    ]);
    expect(r.stdout).toContain('shell variables updated (merge): added ADDED; changed KEEP');
    expect(logText(r) + r.summary).not.toMatch(/v-changed-41c|v-added-9d2/);
  });

  it('deploys to an environment given by id, leaving its variables alone when env-vars is not given', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, EXISTING.app, { environment: EXISTING.environmentId }),
    });

    expect(r.code).toBe(0);
    expect(r.outputs).toMatchObject({ 'environment-id': EXISTING.environmentId, status: 'success' });
    expect(r.outputs.operation).toMatch(OPERATION);
    expect(emulator.state.environments).toHaveLength(1);
    expect(emulator.state.environments[0]!.shellVariables).toEqual(EXISTING.shellVariables);
    expect(mutations(emulator).map((m) => `${m.method} ${m.path}`)).toEqual([UPLOAD]);
  });

  it("a failed build: the platform's message quoted as written, the path named, and the outputs set before it kept", async () => {
    const workspace = makeWorkspace({ 'site/package.json': '{}\n', 'site/index.html': '<p>hi</p>\n' });
    const r = await runChecked({ node, workspace, emulator, inputs: deployInputs(emulator, 'broken') });

    expect(r.code).not.toBe(0);
    const upload = emulator.state.uploads[0]!;
    const op = emulator.state.operations.find((o) => o.id === upload.operationId)!;
    const operation = `accounts/demo/apps/broken/environments/${upload.environment}/operations/${op.id}`;
    expect(r.outputs).toMatchObject({
      status: 'failure',
      'app-created': 'true',
      'environment-created': 'true',
      'environment-id': upload.environment,
      'archive-sha256': upload.sha256,
      'archive-files': '2',
      operation,
    });
    expect(r.outputs.deployment).toBeUndefined();
    // The platform's message, quoted as it wrote it (its own "build failed:" not cut off), and no
    // other operation named: not the `no_build` name the upload answered.
    const error = errorsOf(r.stdout);
    expect(error).toContain(
      `deploy failed: the build failed (operation ${operation}): "build failed: no package.json at the root of the uploaded archive; `,
    );
    expect(error).toContain('input "path" is ".": set it to the folder that holds package.json');
    expect(logText(r)).not.toContain('operations/no_build;');
    // Said before the upload, with the folder to set.
    const warning = annotations(r.stdout, 'warning').find((l) => l.includes('no package.json'))!;
    expect(warning).toContain('set path to "site"');
    expect(r.stdout.indexOf(warning)).toBeLessThan(r.stdout.indexOf('uploaded '));
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
    expect(r.outputs).toMatchObject({ status: 'planned', 'archive-files': '5' });
    expect(emulator.requests().length).toBeGreaterThan(0);
    expect(mutations(emulator)).toEqual([]);
    expect(emulator.state.apps.map((a) => a.appId)).toEqual([EXISTING.app]);
    expect(emulator.state.uploads).toEqual([]);
    expect(emulator.state.installCopies).toEqual([]);
    expect(emulator.state.webhookCalls).toEqual([]);

    // The plan, one log group per step, and the archive's manifest.
    expect(r.stdout).toContain('::group::deploy: deploy the workspace to app "preview" environment "staging"');
    expect(r.stdout).toContain('::group::install copy: install copy demostg → demoprod');
    expect(r.stdout).toContain('::group::webhook: webhook purge-cache on app "preview" environment "staging"');
    expect(r.stdout).toMatch(/would upload 5 files \(zip \d+ B\)/);
    expect(r.stdout).toMatch(/excluded:\n.*\.git\/.*\n.*node_modules\//);
    expect(r.stdout).toContain('would trigger purge-cache');
    expect(shown(r.summary)).toMatch(/\| deploy \| 📝 planned \|/);
    expect(r.tempLeft).toEqual([]);
  });
});
