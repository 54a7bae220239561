/**
 * Users' mistakes end to end (dist/index.js against the emulator): the run fails safe (near-miss
 * names, id-shaped names, a cms install that is not there), loses nothing (env-vars merge, an
 * app it created is deleted again), and says what happened (warnings for values not in force,
 * the summary of an input error, a build failure named once, `wait: false` as `started`).
 */
import { describe, expect, it } from 'vitest';
import type { Seed } from '../../emulator/index.js';
import { defaultSeed } from '../../emulator/store/seed.js';
import { NODES } from './helpers/nodes.js';
import { CREDENTIALS, deployInputs, logText, runChecked } from './helpers/run.js';
import { APP_FILES, makeWorkspace } from './helpers/workspace.js';
import { useEmulator } from './helpers/use-emulator.js';
import { shown } from '../support/markdown-text.js';

const FIVE = ['A', 'B', 'C', 'D', 'E'].map((key, i) => ({ key, value: `value-${key}-${i}` }));

/** App `web` (US-C) with `production` (5 variables, cms demoprod) and `Staging Preview`; app `shop-front`. */
const seed: Seed = {
  ...defaultSeed,
  headless: {
    accounts: ['demo'],
    apps: [
      {
        account: 'demo',
        appId: 'web',
        region: 'US-C',
        environments: [
          {
            id: '0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015',
            displayName: 'production',
            cmsEnvironment: 'demoprod',
            shellVariables: FIVE,
          },
          { id: 'f1f2f3f4', displayName: 'Staging Preview' },
        ],
      },
      { account: 'demo', appId: 'shop-front', region: 'US-C', environments: [] },
    ],
  },
};

const emulator = useEmulator({ seed, buildSeconds: 0.2 });

const envOf = (app: string, displayName: string) =>
  emulator.state.environments.find((e) => e.app === app && e.displayName === displayName);
const mutations = () => emulator.requests().filter((r) => r.method !== 'GET');
const patches = () => emulator.requests().filter((r) => r.method === 'PATCH');
const errorLine = (stdout: string) => stdout.split('\n').find((l) => l.startsWith('::error::')) ?? '';
const warnings = (stdout: string) => stdout.split('\n').filter((l) => l.startsWith('::warning::'));
const toProduction = (more: Record<string, string>) =>
  deployInputs(emulator, 'web', { environment: 'production', ...more });

describe.each(NODES)('env-vars on $label', ({ node }) => {
  it('merge (the default) sets the keys given and keeps the other five, naming keys and never values', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: toProduction({ 'env-vars': 'ONLY=1' }),
    });
    expect(r.code).toBe(0);
    expect(envOf('web', 'production')!.shellVariables).toEqual([...FIVE, { key: 'ONLY', value: '1' }]);
    expect(r.stdout).toContain('environment "production": shell variables updated (merge): added ONLY');
    expect(shown(r.summary)).toContain('| deploy: shell variables | added ONLY |');
    for (const v of FIVE) expect(logText(r) + r.summary).not.toContain(v.value);
  });

  it('replace makes the list the whole set, and says which keys it removed', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: toProduction({ 'env-vars': 'ONLY=1', 'env-vars-mode': 'replace' }),
    });
    expect(r.code).toBe(0);
    expect(envOf('web', 'production')!.shellVariables).toEqual([{ key: 'ONLY', value: '1' }]);
    expect(r.stdout).toContain('shell variables updated (replace): added ONLY; removed A, B, C, D, E');
  });

  it('sends a new value under an existing key, with quotes stripped as dotenv does', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: toProduction({ 'env-vars': 'B="new value"\nF=\'x\'' }),
    });
    expect(r.code).toBe(0);
    expect(patches()).toHaveLength(1);
    const vars = envOf('web', 'production')!.shellVariables;
    expect(vars.find((v) => v.key === 'B')!.value).toBe('new value');
    expect(vars.find((v) => v.key === 'F')!.value).toBe('x');
    expect(vars).toHaveLength(6);
    expect(r.stdout).toContain('added F; changed B');
  });

  it('sends no PATCH when nothing changes', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: toProduction({ 'env-vars': `A=${FIVE[0]!.value}` }),
    });
    expect(r.code).toBe(0);
    expect(patches()).toEqual([]);
    expect(r.stdout).toContain('shell variables already as given (merge); not updated');
  });

  it('a dry run names the keys it would change and changes nothing', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: toProduction({ 'env-vars': 'A=other\nONLY=1', 'env-vars-mode': 'replace', 'dry-run': 'true' }),
    });
    expect(r.code).toBe(0);
    expect(r.outputs.status).toBe('planned');
    expect(mutations()).toEqual([]);
    expect(r.stdout).toContain('would update shell variables (replace): added ONLY; changed A; removed B, C, D, E');
    expect(shown(r.summary)).toContain('| deploy: shell variables | added ONLY; changed A; removed B, C, D, E |');
  });
});

describe.each(NODES)('near misses on $label', ({ node }) => {
  it.each([
    ['Production', 'production'],
    ['staging-preview', 'Staging Preview'],
    ['prodution', 'production'],
    ['Staging Previwe', 'Staging Preview'],
  ])('environment %j next to %j is an error naming the existing one; nothing is created', async (given, existing) => {
    const before = emulator.state.environments.length;
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: toProduction({ environment: given }),
    });
    expect(r.code).not.toBe(0);
    expect(r.outputs.status).toBe('failure');
    expect(errorLine(r.stdout)).toContain(`has no environment "${given}", but it has "${existing}"`);
    expect(errorLine(r.stdout)).toContain(`set environment: ${existing}`);
    expect(emulator.state.environments).toHaveLength(before);
    expect(mutations()).toEqual([]);
    expect(shown(r.summary)).toContain(`but it has "${existing}"`);
  });

  it('an id in the wrong case is a near miss of the id', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: toProduction({ environment: '0C3D9E2A-5B71-4F8E-A1D6-93B4C2E7F015' }),
    });
    expect(r.code).not.toBe(0);
    expect(errorLine(r.stdout)).toContain(
      'has no environment "0C3D9E2A-5B71-4F8E-A1D6-93B4C2E7F015", but it has "0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015"',
    );
    expect(mutations()).toEqual([]);
  });

  it.each([
    ['a uuid', '6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e81'],
    ['24 hexadecimal characters', '5f2b8c1d9e0a4b3c2d1e0f9a'],
    ['8 hexadecimal characters', 'e0a1b2c4'],
  ])('an environment shaped like an id (%s) that is not found never becomes a display name', async (_shape, id) => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: toProduction({ environment: id }),
    });
    expect(r.code).not.toBe(0);
    expect(errorLine(r.stdout)).toContain(
      `"${id}" looks like an environment id (a uuid, or 24 hexadecimal characters for older environments)`,
    );
    expect(envOf('web', id)).toBeUndefined();
    expect(mutations()).toEqual([]);
  });

  it('an id-shaped environment for a new app creates neither app nor environment', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'brand-new', { environment: 'deadbeef' }),
    });
    expect(r.code).not.toBe(0);
    expect(emulator.state.apps.find((a) => a.appId === 'brand-new')).toBeUndefined();
    expect(mutations()).toEqual([]);
  });

  it('app "shop_front" next to "shop-front" is an error naming it; no app is created', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'shop_front'),
    });
    expect(r.code).not.toBe(0);
    expect(errorLine(r.stdout)).toContain(
      'app "shop_front" does not exist, but app "shop-front" does; set app: shop-front',
    );
    expect(emulator.state.apps.map((a) => a.appId).sort()).toEqual(['shop-front', 'web']);
    expect(mutations()).toEqual([]);
  });
});

describe.each(NODES)('one letter off on $label', ({ node }) => {
  it('app "shop-frnt" next to "shop-front" is an error; no app, no environment', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'shop-frnt', { environment: 'staging' }),
    });
    expect(r.code).not.toBe(0);
    expect(errorLine(r.stdout)).toContain('app "shop-frnt" does not exist, but app "shop-front" does');
    expect(errorLine(r.stdout)).toContain('create it in the portal first');
    expect(emulator.state.apps.map((a) => a.appId).sort()).toEqual(['shop-front', 'web']);
    expect(mutations()).toEqual([]);
  });

  it('a name one digit off is a name of its own: pr-13 next to pr-12 is created', async () => {
    const first = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'web', { environment: 'pr-12', wait: 'false' }),
    });
    expect(first.code, logText(first)).toBe(0);
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'web', { environment: 'pr-13', wait: 'false' }),
    });
    expect(r.code, logText(r)).toBe(0);
    expect(r.outputs['environment-created']).toBe('true');
    expect(envOf('web', 'pr-13')).toBeDefined();
  });
});

describe.each(NODES)('half-created state on $label', ({ node }) => {
  it('with api-url, a cms-environment that is no install of the account fails before anything is created', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'shop', { 'cms-environment': 'nosuch', 'api-url': emulator.hostingUrl }),
    });
    expect(r.code).not.toBe(0);
    expect(errorLine(r.stdout)).toContain('input "cms-environment": install "nosuch" is not among the installs');
    expect(emulator.state.apps.find((a) => a.appId === 'shop')).toBeUndefined();
    expect(mutations()).toEqual([]);
  });

  it('the dry run makes the same check', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'shop', {
        'cms-environment': 'nosuch',
        'api-url': emulator.hostingUrl,
        'dry-run': 'true',
      }),
    });
    expect(r.code).not.toBe(0);
    expect(errorLine(r.stdout)).toContain('install "nosuch" is not among the installs');
  });

  it('without api-url, the app this run created is deleted again when its environment is refused', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'shop', { 'cms-environment': 'nosuch' }),
    });
    expect(r.code).not.toBe(0);
    expect(emulator.state.apps.find((a) => a.appId === 'shop')).toBeUndefined();
    expect(r.stdout).toContain('cms install "nosuch" not checked before creating (give api-url to check it)');
    expect(errorLine(r.stdout)).toContain('app "shop", which this run created, was deleted again');
    expect(r.outputs['app-created']).toBe('false');
    expect(mutations().map((m) => m.method)).toEqual(['POST', 'POST', 'DELETE']);
  });

  it('leaves an app it did not create alone', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'shop-front', { 'cms-environment': 'nosuch' }),
    });
    expect(r.code).not.toBe(0);
    expect(emulator.state.apps.find((a) => a.appId === 'shop-front')).toBeDefined();
    expect(mutations().map((m) => m.method)).toEqual(['POST']);
  });
});

describe.each(NODES)('inputs that apply only at creation on $label', ({ node }) => {
  it('warns about region and cms-environment not in force, and shows the values in force', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: toProduction({ region: 'EU-W', 'cms-environment': 'demostg' }),
    });
    expect(r.code).toBe(0);
    const w = warnings(r.stdout).join('\n');
    expect(w).toContain('input "region" is EU-W, but app "web" already exists in US-C');
    expect(w).toContain(
      'input "cms-environment" is demostg, but environment "production" already exists connected to install demoprod',
    );
    expect(shown(r.summary)).toContain('| deploy: region | US-C |');
    expect(shown(r.summary)).toContain('| deploy: cms install | demoprod |');
    // The plan line shows the region in force, not the one asked for.
    const planLine = shown(r.summary)
      .split('\n')
      .find((l) => l.startsWith('| deploy |'))!;
    expect(planLine).toContain('app in region US-C');
    expect(planLine).not.toContain('EU-W');
    expect(shown(r.summary)).toContain('**Warnings**');
    expect(shown(r.summary)).toContain('input "region" is EU-W');
  });

  it('says nothing about a region left at its default', async () => {
    const r = await runChecked({ node, workspace: makeWorkspace(), emulator, inputs: toProduction({}) });
    expect(warnings(r.stdout).filter((l) => l.includes('region'))).toEqual([]);
  });
});

describe.each(NODES)('webhook by parts without credentials on $label', ({ node }) => {
  it('a display name is an input error before any request', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: {
        'headless-api-url': emulator.headlessUrl,
        account: 'demo',
        app: 'web',
        deploy: 'false',
        environment: 'production',
        webhook: 'purge-cache',
        'webhook-token': 'some-token-value',
      },
    });
    expect(r.code).not.toBe(0);
    expect(errorLine(r.stdout)).toContain('input "environment" "production" is not an environment id');
    expect(emulator.requests()).toEqual([]);
  });
});

describe.each(NODES)('wait: false and the wait step on $label', ({ node }) => {
  it('an upload that is not awaited is "started", and a later run waits for its operation', async () => {
    const first = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: toProduction({ wait: 'false' }),
    });
    expect(first.code).toBe(0);
    expect(first.outputs.status).toBe('started');
    expect(first.outputs.build).toBeUndefined();
    expect(shown(first.summary)).toContain('headless-deploy: started');
    const operation = first.outputs.operation!;
    expect(operation).toMatch(
      /^accounts\/demo\/apps\/web\/environments\/0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015\/operations\//,
    );

    const second = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: { ...CREDENTIALS, 'headless-api-url': emulator.headlessUrl, operation, timeout: '2m' },
    });
    expect(second.code).toBe(0);
    expect(second.outputs.status).toBe('success');
    const op = emulator.state.operations.find((o) => o.kind === 'upload')!;
    expect(second.outputs.build).toBe(
      `accounts/demo/apps/web/environments/0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015/builds/${op.buildId}`,
    );
    expect(second.outputs.deployment).toBe(
      `accounts/demo/apps/web/environments/0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015/deployments/${op.deploymentId}`,
    );
    expect(emulator.state.uploads).toHaveLength(1);
    expect(mutations().filter((m) => m.path.includes(':upload'))).toHaveLength(1);
    expect(shown(second.summary)).toMatch(/\| wait \| ✅ success \|/);
  });

  it('the wait step fails naming the build that failed', async () => {
    const first = await runChecked({
      node,
      workspace: makeWorkspace({ 'index.html': '<p>hi</p>\n' }),
      emulator,
      inputs: toProduction({ wait: 'false' }),
    });
    const second = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: { ...CREDENTIALS, 'headless-api-url': emulator.headlessUrl, operation: first.outputs.operation! },
    });
    expect(second.code).not.toBe(0);
    expect(second.outputs.status).toBe('failure');
    expect(errorLine(second.stdout)).toContain(
      'wait failed: the build failed (operation accounts/demo/apps/web/environments/0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015/operations/',
    );
  });

  it('operation together with a deploy is an input error', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: toProduction({
        operation: 'accounts/demo/apps/web/environments/0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015/operations/0123456789ab',
      }),
    });
    expect(r.code).not.toBe(0);
    expect(errorLine(r.stdout)).toContain('input "operation" is set together with a deploy');
    expect(emulator.requests()).toEqual([]);
  });
});

describe.each(NODES)('a build that fails on $label', ({ node }) => {
  it("quotes the platform's message as written, names the operation that failed and the path input, and warned before uploading", async () => {
    const workspace = makeWorkspace({ 'site/package.json': '{}\n', 'site/index.html': '<p>hi</p>\n' });
    const r = await runChecked({ node, workspace, emulator, inputs: toProduction({}) });
    expect(r.code).not.toBe(0);
    const error = errorLine(r.stdout);
    const op = emulator.state.operations.find((o) => o.kind === 'upload')!;
    const name = `accounts/demo/apps/web/environments/0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015/operations/${op.id}`;
    // The platform's message, quoted as it wrote it: its own "build failed:" is not cut off.
    expect(error).toContain(
      `deploy failed: the build failed (operation ${name}): "build failed: no package.json at the root of the uploaded archive; `,
    );
    expect(error).toContain('input "path" is ".": set it to the folder that holds package.json');
    // No other operation is named: not the `no_build` name the upload answered.
    expect(logText(r)).not.toContain('operations/no_build;');
    expect(error).not.toContain('no_build');
    const warning = warnings(r.stdout).find((l) => l.includes('no package.json'))!;
    expect(warning).toContain('set path to "site"');
    expect(r.stdout.indexOf(warning)).toBeLessThan(r.stdout.indexOf('uploaded '));
  });
});

describe.each(NODES)('wording on $label', ({ node }) => {
  it('one file is "1 file", and the plan names the path without a trailing slash', async () => {
    const workspace = makeWorkspace({ 'web/package.json': APP_FILES['package.json']! });
    const r = await runChecked({ node, workspace, emulator, inputs: toProduction({ path: 'web' }) });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/archive: 1 file, /);
    expect(r.stdout).toContain('deploy "web" to app "web"');
    expect(r.stdout).not.toContain('"web/"');
  });

  it('a wrong password is "authentication failed" once', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: toProduction({ 'api-password': 'wrong-password-x' }),
    });
    expect(r.code).not.toBe(0);
    expect(errorLine(r.stdout).match(/authentication failed/gi)).toHaveLength(1);
  });
});
