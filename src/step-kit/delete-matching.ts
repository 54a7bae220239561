/**
 * Deleting one environment a lookup found, the one way every delete goes (the delete step and
 * the sweep): only when its display name matches `delete-pattern`, never in a dry run, a 404
 * counted as already gone; then its GitHub Deployments marked inactive.
 */
import { NotFound } from '../api/errors.js';
import type { Environment } from '../api/types.js';
import type { StepContext } from './step.js';
import { environmentId } from '../api/find-environment.js';
import { StepError } from './step-error.js';
import type { DeletePattern } from './delete-pattern.js';

export interface Deletion {
  readonly account: string;
  readonly app: string;
  readonly env: Environment;
  readonly pattern: DeletePattern;
  /** What to check when the guard refuses, in parentheses: `check the environment input, or widen delete-pattern`. */
  readonly advice: string;
}

/** Throws unless the display name matches the pattern: the guard in front of every DELETE. */
export function guardDeletion(d: Deletion): void {
  if (d.pattern.matches(d.env.displayName)) return;
  throw new StepError(
    `refusing to delete environment "${d.env.displayName}" (id ${environmentId(d.env)}) of app "${d.app}": its ` +
      `display name does not match delete-pattern "${d.pattern.source}"; nothing was deleted (${d.advice})`,
  );
}

/**
 * The guard, then the DELETE. `deleted`: this run's request removed it (a 404 on a repeat means
 * our own earlier attempt went through); `gone`: someone else's did, before ours arrived.
 */
export async function deleteMatching(ctx: StepContext, d: Deletion): Promise<'deleted' | 'gone'> {
  guardDeletion(d);
  const id = environmentId(d.env);
  if (ctx.inputs.dryRun) throw new Error(`a dry run reached the DELETE of environment "${d.env.displayName}"`);
  ctx.record.doing = `deleting environment "${d.env.displayName}" (id ${id})`;
  try {
    await ctx.client.deleteEnvironment({ account: d.account, app: d.app, environment: id }, { signal: ctx.signal });
    return 'deleted';
  } catch (err) {
    if (!(err instanceof NotFound)) throw err;
    return err.attempts > 1 ? 'deleted' : 'gone';
  }
}

/**
 * Marks the GitHub Deployments recorded under each name inactive, so a pull request stops
 * offering a link to a preview that is gone. How many were marked; never throws.
 */
export async function markDeploymentsInactive(ctx: StepContext, names: Iterable<string>): Promise<number> {
  if (!ctx.github || ctx.inputs.dryRun) return 0;
  ctx.record.doing = 'marking the GitHub Deployments inactive';
  let count = 0;
  for (const name of new Set(names)) count += await ctx.github.deactivateDeployments(name);
  return count;
}
