/**
 * Finds the app, or creates it (when allowed); a dry run only looks. Finding comes apart from
 * creating so that the deploy can check everything it can (a near-miss name, the environment,
 * the cms install) before it creates anything.
 */
import { NotFound } from '../../api/errors.js';
import { regionName } from '../../api/headless.js';
import type { App } from '../../api/types.js';
import type { DeployInputs } from './inputs.js';
import type { LookupContext, StepContext } from '../../step-kit/step.js';
import { nearMiss } from '../../step-kit/near-miss.js';
import { repeatAmbiguous } from '../../step-kit/repeat-ambiguous.js';
import { StepError } from '../../step-kit/step-error.js';

/** Whether this run created the app (a concurrent run's, or our lost create's, was not). */
export interface AppResult {
  created: boolean;
}

const shortRegion = (region: string) => region.replace(/^regions\//, '');
/** The region in force as the service gave it; the spec does not show an app's fields, so it may not. */
const regionOf = (app: App): string | undefined => (app.region ? shortRegion(app.region) : undefined);

/**
 * The app, or null when it does not exist. A missing app whose name nearly matches an existing
 * one (`shop_front` next to `shop-front`) is an error: it is a typo, not a new app. It only
 * looks (GET requests), so it may run while the zip is still planned; `reportApp` says what it
 * found once the step takes the answer.
 */
export async function findApp(ctx: LookupContext, d: DeployInputs): Promise<App | null> {
  const ref = { account: d.account, app: d.app };
  try {
    return await ctx.client.getApp(ref, { signal: ctx.signal });
  } catch (err) {
    if (!(err instanceof NotFound)) throw err;
  }
  const names: string[] = [];
  try {
    for await (const app of ctx.client.iterateApps(d.account, { pageSize: 100 }, { signal: ctx.signal })) {
      names.push(app.name.slice(app.name.lastIndexOf('/') + 1));
    }
  } catch (err) {
    // The list of an account's apps is there even when empty: a 404 (whatever its body, since
    // the headless API's error bodies are not shown) means no such account, or another server.
    if (!(err instanceof NotFound)) throw err;
    throw new StepError(
      `listing the apps of account "${d.account}" answered 404 (${err.message}): check input "account", and that headless-api-url is the headless API's base URL (not the hosting API's); nothing was created`,
      'failure',
      { cause: err },
    );
  }
  const near = nearMiss(d.app, names);
  if (near) {
    throw new StepError(
      `input "app": app "${d.app}" does not exist, but app "${near}" does; set app: ${near} to deploy to it (nothing was created). To make "${d.app}" a new app on purpose, create it in the portal first: a name this close to an existing one is taken for a typo`,
    );
  }
  if (!d.createMissing) {
    throw new StepError(
      `app "${d.app}" does not exist in account "${d.account}"; create it first, or set create-missing: true to let the action create it`,
    );
  }
  return null;
}

/** Says which app was found: its region (and a region input that cannot apply any more), the outputs. */
export function reportApp(ctx: StepContext, d: DeployInputs, app: App): void {
  const inForce = regionOf(app);
  ctx.log.info(`app "${d.app}" found (${inForce ? `region ${inForce}` : 'the service did not say its region'})`);
  ctx.record.detail('deploy', 'region', inForce ?? 'not given by the service');
  if (inForce) ctx.record.regionInForce = inForce;
  if (d.regionGiven && inForce && inForce !== d.region) {
    ctx.log.warning(
      `input "region" is ${d.region}, but app "${d.app}" already exists in ${inForce}: region applies only when the app is created, so ${inForce} stays`,
    );
  }
  ctx.outputs.set('app', d.app);
  ctx.outputs.set('app-created', false);
}

/** Creates the app found missing by findApp. */
export async function createApp(ctx: StepContext, d: DeployInputs): Promise<AppResult> {
  const ref = { account: d.account, app: d.app };
  const o = { signal: ctx.signal };
  ctx.record.detail('deploy', 'region', d.region);
  if (ctx.inputs.dryRun) {
    ctx.log.info(`would create app "${d.app}" in region ${d.region}`);
    return { created: false };
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
      // An app whose region the answer leaves out may be ours: the create then only settles it.
      if (!found || (found.region !== undefined && found.region !== regionName(d.region))) return null;
      existed = true;
      return found;
    },
  });
  if (existed) {
    ctx.log.info(
      `app "${d.app}" was already there (${regionOf(app) ? `region ${regionOf(app)}` : 'region not given by the service'}): created by a concurrent run, or by an earlier attempt whose answer was lost`,
    );
  } else {
    // A created app is in the region asked for, whether or not the answer says so.
    const region = regionOf(app) ?? d.region;
    ctx.log.info(`app "${d.app}" created (region ${region})`);
    ctx.record.did(`app "${d.app}" created`);
    ctx.record.created.push(`app "${d.app}" (region ${region})`);
  }
  ctx.outputs.set('app', d.app);
  ctx.outputs.set('app-created', !existed);
  return { created: !existed };
}
