/** Finds the app, or creates it (when allowed); a dry run only looks. */
import { NotFound } from '../../api/errors.js';
import { regionName } from '../../api/headless.js';
import type { DeployInputs } from './step.js';
import type { StepContext } from '../step.js';
import { repeatAmbiguous } from '../common/repeat-ambiguous.js';
import { StepError } from '../common/step-error.js';

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
    ctx.outputs.set('app', d.app);
    ctx.outputs.set('app-created', false);
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
  // A 409 from a concurrent run (or our own retried create) counts as success when the region
  // matches; then this run did not create it, and must not say so.
  let existed = false;
  const app = await repeatAmbiguous(ctx, {
    what: `create app "${d.app}"`,
    attempt: () => ctx.client.createApp({ ...ref, region: d.region }, { ...o, onExisting: () => (existed = true) }),
    look: async () => {
      const found = await ctx.client.getApp(ref, o).catch((err: unknown) => {
        if (err instanceof NotFound) return null;
        throw err;
      });
      if (!found || found.region !== regionName(d.region)) return null;
      existed = true;
      return found;
    },
  });
  if (existed) {
    ctx.log.info(
      `app "${d.app}" was already there (${app.region}): created by a concurrent run, or by an earlier attempt whose answer was lost`,
    );
  } else {
    ctx.log.info(`app "${d.app}" created (${app.region})`);
    ctx.journal.did('deploy', `app "${d.app}" created`);
  }
  ctx.outputs.set('app', d.app);
  ctx.outputs.set('app-created', !existed);
  return { exists: true, created: !existed };
}
