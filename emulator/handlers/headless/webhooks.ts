/**
 * Webhook triggers, authenticated by the environment's token alone. The token is checked before
 * anything else about the request (the action included), so a caller without it learns no more
 * than that the environment exists. rebuild and cleanRebuild build the last upload again;
 * purgeCache is only recorded. The answer is 200 `{}`, or 200 with no body under the documented
 * answers; the action takes effect either way.
 */
import { playsDocumented } from '../../config/answers.js';
import { badRequest, notFound, unauthenticated } from '../../http/errors.js';
import { lastUpload, startOperation } from '../../store/operations.js';
import { webhookTokenMatches } from '../../store/webhooks.js';
import { WEBHOOK_ACTIONS, type WebhookAction } from '../../types/headless.js';
import type { Handler } from '../context.js';

export const triggerWebhook: Handler = (ctx) => {
  const { account, app, environment, action } = ctx.params as Record<string, string>;
  const env = ctx.state.environments.find((e) => e.account === account && e.app === app && e.id === environment);
  // One message for a missing account, app or environment: the path says which one to check.
  if (!env) throw notFound(`webhook target "accounts/${account}/apps/${app}/environments/${environment}"`);
  const token = ctx.query.get('token') ?? '';
  if (!webhookTokenMatches(env, token)) {
    throw unauthenticated(
      token === ''
        ? 'webhook token missing: use the whole trigger URL, token included'
        : 'webhook token not valid: the webhooks were regenerated or deleted; copy the current URL',
    );
  }
  if (!WEBHOOK_ACTIONS.includes(action as WebhookAction)) {
    throw badRequest(`unknown webhook action "${action}": use ${WEBHOOK_ACTIONS.join(', ')}`);
  }
  ctx.state.webhookCalls.push({ account, app, environment, action, at: ctx.clock.iso() });
  if (action === 'rebuild' || action === 'cleanRebuild') {
    const upload = lastUpload(ctx.state, env);
    startOperation(ctx, env, { kind: action, uploadIndex: upload.index, failure: upload.failure });
  }
  return playsDocumented(ctx.options) ? { status: 200 } : { status: 200, body: {} };
};
