/**
 * The webhook step in-process (runFlow against the emulator, one virtual clock), under both of
 * the emulator's answer sets (under `documented` a trigger is answered 200 with no body): by
 * parts, its environment given by display name (looked up, never taken for a name it starts),
 * by id without credentials (no look-up), or handed on by a deploy; by a whole URL; refused
 * tokens, refusals of other kinds, and a dry run that sends nothing. (A refused look-up is never
 * "not found": lookup-refusals.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { ANSWER_SETS } from '../../emulator/config/answers.js';
import { stepInputs } from '../../src/engine/run-inputs.js';
import { triggerWebhook } from '../../src/steps/webhook/run.js';
import { webhooksOf } from '../action/helpers/emulator.js';
import { inputsOf, testContext, emulatorAccess } from '../helpers/step-context.js';
import { PREVIEWS, previewSeed } from '../helpers/preview-seed.js';
import { cancelledInFlight, refusal } from '../helpers/steered-client.js';
import { useFlow } from './helpers/flow.js';

const ENVS = `/headless/v1/accounts/demo/apps/shop/environments`;
/** A display name's look-up: tried as an id first, then the list. */
const LOOKUP = (name: string) => [`GET ${ENVS}/${name}`, `GET ${ENVS}`];
const TRIGGER = (id: string, action: string) =>
  `POST /headless/wh/v1/accounts/demo/apps/shop/environments/${id}/webhooks/webhook:${action}`;
const NO_CREDENTIALS = { 'api-user-id': '', 'api-password': '' };
const OTHER_SHAPE = '/hooks/webhooks/webhook:rebuild?token=t0k3n-xyz';

describe.each(ANSWER_SETS)('the webhook step (answers: %s)', (answers) => {
  const f = useFlow(
    { answers, seed: previewSeed, buildSeconds: 1 },
    { inputs: () => ({ app: 'shop', deploy: 'false' }) },
  );
  const tokenOf = async (id: string) => (await webhooksOf(f.emulator, id)).token;
  const calls = () => f.emulator.state.webhookCalls.map((c) => `${c.environment} ${c.action}`);
  /** Rebuilds pr-1, by display name, with its current token. */
  const rebuildPr1 = async (signal?: AbortSignal) =>
    f.run({ environment: 'pr-1', webhook: 'rebuild', 'webhook-token': await tokenOf(PREVIEWS.pr1.id) }, { signal });

  it('by display name: triggers on the environment of that exact name, not on one it starts', async () => {
    const token = await tokenOf(PREVIEWS.pr1.id);
    const { report, out, lines, ctx } = await f.run({
      environment: 'pr-1',
      webhook: 'purge-cache',
      'webhook-token': token,
    });
    expect(report.status).toBe('success');
    expect(calls()).toEqual([`${PREVIEWS.pr1.id} purgeCache`]);
    expect(f.routes()).toEqual([...LOOKUP('pr-1'), TRIGGER(PREVIEWS.pr1.id, 'purgeCache')]);
    expect(out['webhook-status']).toBe('200');
    expect(lines).toContain('purge-cache triggered on app "shop" environment "pr-1" (HTTP 200)');
    expect(ctx.record.recap()).toBe('done so far: purge-cache triggered');
  });

  it('by id without credentials: sends the id as given, with no look-up', async () => {
    const token = await tokenOf(PREVIEWS.pr1.id);
    const values = {
      ...NO_CREDENTIALS,
      environment: PREVIEWS.pr1.id,
      webhook: 'clean-rebuild',
      'webhook-token': token,
    };
    const { report, out } = await f.run(values);
    expect(report.status).toBe('success');
    expect(f.routes()).toEqual([TRIGGER(PREVIEWS.pr1.id, 'cleanRebuild')]);
    expect(calls()).toEqual([`${PREVIEWS.pr1.id} cleanRebuild`]);
    expect(out['webhook-status']).toBe('200');
  });

  it('a display name no environment has: fails naming it and the input, and triggers nothing', async () => {
    const { report, out } = await f.run({ environment: 'pr-9', webhook: 'rebuild', 'webhook-token': 'tok-1' });
    expect(report.error).toMatch(
      /^webhook failed: .*environment "pr-9" not found in app "shop"; check the environment/,
    );
    expect(calls()).toEqual([]);
    expect(out['webhook-status']).toBeUndefined();
  });

  it.each([
    [
      'by parts',
      { environment: 'pr-1', webhook: 'purge-cache' },
      'purge-cache on app "shop" environment "pr-1"',
      'token',
    ],
    ['by URL', { ...NO_CREDENTIALS }, `rebuild on app "shop" environment "${PREVIEWS.pr1.id}"`, 'url'],
  ])(
    'a refused token (401) %s: says to copy the current webhook-%s, never the token',
    async (_, values, which, input) => {
      const url = `${f.emulator.url}${TRIGGER(PREVIEWS.pr1.id, 'rebuild').slice(5)}?token=stale-token-123`;
      const given: Record<string, string> =
        input === 'url' ? { 'webhook-url': url } : { 'webhook-token': 'stale-token-123' };
      const { report, out } = await f.run({ ...values, ...given });
      expect(report.status).toBe('failure');
      expect(report.error).toMatch(
        new RegExp(`^webhook failed: webhook ${which}: the service refused the token \\(401\\);`),
      );
      expect(report.error).toContain(`copy the current webhook-${input} from the portal into the secret\n`);
      expect(report.error).not.toContain('stale-token-123');
      expect(calls()).toEqual([]);
      expect(out['webhook-status']).toBeUndefined();
    },
  );

  it.each([403, 500, 503])(
    'a trigger refused with %i is no token problem: the failure names the status',
    async (status) => {
      f.steered.steer(TRIGGER(PREVIEWS.pr1.id, 'rebuild'), refusal(status));
      const { report, out } = await rebuildPr1();
      expect(report.error).toMatch(new RegExp(`^webhook failed: .*${status}`));
      expect(report.error).not.toMatch(/refused the token/);
      expect(out['webhook-status']).toBeUndefined();
    },
  );

  it('a lost answer (502) to the trigger: repeated once, with a warning that names the action and the environment', async () => {
    const route = TRIGGER(PREVIEWS.pr1.id, 'rebuild');
    f.steered.steer(route, () => {
      f.steered.steer(route, (real) => real());
      return refusal(502)();
    });
    const { report, warnings, out } = await rebuildPr1();
    expect(report.status).toBe('success');
    expect(f.steered.steered).toEqual([route, route]);
    expect(calls()).toEqual([`${PREVIEWS.pr1.id} rebuild`]);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning: webhook rebuild on app "shop" environment "pr-1": the answer was lost \(status 502\), so it may or may not have taken effect; repeating it in \d+ ms/,
      ),
    ]);
    expect(out['webhook-status']).toBe('200');
  });

  it('a run cancelled while the trigger is in flight: the request is given up, the run ends cancelled', async () => {
    const route = TRIGGER(PREVIEWS.pr1.id, 'rebuild');
    const cancel = new AbortController();
    const unheard: string[] = [];
    f.steered.steer(route, cancelledInFlight(cancel, unheard));
    const { report, out } = await rebuildPr1(cancel.signal);
    expect(f.steered.steered).toEqual([route]);
    expect(unheard).toEqual([]);
    expect(report.status).toBe('cancelled');
    expect(out['webhook-status']).toBeUndefined();
  });

  it('by URL: sends the URL as given, names its app and environment, and outputs the status', async () => {
    const { urls } = await webhooksOf(f.emulator, PREVIEWS.pr12.id);
    const { report, out, lines } = await f.run({ ...NO_CREDENTIALS, 'webhook-url': urls.purgeCache });
    expect(report.status).toBe('success');
    expect(calls()).toEqual([`${PREVIEWS.pr12.id} purgeCache`]);
    expect(out['webhook-status']).toBe('200');
    expect(lines).toContain(`purge-cache triggered on app "shop" environment "${PREVIEWS.pr12.id}" (HTTP 200)`);
    expect(lines.join('\n')).not.toContain('token=');
  });

  it('by a URL of another shape: names it "the given webhook-url"', async () => {
    f.steered.steer('POST /hooks/webhooks/webhook:rebuild', () => ({ status: 202, headers: {}, body: '' }));
    const { report, out, lines } = await f.run({ ...NO_CREDENTIALS, 'webhook-url': `${f.emulator.url}${OTHER_SHAPE}` });
    expect(report.status).toBe('success');
    expect(f.steered.steered).toEqual(['POST /hooks/webhooks/webhook:rebuild']);
    expect(out['webhook-status']).toBe('202');
    expect(lines).toContain('rebuild triggered on the given webhook-url (HTTP 202)');
  });

  it('in a dry run, says what it would trigger and sends nothing', async () => {
    const dry = { 'dry-run': 'true' };
    const parts = await f.run({ ...dry, environment: 'pr-1', webhook: 'purge-cache', 'webhook-token': 'tok' });
    expect(parts.report.status).toBe('planned');
    expect(parts.lines).toContain('would trigger purge-cache on app "shop" environment "pr-1"');
    const { urls } = await webhooksOf(f.emulator, PREVIEWS.pr1.id);
    const byUrl = await f.run({ ...dry, ...NO_CREDENTIALS, 'webhook-url': urls.rebuild });
    expect(byUrl.lines).toContain(`would trigger rebuild on app "shop" environment "${PREVIEWS.pr1.id}"`);
    const other = await f.run({ ...dry, ...NO_CREDENTIALS, 'webhook-url': `${f.emulator.url}${OTHER_SHAPE}` });
    expect(other.lines).toContain('would trigger rebuild on the given webhook-url');
    expect(f.routes()).toEqual([]);
    expect(calls()).toEqual([]);
    expect(parts.out['webhook-status']).toBeUndefined();
  });

  // The deployed environment of the same account, app and name is used by its id, with no look-up:
  // flow.test.ts, through runFlow.
  describe('what a deploy hands on', () => {
    async function triggerWith(deployed: { account: string; app: string; environment: string; environmentId: string }) {
      const values = { ...emulatorAccess(f.emulator.url), account: 'demo', app: 'shop', deploy: 'false' };
      const token = await tokenOf(PREVIEWS.pr1.id);
      const inputs = inputsOf({ ...values, environment: 'pr-1', webhook: 'rebuild', 'webhook-token': token }, '/');
      const { ctx } = testContext({ inputs, client: f.steered.client, clock: f.clock });
      await triggerWebhook(ctx, stepInputs(inputs, 'webhook')!, { deployed });
    }

    it.each([
      ['account', { account: 'other', app: 'shop', environment: 'pr-1' }],
      ['app', { account: 'demo', app: 'shop2', environment: 'pr-1' }],
      ['environment', { account: 'demo', app: 'shop', environment: 'pr-12' }],
    ])('a deployed environment of another %s: looked up again by name', async (_, other) => {
      await triggerWith({ ...other, environmentId: PREVIEWS.pr12.id });
      expect(f.routes()).toEqual([...LOOKUP('pr-1'), TRIGGER(PREVIEWS.pr1.id, 'rebuild')]);
      expect(calls()).toEqual([`${PREVIEWS.pr1.id} rebuild`]);
    });
  });
});
