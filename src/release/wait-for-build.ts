/**
 * Waits for an operation (the deploy's upload, or one named by the `operation` input), with a
 * heartbeat at most every 10 s: state, build, elapsed and remaining time. Outputs `operation`,
 * `build` and `deployment` follow the operation as seen, when the server's names are of the
 * spec's form (server-names.ts), and only while it shows this wait's build (build-follower.ts):
 * a poll showing another upload's build ends the wait `superseded`, naming both.
 */
import { ApiError, TimeoutError, UnexpectedAnswer } from '../api/errors.js';
import { describePollFailure } from '../api/wait-for-operation.js';
import { formatDuration } from '../util/format.js';
import type { Operation } from '../api/types.js';
import type { StepContext } from '../step-kit/step.js';
import { isCancellation, StepError } from '../step-kit/step-error.js';
import { setServerName } from '../step-kit/server-names.js';
import { BuildFollower, lastSegment, type BuildSeen } from './build-follower.js';

const HEARTBEAT_MS = 10_000;

export interface BuildWaitOptions {
  timeoutMs: number;
  /** Said after a failed build's own message: what the user can do about it. */
  failureHint?: string;
}

/** Records what the operation shows as it is seen: the record keeps it, the outputs when its form is safe. */
export function recordOperation(ctx: StepContext, op: Operation): void {
  // The name answered at upload is `.../no_build`; once the build starts, polling reveals the real one.
  if (!op.name.endsWith('/no_build')) {
    ctx.record.operation = op.name;
    setServerName(ctx, 'operation', op.name);
  }
  const { build, deployment } = op.metadata;
  // Likewise `.../builds/no_build` names no build: the output waits for the real one.
  if (build && !build.endsWith('/no_build')) {
    ctx.record.build = build;
    setServerName(ctx, 'build', build);
  }
  if (deployment) {
    ctx.record.deployment = deployment;
    setServerName(ctx, 'deployment', deployment);
  }
}

/**
 * The platform's reason, as it wrote it, in quotes: reworded or cut, it would no longer match
 * what the user finds in the platform's own build log.
 */
export function buildFailureReason(message: string | undefined): string {
  return message === undefined || message.trim() === '' ? 'the platform gave no reason' : `"${message}"`;
}

/**
 * What to wait for: the name to poll, the operation as first seen when the service answered
 * one, and which build is this wait's (a deploy's: the first new one seen; by default any).
 */
export interface WaitTarget {
  name: string;
  first?: Operation;
  follow?: BuildFollower;
}

/** The wait's end when the operation shows another upload's build than the one waited for. */
export function supersededError(target: WaitTarget, seen: Extract<BuildSeen, { kind: 'other' }>): StepError {
  const ours = seen.ours === null ? 'this upload' : `build ${seen.ours}`;
  return new StepError(
    `operation ${target.name.endsWith('/no_build') ? "(the environment's latest)" : target.name} shows build ${seen.build}, not ${ours}: a later upload to the environment took it over, so this build's outcome cannot be known; deploy again if this upload should be live`,
    'superseded',
  );
}

/**
 * Follows what each poll shows: another upload's build ends the wait; the build shown before
 * the upload is not recorded; this wait's own is. Returns a state for the progress line.
 */
function follow(ctx: StepContext, target: WaitTarget, follower: BuildFollower, op: Operation): BuildSeen {
  const seen = follower.see(op.metadata.build);
  if (seen.kind === 'other') throw supersededError(target, seen);
  if (seen.kind !== 'earlier') recordOperation(ctx, op);
  return seen;
}

export async function waitForBuild(ctx: StepContext, target: WaitTarget, o: BuildWaitOptions): Promise<Operation> {
  const started = ctx.clock.now();
  let lastBeat = started;
  const follower = target.follow ?? new BuildFollower({ kind: 'latest' });
  if (target.first) follow(ctx, target, follower, target.first);
  // A `no_build` name stands for "the latest operation": naming it would name an operation
  // other than the one that later succeeds or fails, so it is named once it is known.
  const named = target.name.endsWith('/no_build') ? '' : `operation ${target.name}, `;
  ctx.log.info(`waiting for the build (${named}up to ${formatDuration(o.timeoutMs)})`);
  ctx.log.progress?.({ activity: 'building', state: 'build queued', elapsedMs: 0, timeoutMs: o.timeoutMs });
  const op = await ctx.client
    .waitForOperation(target.name, {
      timeoutMs: o.timeoutMs,
      signal: ctx.signal,
      // The build shown before this upload, done, is not this upload's: the wait goes on.
      settled: (seen) => seen.done && follower.see(seen.metadata.build).kind !== 'earlier',
      onPoll: (seen, info) => {
        const judged = seen ? follow(ctx, target, follower, seen) : null;
        const now = ctx.clock.now();
        // A done operation gets its own line below, at once.
        if (seen?.done && judged?.kind !== 'earlier') return;
        const state = !seen
          ? `build state unknown (${info.error instanceof UnexpectedAnswer ? 'poll answered without an operation' : `poll failed: ${info.error?.status ?? info.error?.name ?? 'error'}`}), still waiting`
          : judged?.kind === 'ours'
            ? `build ${lastSegment(judged.build)} running`
            : judged?.kind === 'earlier'
              ? `build queued (the environment still shows the build before this upload, ${lastSegment(judged.build)})`
              : 'build queued';
        ctx.log.progress?.({ activity: 'building', state, elapsedMs: info.elapsedMs, timeoutMs: o.timeoutMs });
        if (now - lastBeat < HEARTBEAT_MS) return;
        lastBeat = now;
        ctx.log.info(
          `${state}: ${formatDuration(info.elapsedMs)} elapsed, ${formatDuration(Math.max(0, o.timeoutMs - info.elapsedMs))} left`,
        );
      },
    })
    .catch((err: unknown) => {
      // A later step can still wait for the build by the name polled, when no better one was seen.
      if (ctx.outputs.values().operation === undefined) setServerName(ctx, 'operation', target.name);
      throw err instanceof TimeoutError && err.waitedMs !== undefined ? timedOut(ctx, o.timeoutMs, err) : err;
    });
  follow(ctx, target, follower, op);
  ctx.record.time('build', ctx.clock.now() - started);
  if (op.error) {
    const hint = o.failureHint ? `; ${o.failureHint}` : '; fix the app so it builds, then deploy again';
    throw new StepError(`the build failed (operation ${op.name}): ${buildFailureReason(op.error.message)}${hint}`);
  }
  ctx.log.info(
    `build done in ${formatDuration(ctx.clock.now() - started)}${op.metadata.deployment ? `: ${op.metadata.deployment}` : ''}`,
  );
  return op;
}

/**
 * The wait's TimeoutError names the `no_build` path it polled, which stands for "the latest
 * operation" and means little to a person: name the operation as last seen instead.
 */
function timedOut(ctx: StepContext, timeoutMs: number, err: TimeoutError): StepError {
  const name = ctx.record.operation ?? err.operation?.name ?? 'of the upload';
  const buildId = ctx.record.build ? lastSegment(ctx.record.build) : undefined;
  // The record never holds a no_build name (recordOperation), so any id here is a real build's.
  const build = buildId ? ` (build ${buildId})` : '';
  const cause = err.cause instanceof ApiError ? err.cause : null;
  const lastPoll = cause ? `; the last poll failed (${describePollFailure(cause)})` : '';
  return new StepError(
    `operation ${name}${build} not done after ${formatDuration(err.waitedMs ?? timeoutMs)} (timeout ${formatDuration(timeoutMs)})${lastPoll}; the build may still be running: raise the timeout, or follow the build in the portal`,
    'timeout',
    { cause: err },
  );
}

/**
 * With `wait: false`: polls (the usual schedule, at most `maxMs`) until the operation names
 * this upload's build, so the `build` output lets a later wait tell it from a newer upload's.
 * The zip was taken whatever happens here: a poll that fails, or no build named in time, costs
 * a warning, never the run. Returns the build, or null.
 */
export async function awaitBuildName(ctx: StepContext, target: WaitTarget, maxMs: number): Promise<string | null> {
  const follower = target.follow ?? new BuildFollower({ kind: 'claim', before: null });
  if (target.first) follow(ctx, target, follower, target.first);
  let why = `none was named within ${formatDuration(maxMs)}`;
  if (follower.build === null) {
    try {
      await ctx.client.waitForOperation(target.name, {
        timeoutMs: maxMs,
        signal: ctx.signal,
        settled: (seen) =>
          follower.build !== null || (seen.done && follower.see(seen.metadata.build).kind !== 'earlier'),
        onPoll: (seen) => void (seen && follow(ctx, target, follower, seen)),
      });
    } catch (err) {
      if (isCancellation(err, ctx.signal)) throw err;
      if (!(err instanceof TimeoutError)) why = `the operation could not be read (${(err as Error).message})`;
    }
  }
  if (follower.build === null) {
    ctx.log.warning(
      `the zip was uploaded, but its build's name is not known (${why}): a later wait for operation ${ctx.record.operation ?? target.name} cannot tell this upload's build from a newer upload's`,
    );
  }
  return follower.build;
}
