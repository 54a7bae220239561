/**
 * Finds the environment, or creates it (when allowed), and brings its shell variables up to
 * date. Creating is not idempotent, so every ambiguous outcome (a 409 from a concurrent run, a
 * connection lost after sending) is settled by looking again before anything is repeated.
 */
import { ApiError, Conflict } from '../../api/errors.js';
import type { Environment, EnvironmentRecord, ShellVariable } from '../../api/types.js';
import type { DeployInputs } from './inputs.js';
import type { LookupContext, StepContext } from '../../step-kit/step.js';
import { environmentId, findEnvironment } from '../../api/find-environment.js';
import { nearMiss } from '../../step-kit/near-miss.js';
import { ENVIRONMENT_ID_SHAPES, looksLikeEnvironmentId } from '../../api/environment-id.js';
import { repeatAmbiguous } from '../../step-kit/repeat-ambiguous.js';
import { StepError } from '../../step-kit/step-error.js';
import { changesAnything, describeChanges, planShellVariables } from './shell-variables.js';

export interface EnvironmentResult {
  /** null in a dry run when it would be created. */
  id: string | null;
  /** The display name in force (the input's value for an environment created by this run). */
  displayName: string;
}

/**
 * The environment, or null when it is to be created. Checks first that creating it is what the
 * user meant: a display name that nearly matches an existing one, or a value shaped like an
 * id, is an error rather than a new environment. It only looks (GET requests), and says nothing.
 */
export async function findDeployEnvironment(
  ctx: LookupContext,
  d: DeployInputs,
  appExists: boolean,
): Promise<Environment | null> {
  const ref = { account: d.account, app: d.app };
  if (appExists) {
    const found = await findEnvironment(ctx.client, ref, d.environment, ctx.signal);
    if (found) return found;
    const names: string[] = [];
    for await (const env of ctx.client.iterateEnvironments(ref, { pageSize: 100 }, { signal: ctx.signal })) {
      // Ids too: `E0A1B2C3` for `e0a1b2c3` is the same kind of slip.
      names.push(env.displayName, environmentId(env));
    }
    const near = nearMiss(d.environment, names);
    if (near) {
      throw new StepError(
        `input "environment": app "${d.app}" has no environment "${d.environment}", but it has "${near}"; set environment: ${near} to deploy to it (nothing was created). To make "${d.environment}" a new environment on purpose, create it in the portal first: a name this close to an existing one is taken for a typo`,
      );
    }
  }
  if (looksLikeEnvironmentId(d.environment)) {
    throw new StepError(
      `input "environment": "${d.environment}" looks like an environment id (${ENVIRONMENT_ID_SHAPES}), and app "${d.app}" has no environment with that id${appExists ? ' or display name' : ''}; check the id (the last part of the environment's name), or give a display name to create a new environment (nothing was created)`,
    );
  }
  if (!d.createMissing) {
    throw new StepError(
      `environment "${d.environment}" does not exist in app "${d.app}" (looked for it as an id and as a display name); create it first, or set create-missing: true`,
    );
  }
  return null;
}

/** Logs the environment found, warns about inputs that apply only at creation, and updates its variables. */
export async function useEnvironment(
  ctx: StepContext,
  d: DeployInputs,
  existing: Environment,
): Promise<EnvironmentResult> {
  const ref = { account: d.account, app: d.app };
  const id = environmentId(existing);
  ctx.log.info(`environment "${existing.displayName}" found (id ${id})`);
  ctx.outputs.set('environment-id', id);
  ctx.outputs.set('environment-created', false);
  const cmsInForce = existing.cmsEnvironment || '';
  ctx.record.detail('deploy', 'cms install', cmsInForce || 'none');
  if (d.cmsEnvironment && d.cmsEnvironment !== cmsInForce) {
    ctx.log.warning(
      `input "cms-environment" is ${d.cmsEnvironment}, but environment "${existing.displayName}" already exists connected to ${cmsInForce ? `install ${cmsInForce}` : 'no install'}: cms-environment applies only when the environment is created, so ${cmsInForce || 'none'} stays`,
    );
  }
  if (!d.shellVariables) return { id, displayName: existing.displayName };

  const plan = planShellVariables(existing.shellVariables, d.shellVariables, d.envVarsMode);
  const diff = describeChanges(plan);
  const name = `environment "${existing.displayName}"`;
  ctx.record.detail('deploy', 'shell variables', diff);
  if (!changesAnything(plan)) {
    ctx.log.info(`${name}: shell variables already as given (${d.envVarsMode}); not updated`);
  } else if (ctx.inputs.dryRun) {
    ctx.log.info(`${name}: would update shell variables (${d.envVarsMode}): ${diff}`);
  } else {
    await ctx.client.patchEnvironment({ ...ref, environment: id }, wholeRecord(existing, plan.next), {
      signal: ctx.signal,
    });
    ctx.log.info(`${name}: shell variables updated (${d.envVarsMode}): ${diff}`);
    ctx.record.did(`shell variables of ${name} updated (${diff})`);
  }
  return { id, displayName: existing.displayName };
}

/**
 * The record a PATCH sends: everything as the service holds it, the variables as planned. A
 * server that replaces the record (the platform's reference requires displayName and branch)
 * then clears nothing; one that applies the mask changes only what differs. Without a display
 * name or a branch to send back, the update could rename or re-point the environment: refused.
 */
function wholeRecord(existing: Environment, shellVariables: readonly ShellVariable[]): EnvironmentRecord {
  const missing = [existing.displayName ? '' : 'displayName', existing.branch ? '' : 'branch'].filter(Boolean);
  if (missing.length > 0) {
    throw new StepError(
      `environment ${existing.name}: the service's record has no ${missing.join(' and ')}, which an update must send back unchanged; its shell variables were not updated (nothing was changed): set them in the portal, or leave env-vars empty`,
    );
  }
  return {
    displayName: existing.displayName,
    branch: existing.branch,
    cmsEnvironment: existing.cmsEnvironment,
    shellVariables: [...shellVariables],
  };
}

async function create(ctx: StepContext, d: DeployInputs): Promise<{ env: Environment | null; id: string }> {
  const ref = { account: d.account, app: d.app };
  const look = async (): Promise<{ env: Environment | null; id: string } | null> => {
    const env = await findEnvironment(ctx.client, ref, d.environment, ctx.signal);
    return env ? { env, id: environmentId(env) } : null;
  };
  try {
    return await repeatAmbiguous<{ env: Environment | null; id: string }>(ctx, {
      what: `create environment "${d.environment}"`,
      attempt: async () => {
        const op = await ctx.client.createEnvironment(
          ref,
          {
            displayName: d.environment,
            branch: 'uploadable',
            ...(d.cmsEnvironment ? { cmsEnvironment: d.cmsEnvironment } : {}),
            ...(d.shellVariables ? { shellVariables: [...d.shellVariables] } : {}),
          },
          { signal: ctx.signal },
        );
        const id = op && /\/environments\/([^/]+)\//.exec(op.name)?.[1];
        if (id) return { env: null, id };
        // Created all the same (a success status): its id is found by its display name.
        const found = await look();
        if (found) return { env: null, id: found.id };
        throw new StepError(
          `create environment "${d.environment}": the service accepted it, but its answer names no environment and none with that display name is listed yet; run again in a minute: the next run finds it and deploys to it`,
        );
      },
      look,
    });
  } catch (err) {
    const ambiguous = err instanceof Conflict || (err instanceof ApiError && err.mayHaveSucceeded);
    if (!ambiguous) throw err;
    // Someone (a concurrent run, or our own lost request) created it: use that one.
    const found = await look();
    if (!found) throw err;
    return found;
  }
}

/** A refusal a retry will not change (400, 403, 404...), as opposed to a lost answer or an overload. */
export function permanentRefusal(err: unknown): err is ApiError {
  return (
    err instanceof ApiError && err.status !== undefined && err.status >= 400 && err.status < 500 && err.status !== 429
  );
}

/**
 * Creates the environment. When that is refused for good and this run created the app, the app
 * is deleted again, so that an empty app does not stay behind and the next run starts clean.
 */
export async function createDeployEnvironment(
  ctx: StepContext,
  d: DeployInputs,
  appCreatedByThisRun: boolean,
): Promise<EnvironmentResult> {
  const vars = d.shellVariables ? describeChanges(planShellVariables([], d.shellVariables, d.envVarsMode)) : null;
  ctx.record.detail('deploy', 'cms install', d.cmsEnvironment ?? 'none');
  if (vars) ctx.record.detail('deploy', 'shell variables', vars);
  if (ctx.inputs.dryRun) {
    ctx.log.info(
      `would create environment "${d.environment}" (branch uploadable${d.cmsEnvironment ? `, cms install ${d.cmsEnvironment}` : ''}${vars ? `; shell variables ${vars}` : ''})`,
    );
    return { id: null, displayName: d.environment };
  }
  let result: { env: Environment | null; id: string };
  try {
    result = await create(ctx, d);
  } catch (err) {
    if (!appCreatedByThisRun || !permanentRefusal(err)) throw err;
    throw await rollBackApp(ctx, d, err);
  }
  const { env, id } = result;
  const created = env === null;
  ctx.log.info(
    created
      ? `environment "${d.environment}" created (id ${id})`
      : `environment "${d.environment}" was already there (id ${id}): created by a concurrent run, or by an earlier attempt whose answer was lost`,
  );
  if (created) {
    ctx.record.did(`environment "${d.environment}" created (id ${id})`);
    ctx.record.created.push(`environment "${d.environment}" (id ${id})`);
  }
  ctx.outputs.set('environment-id', id);
  ctx.outputs.set('environment-created', created);
  return { id, displayName: result.env?.displayName ?? d.environment };
}

async function rollBackApp(ctx: StepContext, d: DeployInputs, cause: ApiError): Promise<StepError> {
  const what = `creating environment "${d.environment}": ${cause.message}`;
  try {
    await ctx.client.deleteApp({ account: d.account, app: d.app }, { signal: ctx.signal });
  } catch (err) {
    return new StepError(
      `${what}; app "${d.app}", which this run created, could not be deleted (${(err as Error).message}): delete it in the portal, or fix the cause and run again`,
      'failure',
      { cause },
    );
  }
  ctx.log.warning(`app "${d.app}" deleted again: this run created it, and its environment could not be created`);
  ctx.record.did(`app "${d.app}" deleted again, as its environment could not be created`);
  ctx.record.created.splice(0);
  ctx.outputs.set('app-created', false);
  return new StepError(
    `${what}; app "${d.app}", which this run created, was deleted again so that the next run starts clean`,
    'failure',
    { cause },
  );
}
