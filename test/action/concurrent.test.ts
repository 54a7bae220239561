/**
 * First deploys racing each other (say, two pushes a second apart on a new branch): every run
 * must succeed, and they must end up sharing one app and one environment.
 */
import { describe, expect, it } from 'vitest';
import { NODES } from './helpers/nodes.js';
import { deployInputs, runChecked } from './helpers/run.js';
import { makeWorkspace } from './helpers/workspace.js';
import { useEmulator } from './helpers/use-emulator.js';

const RUNS = 4;
/** Each request takes this long, so runs started a little apart still overlap between look-up and create. */
const LATENCY_MS = 250;

const emulator = useEmulator({ buildSeconds: 0.3, latencyMs: LATENCY_MS });

describe.each(NODES)('concurrent first deploys on $label', ({ node }) => {
  it(`${RUNS} runs to a new app all succeed and share one app and one environment`, async () => {
    const workspace = makeWorkspace();
    const results = await Promise.all(
      Array.from({ length: RUNS }, () =>
        runChecked({ node, workspace, emulator, inputs: deployInputs(emulator, 'racer', { 'env-vars': 'A=1' }) }),
      ),
    );

    expect(results.map((r) => [r.code, r.outputs.status])).toEqual(results.map(() => [0, 'success']));
    expect(emulator.state.apps.map((a) => a.appId)).toEqual(['racer']);
    expect(emulator.state.environments).toHaveLength(1);
    const env = emulator.state.environments[0]!;
    expect(env).toMatchObject({ displayName: 'staging', shellVariables: [{ key: 'A', value: '1' }] });
    expect(results.map((r) => r.outputs['environment-id'])).toEqual(results.map(() => env.id));
    expect(results.filter((r) => r.outputs['environment-created'] === 'true')).toHaveLength(1);
    expect(emulator.state.uploads.map((u) => u.environment)).toEqual(results.map(() => env.id));
    // The runs did race: some create was answered 409 and settled by looking again.
    const creates = emulator.requests().filter((q) => q.method === 'POST' && !q.path.includes(':upload'));
    expect(creates.filter((q) => q.status === 409).length).toBeGreaterThan(0);
    expect(
      results.every((r) => r.outputs.deployment?.startsWith(`accounts/demo/apps/racer/environments/${env.id}/`)),
    ).toBe(true);
  });
});
