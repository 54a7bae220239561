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
  gitignoreListed,
  planArchive,
  writeArchive,
} from '../../archive/index.js';
import { overLimitError, secretLookingFiles, secretWarnings, sizeWarning, WARN_AT } from './archive-checks.js';
import { workspaceOf } from '../../inputs/workspace-path.js';
import { formatBytes, groupDigits } from '../../util/format.js';
import { resolveWorkspacePath, WorkspacePathError } from './workspace-file.js';
import { archiveFileIn } from '../../util/temp-dir.js';
import type { ArchivePlan, ArchiveReport, DeflateThreads, PlanEntry, WrittenArchive } from '../../archive/index.js';
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
  /** Files the secret rule flags, allow-files notwithstanding: what keep-archive must not publish. */
  secretLooking: string[];
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
  const gitignored = firstNames(GITIGNORED_NAMED);
  const plan = await planArchive({
    root: d.absolutePath,
    exclude: d.exclude,
    ...(d.excludeFrom ? { excludeFromFile: relative(d.absolutePath, d.excludeFrom) } : {}),
    ...(d.respectGitignore
      ? {
          respectGitignore: true,
          gitignoreTop: workspaceOf(d.absolutePath, d.path),
          onGitignored: (rel, isDir) => gitignored.add(isDir ? `${rel}/` : rel),
        }
      : {}),
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
  const secretLooking = reviewPlan(ctx, d, plan, gitignored.names());
  return { plan, planMs: ctx.clock.now() - started, hasRootPackageJson, secretLooking };
}

/** The most names a summary row lists; the rest are counted. */
const NAMED_IN_SUMMARY = 50;
/** The most names the row of what `.gitignore` left out lists: it can leave out thousands. */
const GITIGNORED_NAMED = 10;

/** The first `n`, in sort order, of the names it is given, however many come: a bounded list. */
function firstNames(n: number): { add(name: string): void; names(): string[] } {
  let kept: string[] = [];
  const trim = () => (kept = kept.sort().slice(0, n));
  return {
    add(name) {
      kept.push(name);
      if (kept.length > 4 * n) trim();
    },
    names: () => trim(),
  };
}

/**
 * What the plan leaves out or sends that deserves a word (log, annotations, the summary's
 * details), and `max-archive-size`, checked here: after the walk, before anything is created.
 * Returns every secret-looking file, the ones allow-files lets through included.
 */
function reviewPlan(ctx: StepContext, d: DeployInputs, plan: ArchivePlan, gitignoredNames: string[]): string[] {
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
    const names = gitignoredNames.length > 0 ? `: ${listed(gitignoredNames, ignored.dirs + ignored.files)}` : '';
    ctx.record.detail('deploy', 'left out by .gitignore', what + names);
    if (ignored.buildOutputDirs.length > 0) {
      const dirs = ignored.buildOutputDirs.slice(0, 5).map((p) => `"${p}/"`);
      const more = ignored.buildOutputDirs.length > 5 ? ` and ${ignored.buildOutputDirs.length - 5} more` : '';
      ctx.log.warning(
        `respect-gitignore: .gitignore leaves out ${dirs.join(', ')}${more}, which ${ignored.buildOutputDirs.length === 1 ? 'looks' : 'look'} like build output; if the app needs it as built here, add "!<folder>/" to exclude, or set respect-gitignore to false`,
      );
    }
  }
  const hasCredential = (e: PlanEntry) => npmrcHasCredential(readHead(e.absPath));
  const secrets = secretLookingFiles(plan.entries, d.allowFiles, hasCredential);
  for (const warning of secretWarnings(secrets)) ctx.log.warning(warning);
  if (secrets.length > 0) ctx.record.detail('deploy', 'uploaded, looks like secrets', listed(secrets, secrets.length));
  // Without respect-gitignore, the largest files the warning names are looked up in .gitignore.
  const size = sizeWarning(
    plan,
    WARN_AT,
    d.respectGitignore
      ? undefined
      : (names) => gitignoreListed({ root: d.absolutePath, gitignoreTop: workspaceOf(d.absolutePath, d.path) }, names),
  );
  if (size) ctx.log.warning(size);
  if (d.maxArchiveBytes !== null) {
    const over = overLimitError(plan, d.maxArchiveBytes);
    if (over) throw new StepError(over);
  }
  return d.keep && d.allowFiles.length > 0 ? secretLookingFiles(plan.entries, [], hasCredential) : secrets;
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
  /**
   * Hears that the zip is being sent: an upload's first attempt has begun (a dry run calls it
   * where the upload would begin). The `archive-*` outputs and the summary's rows of the zip
   * come once it is also written whole, so a run that fails before the upload reports none:
   * nothing was sent.
   */
  sending(): void;
  /** Stops the writer when it is still running, and waits until it has (its partial file removed). */
  stop(): Promise<void>;
}

/**
 * Starts writing the planned zip into the temp dir, logging progress and, once written, the
 * manifest; the outputs wait for `sending()`. It stops on the step's signal, or `stop()`.
 * `threads`: the deflate workers started while the plan was walked, which the writer then owns.
 */
export function startDeployArchive(
  ctx: StepContext,
  d: DeployInputs,
  planned: PlannedArchive,
  threads?: DeflateThreads,
  /** The content digest when already known (hashed first, for a skip check): not computed again. */
  knownDigest?: string,
): ZipInProgress {
  const file = archiveFileIn(ctx.tempDir, randomBytes(6).toString('hex'));
  const growing = new GrowingFile(file);
  const stopper = new AbortController();
  const signal = AbortSignal.any([ctx.signal, stopper.signal]);
  const done = writeDeployArchive(ctx, d, planned, file, signal, growing, threads, knownDigest);
  // Both are needed before the zip is reported, in either order: a streamed upload begins
  // while the zip is written, one of the finished file after.
  let written: DeployArchive | undefined;
  let sent = false;
  done.then(
    (zip) => {
      growing.finish(zip.bytes);
      written = zip;
      if (sent) reportSentArchive(ctx, zip);
    },
    (err: unknown) => growing.fail(err instanceof Error ? err : new Error(String(err))),
  );
  return {
    file,
    growing,
    done,
    sending() {
      if (sent) return;
      sent = true;
      if (written) reportSentArchive(ctx, written);
    },
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
  knownDigest: string | undefined,
): Promise<DeployArchive> {
  const started = ctx.clock.now();
  const written = await writeArchive(plan, {
    // The digest from the zip's own reads, unless a skip check already hashed the tree.
    digest: knownDigest === undefined,
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
  return { ...written, ...(knownDigest !== undefined ? { contentDigest: knownDigest } : {}), report };
}

/** The zip sent (or, in a dry run, the one it would send): its outputs and the summary's rows. */
function reportSentArchive(ctx: StepContext, zip: DeployArchive): void {
  ctx.record.archive = {
    bytes: zip.bytes,
    files: zip.files,
    sha256: zip.sha256,
    largest: zip.report.largest.slice(0, 5).map((f) => ({ name: f.name, size: f.size })),
    // Rules by label (`exclude:2`, `.deployignore:3`), never by their text.
    excluded: excludedRows(zip.report.rules),
  };
  ctx.outputs.set('archive-bytes', zip.bytes);
  ctx.outputs.set('archive-files', zip.files);
  ctx.outputs.set('archive-sha256', zip.sha256);
  if (zip.contentDigest) ctx.outputs.set('content-digest', zip.contentDigest);
  ctx.outputs.set('unchanged', false);
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
