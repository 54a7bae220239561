/**
 * The edges of the webhook URL rules: the marker at the very start of the path, a long unknown
 * action (named, but cut short), and white space around the value.
 */
import { describe, expect, it } from 'vitest';
import { parseWebhookUrl } from '../../src/api/webhook-url.js';

describe('parseWebhookUrl: edges', () => {
  it('accepts the action right at the start of the path, with no account, app or environment', () => {
    expect(parseWebhookUrl('https://hooks.example/webhooks/webhook:rebuild?token=t0k')).toEqual({
      url: 'https://hooks.example/webhooks/webhook:rebuild?token=t0k',
      token: 't0k',
      action: 'rebuild',
      account: null,
      app: null,
      environment: null,
    });
  });

  it('keeps the URL trimmed', () => {
    expect(parseWebhookUrl('  https://hooks.example/webhooks/webhook:purgeCache?token=t0k \n').url).toBe(
      'https://hooks.example/webhooks/webhook:purgeCache?token=t0k',
    );
  });

  it('names an unknown action cut to 40 characters', () => {
    const action = 'x'.repeat(50);
    expect(() => parseWebhookUrl(`https://hooks.example/webhooks/webhook:${action}?token=t0k`)).toThrow(
      `names the action "${'x'.repeat(40)}"; expected rebuild, cleanRebuild or purgeCache`,
    );
  });

  it('keeps a path part with a broken percent-escape as written, instead of failing', () => {
    const parsed = parseWebhookUrl(
      'https://hooks.example/v1/accounts/a%ZZ/apps/shop%20x/environments/e1/webhooks/webhook:rebuild?token=t0k',
    );
    expect([parsed.account, parsed.app, parsed.environment]).toEqual(['a%ZZ', 'shop x', 'e1']);
  });
});
