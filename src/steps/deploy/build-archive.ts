/**
 * Plans the zip of the deploy path, then writes it into the temp dir, in the background: the
 * upload goes on while it is written. Nothing is sent before the plan has checked the path and
 * the exclude-from file and kept a first entry (`onFirstEntry`).
 */
import { randomBytes } from 'node:crypto';
import { relative } from 'node:path';
import { closeSync, constants, openSync, readSync } from 'node:fs';
import {
  describeArchive,
  formatManifest,
  LOCAL_ENV_RULE,
  NPMRC_READ_BYTES,
  npmrcHasCredential,
  planArchive,
  writeArchive,
} from '../../archive/index.js';
import { overLimitError, secretLookingFiles, secretWarnings, sizeWarning } from './archive-checks.js';
import { workspaceOf } from '../../inputs/workspace-path.js';
import { formatBytes, groupDigits } from '../../util/format.js';
import { resolveWorkspacePath, WorkspacePathError } from './workspace-file.js';
import { archiveFileIn } from '../../util/temp-dir.js';
import type { ArchivePlan, ArchiveReport, DeflateThreads, WrittenArchive } from '../../archive/index.js';
import { GrowingFile } from '../../api/growing-file.js';
import type { DeployInputs } from './inputs.js';
import type { StepContext } from '../../step-kit/step.js';
import { progressLine } from '../../step-kit/progress-line.js';
import { StepError } from '../../step-kit/step-error.js';

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
 * `path` through the resolver every path input shares (src/steps/deploy/workspace-file.ts): the inputs
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
    ...(d.respectGitignore ? { respectGitignore: true, gitignoreTop: workspaceOf(d.absolutePath, d.path) } : {}),
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
  reviewPlan(ctx, d, plan);
  return { plan, planMs: ctx.clock.now() - started, hasRootPackageJson };
}

/** The most names a summary row lists; the rest are counted. */
const NAMED_IN_SUMMARY = 50;

/**
 * What the plan leaves out or sends that deserves a word (log, annotations, the summary's
 * details), and `max-archive-size`, checked here: after the walk, before anything is created.
 */
function reviewPlan(ctx: StepContext, d: DeployInputs, plan: ArchivePlan): void {
  const local = plan.localEnvLeftOut;
  if (local && local.count > 0) {
    const names = listed(local.names, local.count);
    ctx.log.info(
      `left out by default (${LOCAL_ENV_RULE}: local env files hold secrets and are never committed): ${names}; to upload one, add "!<its name>" to exclude`,
    );
    ctx.record.detail('deploy', `left out by default (${LOCAL_ENV_RULE})`, names);
  }
  const ignored = plan.gitignored;
  if (ignored) {
    const what = [count(ignored.dirs, 'folder'), count(ignored.files, 'file')].join(', ');
    ctx.record.detail('deploy', 'left out by .gitignore', what);
    if (ignored.buildOutputDirs.length > 0) {
      const dirs = ignored.buildOutputDirs.slice(0, 5).map((p) => `"${p}/"`);
      const more = ignored.buildOutputDirs.length > 5 ? ` and ${ignored.buildOutputDirs.length - 5} more` : '';
      ctx.log.warning(
        `respect-gitignore: .gitignore leaves out ${dirs.join(', ')}${more}, which ${ignored.buildOutputDirs.length === 1 ? 'looks' : 'look'} like build output; if the app needs it as built here, add "!<folder>/" to exclude, or set respect-gitignore to false`,
      );
    }
  }
  const secrets = secretLookingFiles(plan.entries, d.allowFiles, (e) => npmrcHasCredential(readHead(e.absPath)));
  for (const warning of secretWarnings(secrets)) ctx.log.warning(warning);
  if (secrets.length > 0) ctx.record.detail('deploy', 'uploaded, looks like secrets', listed(secrets, secrets.length));
  const size = sizeWarning(plan);
  if (size) ctx.log.warning(size);
  if (d.maxArchiveBytes !== null) {
    const over = overLimitError(plan, d.maxArchiveBytes);
    if (over) throw new StepError(over);
  }
}

/** The start of a file (at most NPMRC_READ_BYTES), not through a link; '' when it cannot be read. */
function readHead(file: string): string {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    const buf = Buffer.alloc(NPMRC_READ_BYTES);
    const n = readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n).toString('utf8');
  } catch {
    return '';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function listed(names: readonly string[], total: number): string {
  const shown = names.slice(0, NAMED_IN_SUMMARY).join(', ');
  return total > Math.min(names.length, NAMED_IN_SUMMARY)
    ? `${shown} and ${total - Math.min(names.length, NAMED_IN_SUMMARY)} more`
    : shown;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
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
  ctx.record.time('zip', ms);
  const report = describeArchive(plan, written);
  if (ctx.inputs.dryRun) {
    for (const line of formatManifest(report)) ctx.log.info(line);
  } else {
    ctx.log.info(
      `archive: ${written.files} ${written.files === 1 ? 'file' : 'files'}, ${formatBytes(report.totalBytes)} → zip ${formatBytes(written.bytes)} in ${ms} ms (sha256 ${written.sha256})`,
    );
  }
  ctx.record.archive = {
    bytes: written.bytes,
    files: written.files,
    sha256: written.sha256,
    largest: report.largest.slice(0, 5).map((f) => ({ name: f.name, size: f.size })),
    // Rules by label (`exclude:2`, `.deployignore:3`), never by their text.
    excluded: excludedRows(report.rules),
  };
  ctx.outputs.set('archive-bytes', written.bytes);
  ctx.outputs.set('archive-files', written.files);
  ctx.outputs.set('archive-sha256', written.sha256);
  return { ...written, report };
}

/** How many rules that matched nothing keep a row of their own in the summary; the rest share one. */
const UNMATCHED_ROWS = 5;

/**
 * The summary's exclude table: every rule that did something and the defaults, and the rules that
 * matched nothing, by name up to UNMATCHED_ROWS and counted beyond: a rule file of thousands of
 * stale lines must not make a summary GitHub drops (over 1 MiB).
 */
function excludedRows(rules: ArchiveReport['rules']): { pattern: string; files: number; dirs: number }[] {
  const rows = rules.map((r) => ({ pattern: r.label, files: r.files, dirs: r.dirs, user: r.source !== 'default' }));
  const idle = rows.filter((r) => r.user && r.files + r.dirs === 0);
  const drop = new Set(idle.slice(UNMATCHED_ROWS));
  const kept = rows.filter((r) => !drop.has(r)).map(({ pattern, files, dirs }) => ({ pattern, files, dirs }));
  if (drop.size > 0) kept.push({ pattern: `${groupDigits(drop.size)} more rules`, files: 0, dirs: 0 });
  return kept;
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
