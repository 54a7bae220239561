/**
 * Plans the zip of the deploy path, then writes it into the temp dir, in the background: the
 * upload goes on while it is written. Nothing is sent before the plan has checked the path and
 * the exclude-from file and kept a first entry (`onFirstEntry`).
 */
import { randomBytes } from 'node:crypto';
import { relative } from 'node:path';
import { describeArchive, formatManifest, planArchive, writeArchive } from '../../archive/index.js';
import { resolveWorkspacePath, WorkspacePathError } from '../../inputs/workspace-file.js';
import { workspaceOf } from '../../inputs/workspace-path.js';
import { formatBytes } from '../../util/format.js';
import { archiveFileIn } from '../../util/temp-dir.js';
import type { ArchivePlan, ArchiveReport, DeflateThreads, WrittenArchive } from '../../archive/index.js';
import { GrowingFile } from '../../api/growing-file.js';
import type { DeployInputs } from './step.js';
import type { StepContext } from '../step.js';
import { progressLine } from '../common/progress-line.js';
import { StepError } from '../common/step-error.js';

/** The written zip, with what it holds and left out (for the job summary). */
export interface DeployArchive extends WrittenArchive {
  report: ArchiveReport;
}

export interface PlannedArchive {
  plan: ArchivePlan;
  /** Whether the zip will hold a package.json at its root, which the build needs. */
  hasRootPackageJson: boolean;
  /** Time the walk took, counted in the zip's timing. */
  planMs: number;
}

/**
 * `path` through the resolver every path input shares (src/inputs/workspace-file.ts): the inputs
 * checked it as text; a symbolic link on the way (one committed to the repository, say) could
 * still lead out of the workspace and put the runner's own files in the zip.
 */
async function assertDirectory(d: DeployInputs): Promise<void> {
  try {
    await resolveWorkspacePath({
      input: 'path',
      value: d.path,
      workspace: workspaceOf(d.absolutePath, d.path),
      kind: 'directory',
      missingHint: 'check the path, or check out the code first (actions/checkout)',
    });
  } catch (e) {
    throw e instanceof WorkspacePathError ? new StepError(e.message) : e;
  }
}

/**
 * The deploy step's pre-flight: checks the directory and plans the zip. A missing path, a bad
 * exclude-from file or nothing left after the excludes fails it before `onFirstEntry`, which is
 * called once the walk has kept a first entry, when the plan can no longer come out empty; the
 * rest of the walk (where an unreadable directory may still fail it) goes on after.
 */
export async function planDeployArchive(
  ctx: StepContext,
  d: DeployInputs,
  onFirstEntry?: () => void,
): Promise<PlannedArchive> {
  await assertDirectory(d);
  const started = ctx.clock.now();
  const plan = await planArchive({
    root: d.absolutePath,
    exclude: d.exclude,
    ...(d.excludeFrom ? { excludeFromFile: relative(d.absolutePath, d.excludeFrom) } : {}),
    warn: (m) => ctx.log.warning(m),
    onFirstEntry,
  });
  if (plan.entries.length === 0) {
    // Rules are named by where they are written, never by their text: an exclude-from file is
    // the workspace's, not ours to print.
    const used = plan.rules.filter((r) => r.files + r.dirs > 0).map((r) => r.label);
    throw new StepError(
      `input "path": nothing to deploy in "${d.path}" after excludes (${used.length > 0 ? `excluded by ${used.join(', ')}` : 'no rule excluded anything; see the warnings'}); check path, exclude and exclude-from`,
    );
  }
  const { hasRootPackageJson } = plan;
  if (!hasRootPackageJson) {
    const nested = plan.entries.find((e) => /^[^/]+\/package\.json$/.test(e.name));
    ctx.log.warning(
      `input "path": "${d.path}" has no package.json at its root, so the build will most likely fail; ${nested ? `set path to "${joinPath(d.path, nested.name.slice(0, nested.name.indexOf('/')))}", the folder that holds "${nested.name}"` : 'set path to the folder that holds package.json'}`,
    );
  }
  return { plan, planMs: ctx.clock.now() - started, hasRootPackageJson };
}

/** A zip being written in the background. */
export interface ZipInProgress {
  /** Where it is written; the writer removes it when it fails, the caller once it is done with it. */
  file: string;
  /** The zip as it grows on disk, for an upload sent while it is written. */
  growing: GrowingFile;
  /** Settles with the written zip, or the writer's error. */
  done: Promise<DeployArchive>;
  /** Stops the writer when it is still running, and waits until it has (its partial file removed). */
  stop(): Promise<void>;
}

/**
 * Starts writing the planned zip into the temp dir, logging progress and, once written, the
 * manifest and the outputs. It stops on the step's signal, or `stop()`. `threads`: the deflate
 * workers started while the plan was walked, which the writer then owns.
 */
export function startDeployArchive(
  ctx: StepContext,
  d: DeployInputs,
  planned: PlannedArchive,
  threads?: DeflateThreads,
): ZipInProgress {
  const file = archiveFileIn(ctx.tempDir, randomBytes(6).toString('hex'));
  const growing = new GrowingFile(file);
  const stopper = new AbortController();
  const signal = AbortSignal.any([ctx.signal, stopper.signal]);
  const done = writeDeployArchive(ctx, d, planned, file, signal, growing, threads);
  done.then(
    (zip) => growing.finish(zip.bytes),
    (err: unknown) => growing.fail(err instanceof Error ? err : new Error(String(err))),
  );
  return {
    file,
    growing,
    done,
    async stop() {
      stopper.abort(new Error('the zip is no longer needed'));
      await done.catch(() => undefined);
    },
  };
}

async function writeDeployArchive(
  ctx: StepContext,
  d: DeployInputs,
  { plan, planMs }: PlannedArchive,
  outFile: string,
  signal: AbortSignal,
  growing: GrowingFile,
  threads: DeflateThreads | undefined,
): Promise<DeployArchive> {
  const started = ctx.clock.now();
  const written = await writeArchive(plan, {
    ...(threads ? { threads } : {}),
    level: d.compressionLevel,
    outFile,
    clock: ctx.clock,
    signal,
    warn: (m) => ctx.log.warning(m),
    ...(ctx.sourceDateEpoch !== undefined ? { sourceDateEpoch: ctx.sourceDateEpoch } : {}),
    onProgress: progressLine(ctx.log, 'zipping'),
    onWritten: (bytes) => growing.grow(bytes),
  });
  const ms = ctx.clock.now() - started + planMs;
  ctx.journal.time('zip', ms);
  const report = describeArchive(plan, written);
  if (ctx.inputs.dryRun) {
    for (const line of formatManifest(report)) ctx.log.info(line);
  } else {
    ctx.log.info(
      `archive: ${written.files} ${written.files === 1 ? 'file' : 'files'}, ${formatBytes(report.totalBytes)} → zip ${formatBytes(written.bytes)} in ${ms} ms (sha256 ${written.sha256})`,
    );
  }
  ctx.journal.archive = {
    bytes: written.bytes,
    files: written.files,
    sha256: written.sha256,
    largest: report.largest.slice(0, 5).map((f) => ({ name: f.name, size: f.size })),
    // Rules by label (`exclude:2`, `.deployignore:3`), never by their text.
    excluded: report.rules.map((r) => ({ pattern: r.label, files: r.files, dirs: r.dirs })),
  };
  ctx.outputs.set('archive-bytes', written.bytes);
  ctx.outputs.set('archive-files', written.files);
  ctx.outputs.set('archive-sha256', written.sha256);
  return { ...written, report };
}

/**
 * An upper bound of the zip's size before it is written: the files stored, plus room for each
 * entry's headers and name. It bounds how long a streamed upload may take, as a file's size does.
 */
export function expectedZipBytes(plan: ArchivePlan): number {
  return plan.totalBytes + plan.entries.reduce((n, e) => n + 256 + 2 * Buffer.byteLength(e.name), 0) + 1024;
}

function joinPath(base: string, child: string): string {
  return base === '.' ? child : `${base}/${child}`;
}
