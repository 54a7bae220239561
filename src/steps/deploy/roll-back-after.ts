/**
 * `rollback-on-failure`: the deploy's build failed or its site is unhealthy, so the newest
 * archive kept by an earlier run is uploaded again (src/release/restore.ts). Whatever
 * happens the step fails; what it says, and its outcome, tell what the environment holds now:
 * - rolled back: `rolled-back`, the kept archive is live (and healthy, when checked);
 * - nothing kept, or the kept archive refused before its upload: the deploy's own outcome,
 *   nothing changed, the failed deploy is what the environment holds;
 * - the kept archive uploaded but its build or health failed too: `failure`, neither is live;
 * - the kept archive uploaded but its build cannot be followed: `failure`, what is live is unknown.
 */
import type { StepContext } from '../../step-kit/step.js';
import { StepError, isCancellation } from '../../step-kit/step-error.js';
import { KEPT_LISTED_MAX_BYTES, RestoreError, restoreKept } from '../../release/restore.js';
import { keyMaterial } from '../../release/keep/signature.js';
import type { Deployed } from '../../release/health/gate.js';
import type { DeployInputs } from './inputs.js';

const INPUT = 'rollback-on-failure';

export async function rollBackAfter(
  ctx: StepContext,
  d: DeployInputs,
  deployed: Deployed,
  failed: StepError,
): Promise<never> {
  const what = failed.outcome === 'unhealthy' ? 'the site is unhealthy' : 'the build failed';
  const env = `environment "${deployed.displayName}" (${deployed.environmentId})`;
  ctx.log.info(`${INPUT}: ${what}; looking for the newest archive of ${env} kept by an earlier run`);
  let restored;
  try {
    restored = await restoreKept(
      ctx,
      {
        account: d.account,
        app: d.app,
        environmentId: deployed.environmentId,
        displayName: deployed.displayName,
        url: deployed.url,
        timeoutMs: d.timeoutMs,
        health: d.health,
        step: 'deploy',
        input: INPUT,
        keyMaterial: keyMaterial(d.archiveKey, ctx.inputs.credentials),
        maxListedBytes: d.maxArchiveBytes ?? KEPT_LISTED_MAX_BYTES,
      },
      { kind: 'before-run', runId: ctx.github?.runId ?? 0 },
    );
  } catch (err) {
    if (isCancellation(err, ctx.signal)) throw err;
    const why = ctx.redact((err as Error).message);
    if (err instanceof RestoreError && err.uploaded) {
      const live = `neither version is live and healthy: this run's deploy failed (${what}), and so did the rollback`;
      ctx.log.error(`${INPUT}: ${live}`);
      ctx.record.detail('deploy', 'live now', live);
      throw new StepError(
        `${failed.message}; rolled back, but ${why}; ${live}: fix the app and deploy again`,
        err.outcome,
        {
          cause: err,
        },
      );
    }
    const live = `nothing was changed by the rollback: ${env} holds this run's failed deploy`;
    ctx.log.warning(`${INPUT}: the rollback did not happen: ${why}; ${live}`);
    ctx.record.detail('deploy', 'live now', live);
    throw new StepError(`${failed.message}; the rollback did not happen (${why}); ${live}`, failed.outcome, {
      cause: err,
    });
  }
  if (restored.kind === 'none') {
    const live = `nothing was changed: ${env} holds this run's failed deploy`;
    ctx.log.warning(`${INPUT}: nothing to roll back to: ${restored.why}; ${live}`);
    ctx.record.detail('deploy', 'live now', live);
    throw new StepError(`${failed.message}; nothing to roll back to (${restored.why}); ${live}`, failed.outcome);
  }
  if (!restored.followed) {
    const live = `unknown: the archive kept by run ${restored.runId} (sha256 ${restored.sha256}) was uploaded again to ${env}, but its build could not be followed`;
    ctx.record.detail('deploy', 'live now', live);
    throw new StepError(
      `${failed.message}; rolled back, but the kept archive's build could not be followed (the service answered its upload without an operation and does not know the environment's latest operation): look in the portal which version is live`,
      'failure',
    );
  }
  const live = `${env} runs again the archive kept by run ${restored.runId} (sha256 ${restored.sha256})${d.health ? ', and it is healthy' : ''}`;
  ctx.log.notice(`rolled back: ${live}; this run's deploy failed (${what})`);
  ctx.record.detail('deploy', 'live now', live);
  throw new StepError(`${failed.message}; rolled back: ${live}`, 'rolled-back');
}
