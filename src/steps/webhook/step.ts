/**
 * The webhook step's row: rebuild, clean rebuild or purge cache, by parts (`webhook` with
 * account, app, environment and `webhook-token`) or by a whole `webhook-url`. The URL and the
 * token are secrets: nothing here echoes them.
 */
import type { WebhookAction } from '../../api/types.js';
import { parseWebhookUrl } from '../../api/webhook-url.js';
import type { InputReader } from '../../inputs/input-reader.js';
import { quote } from '../../inputs/parsers.js';
import type { SharedInputs } from '../../inputs/types.js';
import { ENVIRONMENT_ID_SHAPES, looksLikeEnvironmentId } from '../../api/environment-id.js';
import type { StepDefinition } from '../../step-kit/step.js';
import type { WebhookInputs, WebhookName } from './inputs.js';
import { triggerWebhook } from './run.js';

const ACTION_OF: Readonly<Record<WebhookName, WebhookAction>> = {
  rebuild: 'rebuild',
  'clean-rebuild': 'cleanRebuild',
  'purge-cache': 'purgeCache',
};

export const webhookStep: StepDefinition<'webhook', WebhookInputs> = {
  name: 'webhook',
  doing: 'triggering the webhook',
  howToRun: '"webhook" or "webhook-url"',
  owns: ['webhook-token'],
  outputs: ['webhook-status'],

  selected(input) {
    const byParts = input.raw('webhook') !== '';
    const byUrl = input.raw('webhook-url') !== '';
    if (byParts && byUrl) {
      input.problem(
        'webhook-url',
        'and input "webhook" are both set; keep one: "webhook" (with "webhook-token") or "webhook-url"',
      );
    }
    return byParts || byUrl;
  },

  needs(input) {
    return input.raw('webhook-url') === ''
      ? ['account', 'app', 'environment', 'webhook-token', 'headless-api-url']
      : [];
  },

  read(input: InputReader, shared: SharedInputs, selected: boolean): WebhookInputs {
    const name = input.parse('webhook', parseWebhookName);
    const byUrl = input.parse('webhook-url', parseWebhookUrl);
    if (selected && byUrl && input.raw('webhook-token') !== '') {
      input.warn('input "webhook-token" is ignored: only "webhook" uses it');
    }
    if (byUrl) {
      const urlName = (Object.keys(ACTION_OF) as WebhookName[]).find((n) => ACTION_OF[n] === byUrl.action)!;
      return { by: 'url', name: urlName, ...byUrl };
    }
    // The trigger URL takes the environment's id. Without credentials a display name cannot be
    // looked up, and sending it as an id only earns a 404 after the fact. Not said when the token
    // is empty too (the run is skipped, or the token is reported missing) nor when a deploy runs
    // first (it hands the id on, and its own missing credentials are reported).
    const lookupImpossible =
      selected &&
      shared.environment !== '' &&
      !shared.credentials &&
      input.raw('webhook-token') !== '' &&
      !/^true$/i.test(input.raw('deploy'));
    if (lookupImpossible && !looksLikeEnvironmentId(shared.environment)) {
      input.problem(
        'environment',
        `${quote(shared.environment)} is not an environment id (${ENVIRONMENT_ID_SHAPES}: the last part of the environment's name), and a webhook by parts without api-user-id and api-password cannot look a display name up; give the environment's id, set the credentials, or give the whole "webhook-url"`,
      );
    }
    const webhookName = name ?? 'rebuild';
    return {
      by: 'parts',
      name: webhookName,
      action: ACTION_OF[webhookName],
      account: shared.account,
      app: shared.app,
      environment: shared.environment,
      token: input.raw('webhook-token'),
      headlessUrl: shared.headlessUrl as string,
    };
  },

  describe(w) {
    const where = w.app !== null && w.environment !== null ? ` on app "${w.app}" environment "${w.environment}"` : '';
    return `webhook ${w.name}${where}${w.by === 'url' ? ' (by URL)' : ''}`;
  },

  async run(ctx, w, carry) {
    await triggerWebhook(ctx, w, carry);
    return {};
  },
};

/**
 * The input's names, and the spellings users copy from elsewhere: the API's own literals in the
 * trigger URL (`purgeCache`) and the portal's labels (`Purge Cache`). Case, spaces, `-` and `_`
 * do not matter; nothing else is guessed.
 */
export function parseWebhookName(value: string): WebhookName {
  const key = value.toLowerCase().replace(/[\s_-]+/g, '');
  const name = (Object.keys(ACTION_OF) as WebhookName[]).find((n) => n.replace(/-/g, '') === key);
  if (!name) throw new Error(`${quote(value)} is not a webhook; use rebuild, clean-rebuild or purge-cache`);
  return name;
}
