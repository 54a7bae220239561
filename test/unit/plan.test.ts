/** The plan: one line per chosen step, in the table's order, never showing a webhook URL or token. */
import { describe, it, expect } from 'vitest';
import * as nodePath from 'node:path';
import { readInputs } from '../../src/engine/read-inputs.js';
import { planSteps } from '../../src/engine/plan.js';

const TOKEN = 'TOK-s3cret';
const HOOK_URL = `https://h.example.com/wh/v1/accounts/demo/apps/shop/environments/env1/webhooks/webhook:rebuild?token=${TOKEN}`;
const ENV_ID = '0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015';
const OP = `accounts/demo/apps/shop/environments/${ENV_ID}/operations/0123456789ab`;
const CREDS = { 'api-user-id': 'u', 'api-password': 'p' };
const SITE = { 'headless-api-url': 'https://h.example.com', account: 'demo', app: 'shop' };
const DEPLOY = { ...CREDS, ...SITE, environment: 'staging' };
const COPY = { ...CREDS, 'api-url': 'https://a.example.com', 'copy-from': 'demostg', 'copy-to': 'demoprod' };
const HOOK = { ...SITE, environment: ENV_ID, deploy: 'false', webhook: 'purge-cache', 'webhook-token': TOKEN };

function plan(values: Record<string, string>) {
  return planSteps(readInputs((name) => values[name] ?? '', nodePath.resolve('/work/ws')));
}

const TO_STAGING = 'to app "shop" environment "staging"';

describe('planSteps', () => {
  it.each<[Record<string, string>, string]>([
    [DEPLOY, `deploy the workspace ${TO_STAGING} (create when missing, region US-C, wait up to 30m)`],
    [
      {
        ...DEPLOY,
        path: 'web/dist',
        region: 'UK',
        'env-vars': 'A=1\nB=2',
        'cms-environment': 'demostg',
        timeout: '90',
      },
      `deploy "web/dist" ${TO_STAGING} (create when missing, region UK, cms install demostg, 2 env vars (merge), wait up to 1m30s)`,
    ],
    [
      { ...DEPLOY, 'create-missing': 'false', wait: 'false', exclude: '*.map' },
      `deploy the workspace ${TO_STAGING} (app and environment must exist, 1 extra exclude pattern, no wait)`,
    ],
    [
      { ...DEPLOY, 'upload-mode': 'stream', wait: 'false', 'environment-url': 'https://{environment}.example.com/' },
      `deploy the workspace ${TO_STAGING} (create when missing, region US-C, URL https://{environment}.example.com/, upload-mode stream, no wait)`,
    ],
    [
      { ...DEPLOY, 'delete-environment': 'true', environment: 'pr-7' },
      'delete environment "pr-7" of app "shop" (only if its display name matches "pr-*")',
    ],
    [
      { ...CREDS, 'headless-api-url': 'https://h.example.com', operation: OP, timeout: '90' },
      `wait for operation ${OP} (up to 1m30s)`,
    ],
    [COPY, 'install copy demostg → demoprod (files, database)'],
    [{ ...COPY, 'copy-database': 'false' }, 'install copy demostg → demoprod (files)'],
    [
      {
        ...COPY,
        'copy-files': 'false',
        'copy-db-tables': 'wp_posts,wp_options',
        'notification-emails': 'o@x.co\nd@x.co',
      },
      'install copy demostg → demoprod (database tables wp_posts, wp_options); notify o@x.co, d@x.co',
    ],
    [HOOK, `webhook purge-cache on app "shop" environment "${ENV_ID}"`],
    [{ 'webhook-url': HOOK_URL }, 'webhook rebuild on app "shop" environment "env1" (by URL)'],
    // A URL of another shape: no app or environment to name.
    [
      { 'webhook-url': `https://h.example.com/x/webhooks/webhook:cleanRebuild?token=${TOKEN}` },
      'webhook clean-rebuild (by URL)',
    ],
  ])('%j', (values, description) => {
    expect(plan(values).map((step) => step.description)).toEqual([description]);
  });

  it('orders the steps deploy, install copy, webhook and never shows the token', () => {
    const steps = plan({ ...DEPLOY, ...COPY, 'webhook-url': HOOK_URL, deploy: 'true' });
    expect(steps.map((step) => step.name)).toEqual(['deploy', 'install copy', 'webhook']);
    const lines = JSON.stringify(steps.map((s) => [s.name, s.description]));
    expect(lines).not.toContain(TOKEN);
    expect(lines).not.toContain('h.example.com');
  });
});
