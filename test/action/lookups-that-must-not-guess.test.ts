/**
 * Look-ups whose wrong answer costs a user a live site or a green run that lies: names that are
 * prefixes of each other (`pr-1`, `pr-12`, `pr-123`), a wait on a build that has already failed,
 * and a delete whose look-up fails for a reason other than "not found".
 */
import { describe, expect, it } from 'vitest';
import type { Seed } from '../../emulator/index.js';
import { defaultSeed } from '../../emulator/store/seed.js';
import { NODES } from './helpers/nodes.js';
import { CREDENTIALS, deployInputs, logText, runChecked } from './helpers/run.js';
import { useEmulator } from './helpers/use-emulator.js';
import { makeWorkspace } from './helpers/workspace.js';

const ID_12 = '3d0b5a51-7c9e-4f21-8a64-0e2b9c7d1f12';
const ID_123 = '3d0b5a51-7c9e-4f21-8a64-0e2b9c7d1123';
const seed: Seed = {
  ...defaultSeed,
  headless: {
    accounts: ['demo'],
    apps: [
      {
        account: 'demo',
        appId: 'shop',
        environments: [
          { id: ID_12, displayName: 'pr-12' },
          { id: ID_123, displayName: 'pr-123' },
        ],
      },
    ],
  },
};

const emulator = useEmulator({ seed, buildSeconds: 0 });
const failing = useEmulator({ seed, faults: '503:1' });

const names = () => emulator.state.environments.map((e) => e.displayName).sort();
const deleteInputs = (e: typeof emulator, more: Record<string, string> = {}) => ({
  ...CREDENTIALS,
  'headless-api-url': e.headlessUrl,
  account: 'demo',
  app: 'shop',
  environment: 'pr-1',
  'delete-environment': 'true',
  ...more,
});

describe.each(NODES)('on $label', ({ node }) => {
  it('deleting pr-1, already gone, deletes neither pr-12 nor pr-123', async () => {
    const r = await runChecked({ node, workspace: makeWorkspace(), emulator, inputs: deleteInputs(emulator) });
    expect(r.code, logText(r)).toBe(0);
    expect(r.outputs['environment-deleted']).toBe('false');
    expect(names()).toEqual(['pr-12', 'pr-123']);
    expect(emulator.requests().filter((q) => q.method === 'DELETE')).toEqual([]);
  });

  it('deploying to pr-1 creates pr-1 and never lands in pr-12', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'shop', { environment: 'pr-1' }),
    });
    expect(r.code, logText(r)).toBe(0);
    expect(r.outputs['environment-created']).toBe('true');
    expect(r.outputs['environment-id']).not.toBe(ID_12);
    expect(names()).toEqual(['pr-1', 'pr-12', 'pr-123']);
    const upload = emulator.requests().find((q) => q.path.endsWith(':upload'))!;
    expect(upload.path).toContain(`/environments/${r.outputs['environment-id']}:upload`);
  });

  it('the wait step on a build that has already failed fails, quoting why', async () => {
    // Built at once: by the time the wait step looks, the operation is done, and failed.
    const workspace = makeWorkspace({ 'index.html': '<p>no package.json</p>\n' });
    const first = await runChecked({
      node,
      workspace,
      emulator,
      inputs: deployInputs(emulator, 'shop', { environment: 'pr-12', wait: 'false' }),
    });
    expect(first.outputs.status).toBe('started');
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: { ...CREDENTIALS, 'headless-api-url': emulator.headlessUrl, operation: first.outputs.operation! },
    });
    expect(r.code).toBe(1);
    expect(r.outputs.status).toBe('failure');
    expect(logText(r)).toMatch(/wait failed: the build failed \(operation [^)]+\): "build failed: no package\.json/);
  });

  it('a delete whose look-up is refused (401) fails, and the preview stays', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deleteInputs(emulator, { environment: 'pr-12', 'api-password': 'wrong-password' }),
    });
    expect(r.code).toBe(1);
    expect(r.outputs['environment-deleted']).not.toBe('true');
    expect(logText(r)).toMatch(/authentication failed \(401\)/);
    expect(logText(r)).not.toMatch(/already gone/);
    expect(names()).toEqual(['pr-12', 'pr-123']);
  });

  it('a delete whose look-up meets an outage (503) fails, and the preview stays', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator: failing,
      inputs: deleteInputs(failing, { environment: 'pr-12' }),
    });
    expect(r.code).toBe(1);
    expect(logText(r)).toMatch(/service unavailable \(503\)/);
    expect(logText(r)).not.toMatch(/already gone/);
    expect(failing.state.environments.map((e) => e.displayName).sort()).toEqual(['pr-12', 'pr-123']);
  });
});
