/**
 * Runs whose build outlasts them: `wait: false`, a timeout, and a cancelled job. The emulator's
 * builds take ten minutes here, so only the action's own limits end each run. No run is timed
 * against the wall clock (the machine running the tests may be busy): each is judged by how
 * it ended, what it said, and what the emulator saw.
 */
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { NODES } from './helpers/nodes.js';
import { deployInputs, runChecked } from './helpers/run.js';
import { makeWorkspace } from './helpers/workspace.js';
import { useEmulator } from './helpers/use-emulator.js';

const emulator = useEmulator({ buildSeconds: 600 });

const polls = () => emulator.requests().filter((r) => r.path.includes('/operations/'));

/** Sends `signal` to the action once its stdout shows `line`; resolves with the time it was sent. */
function signalWhen(line: string, signal: NodeJS.Signals) {
  let sentAt = 0;
  return {
    sentAt: () => sentAt,
    onSpawn: (child: ChildProcess) => {
      let seen = '';
      child.stdout!.on('data', (d: Buffer) => {
        seen += d.toString();
        if (sentAt === 0 && seen.includes(line)) {
          sentAt = Date.now();
          child.kill(signal);
        }
      });
    },
  };
}

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
    expect(r.summary).toMatch(/\| deploy \| ⏱️ timeout \|/);
    // It waited the whole timeout, not less (the build, ten minutes long, could not end it).
    expect(r.durationMs).toBeGreaterThanOrEqual(2000);
    expect(r.tempLeft).toEqual([]);
  });

  it('stops by itself on SIGINT during the wait, saying it was cancelled and what had been done', async () => {
    const sigint = signalWhen('waiting for the build', 'SIGINT');
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'shop'),
      onSpawn: sigint.onSpawn,
    });

    expect(sigint.sentAt()).toBeGreaterThan(0);
    // It ended by itself (not killed by a signal), and before its own fallback exit 1.5 s after
    // the signal: that one would cut off the message, the status output and the summary below.
    expect(r.signal).toBeNull();
    expect(r.code).not.toBe(0);
    expect(r.code).not.toBeNull();
    expect(r.outputs.status).toBe('cancelled');
    const text = `${r.stdout}\n${r.stderr}`;
    expect(text).toContain('received SIGINT');
    const error = r.stdout.split('\n').find((l) => l.startsWith('::error::'))!;
    expect(error).toContain('deploy cancelled');
    expect(error).toContain('app "shop" created');
    expect(error).toContain('environment "staging" created');
    expect(error).toContain('zip uploaded');
    expect(r.summary).toMatch(/\| deploy \| 🚫 cancelled \|/);
    expect(r.tempLeft).toEqual([]);
    // The signal came after the upload, during the wait.
    expect(emulator.state.uploads).toHaveLength(1);
  });
});
