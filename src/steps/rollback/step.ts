/**
 * The rollback step's row: `rollback: previous` (or a workflow run id) uploads again an archive
 * that keep-archive kept for `app`/`environment`, for an "undo" button (workflow_dispatch). It
 * runs alone; it waits for the build, and checks health when `health-url` is set.
 */
import type { InputReader } from '../../inputs/input-reader.js';
import { parseDuration, parseSize } from '../../inputs/parsers.js';
import { KEPT_LISTED_MAX_BYTES } from '../../release/restore.js';
import type { SharedInputs } from '../../inputs/types.js';
import { formatDuration } from '../../util/format.js';
import { describeHealthUrl } from '../../release/health/health-url.js';
import { HEALTH_INPUTS, readHealthInputs } from '../../release/health/inputs.js';
import type { StepDefinition } from '../../step-kit/step.js';
import type { RollbackInputs } from './inputs.js';
import { parseRollback, type RollbackWant } from './rollback-value.js';
import { rollBack } from './run.js';

export const rollbackStep: StepDefinition<'rollback', RollbackInputs> = {
  name: 'rollback',
  doing: 'rolling back',
  howToRun: '"rollback: previous" (or a run id) to upload again a kept archive',
  exclusive: true,
  owns: ['rollback', 'archive-key', 'max-archive-size', ...HEALTH_INPUTS],
  outputs: ['environment-id', 'operation', 'build', 'deployment', 'health', 'rolled-back-to'],

  selected: (input) => input.raw('rollback') !== '',

  needs: () => ['account', 'app', 'environment', 'headless-api-url', 'api-user-id', 'api-password', 'github-token'],

  read(input: InputReader, shared: SharedInputs, selected: boolean): RollbackInputs {
    const want = input.parse('rollback', parseRollback);
    // The deploy's row reads `timeout` in every run and reports a bad value: not said twice.
    let timeoutMs: number | null = null;
    try {
      timeoutMs = parseDuration(input.raw('timeout'));
    } catch {
      timeoutMs = null;
    }
    // Read by the deploy's row too, which reports a bad value: not said twice.
    let maxListedBytes = KEPT_LISTED_MAX_BYTES;
    try {
      maxListedBytes = parseSize(input.raw('max-archive-size')) ?? KEPT_LISTED_MAX_BYTES;
    } catch {
      maxListedBytes = KEPT_LISTED_MAX_BYTES;
    }
    const health = selected
      ? readHealthInputs(input, { wait: true, environmentUrlGiven: false, selected: true })
      : null;
    return {
      account: shared.account,
      app: shared.app,
      environment: shared.environment,
      headlessUrl: shared.headlessUrl as string,
      want: want as RollbackWant,
      timeoutMs: timeoutMs as number,
      health,
      archiveKey: input.raw('archive-key') || null,
      maxListedBytes,
    };
  },

  describe(r) {
    const which =
      r.want.kind === 'previous' ? 'the archive kept before the newest' : `the archive run ${r.want.runId} kept`;
    const health = r.health ? `, health check ${describeHealthUrl(r.health.url)}` : '';
    return `roll back app "${r.app}" environment "${r.environment}" to ${which} (wait up to ${formatDuration(r.timeoutMs)}${health})`;
  },

  async run(ctx, r) {
    await rollBack(ctx, r);
    return {};
  },
};
