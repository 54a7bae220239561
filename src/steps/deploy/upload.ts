/** Uploads the zip, logging progress at most every 5 s (or each tenth), and restarting the count on a retry. */
import { formatBytes } from '../../util/format.js';
import { ProgressMeter } from '../../archive/progress-meter.js';
import type { Operation } from '../../api/types.js';
import type { WrittenArchive } from '../../archive/index.js';
import type { DeployInputs } from './step.js';
import type { StepContext } from '../step.js';
import { progressLine } from '../common/progress-line.js';

export async function uploadArchive(
  ctx: StepContext,
  d: DeployInputs,
  environmentId: string,
  zip: WrittenArchive,
): Promise<Operation> {
  const started = ctx.clock.now();
  let meter: ProgressMeter | null = null;
  let sent = 0;
  const op = await ctx.client.uploadEnvironment(
    { account: d.account, app: d.app, environment: environmentId },
    zip.file,
    {
      signal: ctx.signal,
      onProgress: (bytesSent, total) => {
        if (!meter || bytesSent < sent) {
          meter = new ProgressMeter(total, ctx.clock, progressLine(ctx.log, 'uploading'));
          sent = 0;
        }
        meter.add(bytesSent - sent);
        sent = bytesSent;
      },
    },
  );
  const ms = ctx.clock.now() - started;
  ctx.journal.time('upload', ms);
  // `.../no_build` stands for "the environment's latest operation", not the build's own name:
  // naming it here would name a different operation than the one that later fails or succeeds.
  const queued = op.name.endsWith('/no_build');
  ctx.log.info(
    `uploaded ${formatBytes(zip.bytes)} in ${ms} ms; ${queued ? 'the build is queued' : `operation ${op.name}`}`,
  );
  ctx.journal.did('deploy', queued ? 'zip uploaded' : `zip uploaded (operation ${op.name})`);
  ctx.journal.operation = op.name;
  ctx.outputs.set('operation', op.name);
  return op;
}
