/**
 * The webhook step in-process (runFlow against the emulator, one virtual clock), under both of
 * the emulator's answer sets (under `documented` a trigger is answered 200 with no body): by
 * parts, its environment given by display name (looked up, never taken for a name it starts),
 * by id without credentials (no look-up), or handed on by a deploy; by a whole URL; refused
 * tokens, refusals of other kinds, and a dry run that sends nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { ANSWER_SETS } from '../../emulator/answers.js';
import { runFlow } from '../../src/engine/run-flow.js';
import { stepInputs } from '../../src/engine/run-inputs.js';
import { triggerWebhook } from '../../src/steps/webhook/run.js';
import { VirtualClock } from '../../src/util/clock.js';
import { webhooksOf } from '../action/helpers/emulator.js';
import { inputsOf, testContext, emulatorAccess } from '../helpers/step-context.js';
import { PREVIEWS, previewSeed } from '../helpers/preview-seed.js';
import { cancelledInFlight, refusal, steeredClient, type SteeredClient } from '../helpers/steered-client.js';

const ENVS = `/headless/v1/accounts/demo/apps/shop/environments`;
/** A display name's look-up: tried as an id first, then the list. */
const LOOKUP = (name: string) => [`GET ${ENVS}/${name}`, `GET ${ENVS}`];
const TRIGGER = (id: string, action: string) =>
  `POST /headless/wh/v1/accounts/demo/apps/shop/environments/${id}/webhooks/webhook:${action}`;

describe.each(ANSWER_SETS)('the webhook step (answers: %s)', (answers) => {
  const clock = new VirtualClock(Date.UTC(2026, 10, 1));
  let emulator: RunningEmulator;
  let steered: SteeredClient;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, clock, answers, seed: previewSeed, buildSeconds: 1 });
    steered = steeredClient(emulator.url, clock);
  });
  afterAll(async () => {
    await steered.close();
    await emulator.close();
  });
  beforeEach(() => {
    emulator.reset();
    steered.reset();
  });

  const tokenOf = async (id: string) => (await webhooksOf(emulator, id)).token;
  const calls = () => emulator.state.webhookCalls.map((c) => `${c.environment} ${c.action}`);
  const routes = () => emulator.requests().map((r) => `${r.method} ${r.path.split('?')[0]}`);

  async function run(values: Record<string, string>, credentials = true, signal?: AbortSignal) {
    const inputs = inputsOf(
      {
        ...(credentials ? { 'api-user-id': 'demo-user', 'api-password': 'demo-password' } : {}),
        'headless-api-url': `${emulator.url}/headless`,
        account: 'demo',
        app: 'shop',
        deploy: 'false',
        ...values,
      },
      '/',
    );
    const t = testContext({ inputs, client: steered.client, clock, ...(signal ? { signal } : {}) });
    const report = await runFlow(t.ctx);
    return { ...t, report };
  }

  /** The webhook step alone: rebuild environment pr-1 (by display name) of app shop with `token`. */
  const rebuildPr1 = (token: string) =>
    inputsOf(
      {
        ...emulatorAccess(emulator.url),
        account: 'demo',
        app: 'shop',
        deploy: 'false',
        environment: 'pr-1',
        webhook: 'rebuild',
        'webhook-token': token,
      },
      '/',
    );

  it('by display name: triggers on the environment of that exact name, not on one it starts', async () => {
    const token = await tokenOf(PREVIEWS.pr1.id);
    const { report, outputs, log, ctx } = await run({
      environment: 'pr-1',
      webhook: 'purge-cache',
      'webhook-token': token,
    });
    expect(report.status).toBe('success');
    expect(calls()).toEqual([`${PREVIEWS.pr1.id} purgeCache`]);
    expect(routes()).toEqual([...LOOKUP('pr-1'), TRIGGER(PREVIEWS.pr1.id, 'purgeCache')]);
    expect(outputs.values()['webhook-status']).toBe('200');
    expect(log.lines).toContain('purge-cache triggered on app "shop" environment "pr-1" (HTTP 200)');
    expect(ctx.record.recap()).toBe('done so far: purge-cache triggered');
  });

  it('by id without credentials: sends the id as given, with no look-up', async () => {
    const token = await tokenOf(PREVIEWS.pr1.id);
    const { report, outputs } = await run(
      { environment: PREVIEWS.pr1.id, webhook: 'clean-rebuild', 'webhook-token': token },
      false,
    );
    expect(report.status).toBe('success');
    expect(routes()).toEqual([TRIGGER(PREVIEWS.pr1.id, 'cleanRebuild')]);
    expect(calls()).toEqual([`${PREVIEWS.pr1.id} cleanRebuild`]);
    expect(outputs.values()['webhook-status']).toBe('200');
  });

  it('a display name no environment has: fails naming it and the input, and triggers nothing', async () => {
    const { report, outputs } = await run({ environment: 'pr-9', webhook: 'rebuild', 'webhook-token': 'tok-1' });
    expect(report.status).toBe('failure');
    expect(report.error).toMatch(
      /^webhook failed: webhook: environment "pr-9" not found in app "shop"; check the environment input\n/,
    );
    expect(calls()).toEqual([]);
    expect(outputs.values()['webhook-status']).toBeUndefined();
  });

  it.each([401, 403, 500, 503])(
    'the look-up of a display name refused with %i: a failure naming it, not "not found", nothing triggered',
    async (status) => {
      steered.steer(`GET ${ENVS}`, refusal(status));
      const { report } = await run({ environment: 'pr-1', webhook: 'rebuild', 'webhook-token': 'tok-1' });
      expect(steered.steered.length).toBeGreaterThan(0);
      expect(report.status).toBe('failure');
      expect(report.error).toContain(String(status));
      expect(report.error).not.toMatch(/not found/);
      expect(calls()).toEqual([]);
    },
  );

  it('a refused token (401) by parts: says to copy the current webhook-token, never the token', async () => {
    const { report, outputs } = await run({
      environment: 'pr-1',
      webhook: 'purge-cache',
      'webhook-token': 'stale-token-123',
    });
    expect(report.status).toBe('failure');
    expect(report.error).toMatch(
      /^webhook failed: webhook purge-cache on app "shop" environment "pr-1": the service refused the token \(401\); the webhooks may have been regenerated or deleted: copy the current webhook-token from the portal into the secret\n/,
    );
    expect(report.error).not.toContain('stale-token-123');
    expect(calls()).toEqual([]);
    expect(outputs.values()['webhook-status']).toBeUndefined();
  });

  it('a refused token (401) by URL: says to copy the current webhook-url', async () => {
    const url = `${emulator.url}/headless/wh/v1/accounts/demo/apps/shop/environments/${PREVIEWS.pr1.id}/webhooks/webhook:rebuild?token=stale-token-123`;
    const { report } = await run({ 'webhook-url': url }, false);
    expect(report.status).toBe('failure');
    expect(report.error).toMatch(
      new RegExp(
        `^webhook failed: webhook rebuild on app "shop" environment "${PREVIEWS.pr1.id}": the service refused the token \\(401\\); .*: copy the current webhook-url from the portal into the secret\\n`,
      ),
    );
    expect(report.error).not.toContain('stale-token-123');
  });

  it.each([403, 500, 503])(
    'a trigger refused with %i is no token problem: the failure names the status',
    async (status) => {
      steered.steer(TRIGGER(PREVIEWS.pr1.id, 'rebuild'), refusal(status));
      const token = await tokenOf(PREVIEWS.pr1.id);
      const { report, outputs } = await run({ environment: 'pr-1', webhook: 'rebuild', 'webhook-token': token });
      expect(report.status).toBe('failure');
      expect(report.error).toMatch(/^webhook failed: /);
      expect(report.error).toContain(String(status));
      expect(report.error).not.toMatch(/refused the token/);
      expect(outputs.values()['webhook-status']).toBeUndefined();
    },
  );

  it('a lost answer (502) to the trigger: repeated once, with a warning that names the action and the environment', async () => {
    const route = TRIGGER(PREVIEWS.pr1.id, 'rebuild');
    steered.steer(route, () => {
      steered.steer(route, (real) => real());
      return refusal(502)();
    });
    const token = await tokenOf(PREVIEWS.pr1.id);
    const { report, log, outputs } = await run({ environment: 'pr-1', webhook: 'rebuild', 'webhook-token': token });
    expect(report.status).toBe('success');
    expect(steered.steered).toEqual([route, route]);
    expect(calls()).toEqual([`${PREVIEWS.pr1.id} rebuild`]);
    expect(log.lines.filter((l) => l.startsWith('warning: '))).toEqual([
      expect.stringMatching(
        /^warning: webhook rebuild on app "shop" environment "pr-1": the answer was lost \(status 502\), so it may or may not have taken effect; repeating it in \d+ ms/,
      ),
    ]);
    expect(outputs.values()['webhook-status']).toBe('200');
  });

  it('a run cancelled while the trigger is in flight: the request is given up, the run ends cancelled', async () => {
    const route = TRIGGER(PREVIEWS.pr1.id, 'rebuild');
    const cancel = new AbortController();
    const unheard: string[] = [];
    steered.steer(route, cancelledInFlight(cancel, unheard));
    const token = await tokenOf(PREVIEWS.pr1.id);
    const { report, outputs } = await run(
      { environment: 'pr-1', webhook: 'rebuild', 'webhook-token': token },
      true,
      cancel.signal,
    );
    expect(steered.steered).toEqual([route]);
    expect(unheard).toEqual([]);
    expect(report.status).toBe('cancelled');
    expect(outputs.values()['webhook-status']).toBeUndefined();
  });

  it('by URL: sends the URL as given, names its app and environment, and outputs the status', async () => {
    const { urls } = await webhooksOf(emulator, PREVIEWS.pr12.id);
    const { report, outputs, log } = await run({ 'webhook-url': urls.purgeCache }, false);
    expect(report.status).toBe('success');
    expect(calls()).toEqual([`${PREVIEWS.pr12.id} purgeCache`]);
    expect(outputs.values()['webhook-status']).toBe('200');
    expect(log.lines).toContain(`purge-cache triggered on app "shop" environment "${PREVIEWS.pr12.id}" (HTTP 200)`);
    expect(log.lines.join('\n')).not.toContain('token=');
  });

  it('by a URL of another shape: names it "the given webhook-url"', async () => {
    steered.steer('POST /hooks/webhooks/webhook:rebuild', () => ({ status: 202, headers: {}, body: '' }));
    const { report, outputs, log } = await run(
      { 'webhook-url': `${emulator.url}/hooks/webhooks/webhook:rebuild?token=t0k3n-xyz` },
      false,
    );
    expect(report.status).toBe('success');
    expect(steered.steered).toEqual(['POST /hooks/webhooks/webhook:rebuild']);
    expect(outputs.values()['webhook-status']).toBe('202');
    expect(log.lines).toContain('rebuild triggered on the given webhook-url (HTTP 202)');
  });

  it('in a dry run, says what it would trigger and sends nothing', async () => {
    const parts = await run({ environment: 'pr-1', webhook: 'purge-cache', 'webhook-token': 'tok', 'dry-run': 'true' });
    expect(parts.report.status).toBe('planned');
    expect(parts.log.lines).toContain('would trigger purge-cache on app "shop" environment "pr-1"');
    const { urls } = await webhooksOf(emulator, PREVIEWS.pr1.id);
    const byUrl = await run({ 'webhook-url': urls.rebuild, 'dry-run': 'true' }, false);
    expect(byUrl.log.lines).toContain(`would trigger rebuild on app "shop" environment "${PREVIEWS.pr1.id}"`);
    const other = await run(
      { 'webhook-url': `${emulator.url}/hooks/webhooks/webhook:rebuild?token=t0k3n-xyz`, 'dry-run': 'true' },
      false,
    );
    expect(other.log.lines).toContain('would trigger rebuild on the given webhook-url');
    expect(routes()).toEqual([]);
    expect(calls()).toEqual([]);
    expect(parts.outputs.values()['webhook-status']).toBeUndefined();
  });

  describe('what a deploy hands on', () => {
    async function triggerWith(deployed: { account: string; app: string; environment: string; environmentId: string }) {
      const inputs = rebuildPr1(await tokenOf(PREVIEWS.pr1.id));
      const { ctx } = testContext({ inputs, client: steered.client, clock });
      await triggerWebhook(ctx, stepInputs(inputs, 'webhook')!, { deployed });
    }

    it('the deployed environment of the same account, app and name: its id, with no look-up', async () => {
      await triggerWith({ account: 'demo', app: 'shop', environment: 'pr-1', environmentId: PREVIEWS.pr1.id });
      expect(routes()).toEqual([TRIGGER(PREVIEWS.pr1.id, 'rebuild')]);
    });

    it.each([
      ['account', { account: 'other', app: 'shop', environment: 'pr-1' }],
      ['app', { account: 'demo', app: 'shop2', environment: 'pr-1' }],
      ['environment', { account: 'demo', app: 'shop', environment: 'pr-12' }],
    ])('a deployed environment of another %s: looked up again by name', async (_, other) => {
      await triggerWith({ ...other, environmentId: PREVIEWS.pr12.id });
      expect(routes()).toEqual([...LOOKUP('pr-1'), TRIGGER(PREVIEWS.pr1.id, 'rebuild')]);
      expect(calls()).toEqual([`${PREVIEWS.pr1.id} rebuild`]);
    });
  });
});
