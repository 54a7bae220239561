/**
 * Fleets end to end on the bundle, as the runner runs it: the plan step in a git checkout (only
 * the changed app planned, no request made), then one matrix entry, `fleet` + `target`,
 * deploying its target with the fleet's defaults under the step's own inputs.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedWithApp } from './helpers/emulator.js';
import { CREDENTIALS, runChecked } from './helpers/run.js';
import { useEmulator } from './helpers/use-emulator.js';
import { makeWorkspace } from './helpers/workspace.js';

const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 0.2 });

const fleetFile = (headlessUrl: string) =>
  JSON.stringify({
    defaults: { account: 'demo', 'headless-api-url': headlessUrl },
    targets: [
      { name: 'shop-staging', app: 'shop', environment: 'staging', path: 'apps/shop' },
      { name: 'blog-staging', app: 'blog', environment: 'staging', path: 'apps/blog', wave: 2 },
    ],
  });
const APPS = {
  'apps/shop/package.json': '{"name":"shop"}\n',
  'apps/shop/index.js': 'export default 1;\n',
  'apps/blog/package.json': '{"name":"blog"}\n',
};

describe('a fleet', () => {
  it('plans only the targets whose files changed since the ref, and asks the platform nothing', async () => {
    const workspace = makeWorkspace({ ...APPS, 'fleet.json': fleetFile(emulator.headlessUrl) });
    const git = (...args: string[]) =>
      execFileSync(
        'git',
        ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args],
        {
          cwd: workspace,
        },
      );
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-qm', 'base');
    writeFileSync(join(workspace, 'apps/blog/index.js'), 'export default 2;\n');
    git('add', '-A');
    git('commit', '-qm', 'blog');

    const r = await runChecked({
      workspace,
      emulator,
      inputs: { fleet: 'fleet.json', 'fleet-plan': 'true', 'changed-since': 'HEAD~1' },
    });
    expect(r.code).toBe(0);
    const blog = { target: 'blog-staging', wave: 2, app: 'blog', environment: 'staging' };
    expect(JSON.parse(r.outputs.matrix!)).toEqual({ include: [blog] });
    expect(JSON.parse(r.outputs.waves!)).toEqual([{ include: [blog] }]);
    expect(r.outputs).toMatchObject({ targets: '1', status: 'success' });
    expect(emulator.requests()).toEqual([]);
  });

  it('deploys one target: the fleet’s defaults and fields under the step’s own inputs, which win', async () => {
    const workspace = makeWorkspace({ ...APPS, 'fleet.json': fleetFile(emulator.headlessUrl) });
    const r = await runChecked({
      workspace,
      emulator,
      // The step's own environment wins over the target's.
      inputs: { ...CREDENTIALS, fleet: 'fleet.json', target: 'shop-staging', environment: 'qa' },
    });
    expect(r.outputs.status, r.stdout).toBe('success');
    expect(r.outputs.app).toBe('shop');
    expect(emulator.state.environments.find((e) => e.id === r.outputs['environment-id'])?.displayName).toBe('qa');
    expect([...emulator.state.uploads[0]!.entries].sort()).toEqual(['index.js', 'package.json']);
  });

  it('refuses a target the fleet does not name before any request, naming the nearest', async () => {
    const workspace = makeWorkspace({ ...APPS, 'fleet.json': fleetFile(emulator.headlessUrl) });
    const r = await runChecked({
      workspace,
      emulator,
      inputs: { ...CREDENTIALS, fleet: 'fleet.json', target: 'shop-stagin' },
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /input "target": "shop-stagin" is not a target of fleet\.json; did you mean "shop-staging"\?/,
    );
    expect(emulator.requests()).toEqual([]);
  });
});
