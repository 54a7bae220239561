/** Finds the app, or creates it (when allowed); a dry run only looks. */
import { NotFound } from '../api/errors.js';
import type { DeployInputs } from '../inputs.js';
import type { StepContext } from './context.js';
import { StepError } from './step-error.js';

export interface AppResult {
  exists: boolean;
  created: boolean;
}

export async function ensureApp(ctx: StepContext, d: DeployInputs): Promise<AppResult> {
  const ref = { account: d.account, app: d.app };
  const o = { signal: ctx.signal };
  try {
    const app = await ctx.client.getApp(ref, o);
    ctx.log.info(`app "${d.app}" found (${app.region})`);
    ctx.outputs.app(d.app);
    ctx.outputs.appCreated(false);
    return { exists: true, created: false };
  } catch (err) {
    if (!(err instanceof NotFound)) throw err;
  }
  if (!d.createMissing) {
    throw new StepError(
      `app "${d.app}" does not exist in account "${d.account}"; create it first, or set create-missing: true to let the action create it`,
    );
  }
  if (ctx.inputs.dryRun) {
    ctx.log.info(`would create app "${d.app}" in region ${d.region}`);
    return { exists: false, created: false };
  }
  // A 409 from a concurrent run (or our own retried create) counts as success when the region matches.
  const app = await ctx.client.createApp({ ...ref, region: d.region }, o);
  ctx.log.info(`app "${d.app}" created (${app.region})`);
  ctx.journal.did('deploy', `app "${d.app}" created`);
  ctx.outputs.app(d.app);
  ctx.outputs.appCreated(true);
  return { exists: true, created: true };
}
