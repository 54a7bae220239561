/**
 * The webhook step end to end: by parts (environment by display name or by id), by a whole
 * webhook-url, a refused token, and deploy-then-webhook in one run. Tokens and URLs come from
 * the emulator's control route, as a user copies them from the portal.
 */
import { describe, expect, it } from 'vitest';
import { EXISTING, seedWithApp, webhooksOf } from './helpers/emulator.js';
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
  it('purges the cache by parts, the environment given by display name', async () => {
    const { token } = await webhooksOf(emulator, EXISTING.environmentId);
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: byParts({
        ...CREDENTIALS,
        environment: EXISTING.displayName,
        webhook: 'purge-cache',
        'webhook-token': token,
      }),
    });

    expect(r.code).toBe(0);
    expect(emulator.state.webhookCalls).toMatchObject([
      { account: 'demo', app: EXISTING.app, environment: EXISTING.environmentId, action: 'purgeCache' },
    ]);
    expect(r.outputs).toEqual({ 'webhook-status': '200', status: 'success' });
    expect(emulator.state.uploads).toEqual([]);
    expect(triggers().map((t) => t.path)).toEqual([
      `/headless/wh/v1/accounts/demo/apps/web/environments/${EXISTING.environmentId}/webhooks/webhook:purgeCache`,
    ]);
  });

  it('triggers by parts with the environment id and only the token (no API credentials)', async () => {
    const { token } = await webhooksOf(emulator, EXISTING.environmentId);
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: byParts({ environment: EXISTING.environmentId, webhook: 'clean-rebuild', 'webhook-token': token }),
    });

    expect(r.code).toBe(0);
    expect(r.outputs['webhook-status']).toBe('200');
    expect(emulator.state.webhookCalls).toMatchObject([
      { environment: EXISTING.environmentId, action: 'cleanRebuild' },
    ]);
    // The only request was the trigger: nothing needed looking up.
    expect(emulator.requests()).toHaveLength(1);
    // The trigger started a clean rebuild on the environment; the action does not wait for it.
    expect(emulator.state.operations.map((o) => [o.kind, o.environment])).toEqual([
      ['cleanRebuild', EXISTING.environmentId],
    ]);
  });

  it('triggers by a whole webhook-url', async () => {
    const { urls } = await webhooksOf(emulator, EXISTING.environmentId);
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: { 'webhook-url': urls.purgeCache },
    });

    expect(r.code).toBe(0);
    expect(r.outputs).toEqual({ 'webhook-status': '200', status: 'success' });
    expect(emulator.state.webhookCalls).toMatchObject([
      { app: EXISTING.app, environment: EXISTING.environmentId, action: 'purgeCache' },
    ]);
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
    const error = r.stdout.split('\n').find((l) => l.startsWith('::error::'))!;
    expect(error).toContain('webhook failed');
    expect(error).toContain('refused the token (401)');
    expect(error).toContain('webhook-token');
    expect(emulator.state.webhookCalls).toEqual([]);
    expect(triggers().map((t) => t.status)).toEqual([401]);
  });

  it('fails clearly when a webhook-url stopped working after the webhooks were regenerated', async () => {
    const { urls } = await webhooksOf(emulator, EXISTING.environmentId);
    await fetch(`${emulator.url}/__emulator/environments/${EXISTING.environmentId}/webhooks:regenerate`, {
      method: 'POST',
    });
    const r = await runChecked({ node, workspace: makeWorkspace(), emulator, inputs: { 'webhook-url': urls.rebuild } });

    expect(r.code).not.toBe(0);
    expect(r.outputs.status).toBe('failure');
    const error = r.stdout.split('\n').find((l) => l.startsWith('::error::'))!;
    expect(error).toContain('refused the token (401)');
    expect(error).toContain('webhook-url');
    expect(emulator.state.webhookCalls).toEqual([]);
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
