import { describe, it, expect } from 'vitest';
import * as nodePath from 'node:path';
import { readInputs } from '../../src/engine/inputs.js';
import { planSteps } from '../../src/engine/plan.js';
import { formatDuration } from '../../src/util/format.js';

const WS = nodePath.resolve('/work/ws');
const TOKEN = 'TOK-s3cret';
const HOOK_URL = `https://h.example.com/wh/v1/accounts/demo/apps/shop/environments/env1/webhooks/webhook:rebuild?token=${TOKEN}`;
const DEPLOY = {
  'api-user-id': 'u',
  'api-password': 'p',
  'headless-api-url': 'https://h.example.com',
  account: 'demo',
  app: 'shop',
  environment: 'staging',
};
const COPY = {
  'api-user-id': 'u',
  'api-password': 'p',
  'api-url': 'https://a.example.com',
  'copy-from': 'demostg',
  'copy-to': 'demoprod',
};

function plan(values: Record<string, string>) {
  return planSteps(readInputs((name) => values[name] ?? '', WS));
}

describe('planSteps', () => {
  it.each([
    [
      { ...DEPLOY },
      'deploy the workspace to app "shop" environment "staging" (create when missing, region US-C, wait up to 30m)',
    ],
    [
      {
        ...DEPLOY,
        path: 'web/dist',
        region: 'UK',
        'env-vars': 'A=1\nB=2',
        'cms-environment': 'demostg',
        timeout: '90',
      },
      'deploy "web/dist" to app "shop" environment "staging" (create when missing, region UK, cms install demostg, 2 env vars (merge), wait up to 1m30s)',
    ],
    [
      { ...DEPLOY, 'create-missing': 'false', wait: 'false', exclude: '*.map' },
      'deploy the workspace to app "shop" environment "staging" (app and environment must exist, 1 extra exclude pattern, no wait)',
    ],
    [
      { ...DEPLOY, 'upload-mode': 'stream', wait: 'false' },
      'deploy the workspace to app "shop" environment "staging" (create when missing, region US-C, upload-mode stream, no wait)',
    ],
    [
      { ...DEPLOY, 'delete-environment': 'true', environment: 'pr-7' },
      'delete environment "pr-7" of app "shop" (only if its display name matches "pr-*")',
    ],
    [{ ...COPY }, 'install copy demostg → demoprod (files, database)'],
    [{ ...COPY, 'copy-database': 'false' }, 'install copy demostg → demoprod (files)'],
    [
      {
        ...COPY,
        'copy-files': 'false',
        'copy-db-tables': 'wp_posts,wp_options',
        'notification-emails': 'ops@example.com',
      },
      'install copy demostg → demoprod (database tables wp_posts, wp_options); notify ops@example.com',
    ],
    [
      {
        deploy: 'false',
        webhook: 'purge-cache',
        'webhook-token': TOKEN,
        account: 'demo',
        app: 'shop',
        environment: '0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015',
        'headless-api-url': 'https://h.example.com',
      },
      'webhook purge-cache on app "shop" environment "0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015"',
    ],
    [{ 'webhook-url': HOOK_URL }, 'webhook rebuild on app "shop" environment "env1" (by URL)'],
    [
      { 'webhook-url': `https://h.example.com/x/webhooks/webhook:cleanRebuild?token=${TOKEN}` },
      'webhook clean-rebuild (by URL)',
    ],
  ])('%j', (values, description) => {
    const steps = plan(values);
    expect(steps).toHaveLength(1);
    expect(steps[0]?.description).toBe(description);
  });

  it('orders the steps deploy, install copy, webhook and never shows the token', () => {
    const steps = plan({ ...DEPLOY, ...COPY, 'webhook-url': HOOK_URL, deploy: 'true' });
    expect(steps.map((step) => step.name)).toEqual(['deploy', 'install copy', 'webhook']);
    const lines = JSON.stringify(steps.map((s) => [s.name, s.description]));
    expect(lines).not.toContain(TOKEN);
    expect(lines).not.toContain('h.example.com');
  });
});

describe('formatDuration', () => {
  it.each([
    [1_800_000, '30m'],
    [5_400_000, '1h30m'],
    [90_000, '1m30s'],
    [3_600_000, '1h'],
    [45_000, '45s'],
    [3_661_000, '1h1m1s'],
    [0, '0s'],
  ])('%d → %s', (ms, text) => expect(formatDuration(ms)).toBe(text));
});
