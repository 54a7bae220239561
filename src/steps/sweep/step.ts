/**
 * The sweep step's row: with `sweep-previews: true`, deletes the previews whose pull request is
 * over, e.g. nightly, for those the close of a pull request left behind (a disabled workflow, a
 * failed or cancelled run). It runs alone, looks only at environments whose display name matches
 * `delete-pattern` and carries a pull request number, and deletes none when it would delete more
 * than `sweep-max`.
 */
import type { InputReader } from '../../inputs/input-reader.js';
import { parseIntInRange } from '../../inputs/parsers.js';
import type { SharedInputs } from '../../inputs/types.js';
import { parseDeletePattern, type DeletePattern } from '../../step-kit/delete-pattern.js';
import type { StepDefinition } from '../../step-kit/step.js';
import type { SweepInputs } from './inputs.js';
import { sweepPreviews } from './run.js';

/** Far more than a repository keeps open; a bigger number is more likely a typo than a plan. */
const MAX_SWEEP_MAX = 1000;

export const sweepStep: StepDefinition<'sweep', SweepInputs> = {
  name: 'sweep',
  doing: 'sweeping the previews',
  howToRun: '"sweep-previews: true" to delete the previews of closed pull requests',
  exclusive: true,
  owns: ['sweep-max', 'delete-pattern', 'github-deployment', 'pr-comment'],
  outputs: ['environments-deleted'],

  selected: (input) => input.bool('sweep-previews'),

  needs: () => ['account', 'app', 'headless-api-url', 'api-user-id', 'api-password', 'github-token'],

  read(input: InputReader, shared: SharedInputs, selected: boolean): SweepInputs {
    const pattern = input.parse('delete-pattern', parseDeletePattern);
    const max = input.parse('sweep-max', (v) => parseIntInRange(v, 0, MAX_SWEEP_MAX));
    if (selected && shared.environment !== '') {
      input.warn('input "environment" is ignored: a sweep looks at every environment of the app');
    }
    return {
      account: shared.account,
      app: shared.app,
      headlessUrl: shared.headlessUrl as string,
      pattern: pattern as DeletePattern,
      max: max as number,
      githubDeployment: input.bool('github-deployment'),
      prComment: input.bool('pr-comment'),
    };
  },

  describe(s) {
    return (
      `sweep the previews of app "${s.app}": delete environments matching "${s.pattern.source}" whose pull ` +
      `request is closed or merged (at most ${s.max})`
    );
  },

  async run(ctx, s) {
    await sweepPreviews(ctx, s);
    return {};
  },
};
