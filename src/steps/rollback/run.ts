/**
 * The rollback step: find the environment, then upload again the kept archive asked for
 * (restore.ts), wait for its build and check health. A dry run only says which archive it
 * would upload, having made GET requests alone.
 */
import type { StepContext } from '../../step-kit/step.js';
import { StepError } from '../../step-kit/step-error.js';
import { environmentId, findEnvironment } from '../../api/find-environment.js';
import { artifactName } from '../../release/keep/artifact-name.js';
import { pickKept } from '../../github/pick-kept.js';
import { fromThisRepository, restoreKept } from '../../release/restore.js';
import { keyMaterial } from '../../release/keep/signature.js';
import type { RollbackInputs } from './inputs.js';

/** The rollback runs alone (the inputs refuse other steps beside it), so it hands nothing on. */
export async function rollBack(ctx: StepContext, r: RollbackInputs): Promise<void> {
  ctx.record.doing = 'looking for the environment';
  const env = await findEnvironment(ctx.client, { account: r.account, app: r.app }, r.environment, ctx.signal);
  if (!env) {
    throw new StepError(
      `environment "${r.environment}" of app "${r.app}" was not found, so there is nothing to roll back: check the "environment" input`,
    );
  }
  const id = environmentId(env);
  ctx.outputs.set('environment-id', id);
  // The client reads a missing display name as '': name the environment as the input did instead.
  const displayName = env.displayName || r.environment;
  if (ctx.inputs.dryRun) {
    const name = artifactName(r.app, id);
    const listing = (await ctx.github?.kept?.list(name, ctx.signal)) ?? [];
    const pick = pickKept(listing.filter(fromThisRepository), name, r.want);
    ctx.log.info(
      'none' in pick
        ? `would roll back, but ${pick.none}`
        : `would upload again artifact "${name}" (id ${pick.artifact.id}) kept by run ${pick.artifact.workflow_run?.id ?? 'unknown'}`,
    );
    return;
  }
  const restored = await restoreKept(
    ctx,
    {
      account: r.account,
      app: r.app,
      environmentId: id,
      displayName,
      url: null,
      timeoutMs: r.timeoutMs,
      health: r.health,
      step: 'rollback',
      input: 'rollback',
      keyMaterial: keyMaterial(r.archiveKey, ctx.inputs.credentials),
      maxListedBytes: r.maxListedBytes,
    },
    r.want,
  );
  if (restored.kind === 'none') {
    throw new StepError(
      `input "rollback" is "${r.want.kind === 'previous' ? 'previous' : r.want.runId}", but ${restored.why}; nothing was uploaded: deploy with keep-archive: true to keep archives to roll back to`,
    );
  }
  if (!restored.followed) {
    // The archive was taken: the step ends `started`, as a deploy whose build cannot be followed.
    ctx.record.started = true;
    ctx.record.detail(
      'rollback',
      'live now',
      `unknown: the archive kept by run ${restored.runId} (sha256 ${restored.sha256}) was uploaded to environment "${displayName}" (${id}), its build not followed`,
    );
    return;
  }
  const live = `environment "${displayName}" (${id}) runs the archive kept by run ${restored.runId} (sha256 ${restored.sha256})${r.health ? ', and it is healthy' : ''}`;
  ctx.record.detail('rollback', 'live now', live);
  ctx.log.notice(`rolled back: ${live}`);
}
