/**
 * The delete step in-process (runFlow against the emulator, one virtual clock): what it asks of
 * the service in a dry run, for an app that does not exist, and for a preview that does.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import type { Client } from '../../src/api/client.js';
import { runFlow } from '../../src/flow/run-flow.js';
import { VirtualClock } from '../../src/util/clock.js';
import { clientFor, inputsOf, testContext } from '../helpers/step-context.js';

const clock = new VirtualClock(Date.UTC(2026, 10, 1));
let emulator: RunningEmulator;
let client: Client;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, clock, buildSeconds: 1 });
  client = clientFor(emulator.url, clock);
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});
beforeEach(() => emulator.reset());

function inputs(extra: Record<string, string> = {}) {
  return inputsOf(
    {
      'api-user-id': 'demo-user',
      'api-password': 'demo-password',
      'headless-api-url': `${emulator.url}/headless`,
      account: 'demo',
      app: 'shop',
      environment: 'pr-3',
      'delete-environment': 'true',
      ...extra,
    },
    '/',
  );
}

async function makePreview(displayName: string): Promise<string> {
  await client.createApp({ account: 'demo', app: 'shop', region: 'US-C' });
  const op = await client.createEnvironment({ account: 'demo', app: 'shop' }, { displayName, branch: 'uploadable' });
  return /\/environments\/([^/]+)\//.exec(op!.name)![1]!;
}

const mutations = () => emulator.requests().filter((r) => r.method !== 'GET');

describe('delete step', () => {
  it('deletes a preview and says so', async () => {
    const id = await makePreview('pr-3');
    const { ctx, outputs } = testContext({ inputs: inputs(), client, clock });
    const report = await runFlow(ctx);
    expect(report.status).toBe('success');
    expect(outputs.values()['environment-deleted']).toBe('true');
    expect(mutations().map((r) => `${r.method} ${r.path}`)).toContain(
      `DELETE /headless/v1/accounts/demo/apps/shop/environments/${id}`,
    );
    expect(emulator.state.environments).toEqual([]);
    expect(report.steps[0]!.details).toContainEqual(['environment', `pr-3 (id ${id})`]);
  });

  it('in a dry run, looks the environment up and changes nothing', async () => {
    await makePreview('pr-3');
    const before = mutations().length;
    const { ctx, log, outputs } = testContext({ inputs: inputs({ 'dry-run': 'true' }), client, clock });
    const report = await runFlow(ctx);
    expect(report.status).toBe('planned');
    expect(mutations()).toHaveLength(before);
    expect(emulator.state.environments.map((e) => e.displayName)).toEqual(['pr-3']);
    expect(log.lines.join('\n')).toContain('would delete environment "pr-3"');
    expect(outputs.values()['environment-deleted']).toBeUndefined();
  });

  it('treats a missing app as an environment already gone', async () => {
    const { ctx, log, outputs } = testContext({ inputs: inputs(), client, clock });
    const report = await runFlow(ctx);
    expect(report.status).toBe('success');
    expect(outputs.values()['environment-deleted']).toBe('false');
    expect(log.lines).toContain(
      'notice: app "shop" was not found, so environment "pr-3" is already gone; nothing to delete',
    );
    expect(mutations()).toEqual([]);
  });

  it('refuses, before the DELETE, an id whose display name is outside the pattern', async () => {
    const id = await makePreview('production-ish');
    const before = mutations().length;
    const { ctx } = testContext({ inputs: inputs({ environment: id }), client, clock });
    const report = await runFlow(ctx);
    expect(report.status).toBe('failure');
    expect(report.error).toContain(`refusing to delete environment "production-ish" (id ${id})`);
    expect(mutations()).toHaveLength(before);
  });
});
