/**
 * The webhook step: rebuild, clean rebuild or purge cache, by parts or by a whole URL. The URL
 * and token are secrets: messages name the action and the environment, never them.
 */
import { AuthenticationError } from '../../api/errors.js';
import type { WebhookInputs } from './inputs.js';
import type { Carry, StepContext } from '../../step-kit/step.js';
import { environmentId, findEnvironment } from '../../api/find-environment.js';
import { repeatAmbiguous } from '../../step-kit/repeat-ambiguous.js';
import { StepError } from '../../step-kit/step-error.js';

/**
 * The environment segment of the trigger URL must be the id. The input may be a display name:
 * use the id the deploy step found, or look it up when credentials allow.
 */
async function resolveEnvironmentId(
  ctx: StepContext,
  w: Extract<WebhookInputs, { by: 'parts' }>,
  { deployed }: Carry,
): Promise<string> {
  if (deployed && deployed.app === w.app && deployed.account === w.account && deployed.environment === w.environment)
    return deployed.environmentId;
  // Without credentials the inputs already required an id (see the row's read).
  if (!ctx.inputs.credentials) return w.environment;
  const env = await findEnvironment(ctx.client, { account: w.account, app: w.app }, w.environment, ctx.signal);
  if (!env) {
    throw new StepError(
      `webhook: environment "${w.environment}" not found in app "${w.app}"; check the environment input`,
    );
  }
  return environmentId(env);
}

export async function triggerWebhook(ctx: StepContext, w: WebhookInputs, carry: Carry): Promise<void> {
  const where =
    w.by === 'parts'
      ? `app "${w.app}" environment "${w.environment}"`
      : w.app
        ? `app "${w.app}" environment "${w.environment}"`
        : 'the given webhook-url';
  if (ctx.inputs.dryRun) {
    ctx.log.info(`would trigger ${w.name} on ${where}`);
    return;
  }
  const target =
    w.by === 'url'
      ? { url: w.url }
      : {
          account: w.account,
          app: w.app,
          environment: await resolveEnvironmentId(ctx, w, carry),
          action: w.action,
          token: w.token,
        };
  let status: number;
  try {
    ({ status } = await repeatAmbiguous(ctx, {
      what: `webhook ${w.name} on ${where}`,
      attempt: () => ctx.client.triggerWebhook(target, { signal: ctx.signal }),
    }));
  } catch (err) {
    if (!(err instanceof AuthenticationError)) throw err;
    throw new StepError(
      `webhook ${w.name} on ${where}: the service refused the token (401); the webhooks may have been regenerated or deleted: copy the current ${w.by === 'url' ? 'webhook-url' : 'webhook-token'} from the portal into the secret`,
      'failure',
      { cause: err },
    );
  }
  ctx.outputs.set('webhook-status', status);
  ctx.log.info(`${w.name} triggered on ${where} (HTTP ${status})`);
  ctx.record.did(`${w.name} triggered`);
}
