/**
 * `keep-archive`: after a deploy that succeeded (and was healthy, when checked), its zip is kept
 * as a workflow artifact with @actions/artifact, the toolkit's own client (it reads
 * ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL, which the runner gives every step), stored
 * without recompression: the artifact is a zip holding our zip and the manifest.
 * A deploy that worked is not undone by an archive that could not be kept: that is a warning.
 */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DefaultArtifactClient } from '@actions/artifact';
import type { StepContext } from '../../step-kit/step.js';
import { ARCHIVE_FILE, MANIFEST_FILE, artifactName, type KeptManifest } from './artifact-name.js';

export interface KeepInputs {
  readonly days: number;
}

/** What uploads an artifact: @actions/artifact in the action, a stand-in where a test wants one. */
export type UploadArtifact = (
  name: string,
  files: string[],
  rootDirectory: string,
  options: { retentionDays: number; compressionLevel: number },
) => Promise<{ id?: number }>;

export const toolkitUpload: UploadArtifact = async (name, files, root, options) =>
  new DefaultArtifactClient().uploadArtifact(name, files, root, options);

export interface KeepFacts {
  readonly app: string;
  readonly environmentId: string;
  readonly zipPath: string;
  readonly sha256: string;
  readonly bytes: number;
}

/** Keeps the zip; returns the artifact id, or null when it could not be kept (warned). */
export async function keepArchive(
  ctx: StepContext,
  k: KeepInputs,
  facts: KeepFacts,
  upload: UploadArtifact = toolkitUpload,
): Promise<number | null> {
  const name = artifactName(facts.app, facts.environmentId);
  ctx.record.doing = 'keeping the zip as an artifact';
  const dir = await mkdtemp(join(ctx.tempDir, 'headless-deploy-keep-'));
  try {
    const manifest: KeptManifest = {
      version: 1,
      app: facts.app,
      environmentId: facts.environmentId,
      sha256: facts.sha256,
      bytes: facts.bytes,
      runId: process.env.GITHUB_RUN_ID || null,
    };
    await copyFile(facts.zipPath, join(dir, ARCHIVE_FILE));
    await writeFile(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    // Level 0: the zip is compressed already; deflating it again costs time and saves nothing.
    const result = await upload(name, [join(dir, ARCHIVE_FILE), join(dir, MANIFEST_FILE)], dir, {
      retentionDays: k.days,
      compressionLevel: 0,
    });
    if (result.id === undefined) throw new Error('the artifact service answered without an artifact id');
    ctx.outputs.set('archive-artifact-id', result.id);
    ctx.record.detail('deploy', 'kept archive', `artifact ${name} (id ${result.id}, ${k.days} days)`);
    ctx.log.info(`kept the zip as artifact "${name}" (id ${result.id}), for ${k.days} days`);
    return result.id;
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    ctx.log.warning(
      `keep-archive: the deploy succeeded, but its zip could not be kept as artifact "${name}": ${ctx.redact((err as Error).message)}; a rollback will not find this deploy (the job needs the runner's artifact service: ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL)`,
    );
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
