/** Zips the deploy path into the temp dir, logging progress and the manifest. */
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describePlan, formatBytes, formatManifest, planArchive, writeArchive } from '../archive/index.js';
import type { WrittenArchive } from '../archive/index.js';
import type { DeployInputs } from '../inputs.js';
import type { StepContext } from './context.js';
import { progressLine } from './progress-line.js';
import { StepError } from './step-error.js';

async function assertDirectory(d: DeployInputs): Promise<void> {
  const s = await stat(d.absolutePath).catch(() => null);
  if (!s)
    throw new StepError(
      `input "path": "${d.path}" does not exist in the workspace; check the path, or check out the code first (actions/checkout)`,
    );
  if (!s.isDirectory()) throw new StepError(`input "path": "${d.path}" is a file; give the directory to zip`);
}

export async function buildArchive(ctx: StepContext, d: DeployInputs): Promise<WrittenArchive> {
  await assertDirectory(d);
  const started = ctx.clock.now();
  const plan = await planArchive({
    root: d.absolutePath,
    exclude: d.exclude,
    ...(d.excludeFrom ? { excludeFromFile: relative(d.absolutePath, d.excludeFrom) } : {}),
    warn: (m) => ctx.log.warning(m),
  });
  if (plan.entries.length === 0) {
    throw new StepError(
      `input "path": nothing to deploy in "${d.path}" after excludes (${plan.excluded.map((r) => r.pattern).join(', ')}); check path, exclude and exclude-from`,
    );
  }
  const outFile = join(ctx.tempDir, `headless-deploy-${randomBytes(6).toString('hex')}.zip`);
  const written = await writeArchive(plan, {
    level: d.compressionLevel,
    outFile,
    clock: ctx.clock,
    signal: ctx.signal,
    warn: (m) => ctx.log.warning(m),
    ...(ctx.sourceDateEpoch !== undefined ? { sourceDateEpoch: ctx.sourceDateEpoch } : {}),
    onProgress: progressLine(ctx.log, 'zipping'),
  });
  const ms = ctx.clock.now() - started;
  ctx.journal.time('zip', ms);
  const manifest = describePlan(plan, written);
  if (ctx.inputs.dryRun) {
    for (const line of formatManifest(manifest)) ctx.log.info(line);
  } else {
    ctx.log.info(
      `archive: ${written.files} files, ${formatBytes(manifest.totalBytes)} → zip ${formatBytes(written.bytes)} in ${ms} ms (sha256 ${written.sha256})`,
    );
  }
  ctx.journal.archive = { bytes: written.bytes, files: written.files, sha256: written.sha256 };
  ctx.outputs.archiveBytes(written.bytes);
  ctx.outputs.archiveFiles(written.files);
  ctx.outputs.archiveSha256(written.sha256);
  return written;
}
