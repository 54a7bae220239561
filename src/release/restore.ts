/**
 * Uploads a kept archive again (the platform has no rollback of its own): find it in GitHub's
 * artifact listing, fetch it, check it, upload it as a finished file through the deploy's own
 * upload, wait for its build, and check health when asked. Shared by `rollback-on-failure` (the
 * deploy step) and the `rollback` step. Nothing is uploaded unless every check passed: the
 * artifact's digest (when GitHub lists one), the manifest's app and environment, and the sha256
 * of the zip against the manifest's.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { StepContext } from '../step-kit/step.js';
import { NotFound } from '../api/errors.js';
import { StepError, isCancellation, type FailureOutcome } from '../step-kit/step-error.js';
import { waitForBuild } from './wait-for-build.js';
import { ARCHIVE_FILE, MANIFEST_FILE, artifactName } from './keep/artifact-name.js';
import { keptProblem, readManifest, rolledBackTo } from './keep/check-kept.js';
import { pickKept, type ListedArtifact, type Want } from '../github/pick-kept.js';
import { finishedFile, uploadArchive } from './upload.js';
import { healthGate } from './health/gate.js';
import type { HealthInputs } from './health/inputs.js';

export interface RestoreTarget {
  readonly account: string;
  readonly app: string;
  readonly environmentId: string;
  readonly displayName: string;
  /** The `url` output, for `health-url: url`. */
  readonly url: string | null;
  readonly timeoutMs: number;
  readonly health: HealthInputs | null;
  /** The step whose summary rows these are: deploy or rollback. */
  readonly step: string;
  /** The input that asked for it, for messages: rollback-on-failure or rollback. */
  readonly input: string;
}

export type Restored =
  | { readonly kind: 'none'; readonly why: string }
  | {
      readonly kind: 'restored';
      readonly runId: string;
      readonly sha256: string;
      readonly artifact: ListedArtifact;
      /**
       * False when the upload was answered without an operation and the service does not know
       * the environment's latest operation by name either: the archive was taken, its build and
       * health are unknown (and health was not checked).
       */
      readonly followed: boolean;
    };

/** A rollback that did not complete; `uploaded` says whether the kept archive reached the platform. */
export class RestoreError extends StepError {
  override name = 'RestoreError';
  constructor(
    message: string,
    readonly uploaded: boolean,
    outcome: FailureOutcome = 'failure',
    options?: { cause?: unknown },
  ) {
    super(message, outcome, options);
  }
}

export async function restoreKept(ctx: StepContext, t: RestoreTarget, want: Want): Promise<Restored> {
  const kept = ctx.github?.kept;
  if (!kept) {
    throw new RestoreError(
      `input "${t.input}" needs input "github-token" (with "permissions: actions: read") and GITHUB_REPOSITORY to find the kept archives`,
      false,
    );
  }
  const name = artifactName(t.app, t.environmentId);
  ctx.record.doing = `listing the kept archives "${name}"`;
  let listing: ListedArtifact[];
  try {
    listing = await kept.list(name, ctx.signal);
  } catch (err) {
    throw notUploaded(ctx, err, t);
  }
  const pick = pickKept(listing, name, want);
  if ('none' in pick) return { kind: 'none', why: pick.none };
  const a = pick.artifact;
  const runId = String(a.workflow_run?.id ?? 'unknown');
  ctx.log.info(`${t.input}: fetching artifact "${name}" (id ${a.id}) kept by run ${runId} on ${a.created_at ?? '?'}`);
  const dir = await mkdtemp(join(ctx.tempDir, 'headless-deploy-rollback-'));
  try {
    ctx.record.doing = `fetching kept archive ${a.id}`;
    let fetched;
    try {
      fetched = await kept.download(a, dir);
    } catch (err) {
      throw notUploaded(ctx, err, t);
    }
    if (fetched.digestMismatch) {
      throw new RestoreError(
        `input "${t.input}": artifact "${name}" (id ${a.id}) fetched does not match the digest GitHub lists for it (${a.digest}); nothing was uploaded: run again, and if it persists, pick another run's archive`,
        false,
      );
    }
    ctx.record.doing = `checking kept archive ${a.id}`;
    const zipPath = join(dir, ARCHIVE_FILE);
    const manifestText = await readFile(join(dir, MANIFEST_FILE), 'utf8').catch(() => null);
    const zipSize = await stat(zipPath).then(
      (s) => (s.isFile() ? s.size : null),
      () => null,
    );
    if (manifestText === null || zipSize === null) {
      throw refused(t, name, a, `it holds no ${manifestText === null ? MANIFEST_FILE : ARCHIVE_FILE}`);
    }
    const manifest = readManifest(manifestText);
    if ('problem' in manifest) throw refused(t, name, a, manifest.problem);
    const sha256 = await sha256Of(zipPath);
    const problem = keptProblem(manifest, { app: t.app, environmentId: t.environmentId, sha256 });
    if (problem) throw refused(t, name, a, problem);
    ctx.log.info(`${t.input}: artifact ${a.id} checked: archive.zip has sha256 ${sha256}, as its manifest records`);

    ctx.record.doing = 'uploading the kept archive again';
    const uploaded = await uploadArchive(
      ctx,
      {
        account: t.account,
        app: t.app,
        uploadMode: 'file',
        wait: true,
        what: `kept archive of run ${runId}`,
      },
      t.environmentId,
      finishedFile(zipPath, zipSize),
      zipSize,
    );
    let followed = true;
    try {
      ctx.record.doing = "waiting for the kept archive's build";
      await waitForBuild(ctx, uploaded.target, {
        timeoutMs: t.timeoutMs,
        failureHint: 'the kept archive built before; look at the platform (its build log, its variables)',
      }).catch((err: unknown) => {
        // Taken, but not to be followed: not a failure of the rollback, nor to be repeated.
        if (!uploaded.byName || !(err instanceof NotFound)) throw err;
        followed = false;
      });
      if (followed && t.health) {
        await healthGate(
          ctx,
          t.health,
          { app: t.app, environmentId: t.environmentId, displayName: t.displayName, url: t.url },
          { setOutput: t.step !== 'deploy', detail: 'health after rollback', step: t.step },
        );
      }
    } catch (err) {
      if (isCancellation(err, ctx.signal)) throw err;
      const why = ctx.redact((err as Error).message);
      throw new RestoreError(
        `the kept archive of run ${runId} (sha256 ${sha256}) was uploaded again, but ${why}`,
        true,
        (err as StepError).outcome === 'timeout' ? 'timeout' : 'failure',
        { cause: err },
      );
    }
    ctx.outputs.set('rolled-back-to', rolledBackTo(runId, sha256));
    ctx.record.detail(t.step, 'rolled back to', `run ${runId}, sha256 ${sha256} (artifact ${a.id})`);
    if (!followed) {
      ctx.log.warning(
        `${t.input}: the kept archive of run ${runId} was uploaded again, but its build could not be followed: the service answered the upload without an operation, and does not know the environment's latest operation by its name (404); look in the portal whether it built${t.health ? ' (its health was not checked)' : ''}`,
      );
      ctx.record.did('the build could not be followed');
    }
    return { kind: 'restored', runId, sha256, artifact: a, followed };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function refused(t: RestoreTarget, name: string, a: ListedArtifact, why: string): RestoreError {
  return new RestoreError(
    `input "${t.input}": artifact "${name}" (id ${a.id}) cannot be uploaded again: ${why}; nothing was uploaded`,
    false,
  );
}

function notUploaded(ctx: StepContext, err: unknown, t: RestoreTarget): Error {
  if (isCancellation(err, ctx.signal)) return err as Error;
  return new RestoreError(
    `input "${t.input}": ${ctx.redact((err as Error).message)}; nothing was uploaded`,
    false,
    'failure',
    { cause: err },
  );
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
