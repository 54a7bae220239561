/**
 * `keep-archive`: after a deploy that succeeded (and was healthy, when checked), its zip is kept
 * as a workflow artifact with @actions/artifact, the toolkit's own client (it reads
 * ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL, which the runner gives every step), stored
 * without recompression: the artifact is a zip holding the signed manifest, first, so a rollback
 * reads it before the zip, and our zip.
 * Anyone who can read the repository can download its artifacts: a zip holding a file that looks
 * like it holds secrets is never kept on a public repository, and kept with a warning otherwise.
 * A deploy that worked is not undone by an archive that could not be kept: that is a warning.
 */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DefaultArtifactClient } from '@actions/artifact';
import type { RunFacts } from '../../inputs/types.js';
import type { StepContext } from '../../step-kit/step.js';
import { ARCHIVE_FILE, MANIFEST_FILE, artifactName } from './artifact-name.js';
import { keptArchiveKey, signManifest } from './signature.js';

export interface KeepInputs {
  readonly days: number;
  /** The event's repository is public (and `keep-archive-public` allowed keeping there). */
  readonly publicRepository: boolean;
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
  readonly account: string;
  readonly app: string;
  readonly environmentId: string;
  readonly zipPath: string;
  readonly sha256: string;
  readonly bytes: number;
  /** What the archive is signed with: archive-key, or `{user id}:{password}`. */
  readonly keyMaterial: string;
  readonly run: RunFacts;
  /** Files in the zip the secret rule flags, allow-files notwithstanding. */
  readonly secretLooking: readonly string[];
}

/** Keeps the zip; returns the artifact id, or null when it was not or could not be kept (warned). */
export async function keepArchive(
  ctx: StepContext,
  k: KeepInputs,
  facts: KeepFacts,
  upload: UploadArtifact = toolkitUpload,
): Promise<number | null> {
  const name = artifactName(facts.app, facts.environmentId);
  if (facts.secretLooking.length > 0) {
    const files = facts.secretLooking
      .slice(0, 5)
      .map((f) => `"${f}"`)
      .join(', ');
    const more = facts.secretLooking.length > 5 ? ` and ${facts.secretLooking.length - 5} more` : '';
    if (k.publicRepository) {
      ctx.log.warning(
        `keep-archive: the zip was not kept as artifact "${name}": it holds ${files}${more}, which looks like it holds secrets, and anyone can download a public repository's artifacts; leave such files out (exclude) to keep archives here`,
      );
      ctx.record.detail(
        'deploy',
        'kept archive',
        'not kept: the zip holds secret-looking files and the repository is public',
      );
      return null;
    }
    ctx.log.warning(
      `keep-archive: the kept artifact "${name}" holds ${files}${more}, which looks like it holds secrets; everyone who can read this repository can download it for the days it is kept`,
    );
  }
  ctx.record.doing = 'keeping the zip as an artifact';
  const dir = await mkdtemp(join(ctx.tempDir, 'headless-deploy-keep-'));
  try {
    const key = keptArchiveKey(facts.keyMaterial, facts);
    const manifest = signManifest(key, {
      version: 2,
      account: facts.account,
      app: facts.app,
      environmentId: facts.environmentId,
      sha256: facts.sha256,
      bytes: facts.bytes,
      runId: facts.run.runId,
      repository: facts.run.repository,
      sha: facts.run.sha,
      createdAt: new Date(ctx.clock.now()).toISOString(),
    });
    await copyFile(facts.zipPath, join(dir, ARCHIVE_FILE));
    await writeFile(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    // Level 0: the zip is compressed already; deflating it again costs time and saves nothing.
    // The toolkit logs its own progress: kept in a group, folded in the runner's log.
    const result = await ctx.log.group(`keep-archive: uploading artifact ${name}`, () =>
      upload(name, [join(dir, MANIFEST_FILE), join(dir, ARCHIVE_FILE)], dir, {
        retentionDays: k.days,
        compressionLevel: 0,
      }),
    );
    if (result.id === undefined) throw new Error('the artifact service answered without an artifact id');
    ctx.outputs.set('archive-artifact-id', result.id);
    ctx.record.detail('deploy', 'kept archive', `artifact ${name} (id ${result.id}, ${k.days} days)`);
    ctx.log.info(`kept the zip as artifact "${name}" (id ${result.id}), signed, for ${k.days} days`);
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
