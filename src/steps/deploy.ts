/**
 * The deploy step: app → environment → zip → upload → wait. A dry run stops after the zip,
 * having made only GET requests. The zip is removed whatever happens.
 */
import { rm } from 'node:fs/promises';
import type { DeployInputs } from '../inputs.js';
import type { StepContext, StartDeployment } from './context.js';
import { buildArchive } from './build-archive.js';
import { ensureApp } from './ensure-app.js';
import { ensureEnvironment } from './ensure-environment.js';
import type { DeploymentRecorder } from './github-deployment.js';
import { uploadArchive } from './upload.js';
import { waitForBuild } from './wait-for-build.js';

export interface DeployResult {
  /** `planned` for a dry run; `uploaded` when `wait: false`. */
  outcome: 'deployed' | 'uploaded' | 'planned';
}

export async function deploy(
  ctx: StepContext,
  d: DeployInputs,
  startDeployment?: StartDeployment,
): Promise<DeployResult> {
  const recorder: DeploymentRecorder | null =
    startDeployment && !ctx.inputs.dryRun ? await startDeployment(d.environment) : null;
  await recorder?.status('in_progress', `deploying ${d.app} to ${d.environment}`);
  let file: string | null = null;
  try {
    const app = await ensureApp(ctx, d);
    const env = await ensureEnvironment(ctx, d, app.exists);
    const zip = await buildArchive(ctx, d);
    file = zip.file;
    if (ctx.inputs.dryRun) {
      ctx.log.info(
        `would upload ${zip.files} files (${zip.bytes} bytes) to environment "${d.environment}"${d.wait ? ' and wait for the build' : ''}`,
      );
      return { outcome: 'planned' };
    }
    const op = await uploadArchive(ctx, d, env.id!, zip);
    if (!d.wait) {
      ctx.log.info('wait: false — not waiting for the build; follow it in the portal or poll the operation output');
      await recorder?.status('success', 'uploaded; build not awaited');
      return { outcome: 'uploaded' };
    }
    await waitForBuild(ctx, d, op);
    await recorder?.status('success', `deployed ${d.app} to ${d.environment}`);
    return { outcome: 'deployed' };
  } catch (err) {
    await recorder?.status('failure', err instanceof Error ? err.message : 'deploy failed');
    throw err;
  } finally {
    if (file) await rm(file, { force: true });
  }
}
