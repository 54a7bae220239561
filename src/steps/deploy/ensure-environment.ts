/**
 * Finds the environment, or creates it (when allowed), and brings its shell variables up to
 * date. Creating is not idempotent, so every ambiguous outcome (a 409 from a concurrent run, a
 * connection lost after sending) is settled by looking again before anything is repeated.
 */
import { ApiError, Conflict } from '../../api/errors.js';
import type { Environment, ShellVariable } from '../../api/types.js';
import type { DeployInputs } from './step.js';
import type { StepContext } from '../step.js';
import { environmentId, findEnvironment } from '../common/find-environment.js';
import { repeatAmbiguous } from '../common/repeat-ambiguous.js';
import { StepError } from '../common/step-error.js';

export interface EnvironmentResult {
  /** null in a dry run when it would be created. */
  id: string | null;
  created: boolean;
  /** The display name in force (the input's value for an environment created by this run). */
  displayName: string;
}

function sameVariables(a: readonly ShellVariable[], b: readonly ShellVariable[]): boolean {
  const key = (v: readonly ShellVariable[]) =>
    JSON.stringify([...v].map((x) => [x.key, x.value]).sort((p, q) => (p[0]! < q[0]! ? -1 : 1)));
  return key(a) === key(b);
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
        const id = /\/environments\/([^/]+)\//.exec(op.name)?.[1];
        if (!id)
          throw new StepError(
            `create environment "${d.environment}": the service answered an operation without an environment id ("${op.name}")`,
          );
        return { env: null, id };
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

export async function ensureEnvironment(
  ctx: StepContext,
  d: DeployInputs,
  appExists: boolean,
): Promise<EnvironmentResult> {
  const ref = { account: d.account, app: d.app };
  const existing = appExists ? await findEnvironment(ctx.client, ref, d.environment, ctx.signal) : null;

  if (existing) {
    const id = environmentId(existing);
    ctx.log.info(`environment "${existing.displayName}" found (id ${id})`);
    ctx.outputs.set('environment-id', id);
    ctx.outputs.set('environment-created', false);
    if (d.shellVariables && !sameVariables(existing.shellVariables ?? [], d.shellVariables)) {
      if (ctx.inputs.dryRun) {
        ctx.log.info(
          `would update ${d.shellVariables.length} shell variable(s) of environment "${existing.displayName}"`,
        );
      } else {
        await ctx.client.patchEnvironment(
          { ...ref, environment: id },
          { shellVariables: [...d.shellVariables] },
          { signal: ctx.signal },
        );
        ctx.log.info(`environment "${existing.displayName}": ${d.shellVariables.length} shell variable(s) updated`);
        ctx.journal.did('deploy', `shell variables of environment "${existing.displayName}" updated`);
      }
    }
    return { id, created: false, displayName: existing.displayName };
  }

  if (!d.createMissing) {
    throw new StepError(
      `environment "${d.environment}" does not exist in app "${d.app}" (looked for it as an id and as a display name); create it first, or set create-missing: true`,
    );
  }
  if (ctx.inputs.dryRun) {
    ctx.log.info(
      `would create environment "${d.environment}" (branch uploadable${d.cmsEnvironment ? `, cms ${d.cmsEnvironment}` : ''})`,
    );
    return { id: null, created: false, displayName: d.environment };
  }
  const { env, id } = await create(ctx, d);
  const created = env === null;
  ctx.log.info(
    created
      ? `environment "${d.environment}" created (id ${id})`
      : `environment "${d.environment}" was already there (id ${id}): created by a concurrent run, or by an earlier attempt whose answer was lost`,
  );
  if (created) ctx.journal.did('deploy', `environment "${d.environment}" created (id ${id})`);
  ctx.outputs.set('environment-id', id);
  ctx.outputs.set('environment-created', created);
  return { id, created, displayName: env?.displayName ?? d.environment };
}
