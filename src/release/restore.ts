/**
 * Uploads a kept archive again (the platform has no rollback of its own): find it in GitHub's
 * artifact listing, fetch it, check it, upload it as a finished file through the deploy's own
 * upload, wait for its build, and check health when asked. Shared by `rollback-on-failure` (the
 * deploy step) and the `rollback` step. An artifact's name proves nothing (any run that can
 * upload an artifact can use it), so nothing is uploaded unless every check passed: made by a
 * run of this repository (not a fork's), listed no larger than the bound, the digest GitHub lists,
 * a version 2 manifest naming this account, app and environment whose signature verifies with this
 * run's key (checked before archive.zip is fetched), and the zip's size and sha256 against it.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { StepContext } from '../step-kit/step.js';
import { NotFound } from '../api/errors.js';
import { StepError, isCancellation, type FailureOutcome } from '../step-kit/step-error.js';
import { waitForBuild } from './wait-for-build.js';
import { artifactName, type KeptManifest } from './keep/artifact-name.js';
import { manifestProblem, readManifest, rolledBackTo, zipProblem } from './keep/check-kept.js';
import { keptArchiveKey } from './keep/signature.js';
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
  /** What kept archives are signed with: archive-key, or `{user id}:{password}`. */
  readonly keyMaterial: string;
  /** An artifact listed larger than this is not fetched (max-archive-size, else 2 GiB). */
  readonly maxListedBytes: number;
}

/** The bound on a kept archive's listed size when max-archive-size is not set. */
export const KEPT_LISTED_MAX_BYTES = 2 * 1024 ** 3;

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
  // A fork's pull request run can upload an artifact of any name: not a candidate at all.
  const ours = listing.filter(fromThisRepository);
  const pick = pickKept(ours, name, want);
  if ('none' in pick) return { kind: 'none', why: pick.none + passedOver(listing, ours) };
  const a = pick.artifact;
  const runId = String(a.workflow_run?.id ?? 'unknown');
  ctx.log.info(`${t.input}: fetching artifact "${name}" (id ${a.id}) kept by run ${runId} on ${a.created_at ?? '?'}`);
  const dir = await mkdtemp(join(ctx.tempDir, 'headless-deploy-rollback-'));
  try {
    ctx.record.doing = `fetching kept archive ${a.id}`;
    const key = keptArchiveKey(t.keyMaterial, t);
    // Set by the judge of the manifest, as the fetch reads it.
    const seen: { manifest?: KeptManifest } = {};
    let fetched;
    try {
      fetched = await kept.download(
        a,
        dir,
        {
          maxListedBytes: t.maxListedBytes,
          archiveBytes: (text) => {
            const read = readManifest(text);
            if ('problem' in read) return read;
            const problem = manifestProblem(read, {
              key,
              account: t.account,
              app: t.app,
              environmentId: t.environmentId,
            });
            if (problem) return { problem };
            seen.manifest = read.manifest;
            return read.manifest.bytes;
          },
        },
        ctx.signal,
      );
    } catch (err) {
      throw notUploaded(ctx, err, t);
    }
    const manifest = seen.manifest;
    if (fetched.kind === 'refused' || manifest === undefined) {
      throw refused(t, name, a, fetched.kind === 'refused' ? fetched.why : 'its manifest was not read');
    }
    ctx.record.doing = `checking kept archive ${a.id}`;
    const { zipPath, zipBytes } = fetched;
    const sha256 = await sha256Of(zipPath);
    const problem = zipProblem(manifest, { sha256, bytes: zipBytes });
    if (problem) throw refused(t, name, a, problem);
    ctx.log.info(
      `${t.input}: artifact ${a.id} checked: signed for this environment, archive.zip has sha256 ${sha256} and ${zipBytes} bytes, as its manifest records`,
    );

    ctx.record.doing = 'uploading the kept archive again';
    const uploaded = await uploadArchive(
      ctx,
      {
        account: t.account,
        app: t.app,
        uploadMode: 'file',
        wait: true,
        what: `kept archive of run ${runId}`,
        // After a deploy's failed build, a poll may still show it: it is not the kept archive's.
        before: ctx.record.build,
      },
      t.environmentId,
      finishedFile(zipPath, zipBytes),
      zipBytes,
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

/** Made by a run of this repository, where the listing says: its head repository is the repository. */
export function fromThisRepository(a: ListedArtifact): boolean {
  const run = a.workflow_run;
  const repo = run?.repository_id;
  const head = run?.head_repository_id;
  return typeof repo !== 'number' || typeof head !== 'number' || repo === head;
}

function passedOver(listing: readonly ListedArtifact[], ours: readonly ListedArtifact[]): string {
  const others = listing.filter((a) => !ours.includes(a)).map((a) => a.id);
  if (others.length === 0) return '';
  const ids = others.slice(0, 5).join(', ') + (others.length > 5 ? ` and ${others.length - 5} more` : '');
  return `; passed over ${others.length === 1 ? 'artifact' : 'artifacts'} ${ids} of that name, made by a run of another repository (a fork's pull request): a rollback uploads only what this repository's runs kept`;
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
