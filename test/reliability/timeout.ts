/** An operation that never finishes: the run ends at `timeout`, naming the operation and how long it waited. */
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/index.js';
import { runAction } from '../../scripts/runner.js';
import { errorsOf } from '../helpers/annotations.js';
import type { Evidence } from './support/evidence.js';
import { baseInputs, reliabilitySeed } from './support/seed.js';
import { appWorkspace } from './support/workspace.js';

const SUITE = 'operation never done';

export function timeoutSuite(evidence: Evidence): void {
  describe('timeout: the build never finishes', () => {
    evidence.plan(SUITE, 1);
    it('ends with status timeout and a message naming the operation and the wait', async () => {
      const emulator = await startEmulator({ seed: reliabilitySeed(), buildSeconds: 1_000_000 });
      try {
        const result = evidence.record(
          SUITE,
          'timeout',
          await runAction({
            inputs: { ...baseInputs(emulator), app: 'slow', environment: 'staging', timeout: '3s' },
            workspace: appWorkspace('timeout'),
          }),
        );
        const message = errorsOf(result.stdout);
        const env = emulator.state.environments[0]!;
        const waited = /(\d+(?:\.\d+)?)s/.exec(message.slice(message.indexOf('not done after')))?.[1];

        evidence.figure(SUITE, 'timeout input', '3s (build takes 1,000,000 s)');
        evidence.figure(SUITE, 'exit code / status output', `${result.code} / ${result.outputs.status}`);
        evidence.figure(SUITE, 'run time', `${result.durationMs} ms`);
        evidence.figure(SUITE, 'message', message.split('\n')[0]!);

        expect(result.code).not.toBe(0);
        expect(result.outputs.status).toBe('timeout');
        expect(result.outputs.operation).toContain(`environments/${env.id}/operations/`);
        expect(message).toMatch(/^deploy timed out: /);
        expect(message).toContain(`apps/slow/environments/${env.id}/operations/`);
        // The time waited is as measured, never less than the timeout; and what to do about it.
        expect(Number(waited)).toBeGreaterThanOrEqual(3);
        expect(message).toContain('raise the timeout');
        expect(result.summary).toMatch(/\| deploy \| ⏱️ timeout \|/);
        expect(result.durationMs).toBeLessThan(15_000);
        expect(result.tempLeft).toEqual([]);
      } finally {
        await emulator.close();
      }
    });
  });
}
