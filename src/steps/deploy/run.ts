/**
 * The deploy step: plan the zip → app → environment → write the zip → upload → wait. The plan
 * comes first so that a bad path fails before the first request. A dry run stops after the zip,
 * having made only GET requests. The zip is removed whatever happens.
 */
import { rm } from 'node:fs/promises';
import type { DeploymentRecorder } from '../../github/deployment.js';
import type { Carry, StepContext } from '../step.js';
import type { DeployInputs } from './step.js';
import { planDeployArchive, writeDeployArchive } from './build-archive.js';
import { ensureApp } from './ensure-app.js';
import { ensureEnvironment } from './ensure-environment.js';
import { isCancellation } from '../common/step-error.js';
import { uploadArchive } from './upload.js';
import { waitForBuild } from './wait-for-build.js';
import { fillUrlTemplate } from './environment-url.js';
import type { EnvironmentResult } from './ensure-environment.js';

const UPLOADING = 'uploading the zip';

/** Returns the environment deployed to, for the steps after it (none in a dry run that would create it). */
export async function deploy(ctx: StepContext, d: DeployInputs): Promise<Carry> {
  // Before any request: a bad path or an empty archive fails the run without touching the service.
  ctx.journal.doing = 'checking the path and planning the zip';
  const planned = await planDeployArchive(ctx, d);
  const recorder: DeploymentRecorder | null =
    d.githubDeployment && ctx.github && !ctx.inputs.dryRun ? await ctx.github.startDeployment(d.environment) : null;
  await recorder?.status('in_progress', `deploying ${d.app} to ${d.environment}`);
  let file: string | null = null;
  try {
    ctx.journal.doing = 'finding or creating the app';
    const app = await ensureApp(ctx, d);
    ctx.journal.doing = 'finding or creating the environment';
    const env = await ensureEnvironment(ctx, d, app.exists);
    const url = environmentUrl(ctx, d, env);
    const carry: Carry = env.id
      ? { deployed: { account: d.account, app: d.app, environment: d.environment, environmentId: env.id } }
      : {};
    ctx.journal.doing = 'writing the zip';
    const zip = await writeDeployArchive(ctx, d, planned);
    file = zip.file;
    if (ctx.inputs.dryRun) {
      ctx.log.info(
        `would upload ${zip.files} files (${zip.bytes} bytes) to environment "${d.environment}"${d.wait ? ' and wait for the build' : ''}`,
      );
      return carry;
    }
    ctx.journal.doing = UPLOADING;
    const op = await uploadArchive(ctx, d, env.id!, zip);
    if (!d.wait) {
      ctx.log.info('wait: false — not waiting for the build; follow it in the portal or poll the operation output');
      await recorder?.status('success', 'uploaded; build not awaited', url ?? undefined);
      return carry;
    }
    ctx.journal.doing = 'waiting for the build';
    await waitForBuild(ctx, d, op);
    await recorder?.status('success', `deployed ${d.app} to ${d.environment}`, url ?? undefined);
    return carry;
  } catch (err) {
    if (ctx.journal.doing === UPLOADING && isCancellation(err, ctx.signal)) {
      ctx.journal.did('deploy', 'the upload was cut short: it may or may not have reached the service');
    }
    await recorder?.status('failure', ctx.redact(err instanceof Error ? err.message : 'deploy failed'));
    throw err;
  } finally {
    if (file) await rm(file, { force: true });
  }
}

/**
 * `environment-url` filled in, set as the `url` output; null when not given or not yet known (a
 * dry run's environment to be created has no id). A display name that makes no valid URL costs
 * a warning, not the deploy.
 */
function environmentUrl(ctx: StepContext, d: DeployInputs, env: EnvironmentResult): string | null {
  if (!d.environmentUrl) return null;
  if (env.id === null && d.environmentUrl.uses.includes('environment-id')) {
    ctx.log.info('environment-url: {environment-id} is known once the environment exists');
    return null;
  }
  try {
    const url = fillUrlTemplate(d.environmentUrl, {
      app: d.app,
      environment: env.displayName,
      'environment-id': env.id ?? '',
    });
    ctx.outputs.set('url', url);
    ctx.log.info(`environment URL: ${url}`);
    return url;
  } catch (err) {
    ctx.log.warning(`input "environment-url" filled in for environment "${env.displayName}" ${(err as Error).message}`);
    return null;
  }
}
