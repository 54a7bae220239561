/**
 * The deploy step: plan the zip → find app and environment → check → create what is missing →
 * upload → wait. Nothing is sent before the plan has checked the path and the exclude-from file
 * and kept a first entry, so a bad path or an empty zip fails the run without a request. From
 * that entry on the look-ups (GET requests only) go on while the rest of the tree is walked; a
 * plan that still fails abandons them and is the run's error. Nothing with an effect (the GitHub
 * deployment, a creation, an update, the upload) happens before the plan is complete.
 * The zip is written in the background from the end of planning on: the creations go on while
 * it is written, and the upload sends it as it grows (`upload-mode`). Everything that can be
 * checked is checked before anything is created, so a mistake leaves nothing behind. A dry run
 * waits for the zip (to report it), having made only GET requests. The zip is removed whatever
 * happens, the writer stopped first.
 */
import { rm } from 'node:fs/promises';
import { NotFound } from '../../api/errors.js';
import { formatBytes } from '../../util/format.js';
import type { DeploymentRecorder } from '../../github/deployment.js';
import type { Carry, StepContext } from '../../step-kit/step.js';
import type { DeployInputs } from './inputs.js';
import {
  expectedZipBytes,
  planDeployArchive,
  startDeployArchive,
  type DeployArchive,
  type PlannedArchive,
  type ZipInProgress,
} from './build-archive.js';
import { createApp } from './ensure-app.js';
import { createDeployEnvironment, useEnvironment } from './ensure-environment.js';
import { earlyLookups, type EarlyLookups } from './early-lookups.js';
import { checkUnchanged, liveSince, wantsSkipCheck, type UnchangedCheck } from './skip-unchanged.js';
import { isCancellation } from '../../step-kit/step-error.js';
import { startDeflateThreads, type DeflateThreads } from '../../archive/index.js';
import { uploadArchive, type Uploaded } from '../../release/upload.js';
import { awaitBuildName, waitForBuild } from '../../release/wait-for-build.js';
import { settleBusy } from './when-busy.js';
import { environmentId } from '../../api/find-environment.js';
import { fillUrlTemplate } from '../../release/environment-url.js';
import type { EnvironmentResult } from './ensure-environment.js';
import { healthGate } from '../../release/health/gate.js';
import { keepArchive } from '../../release/keep/keep-archive.js';
import { keyMaterial } from '../../release/keep/signature.js';
import { StepError } from '../../step-kit/step-error.js';
import { rollBackAfter } from './roll-back-after.js';
import type { Deployed } from '../../release/health/gate.js';

const UPLOADING = 'uploading the zip';
/** With wait: false, how long the run looks for its build's name, so a later wait can tell it apart. */
const BUILD_NAME_WAIT_MS = 60_000;
const WRITING = 'writing the zip';

/** Returns the environment deployed to, for the steps after it (none in a dry run that would create it). */
export async function deploy(ctx: StepContext, d: DeployInputs): Promise<Carry> {
  const lookups = earlyLookups(ctx, d);
  ctx.record.doing = 'checking the path and planning the zip';
  let planned: PlannedArchive;
  // Set in the plan's first-entry callback (a holder: TypeScript does not follow assignments there).
  const early: { threads?: DeflateThreads } = {};
  try {
    planned = await planDeployArchive(ctx, d, () => {
      lookups.start();
      // The zip will not be empty: its deflate workers boot while the rest of the tree is walked
      // (not when a skip check may find no zip is needed: they would only hold memory).
      if (!wantsSkipCheck(d)) early.threads = startDeflateThreads(d.compressionLevel);
    });
  } catch (err) {
    lookups.abandon();
    await early.threads?.release();
    throw err;
  }
  let knownDigest: string | undefined;
  if (wantsSkipCheck(d)) {
    try {
      const check = await checkUnchanged(ctx, d, planned, lookups);
      if (check.skip) return await deployUnchanged(ctx, d, lookups, check);
      knownDigest = check.digest;
    } catch (err) {
      lookups.abandon();
      throw err;
    }
  }
  const zipping = startDeployArchive(ctx, d, planned, early.threads, knownDigest);
  let recorder: DeploymentRecorder | null = null;
  try {
    ctx.record.doing = 'looking for the app';
    const foundApp = await lookups.app();
    ctx.record.doing = 'looking for the environment';
    const foundEnv = await lookups.environment();
    if (!foundEnv) {
      ctx.record.doing = 'checking the cms install';
      await lookups.cmsInstall();
    }
    // A zip that could not be written is one more check that failed: nothing is created.
    throwIfZipFailed(ctx, zipping);
    // A build in flight on the environment: when-busy decides, before anything is changed.
    ctx.record.doing = "reading the environment's latest operation";
    const before = foundEnv ? await settleBusy(ctx, d, environmentId(foundEnv), foundEnv) : null;
    ctx.record.doing = 'creating the app';
    const app = foundApp ? { created: false } : await createApp(ctx, d);
    ctx.record.doing = foundEnv ? 'updating the environment' : 'creating the environment';
    const env = foundEnv ? await useEnvironment(ctx, d, foundEnv) : await createDeployEnvironment(ctx, d, app.created);
    const url = environmentUrl(ctx, d, env);
    const carry: Carry = env.id
      ? { deployed: { account: d.account, app: d.app, environment: d.environment, environmentId: env.id } }
      : {};
    if (ctx.inputs.dryRun) {
      ctx.record.doing = WRITING;
      const zip = await zipping.done;
      // Where the upload would begin: the zip it would send is reported (the run's status says planned).
      zipping.sending();
      ctx.log.info(
        `would upload ${count(zip.files, 'file')} (zip ${formatBytes(zip.bytes)}) to environment "${d.environment}"${d.wait ? ' and wait for the build' : ''}`,
      );
      return carry;
    }
    if (d.uploadMode === 'file') {
      // Sent once finished: until then the run is writing the zip, and a cut here sent nothing.
      ctx.record.doing = WRITING;
      await zipping.done;
    }
    ctx.record.doing = UPLOADING;
    const uploaded = await uploadWhileZipping(ctx, { ...d, before }, env.id!, zipping, expectedZipBytes(planned.plan));
    // Recorded once the zip is sent: its payload names the tree (a later skip-unchanged reads it),
    // and a Deployment then means something reached the environment.
    recorder = await startRecord(ctx, d, env.id!, await zipping.done);
    await recorder?.status('in_progress', `deploying ${d.app} to ${d.environment}`);
    if (!d.wait) {
      ctx.record.doing = 'reading the name of the build';
      const build = await awaitBuildName(ctx, uploaded.target, BUILD_NAME_WAIT_MS);
      ctx.log.info(
        `wait: false: the zip is uploaded and the build is not awaited, so status is "started"; follow the build in the portal, or wait for it in a later step with the "operation"${build ? ' and "build"' : ''} inputs`,
      );
      ctx.record.started = true;
      // The deployment stays in_progress: nothing is known about the build yet.
      await recorder?.status('in_progress', 'uploaded; the build is not awaited', url ?? undefined);
      return carry;
    }
    ctx.record.doing = 'waiting for the build';
    const deployed = { app: d.app, environmentId: env.id!, displayName: env.displayName, url };
    const waited = await rollingBack(ctx, d, deployed, 'failure', () =>
      waitForDeployBuild(ctx, d, uploaded, planned.hasRootPackageJson),
    );
    if (waited === 'not followed') {
      await recorder?.status('in_progress', 'uploaded; the build could not be followed', url ?? undefined);
      return carry;
    }
    if (d.health) await rollingBack(ctx, d, deployed, 'unhealthy', () => healthGate(ctx, d.health!, deployed));
    if (d.keep) await keepZip(ctx, d, env.id!, zipping, planned.secretLooking);
    await recorder?.status('success', `deployed ${d.app} to ${d.environment}`, url ?? undefined);
    return carry;
  } catch (err) {
    if (isCancellation(err, ctx.signal)) noteCancellation(ctx, zipping);
    // Failed before anything was sent: still on GitHub's record, without a payload (no tree is live from it).
    if (!recorder && d.githubDeployment && ctx.github && !ctx.inputs.dryRun) {
      recorder = await ctx.github.startDeployment(d.environment);
      await recorder.status('in_progress', `deploying ${d.app} to ${d.environment}`);
    }
    await recorder?.status('failure', ctx.redact(err instanceof Error ? err.message : 'deploy failed'));
    throw err;
  } finally {
    lookups.abandon();
    await zipping.stop();
    await rm(zipping.file, { force: true });
  }
}

/** The GitHub Deployment of this deploy (github-deployment), its payload naming the tree sent. */
async function startRecord(
  ctx: StepContext,
  d: DeployInputs,
  environmentId: string,
  zip: DeployArchive,
): Promise<DeploymentRecorder | null> {
  if (!d.githubDeployment || !ctx.github || ctx.inputs.dryRun) return null;
  return ctx.github.startDeployment(d.environment, {
    contentDigest: zip.contentDigest ?? '',
    archiveSha256: zip.sha256,
    environmentId,
  });
}

/**
 * The tree is already live (skip-unchanged, skip-if-digest): nothing is zipped, uploaded or
 * recorded on GitHub; the app and environment are reported as found, and the health gate still
 * runs when set, since "live" is only known to be healthy by asking.
 */
async function deployUnchanged(
  ctx: StepContext,
  d: DeployInputs,
  lookups: EarlyLookups,
  check: Extract<UnchangedCheck, { skip: true }>,
): Promise<Carry> {
  try {
    ctx.record.doing = 'looking for the app';
    await lookups.app();
    const env = await useEnvironment(ctx, d, check.environment);
    const url = environmentUrl(ctx, d, env);
    const live = liveSince(check);
    ctx.outputs.set('unchanged', true);
    ctx.record.detail('deploy', 'unchanged, live', live);
    ctx.log.info(`unchanged: ${live} is live; nothing zipped or uploaded`);
    const deployed = { app: d.app, environmentId: env.id!, displayName: env.displayName, url };
    if (d.health && !ctx.inputs.dryRun) {
      ctx.record.doing = 'checking health';
      await rollingBack(ctx, d, deployed, 'unhealthy', () => healthGate(ctx, d.health!, deployed));
    }
    return { deployed: { account: d.account, app: d.app, environment: d.environment, environmentId: env.id! } };
  } finally {
    lookups.abandon();
  }
}

/**
 * Runs `work` (the build wait or the health gate); when it fails with `outcome` (a build that
 * failed, a site found unhealthy) and `rollback-on-failure` is on, rolls back before failing.
 */
async function rollingBack<T>(
  ctx: StepContext,
  d: DeployInputs,
  deployed: Deployed,
  outcome: 'failure' | 'unhealthy',
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!d.rollbackOnFailure || !(err instanceof StepError) || err.outcome !== outcome) throw err;
    return rollBackAfter(ctx, d, deployed, err);
  }
}

/** Keeps the zip sent, as it was sent, as a workflow artifact (keep/). */
async function keepZip(
  ctx: StepContext,
  d: DeployInputs,
  environmentId: string,
  zipping: ZipInProgress,
  secretLooking: readonly string[],
): Promise<void> {
  const zip = await zipping.done;
  await keepArchive(ctx, d.keep!, {
    account: d.account,
    app: d.app,
    environmentId,
    zipPath: zipping.file,
    sha256: zip.sha256,
    bytes: zip.bytes,
    keyMaterial: keyMaterial(d.archiveKey, ctx.inputs.credentials),
    run: ctx.inputs.run,
    secretLooking,
  });
}

/**
 * What a cancelled deploy was doing, the zip included while it was still being written; and
 * whether the upload may have reached the service: not while the zip was unfinished, since a
 * body sent while it is written ends (and can be taken) only once the zip is whole.
 */
function noteCancellation(ctx: StepContext, zipping: ZipInProgress): void {
  const doing = ctx.record.doing;
  if (zipping.growing.size === undefined) {
    if (doing === UPLOADING) ctx.record.doing = 'writing and uploading the zip';
    else if (doing !== WRITING) ctx.record.doing = `${doing ?? 'deploying'} and writing the zip`;
  } else if (doing === UPLOADING) {
    ctx.record.did('the upload was cut short: it may or may not have reached the service');
  }
}

/** Throws the writer's error when it has failed (not when it was cancelled: that is the run's own error). */
function throwIfZipFailed(ctx: StepContext, zipping: ZipInProgress): void {
  const err = zipping.growing.error;
  if (err && !ctx.signal.aborted) {
    ctx.record.doing = WRITING;
    throw err;
  }
}

/**
 * The upload, failing with the writer's own error when the zip could not be written: the
 * streamed body then fails too, and "reading the request body failed" would only hide why.
 */
async function uploadWhileZipping(
  ctx: StepContext,
  d: DeployInputs & { readonly before: string | null },
  environmentId: string,
  zipping: ZipInProgress,
  expectedBytes: number,
): Promise<Uploaded> {
  try {
    return await uploadArchive(ctx, d, environmentId, zipping, expectedBytes);
  } catch (err) {
    throwIfZipFailed(ctx, zipping);
    throw err;
  }
}

/**
 * Waits for the upload's build. An upload answered without an operation is followed by the
 * spec's name for it; a service that does not know that name either (404) has still taken the
 * zip, so the run ends `started`, with a warning, never `failure` (a re-run would deploy twice).
 */
async function waitForDeployBuild(
  ctx: StepContext,
  d: DeployInputs,
  uploaded: Uploaded,
  hasRootPackageJson: boolean,
): Promise<'done' | 'not followed'> {
  try {
    await waitForBuild(ctx, uploaded.target, {
      timeoutMs: d.timeoutMs,
      ...(hasRootPackageJson
        ? {}
        : {
            failureHint: `input "path" is ${JSON.stringify(d.path)}: set it to the folder that holds package.json`,
          }),
    });
    return 'done';
  } catch (err) {
    if (!uploaded.byName || !(err instanceof NotFound)) throw err;
    ctx.log.warning(
      `the zip was uploaded, but the build could not be followed: the service answered the upload without an operation, and does not know the environment's latest operation by its name (404); status is "started": follow the build in the portal`,
    );
    ctx.record.did('the build could not be followed');
    ctx.record.started = true;
    return 'not followed';
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

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
