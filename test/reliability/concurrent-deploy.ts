/** Five jobs deploy the same new app at the same moment: all succeed, one app, one environment. */
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/index.js';
import { runAction } from '../../scripts/runner.js';
import type { Evidence } from './support/evidence.js';
import { baseInputs, reliabilitySeed } from './support/seed.js';
import { appWorkspace } from './support/workspace.js';

const SUITE = 'five jobs, one new app';
const JOBS = 5;

export function concurrentDeploySuite(evidence: Evidence): void {
  describe('concurrency: five jobs create the same app', () => {
    evidence.plan(SUITE, JOBS);
    it('all succeed; the state holds one app and one environment', async () => {
      // Latency holds every request a while, so the five lookups all miss and the creates collide.
      const emulator = await startEmulator({ seed: reliabilitySeed(), buildSeconds: 0.2, latencyMs: 300 });
      try {
        const workspace = appWorkspace('race');
        const inputs = { ...baseInputs(emulator), app: 'race', environment: 'production', 'env-vars': 'RACE=1' };
        const results = await Promise.all(
          Array.from({ length: JOBS }, async (_, i) =>
            evidence.record(
              SUITE,
              `concurrent job ${i + 1}`,
              await runAction({ inputs, workspace, timeoutMs: 60_000 }),
            ),
          ),
        );
        const state = emulator.state;
        const conflicts = emulator.requests().filter((r) => r.status === 409).length;
        const env = state.environments.find((e) => e.app === 'race');
        const createdApp = results.filter((r) => r.outputs['app-created'] === 'true').length;
        const createdEnv = results.filter((r) => r.outputs['environment-created'] === 'true').length;

        evidence.figure(SUITE, 'jobs / successes', `${JOBS} / ${results.filter((r) => r.code === 0).length}`);
        evidence.figure(SUITE, 'apps / environments afterwards', `${state.apps.length} / ${state.environments.length}`);
        evidence.figure(SUITE, 'creates answered 409 (the race was real)', conflicts);
        evidence.figure(SUITE, 'jobs that report creating the app / the environment', `${createdApp} / ${createdEnv}`);
        evidence.figure(SUITE, 'uploads (one per job)', state.uploads.length);

        expect(results.map((r) => [r.code, r.outputs.status])).toEqual(Array(JOBS).fill([0, 'success']));
        expect(state.apps.map((a) => a.appId)).toEqual(['race']);
        expect(state.environments).toHaveLength(1);
        expect(env!.shellVariables).toEqual([{ key: 'RACE', value: '1' }]);
        expect(new Set(results.map((r) => r.outputs['environment-id']))).toEqual(new Set([env!.id]));
        expect(conflicts).toBeGreaterThan(0);
        expect(createdApp).toBe(1);
        expect(createdEnv).toBe(1);
        expect(state.uploads).toHaveLength(JOBS);
      } finally {
        await emulator.close();
      }
    });
  });
}
