/**
 * Waits for an operation (the deploy's upload, or one named by the `operation` input), with a
 * heartbeat at most every 10 s: state, build, elapsed and remaining time. Outputs `operation`,
 * `build` and `deployment` follow the operation as seen, when the server's names are of the
 * spec's form (server-names.ts).
 */
import { ApiError, TimeoutError, UnexpectedAnswer } from '../api/errors.js';
import { describePollFailure } from '../api/wait-for-operation.js';
import { formatDuration } from '../util/format.js';
import type { Operation } from '../api/types.js';
import type { StepContext } from '../step-kit/step.js';
import { StepError } from '../step-kit/step-error.js';
import { setServerName } from '../step-kit/server-names.js';

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

const lastSegment = (name: string) => name.slice(name.lastIndexOf('/') + 1);

/**
 * The platform's reason, as it wrote it, in quotes: reworded or cut, it would no longer match
 * what the user finds in the platform's own build log.
 */
export function buildFailureReason(message: string | undefined): string {
  return message === undefined || message.trim() === '' ? 'the platform gave no reason' : `"${message}"`;
}

/** What to wait for: the name to poll, and the operation as first seen, when the service answered one. */
export interface WaitTarget {
  name: string;
  first?: Operation;
}

export async function waitForBuild(ctx: StepContext, target: WaitTarget, o: BuildWaitOptions): Promise<Operation> {
  const started = ctx.clock.now();
  let lastBeat = started;
  if (target.first) recordOperation(ctx, target.first);
  // A `no_build` name stands for "the latest operation": naming it would name an operation
  // other than the one that later succeeds or fails, so it is named once it is known.
  const named = target.name.endsWith('/no_build') ? '' : `operation ${target.name}, `;
  ctx.log.info(`waiting for the build (${named}up to ${formatDuration(o.timeoutMs)})`);
  ctx.log.progress?.({ activity: 'building', state: 'build queued', elapsedMs: 0, timeoutMs: o.timeoutMs });
  const op = await ctx.client
    .waitForOperation(target.name, {
      timeoutMs: o.timeoutMs,
      signal: ctx.signal,
      onPoll: (seen, info) => {
        if (seen) recordOperation(ctx, seen);
        const now = ctx.clock.now();
        // A done operation gets its own line below, at once.
        if (seen?.done) return;
        const build = seen?.metadata.build ? lastSegment(seen.metadata.build) : '';
        const state = !seen
          ? `build state unknown (${info.error instanceof UnexpectedAnswer ? 'poll answered without an operation' : `poll failed: ${info.error?.status ?? info.error?.name ?? 'error'}`}), still waiting`
          : build && build !== 'no_build'
            ? `build ${build} running`
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
  recordOperation(ctx, op);
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
