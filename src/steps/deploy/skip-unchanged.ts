/**
 * skip-unchanged and skip-if-digest: the tree is hashed first, without zipping (archive's
 * hashPlan), and compared with what is live; the zip is made only when the deploy goes on. The
 * look-ups already under way give the environment, and the environment's shell variables tell
 * whether env-vars would change anything.
 */
import type { Environment } from '../../api/types.js';
import { environmentId } from '../../api/find-environment.js';
import { hashPlan } from '../../archive/index.js';
import type { LastDeployment } from '../../github/last-deployment.js';
import type { StepContext } from '../../step-kit/step.js';
import type { PlannedArchive } from './build-archive.js';
import type { EarlyLookups } from './early-lookups.js';
import type { DeployInputs } from './inputs.js';
import { changesAnything, planShellVariables } from './shell-variables.js';
import { decideSkip } from './skip-decision.js';

export type UnchangedCheck =
  | { skip: false; digest: string }
  | { skip: true; digest: string; environment: Environment; last: LastDeployment | null };

export const wantsSkipCheck = (d: DeployInputs) => d.skipUnchanged || d.skipIfDigest !== null;

export async function checkUnchanged(
  ctx: StepContext,
  d: DeployInputs,
  planned: PlannedArchive,
  lookups: EarlyLookups,
): Promise<UnchangedCheck> {
  ctx.record.doing = 'hashing the tree';
  const started = ctx.clock.now();
  const hashed = await hashPlan(planned.plan, { signal: ctx.signal });
  const ms = ctx.clock.now() - started;
  ctx.record.time('digest', ms);
  ctx.outputs.set('content-digest', hashed.digest);
  ctx.log.info(`content digest ${hashed.digest} (${hashed.files} entries hashed in ${ms} ms, nothing zipped yet)`);
  ctx.record.doing = 'reading the last GitHub Deployment';
  const last = d.skipUnchanged ? ((await ctx.github?.lastDeployment?.(d.environment)) ?? null) : undefined;
  ctx.record.doing = 'looking for the environment';
  const env = await lookups.environment();
  const decision = decideSkip({
    digest: hashed.digest,
    skipIfDigest: d.skipIfDigest,
    ...(last !== undefined ? { last } : {}),
    environmentId: env ? environmentId(env) : null,
    envVarsChange:
      env !== null && d.shellVariables !== null
        ? changesAnything(planShellVariables(env.shellVariables, d.shellVariables, d.envVarsMode))
        : false,
  });
  if (!decision.skip || !env) {
    ctx.log.info(`deploying: ${decision.skip ? 'the environment does not exist yet' : decision.why}`);
    return { skip: false, digest: hashed.digest };
  }
  return { skip: true, digest: hashed.digest, environment: env, last: last ?? null };
}

/** The summary's row of what is live: the Deployment and run that made it, or the caller's digest. */
export function liveSince(check: Extract<UnchangedCheck, { skip: true }>): string {
  const { last } = check;
  if (!last) return `the tree of content digest ${check.digest}, as skip-if-digest says`;
  const run = last.logUrl ? `, made by run ${last.logUrl}` : '';
  const when = last.createdAt ? ` on ${last.createdAt}` : '';
  return `the tree of GitHub Deployment ${last.id}${when}${run}`;
}
