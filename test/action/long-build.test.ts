/**
 * Runs whose build outlasts them: `wait: false` and a timeout (a cancelled job is in
 * signals.test.ts). The emulator's builds take ten minutes here, so only the action's own
 * limits end each run. No run is timed against the wall clock (the machine running the tests
 * may be busy): each is judged by how it ended, what it said, and what the emulator saw.
 */
import { describe, expect, it } from 'vitest';
import { NODES } from './helpers/nodes.js';
import { deployInputs, runChecked } from './helpers/run.js';
import { makeWorkspace } from './helpers/workspace.js';
import { useEmulator } from './helpers/use-emulator.js';
import { shown } from '../support/markdown-text.js';

const emulator = useEmulator({ buildSeconds: 600 });

const polls = () => emulator.requests().filter((r) => r.path.includes('/operations/'));

describe.each(NODES)('long builds on $label', ({ node }) => {
  it('wait: false uploads, sets the operation output and returns while the build still runs', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'shop', { wait: 'false' }),
    });

    expect(r.code).toBe(0);
    const env = emulator.state.environments.find((e) => e.app === 'shop')!;
    // Accepted, not built: "started", not "success".
    expect(r.outputs).toMatchObject({
      status: 'started',
      'environment-id': env.id,
      operation: `accounts/demo/apps/shop/environments/${env.id}/operations/no_build`,
    });
    expect(emulator.state.uploads).toHaveLength(1);
    const op = emulator.state.operations.find((o) => o.id === emulator.state.uploads[0]!.operationId)!;
    expect(op.doneAt).toBeGreaterThan(emulator.clock.now());
    expect(polls()).toEqual([]);
    expect(r.outputs.deployment).toBeUndefined();
  });

  it('times out after the given timeout, naming the operation and the wait', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'shop', { timeout: '2s' }),
    });

    expect(r.code).not.toBe(0);
    expect(r.outputs.status).toBe('timeout');
    const env = emulator.state.environments.find((e) => e.app === 'shop')!;
    const op = emulator.state.operations.find((o) => o.id === emulator.state.uploads[0]!.operationId)!;
    expect(r.outputs.operation).toBe(`accounts/demo/apps/shop/environments/${env.id}/operations/${op.id}`);
    const error = r.stdout.split('\n').find((l) => l.startsWith('::error::'))!;
    expect(error).toContain(`deploy timed out: operation ${r.outputs.operation} (build ${op.buildId}) not done after `);
    // The time waited is as measured (2.1s on a busy machine), never less than the timeout.
    const waited = /not done after (\d+(?:\.\d+)?)s \(timeout 2s\)/.exec(error);
    expect(waited, error).not.toBeNull();
    expect(Number(waited![1])).toBeGreaterThanOrEqual(2);
    expect(error).toContain('raise the timeout');
    expect(polls().length).toBeGreaterThanOrEqual(2);
    expect(shown(r.summary)).toMatch(/\| deploy \| ⏱️ timeout \|/);
    // It waited the whole timeout, not less (the build, ten minutes long, could not end it).
    expect(r.durationMs).toBeGreaterThanOrEqual(2000);
    expect(r.tempLeft).toEqual([]);
  });
});
