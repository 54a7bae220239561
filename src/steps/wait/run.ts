/** The wait step: polls an operation an earlier run started, as the deploy does for its own upload. */
import type { StepContext } from '../../step-kit/step.js';
import { waitForBuild } from '../../release/wait-for-build.js';
import { BuildFollower } from '../../release/build-follower.js';
import type { WaitInputs } from './inputs.js';

export async function waitForEarlierOperation(ctx: StepContext, w: WaitInputs): Promise<void> {
  if (ctx.inputs.dryRun) {
    // A dry run may make GET requests: show where the operation stands, without waiting.
    const op = await ctx.client.getOperation(w.operation, { signal: ctx.signal });
    const state = !op
      ? 'of unknown state (the answer held no operation)'
      : !op.done
        ? 'not done yet'
        : op.error
          ? 'done, and failed'
          : 'done';
    ctx.log.info(`operation ${w.operation} is ${state}; would wait for it`);
    return;
  }
  if (w.build === null) {
    ctx.log.info(
      `no "build" given: following whatever build operation ${w.operation} shows; an upload after the one awaited would be followed as if it were that one (give the "build" output of the run that uploaded to tell)`,
    );
  }
  // The wait polls from its first look: an operation already done (failed, or built) ends it at once.
  await waitForBuild(
    ctx,
    {
      name: w.operation,
      follow: new BuildFollower(w.build === null ? { kind: 'latest' } : { kind: 'given', build: w.build }),
    },
    // The advice for a failed build is waitForBuild's own: fix the app, then deploy again.
    { timeoutMs: w.timeoutMs },
  );
  ctx.record.did('the build finished');
}
