/**
 * The delete step: look the environment up, check its display name against `delete-pattern`,
 * delete it, then mark its GitHub Deployments inactive (delete-matching.ts, which the sweep
 * deletes through too). Nothing is deleted unless the lookup found the environment and its
 * display name matches; a dry run stops before the DELETE.
 */
import { NotFound } from '../../api/errors.js';
import type { Environment } from '../../api/types.js';
import type { StepContext } from '../step.js';
import { environmentId, findEnvironment } from '../common/find-environment.js';
import { deactivateGithubDeployments, deleteMatching, guardDeletion } from './delete-matching.js';
import type { DeleteInputs } from './step.js';

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
  ctx.journal.doing = `looking up environment "${d.environment}"`;
  const found = await lookUp(ctx, d);
  if ('gone' in found) {
    ctx.log.notice(`${found.gone}; nothing to delete`);
    ctx.outputs.set('environment-deleted', false);
    ctx.journal.detail('delete', 'environment', 'already gone');
    await deactivate(ctx, d, [d.environment]);
    return;
  }
  const { env } = found;
  const id = environmentId(env);
  const deletion = { ...d, env, advice: 'check the environment input, or widen delete-pattern' };
  guardDeletion(deletion);
  ctx.journal.detail('delete', 'environment', `${env.displayName} (id ${id})`);
  if (ctx.inputs.dryRun) {
    ctx.log.info(`would delete environment "${env.displayName}" (id ${id}) of app "${d.app}"`);
    return;
  }
  const deleted = (await deleteMatching(ctx, deletion)) === 'deleted';
  ctx.outputs.set('environment-deleted', deleted);
  if (deleted) {
    ctx.log.info(`environment "${env.displayName}" (id ${id}) of app "${d.app}" deleted`);
    ctx.journal.did(`environment "${env.displayName}" deleted`);
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
  const count = await deactivateGithubDeployments(ctx, names);
  if (count > 0) ctx.journal.detail('delete', 'GitHub Deployments marked inactive', String(count));
}
