/**
 * The webhook step end to end: by parts (environment by display name or by id), by a whole
 * webhook-url, a refused token, and deploy-then-webhook in one run. Tokens and URLs come from
 * the emulator's control route, as a user copies them from the portal. Refusals of each kind,
 * by parts and by URL, are test/integration/webhook-step.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { EXISTING, seedWithApp, webhooksOf, type Webhooks } from './helpers/emulator.js';
import { errorsOf } from '../helpers/annotations.js';
import { NODES } from './helpers/nodes.js';
import { CREDENTIALS, deployInputs, runChecked } from './helpers/run.js';
import { makeWorkspace } from './helpers/workspace.js';
import { useEmulator } from './helpers/use-emulator.js';
import { shown } from '../support/markdown-text.js';

const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 0.3 });

const byParts = (more: Record<string, string>) => ({
  'headless-api-url': emulator.headlessUrl,
  account: 'demo',
  app: EXISTING.app,
  deploy: 'false',
  ...more,
});

const triggers = () => emulator.requests().filter((r) => r.path.includes('/wh/v1/'));

describe.each(NODES)('webhook on $label', ({ node }) => {
  it.each([
    {
      how: 'by parts, the environment given by display name (looked up with the API credentials)',
      inputs: (h: Webhooks) => ({
        ...byParts({ environment: EXISTING.displayName, webhook: 'purge-cache', 'webhook-token': h.token }),
        ...CREDENTIALS,
      }),
      action: 'purgeCache',
      alone: false,
    },
    {
      how: 'by parts, the environment given by id with only the token: nothing to look up',
      inputs: (h: Webhooks) =>
        byParts({ environment: EXISTING.environmentId, webhook: 'clean-rebuild', 'webhook-token': h.token }),
      action: 'cleanRebuild',
      alone: true,
    },
    {
      how: 'by a whole webhook-url',
      inputs: (h: Webhooks) => ({ 'webhook-url': h.urls.purgeCache }),
      action: 'purgeCache',
      alone: true,
    },
  ])('triggers $how', async ({ inputs, action, alone }) => {
    const hooks = await webhooksOf(emulator, EXISTING.environmentId);
    const r = await runChecked({ node, workspace: makeWorkspace(), emulator, inputs: inputs(hooks) });

    expect(r.code).toBe(0);
    expect(r.outputs).toEqual({ 'webhook-status': '200', status: 'success' });
    expect(emulator.state.webhookCalls).toMatchObject([
      { account: 'demo', app: EXISTING.app, environment: EXISTING.environmentId, action },
    ]);
    expect(triggers().map((t) => t.path)).toEqual([
      `/headless/wh/v1/accounts/demo/apps/web/environments/${EXISTING.environmentId}/webhooks/webhook:${action}`,
    ]);
    // Without a display name to look up, the trigger is the only request.
    expect(emulator.requests().length === 1).toBe(alone);
    // The trigger started the platform's own operation; the action does not wait for it.
    expect(emulator.state.uploads).toEqual([]);
  });

  it('fails clearly when the token is refused', async () => {
    const { token } = await webhooksOf(emulator, EXISTING.environmentId);
    const wrong = [...token].reverse().join('');
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: byParts({ environment: EXISTING.environmentId, webhook: 'purge-cache', 'webhook-token': wrong }),
    });

    expect(r.code).not.toBe(0);
    expect(r.outputs.status).toBe('failure');
    expect(r.outputs['webhook-status']).toBeUndefined();
    const error = errorsOf(r.stdout);
    for (const words of ['webhook failed', 'refused the token (401)', 'webhook-token']) expect(error).toContain(words);
    expect(emulator.state.webhookCalls).toEqual([]);
    expect(triggers().map((t) => t.status)).toEqual([401]);
  });

  it('deploys, then triggers the webhook, in one run (deploy: true)', async () => {
    const { token } = await webhooksOf(emulator, EXISTING.environmentId);
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, EXISTING.app, {
        environment: EXISTING.displayName,
        deploy: 'true',
        webhook: 'purge-cache',
        'webhook-token': token,
      }),
    });

    expect(r.code).toBe(0);
    expect(r.outputs).toMatchObject({
      'environment-id': EXISTING.environmentId,
      'webhook-status': '200',
      status: 'success',
    });
    expect(r.outputs.deployment).toMatch(/\/deployments\/[0-9a-f]{8}$/);
    const order = emulator
      .requests()
      .filter((q) => q.method === 'POST')
      .map((q) => q.path.replace(/^\/headless\/(fu|wh)\/.*?(:upload|webhook:\w+)$/, '$1 $2'));
    expect(order).toEqual(['fu :upload', 'wh webhook:purgeCache']);
    expect(emulator.state.uploads).toHaveLength(1);
    expect(emulator.state.webhookCalls).toMatchObject([{ environment: EXISTING.environmentId, action: 'purgeCache' }]);
    expect(shown(r.summary)).toMatch(/\| deploy \| ✅ success \|/);
    expect(shown(r.summary)).toMatch(/\| webhook \| ✅ success \|/);
  });
});
