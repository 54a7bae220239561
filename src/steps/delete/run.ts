/**
 * The delete step: look the environment up, check its display name against `delete-pattern`,
 * delete it, then mark its GitHub Deployments inactive (delete-matching.ts, which the sweep
 * deletes through too). Nothing is deleted unless the lookup found the environment and its
 * display name matches; a dry run stops before the DELETE.
 */
import { NotFound } from '../../api/errors.js';
import type { Environment } from '../../api/types.js';
import type { StepContext } from '../../step-kit/step.js';
import { environmentId, findEnvironment } from '../../api/find-environment.js';
import { markDeploymentsInactive, deleteMatching, guardDeletion } from '../../step-kit/delete-matching.js';
import type { DeleteInputs } from './inputs.js';

type Lookup = { env: Environment } | { gone: string };

async function lookUp(ctx: StepContext, d: DeleteInputs): Promise<Lookup> {
  try {
    const env = await findEnvironment(ctx.client, { account: d.account, app: d.app }, d.environment, ctx.signal);
    return env ? { env } : { gone: `environment "${d.environment}" of app "${d.app}" is already gone (not found)` };
  } catch (err) {
    // The list of a missing app is a 404: no app, so no environment either.
    if (err instanceof NotFound)
      return { gone: `app "${d.app}" was not found, so environment "${d.environment}" is already gone` };
    throw err;
  }
}

export async function deleteEnvironment(ctx: StepContext, d: DeleteInputs): Promise<void> {
  ctx.record.doing = `looking up environment "${d.environment}"`;
  const found = await lookUp(ctx, d);
  if ('gone' in found) {
    ctx.log.notice(`${found.gone}; nothing to delete`);
    ctx.outputs.set('environment-deleted', false);
    ctx.record.detail('delete', 'environment', 'already gone');
    await deactivate(ctx, d, [d.environment]);
    return;
  }
  const { env } = found;
  const id = environmentId(env);
  const deletion = { ...d, env, advice: 'check the environment input, or widen delete-pattern' };
  guardDeletion(deletion);
  ctx.record.detail('delete', 'environment', `${env.displayName} (id ${id})`);
  if (ctx.inputs.dryRun) {
    ctx.log.info(`would delete environment "${env.displayName}" (id ${id}) of app "${d.app}"`);
    return;
  }
  const deleted = (await deleteMatching(ctx, deletion)) === 'deleted';
  ctx.outputs.set('environment-deleted', deleted);
  if (deleted) {
    ctx.log.info(`environment "${env.displayName}" (id ${id}) of app "${d.app}" deleted`);
    ctx.record.did(`environment "${env.displayName}" deleted`);
  } else {
    ctx.log.notice(
      `environment "${env.displayName}" (id ${id}) was deleted by someone else meanwhile; nothing to delete`,
    );
  }
  await deactivate(ctx, d, [d.environment, env.displayName]);
}

/** The GitHub Deployments recorded under the input's name (and the display name, when it differs). */
async function deactivate(ctx: StepContext, d: DeleteInputs, names: string[]): Promise<void> {
  if (!d.githubDeployment) return;
  const count = await markDeploymentsInactive(ctx, names);
  if (count > 0) ctx.record.detail('delete', 'GitHub Deployments marked inactive', String(count));
}
