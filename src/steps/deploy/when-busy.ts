/**
 * Before the upload: is the environment busy? Its latest operation (a GET of
 * `…/operations/no_build`; a 404 means it has none) not done, or the environment record showing
 * `reconciling: true` (a field the platform's public reference shows; absent says nothing), is
 * busy. An upload now would take that operation over, and each run could follow the other's
 * build, so `when-busy` decides: `wait` (the default) waits for it within `timeout`, `upload`
 * goes on at once, `fail` ends `busy` having uploaded nothing. The build shown before the
 * upload is returned: a poll that still shows it afterwards is not this upload's build.
 */
import { NotFound } from '../../api/errors.js';
import { uploadOperationName } from '../../api/operation-name.js';
import { nextPollAt, resolvePollSchedule } from '../../api/poll-schedule.js';
import type { Environment, Operation } from '../../api/types.js';
import { quote } from '../../inputs/parsers.js';
import { isRealBuild } from '../../release/build-follower.js';
import type { StepContext } from '../../step-kit/step.js';
import { StepError } from '../../step-kit/step-error.js';
import { formatDuration } from '../../util/format.js';

export const WHEN_BUSY = ['wait', 'upload', 'fail'] as const;
export type WhenBusy = (typeof WHEN_BUSY)[number];

export function parseWhenBusy(value: string): WhenBusy {
  const v = value.trim().toLowerCase();
  const found = WHEN_BUSY.find((w) => w === v);
  if (!found) throw new Error(`${quote(value)} is not a choice; use wait, upload or fail`);
  return found;
}

export interface BusyTarget {
  readonly account: string;
  readonly app: string;
  /** The name the user gave, for messages. */
  readonly environment: string;
  readonly whenBusy: WhenBusy;
  readonly timeoutMs: number;
}

/** What the environment shows: why it is busy (null: it is not), and the build it shows. */
export interface BusyLook {
  readonly busy: string | null;
  readonly build: string | null;
}

/** Judges what the environment showed. Pure: the latest operation (undefined: none) and the record. */
export function judgeBusy(latest: Operation | undefined, env: Pick<Environment, 'reconciling'>): BusyLook {
  const shown = latest?.metadata.build;
  const build = isRealBuild(shown) ? shown : null;
  if (latest && !latest.done) {
    const which = build ? `build ${build}` : 'its build not started yet';
    return { busy: `its latest operation ${latest.name} (${which}) is not done`, build };
  }
  if (env.reconciling === true) return { busy: 'it is reconciling (the platform is still applying a change)', build };
  return { busy: null, build };
}

/**
 * Looks, decides as `when-busy` says, and returns the build the environment showed before the
 * upload (null: none). A dry run looks and says what it would do.
 */
export async function settleBusy(
  ctx: StepContext,
  t: BusyTarget,
  environmentId: string,
  env: Pick<Environment, 'reconciling'>,
): Promise<string | null> {
  const ref = { account: t.account, app: t.app, environment: environmentId };
  const latestName = uploadOperationName(ref);
  const look = async (record: Pick<Environment, 'reconciling'>): Promise<BusyLook> => {
    let latest: Operation | undefined;
    try {
      latest = await ctx.client.getOperation(latestName, { signal: ctx.signal });
    } catch (err) {
      if (!(err instanceof NotFound)) throw err;
    }
    return judgeBusy(latest, record);
  };

  let seen = await look(env);
  if (seen.busy === null) return seen.build;
  const where = `environment ${quote(t.environment)} is busy: ${seen.busy}`;
  if (ctx.inputs.dryRun) {
    const would = { wait: 'would wait for it, then upload', upload: 'would upload at once', fail: 'would end busy' };
    ctx.log.info(`${where}; when-busy: ${t.whenBusy}: ${would[t.whenBusy]}`);
    return seen.build;
  }
  if (t.whenBusy === 'fail') {
    throw new StepError(
      `${where}; when-busy is fail, so nothing was uploaded: run again once it is done, or set when-busy: wait to wait for it`,
      'busy',
    );
  }
  if (t.whenBusy === 'upload') {
    ctx.log.info(
      `${where}; when-busy: upload: uploading at once (its operation may show this upload's build from now on)`,
    );
    ctx.record.detail('deploy', 'busy before the upload', seen.busy);
    return seen.build;
  }

  ctx.log.info(`${where}; waiting for it (when-busy: wait, up to ${formatDuration(t.timeoutMs)})`);
  ctx.record.doing = 'waiting for the environment to be done';
  const schedule = resolvePollSchedule();
  const start = ctx.clock.now();
  let scheduled = 0;
  for (;;) {
    const elapsed = ctx.clock.now() - start;
    if (elapsed >= t.timeoutMs) {
      throw new StepError(
        `environment ${quote(t.environment)} is still busy after ${formatDuration(elapsed)} (timeout ${formatDuration(t.timeoutMs)}): ${seen.busy}; nothing was uploaded: run again later, raise the timeout, or set when-busy: upload`,
        'busy',
      );
    }
    const at = nextPollAt(scheduled, elapsed, t.timeoutMs, schedule);
    await ctx.clock.sleep(Math.max(0, at - elapsed), ctx.signal);
    scheduled = at;
    // The record is read again only when it was the record that said busy.
    const record =
      env.reconciling === true ? await ctx.client.getEnvironment(ref, { signal: ctx.signal }) : { reconciling: false };
    seen = await look(record);
    if (seen.busy === null) {
      const waited = formatDuration(ctx.clock.now() - start);
      ctx.log.info(`environment ${quote(t.environment)} is done after ${waited}; uploading`);
      ctx.record.detail('deploy', 'waited for the environment', waited);
      return seen.build;
    }
  }
}
